#!/usr/bin/env bash
# Loop invariants and elimination against execution (tests/diff/invariants.py):
# a sample in make test; INV_COUNT=1000 for a campaign.
exec python3 "$(dirname "$0")/invariants.py" "${INV_COUNT:-60}" "${INV_SEED:-1}"
