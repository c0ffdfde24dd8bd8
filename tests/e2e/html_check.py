#!/usr/bin/env python3
"""Checks a page set of inka-ng --html against the JSON report it was made from.

usage: html_check.py REPORT.json PAGES-DIR [--dom]

Every objective (--cover), error site (--check) or answer (--reach) of the
report must be in the text of its file's page as "LINE:COL KIND: STATUS"
(with " by test N" when a test meets it); every source line must read the
same in the page's text as in the file (so '<' and '&' of the source are
escaped, not taken as markup); the pages must refer to nothing outside
themselves (no http(s):// address, src= or <link> in a tag, no url() or
@import in the style), hold at
most the one script of the frame, and weigh under 2 MB together.  With
--dom the pages are the DOM a browser built from them (chromium
--dump-dom): the text checks run on what the browser shows.
Prints one line per failure and "N passed, N failed".
"""
import html
import json
import os
import re
import sys

passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL", what)


def page_text(markup):
    markup = re.sub(r"<(script|style)\b.*?</\1>", " ", markup, flags=re.S)
    text = html.unescape(re.sub(r"<[^>]+>", "", markup))
    return text


def marks(report):
    """(file, expected text) of every mark of the report."""
    out = []
    mode = report.get("mode")
    if mode in ("cover", "cover-merged"):
        files = [report.get("file")] if mode == "cover" else [r["file"] for r in report["reports"]]
        for o in report["objectives"]:
            f = files[o.get("report", 0)]
            text = "%d:%d %s: %s" % (o["line"], o["col"], o["kind"], o["status"])
            if o.get("test"):
                text += " by test %d" % o["test"]
            out.append((f, text))
    elif "sites" in report:
        found = 0
        for s in report["sites"]:
            text = "%d:%d %s: %s" % (s["line"], s["column"], s["kind"], s["verdict"])
            if s["verdict"] == "found":
                found += 1
                text += " by test %d" % found
            out.append((report["file"], text))
    else:
        t = report["target"]
        kind = t.get("check") or t.get("call") or "reach"
        text = "%s: %s" % (kind, report["verdict"])
        if t.get("line"):
            text = "%d %s" % (t["line"], text)
        if report["verdict"] in ("reachable", "found"):
            text += " by test 1"
        out.append((t.get("file") or report.get("file"), text))
    return out


def main():
    report = json.load(open(sys.argv[1]))
    pages_dir = sys.argv[2]
    dom = "--dom" in sys.argv[3:]
    pages = {}
    total = 0
    for name in sorted(os.listdir(pages_dir)):
        path = os.path.join(pages_dir, name)
        total += os.path.getsize(path)
        if name.endswith(".html"):
            pages[name] = open(path, encoding="utf-8").read()
    check("index.html" in pages, "no index.html in " + pages_dir)
    check(total < 2 * 1024 * 1024, "%s weighs %d bytes (over 2 MB)" % (pages_dir, total))
    by_file = {}
    for name, markup in pages.items():
        m = re.search(r"<h1>(.*?)</h1>", markup, re.S)
        if name.startswith("file-") and m:
            by_file[html.unescape(m.group(1))] = markup
        tags = " ".join(re.findall(r"<[^>]*>", markup))   # text may quote anything, escaped
        styles = " ".join(re.findall(r"<style>.*?</style>", markup, re.S))
        for bad in ("http://", "https://", " src=", "<link", " href=\"//"):
            check(bad not in tags, "%s/%s refers outside itself (%s)" % (pages_dir, name, bad))
        for bad in ("url(", "@import", "http"):
            check(bad not in styles, "%s/%s: its style refers outside itself (%s)" % (pages_dir, name, bad))
        check(markup.count("<script") <= 1, "%s/%s holds more than the one script" % (pages_dir, name))
    for f, text in marks(report):
        page = by_file.get(f)
        check(page is not None, "no page for %s" % f)
        if page is None:
            continue
        flat = " ".join(page_text(page).split())
        check(text in flat, "%s: the page does not say '%s'" % (f, text))
    for f, page in by_file.items():
        if not os.path.exists(f):
            continue
        flat = page_text(page)
        for n, line in enumerate(open(f, encoding="utf-8").read().split("\n")[:-1], 1):
            if "<" in line or "&" in line:
                check(line in flat, "%s:%d reads otherwise in the page: %r" % (f, n, line))
                if not dom:
                    check(line not in page, "%s:%d is in the page unescaped" % (f, n))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
