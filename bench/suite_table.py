#!/usr/bin/env python3
"""Test suites (--cover) of every program of samples/ and of the acceptance
programs: suite size, objectives (covered / dead / unknown), gcov's coverage
of the functions under test beside the best possible, solving and wall time.
BENCH_MAX_CASES=N keeps the first N programs; exits 1 when a run gave no
answer (a row "exit N"), after the whole table.
usage: suite_table.py INKA MODE [OBJECTIVE_TIMEOUT]"""
import glob, json, os, shutil, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")
sys.path.insert(0, HERE)
from acceptance_times import first  # noqa: E402


def main():
    inka, mode = sys.argv[1], sys.argv[2]
    budget = sys.argv[3] if len(sys.argv) > 3 else "10"
    progs = first(sorted(glob.glob(os.path.join(ROOT, "samples", "*.c"))) +
                  sorted(glob.glob(os.path.join(ROOT, "tests", "acceptance", "programs", "*.c"))))
    no_answer = 0
    key = "branches" if mode == "branches" else "lines"
    print(f"{'program':42} {'tests':>5} {'objs':>5} {'cov':>4} {'dead':>4} {'unk':>4} "
          f"{'gcov ' + key:>18} {'best':>7} {'solve s':>8} {'wall s':>7}")
    tmp = tempfile.mkdtemp(prefix="inka-bench-suite-")
    try:
        for prog in progs:
            name = os.path.relpath(prog, ROOT)
            out = os.path.join(tmp, os.path.basename(prog))
            t0 = time.monotonic()
            r = subprocess.run([inka, "--quiet", "--json", "--cover", mode, "--emit-dir", out,
                                "--objective-timeout", budget, prog], capture_output=True, text=True)
            wall = time.monotonic() - t0
            try:
                d = json.loads(r.stdout)
                t, g = d["totals"], d["gcov"]
            except (ValueError, KeyError):
                print(f"{name:42} exit {r.returncode}")
                no_answer += 1
                continue
            m = g.get(key, {"covered": 0, "total": 0, "percent": 0, "best_percent": 0})
            cov = f"{m['covered']}/{m['total']} {m['percent']:5.1f}%"
            print(f"{name:42} {t['tests']:5} {t['objectives']:5} {t['covered']:4} {t['dead']:4} {t['unknown']:4} "
                  f"{cov:>18} {m['best_percent']:6.1f}% {t['time_s']:8.2f} {wall:7.2f}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if no_answer:
        sys.exit(f"suite_table: {no_answer} programs gave no answer")


if __name__ == "__main__":
    main()
