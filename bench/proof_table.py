#!/usr/bin/env python3
"""The proof table: each case of the acceptance proof tier with its verdict,
the median solver time over RUNS runs, the search nodes, and the reasoning
that decided it (the counters of --json stats.reasoning: known equalities,
congruences, negative cycles of differences, loop summaries, the linear
relaxation, elimination of equalities, LP bounds, loop invariants (pairs,
and polyhedra: translate/polyhedra.c); "bounds"
when none of them fired); then the same for the relational proofs of
tests/e2e/proofs/ (each target marked "expect unreachable", named
file:function:line).  BENCH_MAX_CASES=N keeps the first N rows of each
part, BENCH_PROOF_TIMEOUT the --timeout of the e2e proofs (default 20 s).
Exits 1 when a run gave no answer (a row "exit N"), after the whole table.
usage: proof_table.py INKA RUNS"""
import glob, json, os, re, shlex, statistics, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ACC = os.path.join(HERE, "..", "tests", "acceptance")
sys.path.insert(0, HERE)
from acceptance_times import first, manifest_cases, marker_line  # noqa: E402

NO_ANSWER = []  # the rows whose runs gave no answer


def reasoning(stats):
    used = [f"{k.replace('_', ' ')} {v}" for k, v in stats.get("reasoning", {}).items() if v]
    return ", ".join(used) if used else "bounds"


def row(inka, runs, name, args, width=20):
    times, out = [], {}
    for _ in range(runs):
        r = subprocess.run([inka] + args + ["--json"], capture_output=True, text=True)
        try:
            out = json.loads(r.stdout)
            times.append(out["time_s"])
        except (ValueError, KeyError):
            out = {"verdict": f"exit {r.returncode}", "stats": {}}
            NO_ANSWER.append(name)
    ms = statistics.median(times) * 1000 if times else float("nan")
    st = out.get("stats", {})
    print(f"{name:{width}} {out.get('verdict', '?'):12} {ms:10.1f} {st.get('search_nodes', 0):8}  {reasoning(st)}")


def e2e_rows(inka, runs):
    """The targets of tests/e2e/proofs/*.c that must be unreachable."""
    print(f"\n{'e2e proof':32} {'verdict':12} {'solver ms':>10} {'nodes':>8}  reasoning")
    targets = []
    for path in sorted(glob.glob(os.path.join(HERE, "..", "tests", "e2e", "proofs", "*.c"))):
        fn = "?"
        for no, text in enumerate(open(path), 1):
            m = re.match(r"^\w[\w\s\*]*?(\w+)\(", text)
            if m:
                fn = m.group(1)
            if "expect unreachable" in text:
                targets.append((f"{os.path.basename(path)[:-2]}:{fn}:{no}", path, no))
    timeout = os.environ.get("BENCH_PROOF_TIMEOUT") or "20"
    for name, path, no in first(targets):
        row(inka, runs, name, ["--reach", f"{path}:{no}", "--timeout", timeout, path], 32)


def main():
    inka, runs = sys.argv[1], int(sys.argv[2])
    print(f"{'case':20} {'verdict':12} {'solver ms':>10} {'nodes':>8}  reasoning")
    for name, prog, flags, tier in manifest_cases(lambda tier, expect: tier == "proof"):
        path = os.path.join(ACC, "programs", prog)
        flags = re.sub(r"@(\w+)", lambda m: f"{path}:{marker_line(path, m.group(1))}", flags)
        row(inka, runs, name, shlex.split(flags) + [path])
    e2e_rows(inka, runs)
    if NO_ANSWER:
        sys.exit(f"proof_table: no answer for {', '.join(NO_ANSWER)}")


if __name__ == "__main__":
    main()
