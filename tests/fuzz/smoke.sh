#!/usr/bin/env bash
# A short run of the fuzzing campaign (tests/fuzz/fuzz.py; `make fuzz` runs
# the full one): csmith programs checked against gcov, random functions
# checked by running them, for about FUZZ_SMOKE_S seconds (default 30).
# Without csmith it says so and runs the random functions only.
# Run from the repository root with INKA set (make test does it).
INKA=${INKA:-./inka-ng}
secs=${FUZZ_SMOKE_S:-30}
ncsmith=400
if ! command -v csmith >/dev/null 2>&1; then
  echo "SKIPPED: csmith is not installed (make deps installs it); random functions only"
  ncsmith=0
fi
exec python3 "$(dirname "$0")/fuzz.py" --inka "$INKA" --csmith $ncsmith --random 200 --seconds "$secs" \
  --timeout 2 --lines 2 --seed "${FUZZ_SEED:-1}" --reduce-s 30 --keep "${TMPDIR:-/tmp}/inka-fuzz-smoke-failures"
