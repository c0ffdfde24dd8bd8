#!/usr/bin/env bash
# Loop facts against their closed forms (tests/diff/loops.py): a sample in
# make test; LOOPS_COUNT=5000 for a campaign.
exec python3 "$(dirname "$0")/loops.py" "${LOOPS_COUNT:-40}" "${LOOPS_SEED:-1}"
