#!/usr/bin/env bash
# The command line: exit statuses, messages, and hostile inputs through the
# real binary (every run exits 0, 1, 2 or 3 with a message, never a crash or a
# hang).  Run from the repository root with INKA set (make test does it).
INKA=${INKA:-./inka-ng}
passed=0; failed=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
expect() {  # want-status want-pattern args...
  local want=$1 pat=$2; shift 2
  local out st
  out=$(timeout "${LIMIT:-20}" "$INKA" "$@" 2>&1); st=$?
  if [ "$st" -ne "$want" ] || ! grep -qE -- "$pat" <<<"$out"; then
    echo "FAIL (exit $st, want $want, /$pat/): inka-ng $*"; echo "$out" | head -3; failed=$((failed + 1))
  else
    passed=$((passed + 1))
  fi
}
P=tests/acceptance/programs
expect 0 'usage: inka-ng' --help
expect 0 '^inka-ng [0-9]' --version
expect 2 'no input file' --reach 3
expect 2 'unknown option' --frobnicate $P/gcd.c
expect 2 'needs a value' $P/gcd.c --reach
expect 2 'not \[FILE:\]LINE' --reach abc $P/gcd.c
expect 2 'positive numbers' --reach $P/gcd.c:6 --iter 0 $P/gcd.c
expect 2 'no objective' $P/gcd.c
expect 0 '6 objectives: 6 covered' --cover branches $P/gcd.c
expect 2 'is not .statements. or .branches.' --cover lines $P/gcd.c
# a function under test outside the subset is an input error under --cover too
expect 2 'refused_unit.c:9:3: error: unsupported: inline asm' --cover branches tests/cli/refused_unit.c
expect 2 '2 objectives: 2 covered' --cover branches tests/cli/refused_unit.c
expect 2 'needs --cover' --emit-dir $tmp/d --reach 6 $P/gcd.c
expect 2 'no statement starts on line 1; the nearest line with one is 3' --reach $P/gcd.c:1 $P/gcd.c
expect 2 'nearest lines with one are 8 and 10' --reach $P/gcd.c:9 $P/gcd.c
expect 2 'is not the input file' --reach other.c:6 $P/gcd.c
expect 2 "no function 'nope'" --function nope --reach $P/gcd.c:6 $P/gcd.c
expect 2 'unsupported.c:4:3: error: unsupported: inline asm' --reach $P/unsupported.c:7 $P/unsupported.c
expect 2 'unsupported: inline asm' --dump-ir $P/unsupported.c
# a target line inside an unsupported construct names the construct (not "no statement starts on line")
expect 2 'unsupported.c:4:3: error: unsupported: inline asm' --reach $P/unsupported.c:4 $P/unsupported.c
S=tests/frontend/inputs/unsupported_switch.c
expect 2 'unsupported_switch.c:5:3: error: unsupported: case label inside a nested statement' --reach $S:5 $S
G=tests/frontend/inputs/unsupported_goto.c
expect 2 'unsupported_goto.c:8:5: error: unsupported: goto into a nested block that is not after' --reach $G:9 $G
expect 2 'unsupported: goto into a nested block' --dump-ir $G
# pointer inputs: options, refusals, the input memory in the JSON and the text
printf 'struct n { int v; struct n *next; };\nint f(struct n *l, void *p) {\n  return p != 0;\n}\nint g(struct n *l) {\n  if (l && l->next && l->next->v == 4)\n    return 1;\n  return 0;\n}\n' > "$tmp/pi.c"
expect 2 'pi.c:2:26: error: unsupported: a pointer input to void' --reach "$tmp/pi.c:3" "$tmp/pi.c"
expect 0 '"input_memory": \{"in1": \{"type": "struct n", "count": 1' --json --reach "$tmp/pi.c:7" "$tmp/pi.c"
expect 0 '"inputs": \[\{"name": "l", "type": "struct n \*", "value": \{"ref": "in1"\}\}\]' --json --reach "$tmp/pi.c:7" "$tmp/pi.c"
expect 0 'g\(l = in1\)' --reach "$tmp/pi.c:7" --pre 'l != 0' --no-alias --acyclic "$tmp/pi.c"
expect 0 'input memory' --show-memory --reach "$tmp/pi.c:7" "$tmp/pi.c"
expect 1 '^UNREACHABLE' --reach "$tmp/pi.c:7" --pre 'l == 0' "$tmp/pi.c"
expect 3 'may trap' --reach "$tmp/pi.c:7" --pre 'l->v == 0' "$tmp/pi.c"
expect 0 'cluster_i' --dot /dev/stdout --reach "$tmp/pi.c:7" "$tmp/pi.c"
# variable length arrays: one dimension of a complete type; sizeof of a VLA
# type is refused (sizeof of a VLA object is its length times its element's)
printf 'int f(int n) {\n  int a[n][n];\n  return 0;\n}\nint g(int n) {\n  int k = (int)sizeof(int[n]);\n  return k;\n}\n' > "$tmp/vla.c"
expect 2 'vla.c:2:7: error: unsupported: a variable length array of variable length arrays' --reach "$tmp/vla.c:3" "$tmp/vla.c"
expect 2 'unsupported: sizeof of a variable length array' --reach "$tmp/vla.c:7" "$tmp/vla.c"
# a target inside a function returning a struct, asked from its caller (the
# path ends inside the call: the caller's copy of the result must not wait)
printf 'struct P { int x; int y; };\nstatic struct P mk(int x) {\n  struct P r;\n  r.x = x;\n  if (x == 7)\n    r.y = 1;\n  else\n    r.y = 2;\n  return r;\n}\nint f(int a) {\n  struct P s = mk(a);\n  struct P t = mk(a + 1);\n  return s.y + t.y;\n}\n' > "$tmp/sr.c"
LIMIT=10 expect 0 'REACHABLE  f\(a = 6\)' --function f --no-concrete --timeout 5 --reach "$tmp/sr.c:6" "$tmp/sr.c"
LIMIT=10 expect 0 '^REACHABLE' --function f --no-concrete --timeout 5 --reach "$tmp/sr.c:8" "$tmp/sr.c"
# --iter does not count the iterations of a loop made of goto
printf 'int f(int n) {\n  int i = 0;\nloop:\n  i++;\n  if (i < n)\n    goto loop;\n  return i;\n}\n' > "$tmp/gl.c"
expect 2 'gl.c:3:1: error: unsupported: --iter on a loop made of goto' --reach "$tmp/gl.c:4" --iter 3 "$tmp/gl.c"
expect 0 '^REACHABLE' --reach "$tmp/gl.c:6" "$tmp/gl.c"
# a call to a function the file does not define: a stub, or an error with --no-stubs
printf 'int g(int);\nint f(void) {\n  if (g(1) == 5)\n    return 1;\n  return 0;\n}\n' > "$tmp/st.c"
expect 0 'nondet: 5' --reach "$tmp/st.c:4" "$tmp/st.c"
expect 2 "st.c:3:7: error: unsupported: call to undefined function 'g'" --reach "$tmp/st.c:4" --no-stubs "$tmp/st.c"
# a cell holds one value of its type: a byte store into an int is refused,
# never modelled as replacing the whole int (once a wrong verdict)
printf 'int f(int a) {\n  int x = a;\n  char *c = (char *)&x;\n  c[0] = 1;\n  if (a == 256 && x == 1)\n    return 1;\n  return 0;\n}\n' > "$tmp/pun.c"
expect 2 'pun.c:3:13: error: unsupported: a cast between pointers to different types' --reach "$tmp/pun.c:6" "$tmp/pun.c"
expect 2 'iteration number.*inside 1 loop' --reach $P/gcd.c:6 --iter 1,2 $P/gcd.c
expect 2 'undeclared identifier' --reach $P/gcd.c:6 --assume 'q == 1' $P/gcd.c
expect 0 '^REACHABLE' --reach $P/gcd.c:6 --iter 3 $P/gcd.c
expect 1 '^UNREACHABLE' --reach $P/triangle.c:9 $P/triangle.c
expect 0 '"verdict": "reachable"' --json --reach $P/triangle.c:4 $P/triangle.c
# a REACHABLE says whether a run confirmed it (label/confirm.c): found by a run, and by the model alone
expect 0 '"stats": \{"confirmed": true, ' --json --reach $P/triangle.c:4 $P/triangle.c
expect 0 '"stats": \{"confirmed": true, .*"inconsistencies": 0' --json --no-concrete --no-sat --reach "$tmp/pi.c:7" "$tmp/pi.c"
expect 0 'inconsistencies 0, confirmed' --stats --no-concrete --no-sat --reach "$tmp/pi.c:7" "$tmp/pi.c"
expect 1 '"inconsistencies": 0' --json --reach $P/triangle.c:9 $P/triangle.c
expect 0 'int gcd\(int a, int b\)' --dump-ir $P/gcd.c
expect 0 '^REACHABLE' --data-model ILP32 --reach $P/gcd.c:6 $P/gcd.c
expect 3 'max-unfold' --reach $P/sum_loop.c:5 --iter 50 --max-unfold 10 --no-concrete $P/sum_loop.c
expect 0 'REACHABLE  sum_to' --reach $P/sum_loop.c:5 --iter 50 --max-unfold 10 $P/sum_loop.c   # the concrete mode needs no unfolding
# hostile files: a message and status 0 or 2, within the time limit
printf 'int f(int x) { if (x > 0) { return' > "$tmp/trunc.c"
head -c 3000 /dev/urandom > "$tmp/binary.c"
: > "$tmp/empty.c"
python3 -c "print('int f(int x) { return ' + '('*20000 + 'x' + ')'*20000 + '; }')" > "$tmp/deep.c"
echo 'int f(void) { return 99999999999999999999999999999; }' > "$tmp/huge.c"
echo 'int f(foo x) { return x; }' > "$tmp/unknown.c"
for f in trunc binary empty deep huge unknown; do
  out=$(timeout 20 "$INKA" --dump-ir "$tmp/$f.c" 2>&1); st=$?
  if { [ "$st" -ne 0 ] && [ "$st" -ne 2 ]; } || [ -z "$out" ]; then
    echo "FAIL hostile $f.c: exit $st"; echo "$out" | head -3; failed=$((failed + 1))
  else
    passed=$((passed + 1))
  fi
