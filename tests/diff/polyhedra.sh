#!/usr/bin/env bash
# Loop invariants over polyhedra against execution (tests/diff/polyhedra.py):
# a sample in make test; POLY_COUNT=1000 POLY_JOBS=2 for a campaign.
exec python3 "$(dirname "$0")/polyhedra.py" "${POLY_COUNT:-40}" "${POLY_SEED:-1}"
