#!/usr/bin/env bash
# End-to-end: calls to <string.h>, <ctype.h>, abs and <math.h>'s exact
# functions, translated through the
# frontend's C models of them (frontend/libc.c), switch statements
# lowered to else-if chains (frontend/switch.c) and designated initializers
# (frontend/init.c).  Every REACHABLE answer is
# validated by compiling and running its driver (against the real library)
# under gcov.  Run from the repository root with INKA set (make test does).
INKA=${INKA:-./inka-ng}
D=tests/e2e/libc
passed=0; failed=0
check() {  # expected-exit file flags...
  local want=$1 file=$2; shift 2
  local out st
  out=$(timeout 120 "$INKA" "$@" --timeout 60 --validate "$file" 2>&1); st=$?
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
check 0 $D/libc.c --reach 13
check 0 $D/libc.c --reach 15
check 0 $D/libc.c --reach 19
check 0 $D/libc.c --reach 33
check 1 $D/libc.c --reach 35
check 0 $D/libc.c --reach 41
check 1 $D/libc.c --reach 43
check 0 $D/libc.c --reach 45
check 0 $D/libc.c --reach 51                   # memset on int cells (frontend/memcells.c)
# the same under --data-model ILP32 (size_t is 32 bits)
check 0 $D/libc.c --reach 15 --data-model ILP32
# switch: cases that assign or return, no fall-through (else-if chain)
check 0 $D/switch.c --reach 18
check 0 $D/switch.c --reach 20
check 1 $D/switch.c --reach 22
check 1 $D/switch.c --reach 34
check 0 $D/switch.c --reach 36
# designated initializers
check 0 $D/designated.c --reach 11
check 0 $D/designated.c --reach 13
check 1 $D/designated.c --reach 15
check 2 $D/designated.c --reach 21
# the exact functions of <math.h>: floor, ceil, trunc, round, fmin, fmax
for mode in "" --no-concrete; do
  check 0 $D/math.c --function rounding --reach 7 $mode
  check 0 $D/math.c --function rounding --reach 9 $mode
  check 1 $D/math.c --function rounding --reach 11 $mode
  check 1 $D/math.c --function rounding --reach 13 $mode
  check 1 $D/math.c --function rounding --reach 15 $mode
  check 0 $D/math.c --function single --reach 21 $mode
  check 0 $D/math.c --function single --reach 23 $mode
done
# number parsing: strtol's end pointer and ERANGE, atoi, strtoul's base 0
check 0 $D/numbers.c --reach 13
check 0 $D/numbers.c --reach 15
check 0 $D/numbers.c --reach 22
check 0 $D/numbers.c --reach 30
check 0 $D/numbers.c --reach 32
# memcpy between objects of different cell types, byte by byte; a struct's padding refused
check 0 $D/bytes.c --reach 15
check 0 $D/bytes.c --reach 33
check 1 $D/bytes.c --reach 35
check 0 $D/bytes.c --reach 43
check 2 $D/bytes.c --function padding_out --reach 51
# the search functions: strcspn, strncasecmp, strstr, strspn, memchr, strpbrk, strcasecmp
for l in 13 15 17 19; do check 0 $D/search.c --reach $l; done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
