#!/usr/bin/env bash
# End-to-end: the bit-precise bounded check (bitblast/, label/sat.c) on
# bit-level and non-linear facts (tests/e2e/sat/).  The proofs marked
# "needs the check" run past a 4 s budget with --no-sat (checked on two of
# them); every REACHABLE answer is validated by compiling and running its
# driver under gcov.  Run from the repository root with INKA set.
INKA=${INKA:-./inka-ng}
D=tests/e2e/sat
passed=0; failed=0
check() {  # expected-exit file flags...
  local want=$1 file=$2; shift 2
  local out st
  local budget=(--timeout 30)
  [[ " $* " == *" --timeout "* ]] && budget=()
  out=$("$INKA" "$@" "${budget[@]}" --validate "$file" 2>&1); st=$?
  if [ "$st" -ne "$want" ]; then
    echo "FAIL (exit $st, want $want): inka-ng $* $file"; echo "$out" | head -5; failed=$((failed + 1)); return
  fi
  if [ "$want" -eq 0 ] && ! grep -q "  validated" <<<"$out"; then
    echo "FAIL (not validated): inka-ng $* $file"; echo "$out" | head -5; failed=$((failed + 1)); return
  fi
  passed=$((passed + 1))
}
# needs the check: the xor identity, and + or == +, a popcount bound
check 1 $D/bits.c --reach 5
check 1 $D/bits.c --reach 7
check 1 $D/bits.c --reach 25
# without it, the same proofs run out of time (exit 3)
check 3 $D/bits.c --reach 5 --no-sat --timeout 4
check 3 $D/bits.c --reach 25 --no-sat --timeout 4
# reachable ones: inputs confirmed by a concrete run, then by gcov
check 0 $D/bits.c --reach 9
check 0 $D/bits.c --reach 27
check 0 $D/bits.c --reach 42
check 0 $D/bits.c --reach 66
# proofs the other stages find too (the check must agree)
check 1 $D/bits.c --reach 33
check 1 $D/bits.c --reach 50
check 1 $D/bits.c --reach 74
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