done
expect 2 'cannot read file' --dump-ir "$tmp/missing.c"
# a binary file: the first error and a count of the rest, not a page of clang
out=$("$INKA" --reach 3 "$tmp/binary.c" 2>&1); st=$?
if [ "$st" -eq 2 ] && [ "$(grep -c 'error:' <<<"$out")" -eq 1 ] && [ "$(wc -l <<<"$out")" -le 2 ]; then
  passed=$((passed + 1))
else
  echo "FAIL binary file diagnostics (exit $st):"; echo "$out" | head -5; failed=$((failed + 1))
fi
# options that cannot be repeated are an error; --assume may be repeated
expect 2 '--reach given more than once' --reach $P/gcd.c:6 --reach $P/gcd.c:8 $P/gcd.c
expect 2 '--function given more than once' --function gcd --function gcd --reach $P/gcd.c:6 $P/gcd.c
expect 2 '--timeout given more than once' --timeout 5 --timeout=6 --reach $P/gcd.c:6 $P/gcd.c
expect 2 '--max-memory given more than once' --max-memory 1G --max-memory 1G --reach $P/gcd.c:6 $P/gcd.c
expect 0 '^REACHABLE' --reach $P/gcd.c:6 --assume 'a > 3' --assume 'b > 5' $P/gcd.c
# error paths free what they took (make asan runs this file with leak detection)
expect 2 'cannot write the test driver' --reach $P/triangle.c:4 --emit-test /nonexistent/d.c $P/triangle.c
expect 2 'cannot write the graph' --reach $P/triangle.c:4 --dot /nonexistent/g.dot $P/triangle.c
expect 2 'undeclared identifier' --reach $P/gcd.c:6 --assume 'a > 0' --assume 'zz == 1' $P/gcd.c
# --validate compiles the driver with the -I/-D arguments given to clang
mkdir -p "$tmp/inc"; echo '#define LIMIT 7' > "$tmp/inc/lim.h"
printf '#include "lim.h"\nint f(int x) {\n  if (x == LIMIT + OFF)\n    return 1;\n  return 0;\n}\n' > "$tmp/inc.c"
expect 0 'REACHABLE  f\(x = 9\).*validated' --validate --reach "$tmp/inc.c:4" "$tmp/inc.c" -- -I "$tmp/inc" -DOFF=2
# --json: an error still prints exactly one JSON document on stdout
json_error() {  # want-reason-pattern args...
  local pat=$1; shift
  local out st
  out=$(timeout 20 "$INKA" --json "$@" 2>/dev/null); st=$?
  if [ "$st" -eq 2 ] && python3 -c 'import json,re,sys; d=json.loads(sys.stdin.read()); sys.exit(not (d["verdict"] == "error" and re.search(sys.argv[1], d["reason"])))' "$pat" <<<"$out"; then
    passed=$((passed + 1))
  else
    echo "FAIL json error (exit $st, /$pat/): inka-ng --json $*"; echo "$out" | head -3; failed=$((failed + 1))
  fi
}
json_error 'given more than once' --reach $P/gcd.c:6 --reach $P/gcd.c:8 $P/gcd.c
json_error 'unknown option' --frobnicate $P/gcd.c
json_error 'no statement starts on line 1' --reach $P/gcd.c:1 $P/gcd.c
json_error 'not valid UTF-8|error' --reach 3 "$tmp/binary.c"
json_error 'undeclared identifier' --reach $P/gcd.c:6 --assume 'q == 1' $P/gcd.c
json_error 'error: unsupported: ' --reach $P/unsupported.c:7 $P/unsupported.c
# budgets: memory runs out as UNKNOWN "memory budget"; --timeout holds while parsing
expect 3 'memory budget' --reach $P/sum_loop.c:5 --iter 3000 --no-concrete --max-memory 2M $P/sum_loop.c
expect 2 'is not a size' --reach $P/gcd.c:6 --max-memory 12 $P/gcd.c
python3 -c "
for i in range(120000): print('int f%d(int x) { if (x > %d) return x * 2; return x + %d; }' % (i, i, i))
print('int f(int x) {\n  if (x == 7)\n    return 1;\n  return 0;\n}')" > "$tmp/long.c"
t0=$(date +%s.%N)
expect 3 'time budget' --reach "$tmp/long.c:120003" --timeout 1 "$tmp/long.c"
t1=$(date +%s.%N)
if python3 -c "import sys; sys.exit(not ($t1 - $t0 < 1.5))"; then passed=$((passed + 1)); else
  echo "FAIL --timeout 1 while parsing took $(python3 -c "print($t1 - $t0)") s"; failed=$((failed + 1)); fi
