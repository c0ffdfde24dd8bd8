#!/usr/bin/env bash
# Native runs against the interpreter on generated programs (tests/diff/native.py):
# a slice in make test; NATIVE_SEEDS=1-300 NATIVE_OBJECTIVES=4 for a campaign.
exec python3 "$(dirname "$0")/native.py" --seeds "${NATIVE_SEEDS:-1-4}" \
  --objectives "${NATIVE_OBJECTIVES:-2}" --build "${BUILD:-build}" "$@"
