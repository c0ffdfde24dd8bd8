#!/usr/bin/env bash
# Differential: operators spelled in macro bodies.  Random functions whose
# operators hide in macros (macros_gen.py) must have the IR of their own
# preprocessed output (gcc -E) (line numbers left out: -E moves them), and none may be
# refused.  MACROS_N=count (default 40), MACROS_SEED=first seed.  Run from
# the repository root with INKA set (make test does).
INKA=${INKA:-./inka-ng}
N=${MACROS_N:-40}
S=${MACROS_SEED:-1}
CLANG=${CLANG:-gcc}  # any C preprocessor: the expansion is the standard's
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0; failed=0
ir() {  # file -> the IR dump without line numbers and the header line
  "$INKA" --dump-ir "$1" 2>&1 | tail -n +2 | sed -E 's/^ *[0-9]+: /    /'
}
for ((i = S; i < S + N; i++)); do
  python3 tests/frontend/macros_gen.py "$i" > "$tmp/m.c"
  if ! "$CLANG" -E -P "$tmp/m.c" -o "$tmp/e.c" 2>/dev/null; then
    echo "FAIL seed $i: $CLANG -E failed"; failed=$((failed + 1)); continue
  fi
  a=$(ir "$tmp/m.c"); b=$(ir "$tmp/e.c")
  if grep -q "unsupported" <<<"$a$b" || [ "$a" != "$b" ]; then
    echo "FAIL seed $i (python3 tests/frontend/macros_gen.py $i):"
    diff <(echo "$a") <(echo "$b") | head -10
    failed=$((failed + 1))
  else
    passed=$((passed + 1))
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
