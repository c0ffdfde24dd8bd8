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
# --data-model ILP32: floats keep their IEEE semantics (drivers build with
# -msse2 -mfpmath=sse, not the x87's excess precision), so every target gets
# the verdict it gets under LP64, and its driver compiles for 32 bits (running
# it needs a kernel that runs i386 code, which not every machine has).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
while IFS= read -r text; do
  line=${text%%:*}
  "$INKA" --reach "$prog:$line" --timeout 30 "$prog" >/dev/null 2>&1; lp64=$?
  "$INKA" --reach "$prog:$line" --timeout 30 --data-model ILP32 --emit-test "$tmp/t.c" "$prog" >/dev/null 2>&1; st=$?
  if [ "$st" -ne "$lp64" ]; then
    echo "FAIL ILP32 $prog:$line: exit $st, LP64 $lp64"; failed=$((failed + 1)); continue
  fi
  if [ "$st" -eq 0 ] && ! gcc -m32 -msse2 -mfpmath=sse -fwrapv -w -o "$tmp/t" "$tmp/t.c" -lm 2>/dev/null; then
    echo "FAIL ILP32 $prog:$line: the driver does not compile with -m32"; failed=$((failed + 1)); continue
  fi
  passed=$((passed + 1))
done < <(grep -n '/\*@ ' "$prog")
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
