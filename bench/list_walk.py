#!/usr/bin/env python3
"""The list-walk table (issue 16, item 3): inka-ng --reach <the walk step of
bench/list_walk.c> --iter K, the list built from min(n, 1000) cells.  The
trip count of the walk is bounded by the length of the list, which is the
builder's trip count (translate/list_length.c), so K <= 1000 demands
n >= K at the root and K = 1001 is refuted there.  Each row: the verdict,
solver time (median of RUNS runs), unfoldings, propagations and search
nodes, in the default mode and with the model alone (--no-concrete).
BENCH_LIST_K (environment, comma-separated) replaces the list of K.
usage: list_walk.py INKA [RUNS] [TIMEOUT]"""
import json, os, statistics, subprocess, sys

INKA = sys.argv[1]
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 3
TIMEOUT = int(sys.argv[3]) if len(sys.argv) > 3 else 60
PROG = "bench/list_walk.c"
LINE = next(no for no, text in enumerate(open(PROG), 1) if "the walk step" in text)
KS = tuple(int(k) for k in (os.environ.get("BENCH_LIST_K") or "100,500,1000,1001").split(","))
MODES = (("default", []), ("--no-concrete", ["--no-concrete"]))

print(f"{'K':>6} {'mode':>14} {'verdict':>12} {'time ms':>10} {'unfoldings':>11} {'propagations':>13} {'nodes':>6}")
for k in KS:
    for name, flags in MODES:
        times, out = [], None
        for _ in range(RUNS):
            r = subprocess.run([INKA, "--reach", f"{PROG}:{LINE}", "--iter", str(k), "--json", "--stats",
                                "--timeout", str(TIMEOUT), *flags, PROG], capture_output=True, text=True)
            out = json.loads(r.stdout)
            times.append(out["time_s"])
            if out["verdict"] == "unknown":
                break
        st = out.get("stats", {})
        print(f"{k:>6} {name:>14} {out['verdict'].upper():>12} {1000 * statistics.median(times):10.1f} "
              f"{st.get('unfoldings', '-'):>11} {st.get('propagations', '-'):>13} {st.get('search_nodes', '-'):>6}")
