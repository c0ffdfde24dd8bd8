#!/usr/bin/env bash
# Lists built from nondet values in a loop, then walked and checked (the
# sv-benchmarks kind), on programs of our own: tests/e2e/nondet_lists/*.c,
# checked like the proofs (proofs.sh): each REACHABLE must validate, with
# the nondet values the confirming run recorded (label/confirm.c).
exec "$(dirname "$0")/proofs.sh" tests/e2e/nondet_lists
