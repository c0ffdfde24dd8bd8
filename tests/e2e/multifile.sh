#!/usr/bin/env bash
# Programs of several files: tests/e2e/multifile/ is a small parser split
# over lexer.c, parser.c and api.c (a header, a static function `classify` in
# two files, a global of lexer.c counted through extern in parser.c), with a
# compile_commands.json whose parser.c entry sets -DMAX_TOKENS=8.  Asked
# through -p DIR and through the list of files: REACHABLE validated in
# another file than the function under test, UNREACHABLE proofs across
# files, the static functions kept apart, --check --at FILE:LINE, --cover with
# a suite that builds and runs, and errors naming the right file (exit 2,
# --cover included).
cd "$(dirname "$0")/../.." || exit 2
INKA=${INKA:-./inka-ng}
D=tests/e2e/multifile
FILES="$D/lexer.c $D/parser.c $D/api.c"
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
at() { echo "$1:$(grep -n "@$2" "$D/$1" | cut -d: -f1)"; }  # FILE @MARK -> FILE:LINE
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
root=$PWD

expect() {  # want-exit want-text description command...
  local want=$1 text=$2 what=$3; shift 3
  local out st
  out=$("$@" 2>&1); st=$?
  if [ "$st" = "$want" ] && grep -q -- "$text" <<<"$out"; then ok
  else bad "$what: want exit $want and '$text', got exit $st: $(head -3 <<<"$out")"; fi
}

# -p DIR: the line is in lexer.c, the function under test in api.c
expect 0 "REACHABLE .*validated" "-p: a line of lexer.c from evaluate" \
  $INKA -p $D --function evaluate --reach "$(at lexer.c bad-char)" --validate
expect 0 "REACHABLE .*validated" "-p: lexer.c's count seen in parser.c through extern" \
  $INKA -p $D --function parse_sum --reach "$(at parser.c counted)" --validate
expect 0 "REACHABLE .*validated" "-p: a call in lexer.c" \
  $INKA -p $D --function evaluate --reach-call classify --validate
# proofs across files: '?' is the only bad character lexer.c sees, and with
# parser.c's -DMAX_TOKENS=8 "a+b" is not too long
expect 1 "UNREACHABLE" "-p: a bad character needs b <= 0" \
  $INKA -p $D --function evaluate --reach "$(at api.c never)"
expect 1 "UNREACHABLE" "-p: lexer_errors is one variable" \
  $INKA -p $D --function evaluate --reach "$(at parser.c unseen)"
expect 1 "UNREACHABLE" "-p: parser.c's flags (MAX_TOKENS 8)" \
  $INKA -p $D --function evaluate --reach "$(at api.c api-too-long)"
# the list of files, without the project's flags: MAX_TOKENS is 2
expect 0 "REACHABLE .*validated" "files: MAX_TOKENS 2" \
  $INKA $FILES --function evaluate --reach "$D/$(at api.c api-too-long)" --validate
expect 1 "UNREACHABLE" "files: a bad character needs b <= 0" \
  $INKA $FILES --function evaluate --reach "$D/$(at api.c never)"
# the same, with the flag after --, for every file
expect 1 "UNREACHABLE" "files -- -DMAX_TOKENS=8" \
  $INKA --function evaluate --reach "$D/$(at api.c api-too-long)" $FILES -- -DMAX_TOKENS=8
# --emit-test: the driver's first comment builds it with the other files
mkdir -p "$tmp/drv"
out=$($INKA -p $D --function evaluate --reach "$(at lexer.c bad-char)" --emit-test "$tmp/drv/t.c" 2>&1)
build=$(sed -n 3p "$tmp/drv/t.c")
if grep -q REACHABLE <<<"$out" && grep -q "inka_src_1.o.*parser.c.*-DMAX_TOKENS=8" <<<"$build" &&
   (cd "$tmp/drv" && eval "$build" >/dev/null 2>&1 && ./driver && gcov -o inka_src_0.o "$root/$D/lexer.c" >/dev/null 2>&1; true) &&
   grep -q "^ *1:.*@bad-char" "$tmp/drv/lexer.c.gcov" 2>/dev/null; then ok
else bad "--emit-test over three files: $out / $build"; fi
# the static functions of one name stay two functions: the objective's file
# tells which is under test (the driver includes parser.c, calls its own)
expect 0 "REACHABLE  classify(kind = 3).*validated" "parser.c's classify" \
  $INKA -p $D --function classify --reach "$(at parser.c minus)" --validate
expect 0 "REACHABLE  classify(c = " "lexer.c's classify" \
  $INKA -p $D --function classify --reach lexer.c:$(grep -n "TK_END;" $D/lexer.c | cut -d: -f1) --validate
expect 2 "lexer.c:.*'classify' is defined in several files" "--function classify alone is ambiguous" \
  $INKA -p $D --function classify --reach-call next_token
# a bare LINE is ambiguous, a file that is not the program's is an error
expect 2 "ambiguous.*FILE:" "--reach LINE" $INKA -p $D --function evaluate --reach 12
expect 2 "not a file of the program" "--reach other.c:LINE" $INKA -p $D --function evaluate --reach other.c:3
# --check --at FILE:LINE: t->value * 10 overflows in lexer.c, found from parse_sum
expect 0 "FOUND.*validated" "--check overflow --at lexer.c" \
  $INKA -p $D --function parse_sum --check overflow --at lexer.c:$(grep -n "t->value \* 10" $D/lexer.c | cut -d: -f1) --validate
