#!/usr/bin/env python3
"""The proof table: each case of the acceptance proof tier with its verdict,
the median solver time over RUNS runs, the search nodes, and the reasoning
that decided it (the counters of --json stats.reasoning: known equalities,
congruences, negative cycles of differences, loop summaries; "bounds" when
none of them fired).  usage: proof_table.py INKA RUNS"""
import json, os, re, shlex, statistics, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ACC = os.path.join(HERE, "..", "tests", "acceptance")
sys.path.insert(0, HERE)
from acceptance_times import marker_line  # noqa: E402


def reasoning(stats):
    used = [f"{k.replace('_', ' ')} {v}" for k, v in stats.get("reasoning", {}).items() if v]
    return ", ".join(used) if used else "bounds"


def main():
    inka, runs = sys.argv[1], int(sys.argv[2])
    print(f"{'case':20} {'verdict':12} {'solver ms':>10} {'nodes':>8}  reasoning")
    for line in open(os.path.join(ACC, "MANIFEST.tsv")):
        if not line.strip() or line.startswith("#"):
            continue
        name, prog, flags, expect, count, check, tier = line.rstrip("\n").split("\t")
        if tier != "proof":
            continue
        path = os.path.join(ACC, "programs", prog)
        flags = re.sub(r"@(\w+)", lambda m: f"{path}:{marker_line(path, m.group(1))}", flags)
        times, out = [], {}
        for _ in range(runs):
            r = subprocess.run([inka] + shlex.split(flags) + ["--json", path], capture_output=True, text=True)
            try:
                out = json.loads(r.stdout)
                times.append(out["time_s"])
            except (ValueError, KeyError):
                out = {"verdict": f"exit {r.returncode}", "stats": {}}
        ms = statistics.median(times) * 1000 if times else float("nan")
        st = out.get("stats", {})
        print(f"{name:20} {out.get('verdict', '?'):12} {ms:10.1f} {st.get('search_nodes', 0):8}  {reasoning(st)}")


if __name__ == "__main__":
    main()
