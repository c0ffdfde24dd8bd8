#!/usr/bin/env bash
# Degree-2 loop invariants (monomials) against execution (tests/diff/monomials.py):
# a sample in make test; MONO_COUNT=1000 MONO_JOBS=2 for a campaign.
exec python3 "$(dirname "$0")/monomials.py" "${MONO_COUNT:-30}" "${MONO_SEED:-1}"
