#!/usr/bin/env bash
# End-to-end: the C of real programs (tests/e2e/language/: switch, goto,
# string literals, stubs for undefined functions, every nondet width, 64-bit
# values).  Every REACHABLE answer is validated by compiling and running its
# driver under gcov; what stays outside the subset must be exit 2 with
# "unsupported".  Run from the repository root with INKA set (make test does).
INKA=${INKA:-./inka-ng}
D=tests/e2e/language
passed=0; failed=0
check() {  # expected-exit file flags...
  local want=$1 file=$2; shift 2
  local out st
  out=$("$INKA" "$@" --validate "$file" 2>&1); st=$?
  if [ "$st" -ne "$want" ]; then
    echo "FAIL (exit $st, want $want): inka-ng $* $file"; echo "$out" | head -5; failed=$((failed + 1)); return
  fi
  if [ "$want" -eq 0 ] && ! grep -q "  validated" <<<"$out"; then
    echo "FAIL (not validated): inka-ng $* $file"; echo "$out" | head -5; failed=$((failed + 1)); return
  fi
  if [ "$want" -eq 2 ] && ! grep -q "error: unsupported" <<<"$out"; then
    echo "FAIL (no 'unsupported' message): inka-ng $* $file"; echo "$out" | head -5; failed=$((failed + 1)); return
  fi
  passed=$((passed + 1))
}
expect_in_stderr() {  # text file flags...
  local text=$1 file=$2; shift 2
  if "$INKA" "$@" "$file" 2>&1 >/dev/null | grep -qF "$text"; then passed=$((passed + 1))
  else echo "FAIL (stderr lacks '$text'): inka-ng $* $file"; failed=$((failed + 1)); fi
}
# switch in a loop: fall-through, continue, nested switch, goto out of the loop
check 0 $D/machine.c --reach 43
check 0 $D/machine.c --reach 45
check 1 $D/machine.c --reach 47
check 0 $D/machine.c --reach 50
check 0 $D/machine.c --reach 11 --iter 3
# goto ERROR, a loop made of labels, a line holding a goto, the iteration of a goto loop
check 0 $D/gotos.c --reach-call reach_error
check 0 $D/gotos.c --reach 29
check 1 $D/gotos.c --reach 33
check 0 $D/gotos.c --reach 25
check 2 $D/gotos.c --reach 22 --iter 3
# string literals, const tables, char arithmetic
check 0 $D/strings.c --reach 18
check 0 $D/strings.c --reach 30
check 1 $D/strings.c --reach 32
# stubs: results are inputs, nothing written through pointers, --no-stubs refuses them
check 0 $D/stubs.c --reach 13
check 1 $D/stubs.c --reach 22
check 0 $D/stubs.c --reach 24
check 2 $D/stubs.c --reach 24 --no-stubs
expect_in_stderr "stubbed functions" $D/stubs.c --reach 24
expect_in_stderr "read_reg, write_reg" $D/stubs.c --reach 13
# every scalar nondet type, 64-bit values
check 0 $D/widths.c --reach 24
check 0 $D/widths.c --reach 26
check 1 $D/widths.c --reach 24 --data-model ILP32
check 1 $D/widths.c --reach 26 --data-model ILP32
# address constants: &g[3], &s.b[1], a row of a 2-D array, &p
check 0 $D/addresses.c --reach 14
check 1 $D/addresses.c --reach 16
# a preprocessed .i (gcc -E: glibc declarations clang needs help with, line markers)
tmp=$(mktemp -d)
gcc -E $D/preprocessed.c -o "$tmp/preprocessed.i"
check 0 "$tmp/preprocessed.i" --reach-call reach_error
check 0 $D/preprocessed.c --reach-call reach_error
rm -rf "$tmp"
# outside the subset: exit 2, never a crash
check 2 tests/frontend/inputs/unsupported_goto.c --reach 7
check 2 tests/frontend/inputs/unsupported_computed_goto.c --reach 5
check 2 tests/frontend/inputs/unsupported_switch.c --reach 8
check 2 tests/frontend/inputs/unsupported_string.c --reach 4
# printf, puts, putchar whose results are ignored; arguments still trap
check 0 $D/output.c --reach 11 --function report
check 1 $D/output.c --reach 15 --function report
check 2 $D/output.c --reach 20 --function counted
check 2 $D/output.c --reach 25 --function pointer
check 2 $D/output.c --reach 31 --function written
check 0 $D/output.c --reach 38 --function streams
check 0 $D/output.c --reach 43 --function streams
check 2 $D/output.c --reach 48 --function other
# through void *: back to the same type is fine, to another type refused
check 0 $D/void_puns.c --reach 13
check 2 $D/void_pun_bytes.c --reach 10
# refused with its place: exit 2 and "FILE:LINE:COL: error: unsupported: TEXT"
refused() {  # file line text flags...
  local file=$1 line=$2 text=$3; shift 3
  local out st
  out=$("$INKA" "$@" "$file" 2>&1); st=$?
  if [ "$st" -eq 2 ] && grep -qE "^$file:$line:[0-9]+: error: unsupported: .*$text" <<<"$out"; then passed=$((passed + 1))
  else echo "FAIL (want exit 2 and $file:$line:COL: error: unsupported: ...$text): exit $st: inka-ng $* $file"; echo "$out" | head -3
    failed=$((failed + 1)); fi
}
# function pointers: tables, struct fields, arguments, results, NULL, recursion
# through a pointer; with the concrete mode and without
for mode in "" --no-concrete; do
  check 0 $D/fnptrs.c --reach 24 $mode
  check 1 $D/fnptrs.c --reach 26 $mode
  check 0 $D/fnptrs.c --reach 28 $mode
  check 0 $D/fnptrs.c --reach 37 $mode
  check 1 $D/fnptrs.c --reach 39 $mode
  check 0 $D/fnptrs.c --reach 41 $mode
  check 0 $D/fnptrs.c --reach 49 $mode
