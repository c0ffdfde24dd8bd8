#!/usr/bin/env bash
# --check leak: every marked allocation of tests/e2e/check/leak/*.c says
# "@ leak VERDICT [from F]": asked with --at (runs of F, else of main), the
# answer is VERDICT, and a found leak validates (LeakSanitizer names the
# line) unless the mark says "unvalidated" (LeakSanitizer misses a lost
# block a stale stack slot still points to: a luck of the layout).  Then
# every site of each file at once (--json, --sarif): the same answers.
cd "$(dirname "$0")/../.." || exit 2
INKA=${INKA:-./inka-ng}
D=tests/e2e/check/leak
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

marks() {  # file: "line verdict root validate" per mark
  grep -n '/\* @ leak ' "$1" | sed -E 's|^([0-9]+):.*/\* @ leak ([a-z]+)( from ([a-z_]+))?( unvalidated)?.*|\1 \2 \4 \5|'
}

for f in "$D"/*.c; do
  while read -r line want root unvalidated; do
    [ "$root" = unvalidated ] && { unvalidated=$root; root=; }
    args=(--check leak --at "$f:$line" --timeout 30)
    [ -n "$root" ] && args+=(--function "$root")
    [ -z "$unvalidated" ] && args+=(--validate)
    out=$($INKA "${args[@]}" "$f" 2>&1 | head -1)
    got=$(awk '{print tolower($1)}' <<<"$out")
    if [ "$got" = "$want" ] && { [ "$want" != found ] || [ -n "$unvalidated" ] || grep -q "  validated" <<<"$out"; }; then ok
    else bad "$f:$line${root:+ from $root}: want $want: $out"; fi
  done < <(marks "$f")
done

# every site of a file at once, per root: the answers of the lines asked alone
for f in "$D"/*.c; do
  for root in $(marks "$f" | awk '{print $3}' | sort -u) ""; do
    [ "$root" = unvalidated ] && continue
    want=$(marks "$f" | awk -v r="$root" '$3 == r || (r == "" && ($3 == "" || $3 == "unvalidated")) {print $1 ":" $2}')
    [ -z "$want" ] && continue
    args=(--check leak --json --objective-timeout 10)
    [ -n "$root" ] && args+=(--function "$root")
    $INKA "${args[@]}" --sarif "$tmp/s.sarif" "$f" >"$tmp/all.json"
    got=$(python3 -c 'import json,sys; print(" ".join("%d:%s" % (s["line"], s["verdict"]) for s in json.load(open(sys.argv[1]))["sites"]))' "$tmp/all.json")
    for w in $want; do
      if grep -qw -- "$w" <<<"$got"; then ok; else bad "$f${root:+ from $root}, every site: want $w, got $got"; fi
    done
    if python3 tests/e2e/check_sarif.py "$tmp/s.sarif" "$tmp/all.json"; then ok; else bad "SARIF of $f"; fi
  done
done
# --jobs 2: the same sites, in the same order, with the same answers (the
# workers answer deepest first)
f=$D/main_paths.c
$INKA --check leak,null,overflow --json --quiet "$f" >"$tmp/one.json"
$INKA --check leak,null,overflow --json --quiet --jobs 2 "$f" >"$tmp/two.json"
if python3 - "$tmp/one.json" "$tmp/two.json" <<'PY'; then ok; else bad "--jobs 2 on $f: other answers"; fi
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
key = lambda d: [(s["line"], s["column"], s["kind"], s["verdict"]) for s in d["sites"]]
sys.exit(0 if key(a) == key(b) and a["summary"] == b["summary"] else 1)
PY
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
