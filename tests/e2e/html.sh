#!/usr/bin/env bash
# --html DIR: the page sets of --cover, --check, --reach, --reach-call and
# --merge-reports, checked against the JSON report of the same run
# (html_check.py: every objective's or site's answer in its file's page,
# source text escaped, nothing referred to outside the pages, under 2 MB);
# the page set of a 30-function suite; then, when chromium is installed,
# the pages as a browser shows them: screenshots, and the text of the DOM
# (with JavaScript off: the pages read without it) checked the same way,
# and the time the largest page takes to load.  Without chromium that part
# is skipped, said so, and counted neither way.
cd "$(dirname "$0")/../.." || exit 2
INKA=${INKA:-./inka-ng}
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# pages NAME ARGS...: the run with --json and --html, then its check
pages() {
  local name=$1; shift
  "$INKA" "$@" --json --html "$tmp/$name" >"$tmp/$name.json" 2>"$tmp/$name.err"
  local st=$?
  if [ $st -eq 2 ] || [ ! -f "$tmp/$name/index.html" ]; then
    bad "$name: inka-ng $* --html: exit $st: $(head -3 "$tmp/$name.err")"; return
  fi
  local out
  if out=$(python3 tests/e2e/html_check.py "$tmp/$name.json" "$tmp/$name"); then ok
  else bad "$name: $(grep -v '^[0-9]* passed' <<<"$out" | head -5)"; fi
}

pages triangle --cover branches --emit-dir "$tmp/triangle-suite" samples/triangle.c
pages list --cover branches samples/list.c
pages escape-cover --cover branches tests/e2e/html/escape.c
pages escape-check --check div,shift,overflow --validate tests/e2e/html/escape.c
pages dead --reach samples/dead.c:9 samples/dead.c
pages alias --reach samples/alias.c:12 samples/alias.c
pages nondet --reach-call reach_error samples/nondet.c
pages at --check div --at tests/e2e/html/escape.c:7 tests/e2e/html/escape.c

# what the pages say beyond the statuses: the proof of a dead branch, the
# suite's replay command, a found error's sanitizer report, a test's input
# memory drawn as a graph (when Graphviz is installed), the per-function row
page=$tmp/triangle/file-1-triangle.c.html
if grep -q 'proof: the solver refuted every input' "$page" && grep -q "triangle-suite/inka_suite 1<" "$page"; then ok
else bad "triangle: no proof of the dead branch or no replay command in $page"; fi
if grep -q '<th scope="row"><a href="file-1-triangle.c.html#L3">classify</a></th>' "$tmp/triangle/index.html" &&
   grep -q '25 / 26 (96.15%)' "$tmp/triangle/index.html"; then ok
else bad "triangle: the index has no row for classify with gcov's branches"; fi
if grep -q 'sanitizer: escape.c:7:[0-9]*: runtime error: division by zero' "$tmp/escape-check/file-1-escape.c.html"; then ok
else bad "escape-check: no sanitizer report of the division by zero"; fi
# the replay commands of the pages do what they say: a found error's driver
# stops in the sanitizer at its line; a suite's test runs
replay() {  # the command of test $2 in page $1, as the page shows it
  python3 -c 'import html, re, sys
m = re.search(r"id=\"t%s\".*?<pre class=\"cmd\"><code>(.*?)</code>" % sys.argv[2], open(sys.argv[1]).read(), re.S)
print(html.unescape(m.group(1)) if m else "false")' "$1" "$2"
}
cmd=$(replay "$tmp/escape-check/file-1-escape.c.html" 1)
if (cd "$tmp" && sh -c "$cmd") 2>&1 | grep -q 'escape.c:7:[0-9]*: runtime error: division by zero'; then ok
else bad "escape-check: the replay command of test 1 does not stop at the division: $cmd"; fi
cmd=$(replay "$tmp/triangle/file-1-triangle.c.html" 2)
if (cd "$tmp" && sh -c "$cmd" >/dev/null 2>&1); [ $? -ne 77 ] && [ -x "$tmp/triangle-suite/inka_suite" ]; then ok
else bad "triangle: the replay command of test 2 did not build and run the test: $cmd"; fi

