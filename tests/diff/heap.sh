#!/usr/bin/env bash
# Random differential test of pointer inputs (issue 11, tests/diff/heap.py):
# first the brute force's own checks (heap.py --selftest), then HEAP_COUNT
# random programs (default 16 in make test; HEAP_COUNT=500 for a campaign).
# Run from the repository root with INKA=./inka-ng (as make test does).
# The last line adds up both: "N passed, N failed".
here=$(dirname "$0")
s=$(python3 "$here/heap.py" --selftest 2>&1); st1=$?
printf '%s\n' "$s" | tail -n 30
t=$(HEAP_COUNT=${HEAP_COUNT:-16} python3 "$here/heap.py" 2>&1); st2=$?
printf '%s\n' "$t" | grep -vE '^[0-9]+ passed, [0-9]+ failed$'
sum() { printf '%s\n' "$1" | grep -E '^[0-9]+ passed, [0-9]+ failed$' | tail -n 1; }
a=$(sum "$s"); b=$(sum "$t")
a=${a:-0 passed, 1 failed}; b=${b:-0 passed, 1 failed}   # no summary: a crash
p=$(( ${a%% passed*} + ${b%% passed*} )); f1=${a#*, }; f2=${b#*, }
f=$(( ${f1%% failed*} + ${f2%% failed*} ))
echo "$p passed, $f failed"
[ "$st1" -eq 0 ] && [ "$st2" -eq 0 ] && [ "$f" -eq 0 ]
