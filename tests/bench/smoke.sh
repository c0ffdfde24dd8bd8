#!/usr/bin/env bash
# The bench smoke of make test: bench/run (every table of make bench) with
# the smallest sizes, one run each, so that a table that no longer builds or
# runs fails here instead of going missing from make bench.  It passes when
# every table printed; it asserts no time and no verdict.
# usage: INKA=./inka-ng BUILD=build bash tests/bench/smoke.sh
cd "$(dirname "$0")/../.." || exit 2
out=$(env BENCH_RUNS=1 BENCH_QUEENS_N=6 BENCH_TIERS=core,proof BENCH_MAX_CASES=2 BENCH_PROOF_TIMEOUT=10 \
  BENCH_JOSEPHUS_K=10 BENCH_LIST_K=10 BENCH_LOOP_TIMEOUT=10 BENCH_CONCRETE_N=10000 \
  BENCH_OBJ_S=1 BENCH_CHECK_S=1 BENCH_CHECK_PROGRAMS=samples/triangle.c \
  INKA="${INKA:-./inka-ng}" BUILD="${BUILD:-build}" bench/run 2>&1)
rc=$?
printf '%s\n' "$out"
tables=$(printf '%s\n' "$out" | grep -c '^== ')
printed=$(printf '%s\n' "$out" | sed -n 's/^bench: \([0-9]*\) tables printed.*/\1/p' | tail -n 1)
if [ "$rc" -eq 0 ] && [ "$tables" -gt 0 ] && [ "${printed:-0}" -eq "$tables" ]; then
  echo "$tables passed, 0 failed"
else
  echo "bench smoke: exit $rc, ${printed:-no count of} tables printed of $tables"
  echo "${printed:-0} passed, $(( tables > ${printed:-0} ? tables - ${printed:-0} : 1 )) failed"
  exit 1
fi
