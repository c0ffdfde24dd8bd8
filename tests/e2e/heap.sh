#!/usr/bin/env bash
# Pointer inputs (lists, arrays, strings, trees, sharing, cycles) on programs
# of our own: tests/e2e/heap/*.c, checked like the proofs (proofs.sh).
exec "$(dirname "$0")/proofs.sh" tests/e2e/heap