expect 2 "ambiguous" "--check --at LINE" $INKA -p $D --function parse_sum --check overflow --at 20
# every site of the program: each named in its own file
expect 1 "PROVED   .*/parser.c:[0-9]*:[0-9]*  null .*(in parse_sum)" "--check null: sites of parser.c" \
  $INKA -p $D --function evaluate --check null

# --cover: objectives of the three files, a suite that builds, runs and is
# measured by gcov file by file
out=$($INKA -p $D --cover branches --function evaluate --emit-dir "$tmp/suite" --validate --json 2>/dev/null); st=$?
files=$(python3 -c 'import json,sys; r=json.load(sys.stdin); print(" ".join(sorted({o["file"].rsplit("/",1)[-1] for o in r["objectives"]})), r["gcov"]["measured"], r["gcov"]["validation"]["bugs"], r["totals"]["unknown"])' <<<"$out" 2>&1)
if [ "$st" = 0 ] && [ "$files" = "api.c lexer.c parser.c True 0 0" ] && [ -x "$tmp/suite/inka_suite" ]; then ok
else bad "--cover branches over three files: exit $st, $files"; fi
"$tmp/suite/run" >/dev/null 2>&1 && [ -f "$tmp/suite/parser.gcda" ] && [ -f "$tmp/suite/lexer.gcda" ] && ok ||
  bad "the suite's run does not leave the counts of every file"
# every function of every file (parse_sum's @unseen is beyond a short budget)
out=$($INKA --cover statements --objective-timeout 3 --emit-dir "$tmp/all" --validate --json $FILES -- -DMAX_TOKENS=8 2>/dev/null)
got=$(python3 -c 'import json,sys; r=json.load(sys.stdin); print(sorted(r["functions"]), r["gcov"]["measured"], r["gcov"]["validation"]["bugs"], r["totals"]["covered"] >= 40)' <<<"$out" 2>&1)
if [ "$got" = "['classify', 'classify', 'evaluate', 'next_token', 'parse_sum'] True 0 True" ]; then ok
else bad "--cover statements of every function: $got"; fi

# errors name the right file: clang's, an unsupported construct reached in
# another file (also under --cover), two files defining one name
cp $D/*.c $D/*.h "$tmp/"
sed 's/return TK_BAD;/return TK_BAD +;/' $D/lexer.c >"$tmp/lexer.c"
expect 2 "lexer.c:[0-9]*:[0-9]*: error: " "a clang error in lexer.c" \
  $INKA "$tmp/lexer.c" "$tmp/parser.c" "$tmp/api.c" --function evaluate --reach "$tmp/api.c:12"
cp $D/lexer.c "$tmp/lexer.c"
sed 's|^  t->kind = k;|  __asm__("nop");\n  t->kind = k;|' $D/lexer.c >"$tmp/lexer.c"
expect 2 "lexer.c:[0-9]*:[0-9]*: error: unsupported: inline asm" "inline asm in lexer.c, reached from api.c" \
  $INKA "$tmp/lexer.c" "$tmp/parser.c" "$tmp/api.c" --function evaluate --reach "$tmp/$(at api.c never)"
expect 2 "lexer.c:[0-9]*:[0-9]*: error: unsupported: inline asm" "inline asm under --cover" \
  $INKA "$tmp/lexer.c" "$tmp/parser.c" "$tmp/api.c" --function evaluate --cover branches
printf '#include <setjmp.h>\nstatic jmp_buf env;\nint jumpy(int x) {\n  if (setjmp(env)) return 1;\n  return x;\n}\nint top(int x) {\n  if (x > 2) return jumpy(x);\n  return 0;\n}\n' >"$tmp/jump.c"
expect 2 "jump.c:4:[0-9]*: error: unsupported: setjmp" "setjmp under --cover" $INKA "$tmp/jump.c" --function top --cover statements
printf 'int next_token(const char *s, int *pos, void *t) { return 0; }\n' >"$tmp/again.c"
cp $D/lexer.c "$tmp/lexer.c"
expect 2 "again.c:1:[0-9]*: error: 'next_token' is defined in .*lexer.c too" "two definitions of one name" \
  $INKA "$tmp/lexer.c" "$tmp/parser.c" "$tmp/api.c" "$tmp/again.c" --function evaluate --reach "$tmp/$(at api.c never)"
# a compilation database from a template, with absolute paths (the tools' convention)
mkdir -p "$tmp/db"
sed "s|\"directory\": \".\"|\"directory\": \"$PWD/$D\"|" $D/compile_commands.json >"$tmp/db/compile_commands.json"
expect 1 "UNREACHABLE" "-p with absolute directories" \
  $INKA -p "$tmp/db" --function evaluate --reach "$(at api.c api-too-long)"
# an assembler file and a file built twice (its first entry counts)
mkdir -p "$tmp/db2"
printf '[{"directory": "%s", "file": "start.S", "command": "cc -c start.S"},\n' "$PWD/$D" >"$tmp/db2/compile_commands.json"
sed -e 's|^\[||' -e "s|\"directory\": \".\"|\"directory\": \"$PWD/$D\"|" -e 's|\]$|,|' $D/compile_commands.json >>"$tmp/db2/compile_commands.json"
printf '{"directory": "%s", "file": "parser.c", "command": "cc -c -DMAX_TOKENS=2 parser.c"}]\n' "$PWD/$D" >>"$tmp/db2/compile_commands.json"
expect 1 "UNREACHABLE" "-p: .S left out, parser.c's first entry" \
  $INKA -p "$tmp/db2" --function evaluate --reach "$(at api.c api-too-long)"
expect 2 "cannot read the compilation database" "-p without one" $INKA -p "$tmp/none" --function evaluate --reach api.c:3

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
