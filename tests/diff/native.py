#!/usr/bin/env python3
"""Native runs against the interpreter on random programs (issue 30).

Generates the programs of gen.py (seeds in --seeds, integer and memory
programs as the seed decides; odd seeds with --wrapv semantics) and gives
them to build/tests/concrete/test_native, which runs every function of each
towards several objectives on random inputs, once interpreted and once
natively, and compares outcome, reason, line, return value, steps, nondet
values used, compared values, final memory and globals.

Usage: native.py [--seeds A-B] [--runs N] [--objectives K] [--build DIR]
Last line: "N passed, N failed" (one per program); exit status 1 on a
difference.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402


def seeds(text):
    lo, _, hi = text.partition("-")
    return range(int(lo), int(hi or lo) + 1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="1-4")
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--objectives", type=int, default=2)
    ap.add_argument("--build", default="build")
    a = ap.parse_args()
    tool = os.path.join(a.build, "tests", "concrete", "test_native")
    if not os.access(tool, os.X_OK):
        sys.exit("no %s: make %s first" % (tool, tool))
    work = tempfile.mkdtemp(prefix="inka-native-diff-")
    passed = failed = runs = emitted = programs = 0
    try:
        for seed in seeds(a.seeds):
            d = os.path.join(work, "s%d" % seed)
            gen.write(seed, d)
            cmd = [tool, "-n", str(a.runs), "-s", str(seed), "-o", str(a.objectives)]
            if seed % 2:
                cmd.append("-w")
            p = subprocess.run(cmd + [os.path.join(d, "p.c")], capture_output=True, text=True, timeout=600)
            m = re.search(r"(\d+) programs .* (\d+) emitted, (\d+) runs compared, (\d+) differences", p.stdout)
            if not m or p.returncode != 0:
                failed += 1
                print("FAIL seed %d%s" % (seed, " (--wrapv)" if seed % 2 else ""))
                print(p.stdout + p.stderr)
                keep = os.path.join(HERE, "failures", "native-seed%d" % seed)
                shutil.rmtree(keep, ignore_errors=True)
                shutil.copytree(d, keep)
                continue
            passed += 1
            programs += int(m.group(1))
            emitted += int(m.group(2))
            runs += int(m.group(3))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("native vs interpreter on generated programs: %d (function, objective) pairs, %d emitted, "
          "%d runs compared" % (programs, emitted, runs))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
