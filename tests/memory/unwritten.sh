#!/usr/bin/env bash
# End-to-end: a target that only a cell nobody wrote can reach is UNKNOWN
# (exit 3: the path that reads it is abandoned), never UNREACHABLE (a wrong
# proof) nor REACHABLE (inputs that rely on garbage).  Run from the
# repository root with INKA set (make test does it).
INKA=${INKA:-./inka-ng}
f=tests/memory/inputs/unwritten.c
passed=0; failed=0
check() {  # marker function
  local line out st
  line=$(grep -n "/\* $1 \*/" "$f" | cut -d: -f1)
  out=$("$INKA" --reach "$f:$line" --function "$2" "$f" 2>&1); st=$?
  if [ "$st" -ne 3 ]; then
    echo "FAIL (exit $st, want 3 unknown): $2 $1: $out"; failed=$((failed + 1)); return
  fi
  passed=$((passed + 1))
}
check T1 load_candidate
check T2 store_misses
check T3 second_reader
check T4 guarded_garbage
check T5 guarded_candidate
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
