#!/usr/bin/env bash
# Variable length arrays and array parameters on programs of our own:
# tests/e2e/arrays/*.c, checked like the proofs (proofs.sh).
exec "$(dirname "$0")/proofs.sh" tests/e2e/arrays
