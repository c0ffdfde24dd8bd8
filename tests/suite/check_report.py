"""The JSON report of one --cover run (stdin) against gcov's own numbers
(argv: mode, branches taken, branches, lines run, lines), for suite.sh."""
import json, sys
mode, taken, nb, run, nl = sys.argv[1], *map(int, sys.argv[2:])
d = json.load(sys.stdin)
t, g = d["totals"], d["gcov"]
assert g["measured"], g
v = g["validation"]
assert v["bugs"] == 0 and t["contradictions"] == 0, (v, t)
f = g["file"]
# the report's measure is gcc's: the same numbers as gcov here
assert (f["branches"]["covered"], f["branches"]["total"]) == (taken, nb), (f, taken, nb)
assert (f["lines"]["covered"], f["lines"]["total"]) == (run, nl), (f, run, nl)
key = "branches" if mode == "branches" else "lines"
m = g[key]
unknown = t["unknown"]
# every objective covered is a branch/line gcov saw; what is missing is proved
# dead, or at most 5% of the objectives are unknown
assert m["covered"] >= m["best"] or unknown <= 0.05 * t["objectives"], (m, t)
assert m["covered"] >= m["best"] - unknown, (m, t)
assert t["covered"] + t["dead"] + t["unknown"] == t["objectives"], t
for o in d["objectives"]:
    assert o["status"] in ("covered", "dead", "unknown"), o
    assert (o["status"] == "covered") == (o["test"] is not None), o
    assert o["status"] == "covered" or o["reason"], o
