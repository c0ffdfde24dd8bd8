#!/usr/bin/env bash
# Trip counts linked through lists against execution (tests/diff/lists.py):
# a sample in make test; LISTS_COUNT=500 LISTS_JOBS=2 for a campaign.
exec python3 "$(dirname "$0")/lists.py" "${LISTS_COUNT:-16}" "${LISTS_SEED:-1}"
