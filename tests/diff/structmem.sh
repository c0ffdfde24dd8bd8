#!/usr/bin/env bash
# Structured memory against gcc (tests/diff/structmem.py): random programs
# over arrays of structs (an input object, a local, a global), structs
# holding arrays, 2-D arrays and struct pointers, read and written through
# symbolic indices, targets judged against a brute force over small input
# memories and replayed.  A slice in make test: seeds 19-22, about 20
# queries, about 30 s (seed 21 holds the pinned read that was a wrong
# REACHABLE before the kernel's class fix); STRUCT_COUNT=1200 STRUCT_SEED=N
# STRUCT_TIMEOUT=3 for a campaign.  Run from the repository root with
# INKA=./inka-ng (as make test does); the last line is "N passed, N failed".
STRUCT_SEED=${STRUCT_SEED:-19} STRUCT_COUNT=${STRUCT_COUNT:-4} STRUCT_TIMEOUT=${STRUCT_TIMEOUT:-2} exec python3 "$(dirname "$0")/structmem.py"
