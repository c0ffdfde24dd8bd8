#!/usr/bin/env python3
"""make bench: --check all over programs of run-time errors: per kind, the
sites, how many were found, proved and left unknown, and the median wall
time of the whole run over several runs.  Nothing here asserts a number.

usage: check_table.py INKA RUNS OBJECTIVE-SECONDS PROGRAM..."""
import json, statistics, subprocess, sys, time

KINDS = ["overflow", "div", "shift", "bounds", "null", "float-cast", "free"]


def run(inka, prog, budget):
    t0 = time.monotonic()
    r = subprocess.run([inka, "--check", "all", "--json", "--objective-timeout", budget, prog],
                       capture_output=True, text=True)
    return time.monotonic() - t0, json.loads(r.stdout)


def main():
    inka, runs, budget, progs = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
    total = {k: [0, 0, 0, 0] for k in KINDS}
    print(f"{'program':34} {'sites':>5} {'found':>5} {'proved':>6} {'unknown':>7} {'time':>8}")
    for prog in progs:
        times, report = [], None
        for _ in range(runs):
            dt, report = run(inka, prog, budget)
            times.append(dt)
        counts = [0, 0, 0, 0]
        for kind, c in report["summary"].items():
            row = [c["sites"], c["found"], c["proved"], c["unknown"]]
            total[kind] = [a + b for a, b in zip(total[kind], row)]
            counts = [a + b for a, b in zip(counts, row)]
        print(f"{prog:34} {counts[0]:5} {counts[1]:5} {counts[2]:6} {counts[3]:7} {statistics.median(times):7.2f}s")
    print()
    print(f"{'kind':12} {'sites':>5} {'found':>5} {'proved':>6} {'unknown':>7}")
    for kind in KINDS:
        s, f, p, u = total[kind]
        if s:
            print(f"{kind:12} {s:5} {f:5} {p:6} {u:7}")


if __name__ == "__main__":
    main()
