#!/usr/bin/env bash
# --check KINDS --at LINE: every marked line of tests/e2e/check/sites.c says
# "@ KIND VERDICT[: why][; KIND VERDICT...]"; each pair is asked alone, and a
# found error must validate (--validate: its driver, built with UBSan and
# ASan, stops with a report at that line).  Then --check all, --json, the
# driver of --emit-test, every site at once (--json, --sarif), and the usage
# errors.
cd "$(dirname "$0")/../.." || exit 2
INKA=${INKA:-./inka-ng}
F=tests/e2e/check/sites.c
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

ask() {  # line kind want
  local out got
  out=$($INKA --check "$2" --at "$F:$1" --timeout 30 --validate "$F" 2>&1 | head -1)
  got=$(printf '%s' "$out" | awk '{print tolower($1)}')
  if [ "$got" = "$3" ] && { [ "$3" != found ] || grep -q "  validated" <<<"$out"; }; then ok
  else bad "$F:$1 --check $2 want $3: $out"; fi
}

while IFS= read -r marked; do
  line=${marked%%:*}
  pairs=${marked#*@ }; pairs=${pairs%% \*/*}
  IFS=';' read -ra list <<<"$pairs"
  for pair in "${list[@]}"; do
    read -r kind want _ <<<"${pair%%:*}"
    ask "$line" "$kind" "$want"
  done
done < <(grep -n '/\* @ ' "$F")

# all kinds at once: found where some kind is found, proved where all are
line=$(grep -n 'x << k; ' "$F" | cut -d: -f1)
ask "$line" all found
line=$(grep -n 'return -x;  .*proved' "$F" | cut -d: -f1)
ask "$line" all proved

# JSON: the verdict names, the kinds and the sites counted
out=$($INKA --check overflow,shift --at "$F:$(grep -n 'x << k; ' "$F" | cut -d: -f1)" --json "$F")
if grep -q '"verdict": "found"' <<<"$out" && grep -q '"check": "overflow,shift"' <<<"$out" &&
   grep -q '"sites": [1-9]' <<<"$out"; then ok; else bad "json found: $out"; fi
out=$($INKA --check div --at "$F:$(grep -n 'd != 0 ? n / d' "$F" | cut -d: -f1)" --json "$F")
if grep -q '"verdict": "proved"' <<<"$out"; then ok; else bad "json proved: $out"; fi

# the driver of a found error stops in the sanitizers at the line
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
line=$(grep -n 'return a + b; .*found' "$F" | cut -d: -f1)
if $INKA --check overflow --at "$F:$line" --emit-test "$tmp/t.c" "$F" >/dev/null &&
   gcc -g -w -fsanitize=undefined -fno-sanitize-recover=all -o "$tmp/t" "$tmp/t.c" &&
   ! "$tmp/t" 2>"$tmp/err" && grep -q "sites.c:$line" "$tmp/err"; then ok
else bad "driver of $F:$line does not stop at the line: $(head -2 "$tmp/err" 2>/dev/null)"; fi

# every site of the file in one run, 3 s each: per marked line and kind, the
# sites of that kind agree with the marks (found: one is found; proved: none
# is found, and all are proved but where the short budget ran out; the lines
# asked alone above validated the found ones); --sarif writes one result per
# site (check_sarif.py)
$INKA --check all --json --sarif "$tmp/s.sarif" --objective-timeout 3 "$F" >"$tmp/all.json"; st=$?
if [ $st -eq 0 ]; then ok; else bad "--check all $F: exit $st (want 0: errors found)"; fi
if python3 - "$tmp/all.json" "$F" <<'PY'; then ok; else bad "--check all $F: the sites disagree with the marks"; fi
import json, re, sys
sites = json.load(open(sys.argv[1]))["sites"]
wrong = 0
for n, text in enumerate(open(sys.argv[2]), 1):
    m = re.search(r"/\* @ (.*?) \*/", text)
    for pair in (m.group(1).split(";") if m else []):
        kind, want = pair.split(":")[0].split()[:2]
        got = [s for s in sites if s["line"] == n and s["kind"] == kind]
        verdicts = {s["verdict"] for s in got}
        agg = "found" if "found" in verdicts else "proved" if got and verdicts == {"proved"} else "unknown"
        if agg != want and not (want == "proved" and agg == "unknown"):  # a short budget may not prove
            print(f"line {n} {kind}: want {want}, sites {[s['verdict'] for s in got]}"); wrong += 1
sys.exit(1 if wrong else 0)
PY
if python3 tests/e2e/check_sarif.py "$tmp/s.sarif" "$tmp/all.json"; then ok; else bad "SARIF of $F"; fi
# --function: only what it calls; exit 1 when every site is proved
out=$($INKA --check all --function negate_safe --json "$F"); st=$?
if [ $st -eq 1 ] && grep -q '"overflow": {"sites": 1, "found": 0, "proved": 1' <<<"$out"; then ok
else bad "--check all --function negate_safe (exit $st): $out"; fi

# contracts: --pre 'length(p) ...' sizes an input object
C=tests/e2e/check/contract.c
contract() {  # want line function pre...
  local want=$1 line=$2 fn=$3 out got; shift 3
  out=$($INKA --check bounds --at "$C:$line" --function "$fn" --validate "$@" "$C" 2>&1 | head -1)
  got=$(printf '%s' "$out" | awk '{print tolower($1)}')
  if [ "$got" = "$want" ] && { [ "$want" != found ] || grep -q "  validated" <<<"$out"; }; then ok
  else bad "$C:$line $* want $want: $out"; fi
}
contract found 8 ends
contract proved 8 ends --pre 'length(v) >= n'
contract found 8 ends --pre 'length(v) == 1'
contract found 14 window --pre 'at < 100' --pre 'length(w) == at + 1'
contract proved 14 window --pre 'at < 100' --pre 'length(w) >= at + 2'
out=$($INKA --reach "$C:8" --function ends --pre 'length(v) == n' --pre 'n == 3' --json "$C")
if grep -q '"count": 3' <<<"$out"; then ok; else bad "length(v) == n, n == 3: an input of 3 elements: $out"; fi
expect_error() {  # message-pattern args...
  local pattern=$1 out st; shift
  out=$($INKA "$@" 2>&1); st=$?
  if [ $st -eq 2 ] && grep -q -- "$pattern" <<<"$out"; then ok; else bad "$* (exit $st): $out"; fi
}
expect_error "give --function F" --check bounds --pre 'length(v) >= n' "$C"

# usage and input errors: exit 2 with a message that says what is wrong
expect_error "is for --check without --at" --check div --at 10 --sarif x.sarif "$F"
expect_error "needs --check" --sarif x.sarif --reach 10 "$F"
expect_error "needs --check" --at 10 "$F"
expect_error "not a kind" --check divide --at 10 "$F"
expect_error "no main function" --check leak tests/e2e/check/leak/api.c
expect_error "either --reach or" --check div --at 10 --reach 10 "$F"
expect_error "--jobs is for --check without --at" --check div --at 10 --jobs 2 "$F"
expect_error "no operation on line 11 can be" --check div --at 11 "$F"
expect_error "no statement starts on line 3" --check all --at 3 "$F"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