done
refused $D/fnptrs.c 53 "function-pointer input" --reach 54
# bit-fields: stores wrap to the width, reads promote, gcc's sizeof
for mode in "" --no-concrete; do
  check 0 $D/bitfields.c --reach 19 $mode
  check 0 $D/bitfields.c --reach 21 $mode
  check 1 $D/bitfields.c --reach 23 $mode
  check 0 $D/bitfields.c --reach 25 $mode
  check 0 $D/bitfields.c --reach 28 $mode
  check 1 $D/bitfields.c --reach 30 $mode
  check 0 $D/bitfields.c --reach 33 $mode
done
refused $D/bitfields.c 37 "bit-field input" --reach 38
refused $D/bitfields.c 43 "type punning" --reach 45
# unions of one member, of integers of one width, or views of one carrier
for mode in "" --no-concrete; do
  check 0 $D/unions.c --reach 10 $mode
  check 1 $D/unions.c --reach 12 $mode
  check 0 $D/unions.c --reach 15 $mode
  check 0 $D/unions.c --reach 23 $mode
  check 1 $D/unions.c --reach 34 $mode
  check 0 $D/unions.c --reach 44 $mode
  check 1 $D/unions.c --reach 46 $mode
  check 0 $D/unions.c --reach 55 $mode
  check 0 $D/union_views.c --function float_bits --reach 13 $mode
  check 0 $D/union_views.c --function float_bits --reach 15 $mode
  check 1 $D/union_views.c --function float_bits --reach 17 $mode
  check 0 $D/union_views.c --function float_bits --reach 20 $mode
  check 1 $D/union_views.c --function float_bits --reach 22 $mode
  check 0 $D/union_views.c --function bytes --reach 33 $mode
  check 0 $D/union_views.c --function bytes --reach 37 $mode
  check 1 $D/union_views.c --function bytes --reach 40 $mode
  check 1 $D/union_views.c --function bytes --reach 43 $mode
  check 0 $D/union_views.c --function doubles --reach 51 $mode
  check 0 $D/union_views.c --function doubles --reach 53 $mode
  check 1 $D/union_views.c --function doubles --reach 55 $mode
  check 0 $D/union_views.c --function doubles --reach 58 $mode
  check 0 $D/union_views.c --function q_rsqrt --reach 79 $mode
  check 0 $D/union_views.c --function is_limit --reach 89 $mode
  check 3 $D/union_views.c --function is_limit --reach 91 $mode
  check 3 $D/union_views.c --function signaling --reach 99 --timeout 3 $mode
  check 0 $D/union_views.c --function signaling --reach 101 $mode
  check 0 $D/union_calls.c --function h --reach 12 $mode
  check 3 $D/union_views.c --function nested_zero --reach 113 --timeout 5 $mode
done
refused $D/union_views.c 65 "union read through members of different types" --function pointer_bits --reach 67
refused $D/union_views.c 70 "a union input with no integer member as wide as it" --function hidden_input --reach 71
# structs by value as inputs: their own objects, copied by the driver
for mode in "" --no-concrete; do
  check 0 $D/struct_params.c --function run --reach 12 $mode
  check 1 $D/struct_params.c --function alias --reach 21 $mode
  check 0 $D/struct_params.c --function alias --reach 23 $mode
  check 0 $D/struct_params.c --function nested --reach 32 $mode
  check 1 $D/struct_params.c --function nested --reach 36 $mode
done
refused $D/struct_params.c 40 "a struct input holding pointers" --function ptrs --reach 41
# the suite of a function calling through pointers, measured by gcov
tmp=$(mktemp -d)
if "$INKA" --quiet --cover branches --function table --emit-dir "$tmp" --validate $D/fnptrs.c >"$tmp/out" 2>&1 &&
   grep -q "0 bugs" "$tmp/out"; then passed=$((passed + 1))