out=$(timeout 20 "$INKA" --json --reach "$tmp/long.c:120003" --timeout 1 "$tmp/long.c" 2>/dev/null); st=$?
if [ "$st" -eq 3 ] && python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); sys.exit(not (d["verdict"] == "unknown" and "time budget" in d["reason"]))' <<<"$out"; then
  passed=$((passed + 1))
else
  echo "FAIL --json --timeout while parsing (exit $st): $out"; failed=$((failed + 1))
fi
# loops that never end and unbounded recursion: a verdict or UNKNOWN with a
# reason, never a signal (each once overflowed the stack of the translation)
n=0
for body in 'while (1)\n    x = x + 1;' 'for (;;)\n    x = x + 1;' 'while (x == x)\n    x = x + 1;' 'do {\n  } while (1);' \
            'while (1) {\n    if (x > 0)\n      x--;\n    else\n      x++;\n  }'; do
  n=$((n + 1))
  printf "int f(int x) {\n  $body\n  return x;\n}\n" > "$tmp/inf$n.c"
  line=$(grep -n 'return x;' "$tmp/inf$n.c" | cut -d: -f1)
  # (the default --max-unfold: the stack once overflowed at some 60,000 iterations)
  LIMIT=90 expect 3 '^UNKNOWN.*(budget|stack)' --timeout 60 --reach "$tmp/inf$n.c:$line" "$tmp/inf$n.c"
