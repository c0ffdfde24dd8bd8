#!/usr/bin/env bash
# End-to-end: every sample's objectives give the expected verdict, and every
# REACHABLE one is validated by compiling and running its driver under gcov.
# Run from the repository root with INKA set (make test does it).
INKA=${INKA:-./inka-ng}
passed=0; failed=0
check() {  # expected-exit flags...
  local want=$1; shift
  local out st
  out=$("$INKA" "$@" --validate 2>&1); st=$?
  if [ "$st" -ne "$want" ]; then
    echo "FAIL (exit $st, want $want): inka-ng $*"; echo "$out" | head -5; failed=$((failed + 1)); return
  fi
  if [ "$want" -eq 0 ] && ! grep -q "  validated" <<<"$out"; then
    echo "FAIL (not validated): inka-ng $*"; echo "$out" | head -5; failed=$((failed + 1)); return
  fi
  passed=$((passed + 1))
}
check 1 --reach samples/dead.c:9 samples/dead.c
check 0 --reach samples/dead.c:10 samples/dead.c
check 0 --reach samples/triangle.c:5 samples/triangle.c
check 0 --reach samples/triangle.c:7 samples/triangle.c
check 0 --reach samples/triangle.c:9 samples/triangle.c
check 1 --reach samples/triangle.c:12 samples/triangle.c
check 0 --reach samples/triangle.c:13 samples/triangle.c
check 0 --reach samples/triangle.c:15 samples/triangle.c
check 0 --reach samples/loops.c:10 --iter 25 samples/loops.c
check 0 --reach samples/loops.c:14 samples/loops.c
check 0 --reach samples/loops.c:14 --assume 'k == 1' samples/loops.c
check 0 --reach-call reach_error samples/nondet.c
check 0 --reach samples/calls.c:17 samples/calls.c
check 1 --reach samples/calls.c:19 samples/calls.c
check 0 --reach samples/alias.c:12 samples/alias.c
check 0 --reach samples/alias.c:14 samples/alias.c
check 1 --reach samples/alias.c:16 samples/alias.c
check 0 --reach samples/josephus.c:21 --iter 10 samples/josephus.c
check 0 --reach samples/josephus.c:21 --iter 10 --assume 'm == 3' samples/josephus.c
check 0 --reach samples/josephus.c:28 samples/josephus.c
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
