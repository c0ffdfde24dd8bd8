#!/usr/bin/env bash
# Trip counts of --iter loops (translate/trip_count.c) on programs of our
# own: tests/e2e/trips/*.c, checked like the proofs (proofs.sh).
exec "$(dirname "$0")/proofs.sh" tests/e2e/trips
