#!/usr/bin/env bash
# Residue unrolling of loop invariants against gcc (tests/diff/residues.py):
# random loops whose guards read k % m or k & (m - 1) of a counter moving by
# a constant, targets after the loop judged against a brute force over every
# input.  A sample (RESIDUE_COUNT, default 4 programs, about 20 s);
# RESIDUE_COUNT=300 RESIDUE_SEED=N for a campaign.  Run from the repository
# root with INKA=./inka-ng; the last line is "N passed, N failed".
RESIDUE_COUNT=${RESIDUE_COUNT:-4} exec python3 "$(dirname "$0")/residues.py"
