#!/usr/bin/env bash
# The concrete mode's guesses (label/concrete.c) on programs of our own:
# every line of tests/e2e/concrete/*.c marked /* guess [OPTIONS] */ is asked
# with --reach, --stats and the options.  Each target needs hundreds or
# thousands of loop iterations (floats, nondet values, pointer inputs),
# which the guesses answer in a few runs: the answer must be REACHABLE,
# validate under gcov, take under 10 s of solving (20 s budget), and the
# concrete mode must have applied (concrete runs, or no search beyond the
# short attempt of 200 nodes before the guesses).  Then --no-concrete must
# not contradict it (REACHABLE, or UNKNOWN within its shorter budget).
cd "$(dirname "$0")/../.." || exit 2
INKA=${INKA:-./inka-ng}
DIR=${1:-tests/e2e/concrete}
pass=0; fail=0
for f in "$DIR"/*.c; do
  while IFS=: read -r line rest; do
    flags=$(printf '%s' "$rest" | sed 's/.*guess\([^*]*\)\*\/.*/\1/')
    out=$($INKA --reach "$f:$line" --stats --validate --timeout 20 $flags "$f" 2>&1)
    first=$(printf "%s\n" "$out" | head -1)
    runs=$(printf '%s\n' "$out" | sed -n 's/.*concrete runs \([0-9]*\).*/\1/p' | head -1)
    nodes=$(printf '%s\n' "$out" | sed -n 's/.*search nodes \([0-9]*\).*/\1/p' | head -1)
    plain=$($INKA --reach "$f:$line" --no-concrete --timeout 10 $flags "$f" 2>&1 | head -1 | awk '{print $1}')
    secs=$(printf '%s' "$first" | sed -n 's/.*  \([0-9.]*\) s  validated.*/\1/p')
    if printf '%s' "$first" | grep -q '^REACHABLE .*validated' && [ -n "$secs" ] &&
      awk -v t="$secs" 'BEGIN { exit !(t < 10) }' && { [ "${runs:-0}" -gt 0 ] || [ "${nodes:-201}" -le 200 ]; } &&
      { [ "$plain" = REACHABLE ] || [ "$plain" = UNKNOWN ]; }; then
      pass=$((pass + 1))
    else
      fail=$((fail + 1))
      echo "FAIL $f:$line: $(printf '%s' "$first" | cut -c1-200) (concrete runs ${runs:-?}, search nodes ${nodes:-?}; --no-concrete: $plain)"
    fi
  done < <(grep -n '/\* guess' "$f")
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
