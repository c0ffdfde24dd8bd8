#!/usr/bin/env bash
# Programs without inputs (tests/e2e/noinputs/): one execution of the
# program decides, however long it runs (--timeout is its only budget):
# REACHABLE validated where it meets the objective, UNREACHABLE where it
# ends without it.  Run from the repository root with INKA set.
INKA=${INKA:-./inka-ng}
D=tests/e2e/noinputs
passed=0; failed=0
check() {  # want-exit want-text args...
  local want=$1 text=$2 out st; shift 2
  out=$("$INKA" --timeout 60 "$@" 2>&1); st=$?
  if [ "$st" -eq "$want" ] && grep -q "$text" <<<"$out"; then passed=$((passed + 1))
  else echo "FAIL (exit $st, want $want): inka-ng $*"; echo "$out" | head -3; failed=$((failed + 1)); fi
}
check 0 "validated" --reach-call reach_error --validate $D/lcg.c
check 1 "UNREACHABLE" --reach 13 $D/lcg.c
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
