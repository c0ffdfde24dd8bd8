#!/usr/bin/env bash
# Signed overflow in both semantics against gcc (tests/diff/overflow.py): ISO C
# (UBSan-trapping builds) and --wrapv (gcc -fwrapv).  A slice in make test;
# OVF_SEEDS=1-500 for a campaign.
exec python3 "$(dirname "$0")/overflow.py" --seeds "${OVF_SEEDS:-1-5}" "$@"
