#!/usr/bin/env bash
# End-to-end: a target that only a cell nobody wrote can reach is UNKNOWN
# (exit 3: the path that reads it is abandoned), never UNREACHABLE (a wrong
# proof) nor REACHABLE (inputs that rely on garbage); a target that no
# value of such a cell makes reachable is UNREACHABLE (exit 1: the read
# leaves its value free, and the refutation stands).  Run from the
# repository root with INKA set (make test does it).
INKA=${INKA:-./inka-ng}
passed=0; failed=0
check() {  # file marker function expected-exit
  local line out st
  line=$(grep -n "/\* $2 \*/" "$1" | cut -d: -f1)
  out=$("$INKA" --reach "$1:$line" --function "$3" "$1" 2>&1); st=$?
  if [ "$st" -ne "$4" ]; then
    echo "FAIL (exit $st, want $4): $3 $2: $out"; failed=$((failed + 1)); return
  fi
  passed=$((passed + 1))
}
f=tests/memory/inputs/unwritten.c
check $f T1 load_candidate 3
check $f T2 store_misses 3
check $f T3 second_reader 3
check $f T4 guarded_garbage 3
check $f T5 guarded_candidate 3
check tests/memory/inputs/unwritten_refuted.c T6 decimal_length 1
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
