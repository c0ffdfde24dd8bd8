#!/usr/bin/env bash
# Carrier unions against gcc (tests/diff/unions.py): random unions of 1-8
# bytes, stores and reads through their members, targets judged against a
# brute force over all 65,536 inputs of f(unsigned char, unsigned char).
# A sample in make test (UNION_COUNT, default 20 programs, about 40 s);
# UNION_COUNT=500 UNION_SEED=N for a campaign.  Run from the repository root
# with INKA=./inka-ng (as make test does); the last line is
# "N passed, N failed".
UNION_COUNT=${UNION_COUNT:-20} exec python3 "$(dirname "$0")/unions.py"
