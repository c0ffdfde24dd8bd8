#!/usr/bin/env bash
# --check KINDS --at LINE against gcc's sanitizers (tests/diff/rte.py): random
# functions whose lines hold run-time error sites, every input of a small
# domain run under -fsanitize=undefined,address,float-cast-overflow.  A slice
# in make test; RTE_SEEDS=1-200 (and RTE_JOBS, RTE_KEEP=DIR, RTE_VERBOSE=1)
# for a campaign.
args=(--seeds "${RTE_SEEDS:-1-5}" --jobs "${RTE_JOBS:-2}")
[ -n "$RTE_KEEP" ] && args+=(--keep "$RTE_KEEP")
[ -n "$RTE_VERBOSE" ] && args+=(--verbose)
exec python3 "$(dirname "$0")/rte.py" "${args[@]}" "$@"
