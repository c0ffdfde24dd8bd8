#!/usr/bin/env bash
# End-to-end: 64-bit unsigned values (size_t, uint64_t) are numbers from 0
# to 2^64-1 in every deduction, never the negative numbers their stored bit
# patterns read as.  Every REACHABLE answer is validated by compiling and
# running its driver; each case was a wrong UNREACHABLE once.  Run from the
# repository root with INKA set (make test does).
INKA=${INKA:-./inka-ng}
D=tests/e2e/unsigned64
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
  passed=$((passed + 1))
}
# may_reach: a loop-written u64 spans [0, 2^64-1]; a read one keeps its values
check 0 $D/may_reach.c --reach 7
check 0 $D/may_reach.c --reach 17
echo "$passed passed, $failed failed"
