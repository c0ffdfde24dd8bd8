#!/usr/bin/env bash
# Random differential test of inka-ng (issue 4): see tests/diff/run.py.
# Run from the repository root with INKA=./inka-ng (as `make test` does).
# DIFF_COUNT=N scales the number of programs; DIFF_SEED picks another set.
exec python3 "$(dirname "$0")/run.py" "$@"
