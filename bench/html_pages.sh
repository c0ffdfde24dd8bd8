#!/usr/bin/env bash
# The pages of --html: a suite of 30 functions (20 scalar, 10 over a list),
# its page set's size, and the time headless chromium takes to load the
# index and the largest page (median of RUNS loads; chromium's own start is
# not counted: each page loads in a frame of a page that notes its load
# event).  Usage: bench/html_pages.sh INKA RUNS
set -u
inka=${1:-./inka-ng}; runs=${2:-3}
cd "$(dirname "$0")/.." || exit 2
chrome=$(command -v chromium || command -v chromium-browser || true)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
scripts/thirty-functions >"$tmp/thirty.c"
"$inka" --cover branches --objective-timeout 2 --quiet --html "$tmp/thirty" "$tmp/thirty.c" >/dev/null || exit 1
largest=$(ls -S "$tmp/thirty"/file-*.html | head -1)
printf '%-28s %10s %12s %12s\n' "page set" "bytes" "index ms" "largest ms"
if [ -z "$chrome" ]; then
  printf '%-28s %10s %12s %12s\n' "30 functions" "$(du -sb "$tmp/thirty" | cut -f1)" "-" "- (no chromium)"
  exit 0
fi
{
  echo '<!DOCTYPE html><title>load</title><p id="r"></p><script>var t0 = performance.now();'
  echo "function done(n) { document.getElementById('r').textContent += n + '=' + Math.round(performance.now() - t0) + ' '; }</script>"
  echo "<iframe src=\"thirty/index.html\" onload=\"done('index')\"></iframe>"
  echo "<iframe src=\"thirty/$(basename "$largest")\" onload=\"done('page')\"></iframe>"
} >"$tmp/load.html"
idx=(); big=()
for r in $(seq 1 "$runs"); do
  times=$(timeout 120 "$chrome" --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$tmp/chrome" \
          --dump-dom "file://$tmp/load.html" 2>/dev/null | grep -o '\(index\|page\)=[0-9]*' | tr '\n' ' ')
  i=$(grep -o 'index=[0-9]*' <<<"$times" | cut -d= -f2); p=$(grep -o 'page=[0-9]*' <<<"$times" | cut -d= -f2)
  [ -n "$i" ] && [ -n "$p" ] || { echo "html pages: chromium noted no load time"; exit 1; }
  idx+=("$i"); big+=("$p")
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
printf '%-28s %10s %12s %12s\n' "30 functions" "$(du -sb "$tmp/thirty" | cut -f1)" "$(median "${idx[@]}")" "$(median "${big[@]}")"
