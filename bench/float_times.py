#!/usr/bin/env python3
"""Times inka-ng on each marked target of samples/floats.c (/*@ name: ... */):
the median over RUNS runs of the solver's own time_s (JSON) and of the wall
time.  BENCH_MAX_CASES=N keeps the first N targets; exits 1 when a run gave
no answer (a row "exit N"), after the whole table.
usage: float_times.py INKA RUNS"""
import json, os, re, statistics, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from acceptance_times import first  # noqa: E402
PROG = os.path.join(HERE, "..", "samples", "floats.c")


def main():
    inka, runs = sys.argv[1], int(sys.argv[2])
    print(f"{'case':24} {'verdict':12} {'solver ms':>10} {'wall ms':>10}")
    with open(PROG) as f:
        marks = [(no, m.group(1)) for no, text in enumerate(f, 1) for m in [re.search(r"/\*@\s*(\w+):", text)] if m]
    no_answer = 0
    for line, name in first(marks):
        solver, wall, verdict = [], [], "?"
        for _ in range(runs):
            t0 = time.monotonic()
            r = subprocess.run([inka, "--reach", f"{PROG}:{line}", "--json", PROG], capture_output=True, text=True)
            wall.append(time.monotonic() - t0)
            try:
                out = json.loads(r.stdout)
                verdict, t = out["verdict"], out["time_s"]
            except (ValueError, KeyError):
                verdict, t = f"exit {r.returncode}", float("nan")
                no_answer += 1
            solver.append(t)
        print(f"floats.c:{name:15} {verdict:12} {1000 * statistics.median(solver):10.2f} "
              f"{1000 * statistics.median(wall):10.2f}")
    if no_answer:
        sys.exit(f"float_times: {no_answer} runs gave no answer")


if __name__ == "__main__":
    main()