if command -v dot >/dev/null; then
  if grep -q '<svg' "$tmp/list/file-1-list.c.html" && ! grep -q 'xmlns\|<?xml\|<!DOCTYPE svg' "$tmp/list/file-1-list.c.html"
  then ok; else bad "list: no input memory drawn, or an SVG prologue left in the page"; fi
else
  echo "note: Graphviz (dot) is not installed: the input memories are text"
fi

# --merge-reports A.json B.json --html DIR: one page set of both runs
"$INKA" --cover branches --function clamp --json samples/calls.c >"$tmp/a.json" 2>/dev/null
"$INKA" --cover branches --function grade --json samples/calls.c >"$tmp/b.json" 2>/dev/null
if "$INKA" --merge-reports "$tmp/a.json" "$tmp/b.json" --html "$tmp/merged" >"$tmp/merged.json" 2>"$tmp/merged.err" &&
   out=$(python3 tests/e2e/html_check.py "$tmp/merged.json" "$tmp/merged"); then ok
else bad "merged: $(head -3 "$tmp/merged.err") $(grep -v '^[0-9]* passed' <<<"$out" | head -5)"; fi

# a report made by hand with markup wherever a text goes: all of it shows as text
cat >"$tmp/hostile.json" <<'END'
{"mode": "cover", "cover": "branches", "file": "x<script>alert(1)</script>.c", "functions": ["f<img src=x onerror=alert(1)>"],
 "emit_dir": "d'><script>alert(2)</script>",
 "totals": {"objectives": 2, "covered": 1, "dead": 1, "unknown": 0, "tests": 1},
 "gcov": {"measured": true, "branches": {"total": 2, "covered": 1, "percent": "<script>alert(3)</script>", "best": 1, "best_percent": 50.0},
          "functions": [{"name": "f<img src=x onerror=alert(1)>", "line": 1, "branches": {"total": 2, "covered": 1, "percent": "<b>", "best": 1, "best_percent": 50.0}}]},
 "objectives": [
  {"kind": "true<i>", "function": "f<img src=x onerror=alert(1)>", "unit": "f", "line": 3, "col": 5, "status": "covered", "test": 1, "reason": null},
  {"kind": "false", "function": "f<img src=x onerror=alert(1)>", "unit": "f", "line": 3, "col": 5, "status": "dead", "test": null, "reason": "</li><script>alert(4)</script>"}],
 "tests": [{"id": 1, "function": "f<img src=x onerror=alert(1)>", "inputs": [{"name": "<b>x</b>", "type": "int<script>", "value": "<script>alert(5)</script>"}],
            "nondet": [], "input_memory": [{"label": "in1<script>", "type": "struct <s>", "count": 1, "cells": [{"path": "<p>", "value": {"ref": "in1<script>", "cell": 0}}]}],
            "solved_for": {"line": 3, "col": 5, "kind": "true<i>"}, "covers_first": 1}],
 "tool": "inka-ng"}
