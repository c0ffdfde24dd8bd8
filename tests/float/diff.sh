#!/usr/bin/env bash
# Random differential test of float programs against gcc -O0: see
# tests/float/diff_float.py.  Run from the repository root with INKA set (make
# test does it); FLOAT_DIFF_COUNT programs (default 20), FLOAT_DIFF_SEED.
export FLOAT_DIFF_COUNT=${FLOAT_DIFF_COUNT:-20}
exec python3 "$(dirname "$0")/diff_float.py" "${INKA:-./inka-ng}"
