#!/usr/bin/env bash
# Interval invariants of float loops against gcc (tests/diff/floatloops.py):
# random loops over float and double locals (constants from -0.0 and
# denormals to 3.4e38f and 1e300, + - * / with conversions, overflow to inf,
# NaNs, underflow, breaks), targets after the loop comparing the locals with
# constants taken from the exit values, judged against every (n, c) run by
# gcc -O0 -ffp-contract=off.  A sample (FLOAT_COUNT, default 6 programs,
# about 20 s); FLOAT_COUNT=400 FLOAT_SEED=N for a campaign (FLOAT_BASE=PATH
# also asks another binary about the dead targets).  Run from the repository
# root with INKA=./inka-ng; the last line is "N passed, N failed".
FLOAT_COUNT=${FLOAT_COUNT:-6} exec python3 "$(dirname "$0")/floatloops.py"
