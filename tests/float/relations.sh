#!/usr/bin/env bash
# End-to-end on tests/float/relations.c: float facts that need relations
# between values (operators/float/fp_relate.c) and their near misses.  Each
# marked target gives the verdict its marker states; every REACHABLE one is
# validated by running its driver under gcov.
INKA=${INKA:-./inka-ng}
prog=tests/float/relations.c
passed=0; failed=0
while IFS= read -r text; do
  line=${text%%:*}
  want=0; case $text in *"@ unreachable"*) want=1 ;; esac
  out=$("$INKA" --reach "$prog:$line" --validate --timeout 30 "$prog" 2>&1); st=$?
  if [ "$st" -ne "$want" ] || { [ "$want" -eq 0 ] && ! grep -q "  validated" <<<"$out"; }; then
    echo "FAIL (exit $st, want $want): $prog:$line: $out"; failed=$((failed + 1))
  else
    passed=$((passed + 1))
  fi
done < <(grep -n '/\*@ ' "$prog")
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
