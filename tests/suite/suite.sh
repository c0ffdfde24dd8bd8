#!/usr/bin/env bash
# Test suites (--cover): on every sample, the suite builds and runs from its
# directory with one command, and gcov -- run here, not inka-ng's report --
# sees the best coverage possible: every branch (line) not taken is one the
# report proves dead.  Also: --validate finds no bug, Test-Comp XML parses,
# --jobs gives the same verdicts, --merge-reports adds per-function runs up,
# budgets give unknown (never a wrong verdict), progress goes to stderr.
# Run from the repository root with INKA set (make test does it).
INKA=${INKA:-./inka-ng}
passed=0; failed=0
tmp=$(mktemp -d /tmp/inka-suite-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
ok() { passed=$((passed + 1)); }
bad() { echo "FAIL: $*"; failed=$((failed + 1)); }

# gcov's own numbers for program $1 from suite directory $2, after running
# $2/run: "taken branches lines_run lines" of the program's file.
gcov_numbers() {
  local src; src=$(realpath "$1")
  (cd "$2" && ./run >/dev/null 2>&1 && gcov -b -o . "$src" 2>/dev/null) | python3 -c '
import re, sys
name = sys.argv[1]
for block in sys.stdin.read().split("File ")[1:]:
    if block.split("\n")[0].strip("\x27") != name:
        continue
    def count(label):
        m = re.search(label + r":([\d.]+)% of (\d+)", block)
        return (round(float(m.group(1)) * int(m.group(2)) / 100), int(m.group(2))) if m else (0, 0)
    (tb, nb), (rl, nl) = count("Taken at least once"), count("Lines executed")
    print(tb, nb, rl, nl)
' "$src"
}

# $1 program, $2 mode, then options: the suite reaches the best coverage gcov
# can see.
check_best() {
  local prog=$1 mode=$2 dir="$tmp/$(basename "$1" .c)-$2$3$4" out st
  out=$("$INKA" --quiet --json --cover "$mode" --emit-dir "$dir" --validate "${@:3}" "$prog" 2>"$tmp/err"); st=$?
  if [ "$st" -ne 0 ] && [ "$st" -ne 3 ]; then bad "$prog $mode: exit $st: $(head -3 "$tmp/err")"; return; fi
  read -r taken nb run nl <<<"$(gcov_numbers "$prog" "$dir")"
  if [ -z "$nl" ]; then bad "$prog $mode: gcov measured nothing in $dir"; return; fi
  if ! python3 tests/suite/check_report.py "$mode" "$taken" "$nb" "$run" "$nl" <<<"$out"; then
    bad "$prog $mode (gcov: $taken/$nb branches, $run/$nl lines)"; return
  fi
  ok
}

for prog in samples/*.c; do
  check_best "$prog" branches
  check_best "$prog" statements
done
# A 32-bit x86 suite runs too (natively, or under qemu-i386 where the kernel
# runs no i386 code).
check_best samples/triangle.c branches --data-model ILP32

# DIR/run alone builds and runs the suite; each test runs alone too.
dir="$tmp/triangle-branches"
if (cd "$dir" && rm -f ./*.gcda && ./run >/dev/null 2>&1) && [ -s "$dir/triangle.gcda" ] && "$dir/inka_suite" 1; then ok
else bad "triangle suite: ./run or ./inka_suite 1 failed"; fi

# Test-Comp: metadata and one well-formed testcase per test, values in order.
out=$("$INKA" --quiet --json --cover branches --testcomp "$tmp/tc" samples/nondet.c)
if python3 tests/suite/check_testcomp.py "$tmp/tc" <<<"$out"; then ok; else bad "Test-Comp files of samples/nondet.c"; fi

# --jobs 2 gives the verdicts of one process.
one=$("$INKA" --quiet --json --cover branches samples/floats.c)
two=$("$INKA" --quiet --json --cover branches --jobs 2 samples/floats.c)
if python3 -c '
import json, sys
a, b = (json.loads(x) for x in sys.argv[1:3])
key = lambda d: sorted((o["function"], o["line"], o["col"], o["kind"], o["status"]) for o in d["objectives"])
assert key(a) == key(b), "verdicts differ"
assert a["totals"]["objectives"] == b["totals"]["objectives"] > 0
' "$one" "$two"; then ok; else bad "--jobs 2 on samples/floats.c"; fi

# One run per function (as GNU parallel or make -j would run them), merged.
for f in ties narrow special; do
  "$INKA" --quiet --json --cover branches --function $f --emit-dir "$tmp/m-$f" samples/floats.c >"$tmp/m-$f.json"
done
whole=$("$INKA" --quiet --json --cover branches --function ties samples/floats.c)
merged=$("$INKA" --merge-reports "$tmp"/m-ties.json "$tmp"/m-narrow.json "$tmp"/m-special.json "$tmp"/m-ties.json); st=$?
if python3 -c '
import json, sys
m = json.loads(sys.argv[1])
parts = [json.load(open(p)) for p in sys.argv[2:5]]
t = m["totals"]
assert t["objectives"] == sum(p["totals"]["objectives"] for p in parts), t   # the repeated report adds nothing
assert t["tests"] == sum(p["totals"]["tests"] for p in parts) + parts[0]["totals"]["tests"], t
assert t["covered"] + t["dead"] + t["unknown"] == t["objectives"]
ids = [x["id"] for x in m["tests"]]
assert ids == list(range(1, len(ids) + 1)), ids
assert m["gcov"]["measured"] and m["gcov"]["branches"]["total"] == sum(p["gcov"]["branches"]["total"] for p in parts) + parts[0]["gcov"]["branches"]["total"]
' "$merged" "$tmp"/m-ties.json "$tmp"/m-narrow.json "$tmp"/m-special.json && [ "$st" -eq 0 ]; then ok
else bad "--merge-reports (exit $st)"; fi
if "$INKA" --merge-reports "$tmp/nope.json" >/dev/null 2>&1; then bad "--merge-reports of a missing file succeeded"; else ok; fi
# hostile reports: exit 2 with a message, never a crash
python3 -c 'print("[" * 100000)' >"$tmp/deep.json"
printf '{"mode": "cover", "a": "x\\' >"$tmp/backslash.json"
printf '{"mode": "cover", "objectives": [{"line": 1}], "tests": 5}' >"$tmp/odd.json"
for f in deep backslash; do
  "$INKA" --merge-reports "$tmp/$f.json" >/dev/null 2>&1; st=$?
  if [ "$st" -eq 2 ]; then ok; else bad "--merge-reports $f.json: exit $st, want 2"; fi
done
"$INKA" --merge-reports "$tmp/odd.json" >/dev/null 2>&1; st=$?
if [ "$st" -le 3 ]; then ok; else bad "--merge-reports odd.json: exit $st"; fi

# The same with make -j and the makefile of the README.
if make -s -j2 -f scripts/cover-per-function.mk INKA="$(realpath "$INKA")" PROG=samples/floats.c \
     FUNCS="ties narrow special" OUT="$tmp/mk" >/dev/null 2>&1 &&
   python3 -c '
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
assert a["totals"]["objectives"] == b["totals"]["objectives"] > 0 and a["tests"] and len(a["reports"]) == 3
' "$tmp/mk/all.json" <(echo "$merged" | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(json.dumps({"totals": {"objectives": d["totals"]["objectives"]}}))'); then ok
else bad "make -j -f scripts/cover-per-function.mk"; fi

# Budgets: a suite out of time answers unknown with the budget, never more.
out=$("$INKA" --quiet --json --cover branches --timeout 0.001 samples/triangle.c); st=$?
if [ "$st" -eq 3 ] && python3 -c '
import json, sys
d = json.loads(sys.argv[1])
assert d["totals"]["out_of_time"] and d["totals"]["dead"] == 0
assert all("time budget" in o["reason"] for o in d["objectives"] if o["status"] == "unknown")
' "$out"; then ok; else bad "--timeout 0.001 (exit $st)"; fi

# A function the solver refuses (pointer inputs, until they are built):
# unknown objectives with the reason, no crash.
printf 'int first(int *p) {\n  if (*p > 0)\n    return 1;\n  return 0;\n}\n' >"$tmp/ptr.c"
out=$("$INKA" --quiet --cover branches "$tmp/ptr.c" 2>&1); st=$?
if [ "$st" -eq 3 ] && grep -q "unknown: .*pointer" <<<"$out" || [ "$st" -eq 0 ]; then ok
else bad "pointer parameter (exit $st): $out"; fi

# Progress: plain lines on stderr when it is no terminal, none with --quiet.
# (Twelve tests that loop for ever: ticking each off runs the concrete mode
# to its step budget, so the run takes seconds whatever the solver's speed;
# six took 1.2 s, too near the first line's second, and once under it;
# interpreted: a native run of the loops ends in a fraction of that.)
python3 -c "
print('int spin(int x) {\\n  int k = 0;')
for i in range(1, 13): print('  if (x == %d)\\n    while (x > 0)\\n      k++;' % i)
print('  return k;\\n}')" >"$tmp/spin.c"
err=$("$INKA" --cover branches --objective-timeout 1 --no-native "$tmp/spin.c" 2>&1 >/dev/null)
if grep -q "objectives done:" <<<"$err"; then ok; else bad "no progress line: $err"; fi
err=$("$INKA" --quiet --cover branches --objective-timeout 1 "$tmp/spin.c" 2>&1 >/dev/null)
if [ -z "$err" ]; then ok; else bad "--quiet still prints: $err"; fi

# Usage errors.
for args in "--cover lines samples/triangle.c" "--cover branches --reach 5 samples/triangle.c" \
            "--emit-dir $tmp/x --reach 5 samples/triangle.c" "--cover branches --validate samples/triangle.c" \
            "--cover branches --function nosuch samples/triangle.c" "--jobs 0 --cover branches samples/triangle.c"; do
  "$INKA" $args >/dev/null 2>&1; st=$?
  if [ "$st" -eq 2 ]; then ok; else bad "inka-ng $args: exit $st, want 2"; fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