else echo "FAIL: --cover branches of fnptrs.c table"; head -5 "$tmp/out"; failed=$((failed + 1)); fi
rm -rf "$tmp"
# operators spelled inside macro bodies (helper macros): MAX, SQUARE, ABS, SWAP, nested, a
# macro using another, object-like N, an operator as a whole body, statement macros, for
check 0 $D/macros.c --reach 33
check 1 $D/macros.c --reach 35
check 0 $D/macros.c --reach 37
check 0 $D/macros.c --reach 39
check 1 $D/macros.c --reach 41
check 0 $D/macros.c --reach 43
check 0 $D/macros.c --reach 45
check 0 $D/macros.c --reach 47
check 1 $D/macros.c --reach 49
check 0 $D/macros.c --reach 56
check 0 $D/macros.c --reach 59
check 0 $D/macros.c --reach 63
check 0 $D/macros.c --reach 67
check 1 $D/macros.c --reach 69
check 0 $D/macros.c --reach 75
check 1 $D/macros.c --reach 77
check 0 $D/macros.c --reach 79
check 1 $D/macros.c --reach 87
check 0 $D/macros.c --reach 89
check 0 $D/macros.c --reach 91
check 0 $D/macros.c --reach-call assert --function checked
check 1 $D/macros.c --reach-call assert --function holds
check 0 tests/stranger/programs/b2_sortnet.c --reach 27
check 1 tests/stranger/programs/b2_sortnet.c --reach 23
# idioms: FOR(i, n) loops, ARRAY_SIZE, IDX(i, j), ASSERT(c) as an if, CHECK(c) in a do-while, SWAP2 as three statements
check 0 $D/macros_idioms.c --reach 28
check 0 $D/macros_idioms.c --reach-call reach_error --function f
check 0 $D/macros_idioms.c --reach 21 --iter 16
check 1 $D/macros_idioms.c --reach 21 --iter 17
# variadic macros and ## (clang names their operators)
check 0 $D/macros_forms.c --reach 8
check 0 $D/macros_forms.c --reach 15
# GCC builtins (C models in frontend/libc.c); a count of zeros of 0 and __builtin_unreachable end the path
for l in 6 8 10 12 14 33 39 49 51 60; do check 0 $D/builtins.c --reach $l; done
# abs(INT_MIN) overflows: undefined in ISO C, INT_MIN itself under -fwrapv
check 1 $D/builtins.c --reach 16
check 0 $D/builtins.c --reach 16 --wrapv
for l in 18 27 31 53; do check 1 $D/builtins.c --reach $l; done
check 0 tests/stranger/programs/b2_x_builtin.c --reach 6
for dm in LP64 ILP32; do
  for l in 9 11 14; do check 0 $D/builtins_long.c --reach $l --data-model $dm; done
  check 1 $D/builtins_long.c --reach 16 --data-model $dm
done
# GNU case ranges: with plain labels, fall-through, an empty range, unsigned bounds
for l in 5 8 10 12 16 28 30 39 41 43; do check 0 $D/caseranges.c --reach $l; done
for l in 14 32; do check 1 $D/caseranges.c --reach $l; done
# memset/memcpy/memmove on int, long, short, double cells (and memmove on chars); other cells refused
for l in 12 24 26 38 50 58 69; do check 0 $D/memcells.c --reach $l; done
for l in 28 40; do check 1 $D/memcells.c --reach $l; done
check 0 tests/stranger/programs/b2_x_memcpy.c --reach 12
for l in 23 42; do check 0 $D/memcells2.c --reach $l; done
for l in 26 44; do check 1 $D/memcells2.c --reach $l; done
check 0 $D/memcells_refused.c --reach 10
for l in 16 22 28 35 42; do check 2 $D/memcells_refused.c --reach $l; done
# compound literals: struct arguments, arrays that decay, &(int){v}, in a loop, {"string"}
for l in 13 24 32 37; do check 0 $D/compound.c --reach $l; done
check 1 $D/compound.c --reach 34
check 0 tests/stranger/programs/b2_x_compound.c --reach 13
# GNU x ?: y (x evaluated once) and offsetof: constants, a varying index refused (was taken for a cast)
for l in 21 23 31; do check 0 $D/gnu_exprs.c --reach $l; done
for l in 25 33; do check 1 $D/gnu_exprs.c --reach $l; done
check 2 $D/gnu_exprs.c --reach 39
# _Generic folded by clang to an integer constant; other selections refused
check 0 $D/generic.c --reach 6
check 1 $D/generic.c --reach 8
check 2 $D/generic.c --reach 13
# GCC's overflow builtins (type-generic and typed): wrapped result, exact flag; mixed signedness refused
for l in 7 9 11 13 17 20 34; do check 0 $D/overflow.c --reach $l; done
for l in 15 32; do check 1 $D/overflow.c --reach $l; done
check 2 $D/overflow.c --reach 26
# anonymous struct and union members: read, written, a carrier's float view, a dead line
check 0 $D/anonymous.c --reach 16
check 0 $D/anonymous.c --reach 18
check 0 $D/anonymous.c --reach 27
check 0 $D/anonymous.c --reach 36
check 1 $D/anonymous.c --reach 38
# a union of a byte and a _Bool: a byte above 1 read as _Bool gives no answer
check 0 $D/union_bool.c --reach 10
check 3 $D/union_bool.c --reach 17
check 0 $D/union_bool.c --reach 20
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
