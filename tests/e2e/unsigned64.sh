#!/usr/bin/env bash
# End-to-end: 64-bit unsigned values (size_t, uint64_t) are numbers from 0
# to 2^64-1 in every deduction, never the negative numbers their stored bit
# patterns read as.  Every REACHABLE answer is validated by compiling and
# running its driver; each case was a wrong UNREACHABLE once.  Run from the
# repository root with INKA set (make test does).
INKA=${INKA:-./inka-ng}
D=tests/e2e/unsigned64
passed=0; failed=0
check() {  # expected-exit file flags...
  local want=$1 file=$2; shift 2
  local out st
  out=$("$INKA" "$@" --validate "$file" 2>&1); st=$?
  if [ "$st" -ne "$want" ]; then
    echo "FAIL (exit $st, want $want): inka-ng $* $file"; echo "$out" | head -5; failed=$((failed + 1)); return
  fi
  if [ "$want" -eq 0 ] && ! grep -q "  validated" <<<"$out"; then
    echo "FAIL (not validated): inka-ng $* $file"; echo "$out" | head -5; failed=$((failed + 1)); return
  fi
  passed=$((passed + 1))
}
# may_reach: a loop-written u64 spans [0, 2^64-1]; a read one keeps its values
check 0 $D/may_reach.c --reach 9
check 0 $D/may_reach.c --reach 19
check 0 $D/may_reach.c --reach 32
check 0 $D/may_reach.c --reach 50
# --cover branches over size_t code (checksum, LEB128, base64 length, binary
# search, ring buffer, decimal parse, align-up): every branch claimed dead
# carries its "never" mark
cover_dead_marked() {  # file
  local file=$1 report bad
  report=$(mktemp)
  "$INKA" --cover branches --timeout 120 --json "$file" >"$report" 2>/dev/null
  bad=$(python3 - "$file" "$report" 2>&1 <<'PY'
import json, sys
lines = open(sys.argv[1]).read().split("\n")
try:
    doc = json.load(open(sys.argv[2]))
except ValueError:
    sys.exit("no JSON report")
dead = [o for o in doc["objectives"] if o["status"] == "dead"]
for o in dead:
    if "never %s" % o["kind"] not in lines[o["line"] - 1]:
        print("line %d: %s branch claimed dead" % (o["line"], o["kind"]))
PY
)
  rm -f "$report"
  if [ -n "$bad" ]; then
    echo "FAIL: --cover branches $file: $bad"; failed=$((failed + 1))
  else passed=$((passed + 1)); fi
}
cover_dead_marked $D/cover.c
echo "$passed passed, $failed failed"
