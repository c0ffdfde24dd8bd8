#!/usr/bin/env python3
"""The Josephus scaling table (issues 5 and 16): inka-ng --reach <the
elimination loop> --iter K on samples/josephus.c for K = 10 .. 1000, in two
modes: the default one (the concrete mode may guess inputs) and the model
alone (--no-concrete: propagation and search only, what programs whose
inputs cannot be guessed rely on).  Each cell is the solver time, median of
RUNS runs; a run that ends UNKNOWN (the model alone past TIMEOUT s) is shown
as such and not repeated.  Then the growth exponent e (time ~ K^e) between
K = 160 and 1000 for each mode (or up to the largest K that finished), the
same exponent for the propagations of the model alone (deterministic, so
it does not depend on the load of the machine: what incremental unfolding
keeps near 1), and the INKA paper's published figures.
BENCH_JOSEPHUS_K (environment, comma-separated) replaces the list of K.
usage: josephus.py INKA [RUNS] [TIMEOUT]"""
import json, math, os, statistics, subprocess, sys

INKA = sys.argv[1]
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 3
TIMEOUT = int(sys.argv[3]) if len(sys.argv) > 3 else 60
PROG = "samples/josephus.c"
LOOP = next(no for no, text in enumerate(open(PROG), 1) if text.strip().startswith("while (t != t->next)"))
KS = tuple(int(k) for k in (os.environ.get("BENCH_JOSEPHUS_K") or "10,20,40,80,160,320,500,1000").split(","))
MODES = (("default", []), ("--no-concrete", ["--no-concrete"]))


def run(k, flags):
    """(median time or None, the last JSON answer)"""
    times, out = [], None
    for _ in range(RUNS):
        r = subprocess.run([INKA, "--reach", f"{PROG}:{LOOP}", "--iter", str(k), "--json", "--timeout", str(TIMEOUT),
                            *flags, PROG], capture_output=True, text=True)
        out = json.loads(r.stdout)
        if out["verdict"] != "reachable":
            return None, out
        times.append(out["time_s"])
    return statistics.median(times), out


def cell(t, out):
    if t is None:
        return f"{out['verdict'].upper():>10}"
    return f"{1000 * t:10.1f}"


def exponent(med):
    done = [k for k in KS if k >= 160 and med.get(k)]
    if len(done) < 2 or med[done[0]] <= 0:
        return "-"
    lo, hi = done[0], done[-1]
    return f"{math.log(med[hi] / med[lo]) / math.log(hi / lo):.2f} (K = {lo}..{hi})"


def main():
    print(f"{'K':>5} {'default ms':>10} {'runs':>5} {'model ms':>10} {'propagations':>13} {'unfoldings':>11} {'n, m found':>12}")
    med = {name: {} for name, _ in MODES}
    props = {}
    for k in KS:
        row = {}
        for name, flags in MODES:
            row[name] = run(k, flags)
            med[name][k] = row[name][0]
        (td, od), (tm, om) = row["default"], row["--no-concrete"]
        st = om.get("stats", {})
        found = "-"
        if tm is not None:
            vals = {i["name"]: i["value"] for i in om.get("inputs", [])}
            found = f"{vals.get('n')}, {vals.get('m')}"
            props[k] = st.get("propagations", 0)
        print(f"{k:5} {cell(td, od)} {od.get('stats', {}).get('concrete_runs', 0):5} {cell(tm, om)} "
              f"{st.get('propagations', 0):13} {st.get('unfoldings', 0):11} {found:>12}", flush=True)
    for name, _ in MODES:
        print(f"growth exponent, {name}: {exponent(med[name])}")
    print(f"growth exponent of the propagations, --no-concrete: {exponent(props)}")
    print(f"(model: --timeout {TIMEOUT} per run; INKA paper: exponential in K, K < 15 under 5 s)")


if __name__ == "__main__":
    main()