END
if "$INKA" --merge-reports "$tmp/hostile.json" --html "$tmp/hostile" >"$tmp/hostile-merged.json" 2>/dev/null &&
   out=$(python3 tests/e2e/html_check.py "$tmp/hostile-merged.json" "$tmp/hostile") &&
   ! grep -q '<img\|<b>\|<i>\|<s>\|alert([0-9])</script>' "$tmp/hostile"/*.html; then ok
else bad "hostile: markup of the report went into the pages: $(grep -v '^[0-9]* passed' <<<"$out" | head -3)"; fi

# usage: --html needs a value; not with --dump-ir; a directory that cannot be made
"$INKA" --reach samples/dead.c:9 samples/dead.c --html >/dev/null 2>&1; [ $? -eq 2 ] && ok || bad "--html without a value"
"$INKA" --dump-ir --html "$tmp/x" samples/dead.c >/dev/null 2>&1; [ $? -eq 2 ] && ok || bad "--html with --dump-ir"
"$INKA" --reach samples/dead.c:9 --html /proc/no/such samples/dead.c >/dev/null 2>&1; [ $? -eq 2 ] && ok ||
  bad "--html into a directory that cannot be made"

# a suite of 30 functions (scalar and pointer inputs): pages under 2 MB
big=$tmp/thirty.c
scripts/thirty-functions >"$big"
pages thirty --cover branches --objective-timeout 2 "$big"
rows=$(grep -c '<th scope="row">' "$tmp/thirty/index.html" 2>/dev/null)
[ "$rows" = 30 ] && ok || bad "thirty: $rows rows in the index, want 30"

# the pages in a browser (few runs of it: starting chromium is slow)
chrome=$(command -v chromium || command -v chromium-browser)
if [ -z "$chrome" ]; then
  echo "SKIP: chromium is not installed: the pages were not opened in a browser (apt-get install chromium)"
  echo "$pass passed, $fail failed"
  [ "$fail" -eq 0 ]; exit
fi
browse() {  # browse OUTPUT-OPTION PAGE [more options]
  timeout 120 "$chrome" --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$tmp/chrome" \
    "${@:3}" "$1" "file://$2" 2>/dev/null
}
# a screenshot of a sample's page, and the text of the DOM the browser built
# from it: every objective's status is in what it shows
page=$tmp/triangle/file-1-triangle.c.html
mkdir -p "$tmp/triangle-dom"
cp "$tmp/triangle/index.html" "$tmp/triangle-dom/"
browse --dump-dom "$page" --screenshot="$tmp/triangle.png" --window-size=1000,900 >"$tmp/triangle-dom/$(basename "$page")"
if [ -s "$tmp/triangle.png" ] && [ "$(head -c 4 "$tmp/triangle.png" | tail -c 3)" = PNG ]; then ok
else bad "triangle: no screenshot of $page"; fi
if out=$(python3 tests/e2e/html_check.py "$tmp/triangle.json" "$tmp/triangle-dom" --dom); then ok
else bad "triangle in chromium: $(grep -v '^[0-9]* passed' <<<"$out" | head -5)"; fi

# loading: the index and the largest page of the 30-function suite, each
# in a frame of a page that notes when the frame's load ended
largest=$(ls -S "$tmp/thirty"/file-*.html | head -1)
{
  echo '<!DOCTYPE html><title>load</title><p id="r"></p><script>var t0 = performance.now();'
  echo "function done(n) { document.getElementById('r').textContent += n + '=' + Math.round(performance.now() - t0) + ' '; }</script>"
  echo "<iframe src=\"thirty/index.html\" onload=\"done('index')\"></iframe>"
  echo "<iframe src=\"thirty/$(basename "$largest")\" onload=\"done('page')\"></iframe>"
} >"$tmp/load.html"
# both pages load (the time is printed, never asserted: speed is measured
# by make bench, on a quiet machine)
times=$(browse --dump-dom "$tmp/load.html" | grep -o '\(index\|page\)=[0-9]*' | tr '\n' ' ')
ms=$(grep -o 'page=[0-9]*' <<<"$times" | cut -d= -f2); ims=$(grep -o 'index=[0-9]*' <<<"$times" | cut -d= -f2)
if [ -n "$ms" ] && [ -n "$ims" ]; then ok
else bad "thirty: the pages did not load (${times:-no time noted})"; fi
echo "30-function suite: $(du -sb "$tmp/thirty" | cut -f1) bytes of pages; the index loads in $ims ms, the largest page ($(wc -c <"$largest") bytes) in $ms ms"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
