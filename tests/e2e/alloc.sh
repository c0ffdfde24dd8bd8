#!/usr/bin/env bash
# Allocations of a size the inputs decide (malloc, calloc, realloc):
# verdicts on tests/e2e/alloc/*.c as proofs.sh asks them, then --check at
# every line of tests/e2e/alloc/checks.c marked "@ KIND VERDICT[: why][; ...]"
# (a found error must validate: its driver, built with the sanitizers,
# stops at that line).
cd "$(dirname "$0")/../.." || exit 2
INKA=${INKA:-./inka-ng}
F=tests/e2e/alloc/checks.c
out=$(bash tests/e2e/proofs.sh tests/e2e/alloc); st=$?
printf '%s\n' "$out" | grep '^FAIL'
pass=$(printf '%s\n' "$out" | tail -1 | awk '{print $1}'); fail=$(printf '%s\n' "$out" | tail -1 | awk '{print $3}')
[ -n "$pass" ] || { pass=0; fail=1; echo "FAIL proofs.sh tests/e2e/alloc: $out"; }
[ $st -eq 0 ] || [ "$fail" -gt 0 ] || fail=1

while IFS= read -r marked; do
  line=${marked%%:*}
  pairs=${marked#*@ }; pairs=${pairs%% \*/*}
  IFS=';' read -ra list <<<"$pairs"
  for pair in "${list[@]}"; do
    read -r kind want _ <<<"${pair%%:*}"
    res=$($INKA --check "$kind" --at "$F:$line" --timeout 30 --validate "$F" 2>&1 | head -1)
    got=$(printf '%s' "$res" | awk '{print tolower($1)}')
    if [ "$got" = "$want" ] && { [ "$want" != found ] || grep -q "  validated" <<<"$res"; }; then pass=$((pass + 1))
    else fail=$((fail + 1)); echo "FAIL $F:$line --check $kind want $want: $res"; fi
  done
done < <(grep -n '/\* @ ' "$F")

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
