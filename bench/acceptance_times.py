#!/usr/bin/env python3
"""Times inka-ng on the acceptance cases of some tiers: for each case, the
median over RUNS runs of the solver's own time_s (JSON) and of the wall time
of the whole command (parsing included).  BENCH_MAX_CASES=N (environment)
keeps the first N cases only (a smoke run).  Exits 1 when a run gave no
answer (a row "exit N"), after the whole table.
usage: acceptance_times.py INKA TIERS RUNS"""
import json, os, re, shlex, statistics, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
ACC = os.path.join(HERE, "..", "tests", "acceptance")


def marker_line(prog, mark):
    with open(prog) as f:
        for no, text in enumerate(f, 1):
            if re.search(r"/\*@\s*" + re.escape(mark) + r"\s*\*/", text):
                return no
    raise SystemExit(f"{prog}: no marker {mark}")


def max_cases():
    """BENCH_MAX_CASES of the environment: how many cases a table keeps (0: all)."""
    return int(os.environ.get("BENCH_MAX_CASES") or 0)


def first(items, limit=None):
    """The first max_cases() of items (all of them when it is 0)."""
    limit = max_cases() if limit is None else limit
    return items[:limit] if limit > 0 else items


def manifest_cases(keep):
    """(name, program, flags, tier) of each acceptance case of MANIFEST.tsv that keep(tier, expect) keeps."""
    cases = []
    for line in open(os.path.join(ACC, "MANIFEST.tsv")):
        if not line.strip() or line.startswith("#"):
            continue
        name, prog, flags, expect, count, check, tier = line.rstrip("\n").split("\t")
        if keep(tier, expect):
            cases.append((name, prog, flags, tier))
    return first(cases)


def main():
    inka, tiers, runs = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3])
    print(f"{'case':24} {'tier':8} {'verdict':12} {'solver ms':>10} {'wall ms':>10}")
    no_answer = 0
    for name, prog, flags, tier in manifest_cases(lambda tier, expect: tier in tiers and expect != "error"):
        path = os.path.join(ACC, "programs", prog)
        flags = re.sub(r"@(\w+)", lambda m: f"{path}:{marker_line(path, m.group(1))}", flags)
        solver, wall, verdict = [], [], "?"
        for _ in range(runs):
            t0 = time.monotonic()
            r = subprocess.run([inka] + shlex.split(flags) + ["--json", path], capture_output=True, text=True)
            wall.append(time.monotonic() - t0)
            try:
                out = json.loads(r.stdout)
                verdict, t = out["verdict"], out["time_s"]
            except (ValueError, KeyError):
                verdict, t = f"exit {r.returncode}", float("nan")
                no_answer += 1
            solver.append(t)
        print(f"{name:24} {tier:8} {verdict:12} {1000 * statistics.median(solver):10.2f} "
              f"{1000 * statistics.median(wall):10.2f}")
    if no_answer:
        sys.exit(f"acceptance_times: {no_answer} runs gave no answer")


if __name__ == "__main__":
    main()
