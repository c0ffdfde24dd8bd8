#!/usr/bin/env bash
# Native runs against the interpreter on generated programs (tests/diff/native.py):
# a slice in make test; NATIVE_SEEDS=1-300 NATIVE_OBJECTIVES=4 for a campaign.
# The build directory is BUILD, else the one holding $INKA (make asan's), else build/.
dir=$(dirname "${INKA:-./inka-ng}")
[ "$dir" = . ] && dir=build
exec python3 "$(dirname "$0")/native.py" --seeds "${NATIVE_SEEDS:-1-4}" \
  --objectives "${NATIVE_OBJECTIVES:-2}" --build "${BUILD:-$dir}" "$@"