done
printf 'int g(int n) {\n  return g(n + 1);\n}\nint f(int x) {\n  int r = g(x);\n  return r;\n}\n' > "$tmp/rec.c"
LIMIT=90 expect 3 '^UNKNOWN.*(budget|stack)' --timeout 60 --reach "$tmp/rec.c:6" "$tmp/rec.c"
# a huge global array: the budgets hold while its memory is built
printf 'int a[100000000];\nint f(int x) {\n  a[x] = 1;\n  return a[5];\n}\n' > "$tmp/huge_array.c"
t0=$(date +%s.%N)
out=$(timeout 20 "$INKA" --timeout 2 --reach "$tmp/huge_array.c:4" "$tmp/huge_array.c" 2>&1); st=$?
t1=$(date +%s.%N)
if { [ "$st" -eq 0 ] || [ "$st" -eq 3 ]; } && python3 -c "import sys; sys.exit(not ($t1 - $t0 < 3))"; then
  passed=$((passed + 1))
else
  echo "FAIL int a[100000000] --timeout 2: exit $st after $(python3 -c "print($t1 - $t0)") s: $out"; failed=$((failed + 1))
fi
expect 3 'memory budget' --max-memory 100M --reach "$tmp/huge_array.c:4" "$tmp/huge_array.c"
# The watchdog (a SIGALRM past --timeout, when the solver misses its own
# deadline) names the objective as given, and exits 3.
cat > $tmp/slow.c <<'EOF'
int sel(int u, int v, int w, int x, int y) {
  int a[5] = {u, v, w, x, y};
  for (int i = 0; i < 4; i++) {
    int m = i;
    for (int j = i + 1; j < 5; j++)
      if (a[j] < a[m]) m = j;
    int t = a[i]; a[i] = a[m]; a[m] = t;
  }
  if (a[1] > a[2])
    return 1;
  return 0;
}
EOF
"$INKA" --reach $tmp/slow.c:10 --timeout 30 $tmp/slow.c > $tmp/alarm.out 2>&1 & pid=$!
sleep 1; kill -ALRM $pid; wait $pid; st=$?
if [ $st -eq 3 ] && grep -q "^UNKNOWN  $tmp/slow.c:10: the time budget (--timeout) ran out" $tmp/alarm.out; then
  passed=$((passed + 1))
else
  echo "FAIL (watchdog): exit $st"; head -3 $tmp/alarm.out; failed=$((failed + 1))
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
