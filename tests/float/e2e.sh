#!/usr/bin/env bash
# End-to-end on samples/floats.c: each marked target gives the verdict its
# marker states, and every REACHABLE one is validated by running its driver
# under gcov (the driver writes the float inputs as exact hex floats).
INKA=${INKA:-./inka-ng}
prog=samples/floats.c
passed=0; failed=0
while IFS= read -r text; do
  line=${text%%:*}
  want=1; case $text in *"reachable"*) want=0 ;; esac
  case $text in *"unreachable"*) want=1 ;; esac
  out=$("$INKA" --reach "$prog:$line" --validate --timeout 30 "$prog" 2>&1); st=$?
  if [ "$st" -ne "$want" ] || { [ "$want" -eq 0 ] && ! grep -q "  validated" <<<"$out"; }; then
    echo "FAIL (exit $st, want $want): $prog:$line: $out"; failed=$((failed + 1))
  else
    passed=$((passed + 1))
  fi
done < <(grep -n '/\*@ ' "$prog")
# JSON: floats are numbers when finite, else the strings "inf", "-inf", "nan".
out=$("$INKA" --reach "$prog:$(grep -n '@ nan:' $prog | cut -d: -f1)" --json "$prog")
if grep -q '"value": "nan"' <<<"$out"; then passed=$((passed + 1)); else echo "FAIL json nan: $out"; failed=$((failed + 1)); fi
out=$("$INKA" --reach "$prog:$(grep -n '@ negzero:' $prog | cut -d: -f1)" --json "$prog")
if grep -q '"value": -0}' <<<"$out"; then passed=$((passed + 1)); else echo "FAIL json -0: $out"; failed=$((failed + 1)); fi
# 32-bit x86 computes on the x87 with excess precision: refused, not modelled.
"$INKA" --reach "$prog:10" --data-model ILP32 "$prog" >/dev/null 2>&1; st=$?
if [ "$st" -eq 2 ]; then passed=$((passed + 1)); else echo "FAIL ILP32 floats: exit $st"; failed=$((failed + 1)); fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
