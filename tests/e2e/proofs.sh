#!/usr/bin/env bash
# Verdicts on programs of our own (default: the relational proofs of
# tests/e2e/proofs/*.c; another directory as $1): each line marked
# /* expect V [OPTIONS] [remark] */ is asked with --reach and the options
# (the words that start with --, and the number or name after --iter,
# --function, --max-unfold and --timeout, default 20); V is
# reachable (then the answer must validate under gcov), unreachable, or
# not-reachable (UNKNOWN is accepted: a known gap, but REACHABLE would be a
# wrong verdict), or unknown (no proof either way exists: the program reads
# a value no test controls).
cd "$(dirname "$0")/../.." || exit 2
INKA=${INKA:-./inka-ng}
DIR=${1:-tests/e2e/proofs}
pass=0; fail=0
for f in "$DIR"/*.c; do
  while IFS=: read -r line rest; do
    want=$(printf '%s' "$rest" | sed 's/.*expect \([a-z-]*\).*/\1/')
    flags=$(printf '%s' "$rest" | sed 's/.*expect [a-z-]*\([^*]*\)\*\/.*/\1/' | tr ' ' '\n' |
      awk '/^--/ { print; arg = /^--(iter|function|max-unfold|timeout)$/; next } arg { print; arg = 0 }' | tr '\n' ' ')
    [ "$want" = reachable ] && flags="$flags --validate"
    case " $flags " in *" --timeout "*) ;; *) flags="$flags --timeout 20" ;; esac
    out=$($INKA --reach "$f:$line" $flags "$f" 2>&1 | head -1)
    got=$(printf '%s' "$out" | awk '{print tolower($1)}')
    ok=0
    case "$want" in
      reachable|unreachable) [ "$got" = "$want" ] && ok=1 ;;
      not-reachable) [ "$got" != reachable ] && ok=1 ;;
      unknown) [ "$got" = unknown ] && ok=1 ;;
    esac
    if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $f:$line want $want: $out"; fi
  done < <(grep -n 'expect [a-z-]*' "$f")
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
