#!/usr/bin/env bash
# Structured memory against gcc (tests/diff/structmem.py): random programs
# over arrays of structs (an input object, a local, a global), structs
# holding arrays, 2-D arrays and struct pointers, read and written through
# symbolic indices, targets judged against a brute force over small input
# memories and replayed.  A slice in make test (STRUCT_COUNT, default 8
# programs, about 30 s); STRUCT_COUNT=1200 STRUCT_SEED=N for a campaign.
# Run from the repository root with INKA=./inka-ng (as make test does); the
# last line is "N passed, N failed".
STRUCT_COUNT=${STRUCT_COUNT:-8} STRUCT_TIMEOUT=${STRUCT_TIMEOUT:-4} exec python3 "$(dirname "$0")/structmem.py"
