#!/usr/bin/env bash
# Signed overflow per operation (tests/e2e/overflow/ops.c) in both semantics:
# each target is asked with and without --wrapv, and a REACHABLE answer must
# validate (--validate: gcov, and without --wrapv UBSan must stay silent).
cd "$(dirname "$0")/../.." || exit 2
INKA=${INKA:-./inka-ng}
F=tests/e2e/overflow/ops.c
pass=0; fail=0
check() {  # want-default want-wrapv line
  local want line=$3 mode flags got out
  for mode in iso wrapv; do
    if [ $mode = iso ]; then want=$1; flags=""; else want=$2; flags="--wrapv"; fi
    out=$($INKA --reach "$F:$line" --timeout 30 --validate $flags "$F" 2>&1 | head -1)
    got=$(printf '%s' "$out" | awk '{print tolower($1)}')
    if [ "$got" = "$want" ] && { [ "$want" != reachable ] || grep -q "  validated" <<<"$out"; }; then
      pass=$((pass + 1))
    else
      fail=$((fail + 1)); echo "FAIL $F:$line ($mode) want $want: $out"
    fi
  done
}
# function: wrap target (needs an overflow), edge target (no overflow)
for fn in add:8:10 sub:17:19 mul:26:28 neg:35:37 shl:46:48 shl_negative:55:57 lmul:75:77 inc:84:86 compound:96:98; do
  IFS=: read -r name wrap edge <<<"$fn"
  check unreachable reachable "$wrap"
  check reachable reachable "$edge"
done
check unreachable unreachable 66   # INT_MIN / -1 traps in both
check reachable reachable 68
check reachable reachable 106      # a narrowing conversion wraps in both
check reachable reachable 113      # __builtin_add_overflow stays defined
check reachable reachable 115      # __builtin_mul_overflow at a == -1, b == INT_MIN
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
