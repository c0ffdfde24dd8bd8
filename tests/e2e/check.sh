#!/usr/bin/env bash
# --check KINDS --at LINE: every marked line of tests/e2e/check/sites.c says
# "@ KIND VERDICT[: why][; KIND VERDICT...]"; each pair is asked alone, and a
# found error must validate (--validate: its driver, built with UBSan and
# ASan, stops with a report at that line).  Then --check all, --json, the
# driver of --emit-test, and the usage errors.
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

# usage and input errors: exit 2 with a message that says what is wrong
expect_error() {  # message-pattern args...
  local pattern=$1 out st; shift
  out=$($INKA "$@" 2>&1); st=$?
  if [ $st -eq 2 ] && grep -q -- "$pattern" <<<"$out"; then ok; else bad "$* (exit $st): $out"; fi
}
expect_error "needs --at" --check div "$F"
expect_error "needs --check" --at 10 "$F"
expect_error "not a kind" --check divide --at 10 "$F"
expect_error "not checked yet" --check uninit --at 10 "$F"
expect_error "either --reach or" --check div --at 10 --reach 10 "$F"
expect_error "no operation on line 11 can be" --check div --at 11 "$F"
expect_error "no statement starts on line 3" --check all --at 3 "$F"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
