#!/usr/bin/env bash
# Allocations of a size the inputs decide (malloc, calloc, realloc) against
# gcc's program under ASan and UBSan (tests/diff/alloc.py): every input of a
# small window of n and k, exact.  A slice in make test; ALLOC_SEEDS=1-200
# (and ALLOC_JOBS, ALLOC_KEEP=DIR, ALLOC_VERBOSE=1) for a campaign.
args=(--seeds "${ALLOC_SEEDS:-1-3}" --jobs "${ALLOC_JOBS:-2}")
[ -n "$ALLOC_KEEP" ] && args+=(--keep "$ALLOC_KEEP")
[ -n "$ALLOC_VERBOSE" ] && args+=(--verbose)
exec python3 "$(dirname "$0")/alloc.py" "${args[@]}" "$@"
