#!/usr/bin/env python3
"""Fuzzing campaign of inka-ng (`make fuzz`; a short smoke run in make test).

Two sources of programs:

  csmith   Random C programs (csmith, a few option sets below).  They are
           deterministic, and main calls func_1() first with the globals at
           their initial values, which is exactly what `inka-ng --function
           func_1` models.  So gcov of the native run is an oracle both ways
           for every line of func_1 and the functions it calls:
             a line gcov sees run      must not be UNREACHABLE;
             a line gcov never sees run must not be REACHABLE;
           and each REACHABLE answer is also validated by compiling and
           running its driver (--validate: "did not validate" is wrong).
  random   Functions with parameters from tests/diff/gen.py, checked by
           running them on the whole assumed domain (tests/diff/run.py's
           oracle and checks, reused as a module).

Every run of inka-ng is also checked for crashes (a signal, an exit status
outside 0..3) and hangs (still running at --timeout + 10% + 1 s: it is then
killed).  Each failure is kept under --keep (default tests/fuzz/failures/)
as a reproducer; a csmith one is first reduced by deleting lines (and
blocks of lines) while the failure persists.

Output: verdict counts, exit-2 reasons (counted), wrong verdicts, crashes,
hangs; last line "N passed, N failed" (one per query; a failure is a wrong
verdict, a crash, a hang or an exit 2 that is not a clean error message).

Options: --csmith N (programs), --random N, --seconds S (stop starting new
programs after S seconds), --timeout T (per query), --seed S, --jobs J,
--keep DIR, --no-reduce, --inka PATH, --verbose.
"""
import argparse
import concurrent.futures
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CSMITH_INC = "/usr/include/csmith"

# Option sets: what inka-ng supports grows; each set stresses another part.
COMMON = ["--no-argc", "--no-volatiles", "--no-volatile-pointers", "--no-bitfields", "--no-packed-struct",
          "--no-unions", "--no-jumps", "--max-funcs", "4", "--max-block-depth", "3", "--max-expr-complexity", "6"]
OPTION_SETS = {
    "scalar": COMMON + ["--no-pointers", "--no-structs", "--no-arrays"],
    "arrays": COMMON + ["--no-pointers", "--no-structs", "--max-array-dim", "1", "--max-array-len-per-dim", "6"],
    "pointers": COMMON + ["--no-structs", "--max-array-dim", "1", "--max-array-len-per-dim", "4",
                          "--max-pointer-depth", "1"],
    "structs": COMMON + ["--no-pointers", "--no-arrays", "--max-struct-fields", "4"],
}

LOCK = threading.Lock()
VALIDATE_S = 60   # room for --validate's compile and run, which --timeout does not cover


def hang_limit(timeout):
    """A run still going after this ignores --timeout: a hang."""
    return timeout * 1.1 + 1


def sh(cmd, cwd, timeout, stdin=None):
    """(status, stdout, stderr, seconds); status None when killed at timeout."""
    t0 = time.time()
    try:
        p = subprocess.run(cmd, cwd=cwd, input=stdin, capture_output=True, timeout=timeout)
        return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace"), time.time() - t0
    except subprocess.TimeoutExpired:
        return None, "", "killed after %gs" % timeout, time.time() - t0
    except OSError as e:
        return 127, "", "cannot run %s: %s" % (cmd[0], e), time.time() - t0


class Outcome:
    """One query: its kind (verdict, error, crash, hang, wrong), details."""

    def __init__(self, source, prog, line, expect, cmd):
        self.source, self.prog, self.line, self.expect, self.cmd = source, prog, line, expect, cmd
        self.verdict = None      # reachable | unreachable | unknown | error
        self.fail = None         # "wrong" | "crash" | "hang" | "bad-error" | None
        self.detail = ""
        self.reason = None
        self.seconds = 0.0
        self.repro = None


def normalize_reason(text):
    """An exit-2 message as a counted category: no file, line or number."""
    first = text.strip().split("\n")[0]
    first = re.sub(r"^\S*:\d+:\d+: ", "", first)
    first = re.sub(r"^\S+\.c: ", "", first)
    first = re.sub(r"'[^']*'", "'X'", first)
    return re.sub(r"\d+", "N", first)[:120]


def classify_run(o, st, out, err, secs, timeout):
    """Crash, hang, error, or the JSON verdict of one inka-ng run."""
    o.seconds = secs
    if st is None:
        o.verdict, o.fail = "hang", "hang"
        o.detail = "still running after %.1fs (--timeout %g); killed" % (secs, timeout)
        return None
    if st < 0 or st not in (0, 1, 2, 3):
        o.verdict, o.fail = "crash", "crash"
        o.detail = "exit status %s (signal %s): %s" % (st, -st if st < 0 else st - 128, err.strip()[-600:])
        return None
    if st == 2:
        o.verdict, o.reason = "error", normalize_reason(err)
        if not re.search(r"error: ", err):
            o.fail, o.detail = "bad-error", "exit 2 without an error message: %r" % err[-300:]
        return None
    try:
        js = json.loads(out)
    except ValueError:
        o.verdict, o.fail, o.detail = "crash", "crash", "stdout is not one JSON document: %r" % out[:300]
        return None
    o.verdict = js.get("verdict")
    if {0: "reachable", 1: "unreachable", 3: "unknown"}[st] != o.verdict:
        o.fail, o.detail = "wrong", "exit status %d but verdict %r" % (st, o.verdict)
        return None
    if o.verdict == "unknown":
        o.reason = str(js.get("reason", "?"))
    return js


# ---- csmith ---------------------------------------------------------------------

def gcov_lines(d):
    """{line: count} of the executable lines of p.c (count 0: never run)."""
    counts = {}
    path = os.path.join(d, "p.c.gcov")
    if not os.path.exists(path):
        return counts
    for text in open(path, errors="replace"):
        parts = text.split(":", 2)
        if len(parts) < 3:
            continue
        c, n = parts[0].strip(), parts[1].strip()
        if not n.isdigit() or c == "-":
            continue
        counts[int(n)] = 0 if c.startswith("#") or c.startswith("=") else int(c.rstrip("*"))
    return counts


def native(d, timeout=10):
    """Compile p.c with coverage, run it, gcov: {line: count} or an error text."""
    for f in os.listdir(d):
        if f.endswith((".gcda", ".gcno", ".gcov")):
            os.remove(os.path.join(d, f))
    st, _, err, _ = sh(["gcc", "-w", "-fwrapv", "-O0", "--coverage", "-I", CSMITH_INC, "p.c", "-o", "p"], d, 60)
    if st != 0:
        return "does not compile: " + err[-300:]
    st, _, _, _ = sh(["./p"], d, timeout)
    if st is None:
        return "native run takes over %ds" % timeout
    st, _, err, _ = sh(["gcov", "p.c"], d, 60)
    if st != 0:
        return "gcov failed: " + err[-300:]
    return gcov_lines(d)


def function_span(src_lines):
    """(first, last) line of the function definitions before main (1-based)."""
    first = last = None
    for i, text in enumerate(src_lines, 1):
        if first is None and re.match(r"^static .*\bfunc_\d+\(.*\)\s*$", text):
            first = i
        if re.match(r"^int main\b", text):
            last = i - 1
            break
    return first, last


def csmith_query(d, line, expect, timeout, inka):
    cmd = [inka, "--json", "--validate", "--timeout", "%g" % timeout, "--function", "func_1",
           "--reach", "p.c:%d" % line, "p.c", "--", "-I", CSMITH_INC]
    o = Outcome("csmith", d, line, expect, cmd)
    # validation (gcc, the run, gcov) comes after the verdict and outside
    # --timeout: the kill leaves room for it, the budget check subtracts it
    st, out, err, secs = sh(cmd, d, hang_limit(timeout) + VALIDATE_S)
    js = classify_run(o, st, out, err, secs, timeout)
    if js is None or o.fail:
        return o
    solving = secs - float(js.get("stats", {}).get("validate_s", 0))
    if solving > hang_limit(timeout):
        o.verdict, o.fail = "hang", "hang"
        o.detail = "took %.1fs besides validation (--timeout %g)" % (solving, timeout)
        return o
    if o.verdict == "unreachable" and expect == "run":
        o.fail, o.detail = "wrong", "UNREACHABLE, but gcov counts the line run natively"
    elif o.verdict == "reachable" and expect == "never":
        o.fail, o.detail = "wrong", "REACHABLE, but the native run never executes the line"
    elif o.verdict == "reachable" and js.get("validated") is not True:
        o.fail, o.detail = "wrong", "REACHABLE, but the driver does not validate: %s" % js.get("validation")
    elif o.verdict == "unknown" and "did not validate" in (o.reason or ""):
        o.fail, o.detail = "wrong", "REACHABLE before validation, but the driver does not validate"
    return o


def still_fails(d, o, timeout, inka):
    """Does the (reduced) program in d still show o's failure?  The target
    line is the one holding the marker comment."""
    src = open(os.path.join(d, "p.c")).read().split("\n")
    line = next((i for i, t in enumerate(src, 1) if "/*@TARGET*/" in t), None)
    if line is None:
        return False
    expect = o.expect
    if o.fail == "wrong":
        counts = native(d, timeout=5)
        if isinstance(counts, str) or line not in counts:
            return False
        expect = "run" if counts[line] > 0 else "never"
        if expect != o.expect:
            return False
    else:
        st, _, _, _ = sh(["gcc", "-w", "-fsyntax-only", "-I", CSMITH_INC, "p.c"], d, 30)
        if st != 0:
            return False
    r = csmith_query(d, line, expect, timeout, inka)
    return r.fail == o.fail and (o.fail != "wrong" or r.verdict == o.verdict)


def reduce(o, timeout, inka, budget_s):
    """Delete lines (chunks halving down to single lines) while the failure
    persists; returns the reduced source."""
    d = tempfile.mkdtemp(prefix="inka-fuzz-red.")
    try:
        src = open(os.path.join(o.prog, "p.c")).read().split("\n")
        src[o.line - 1] += " /*@TARGET*/"
        deadline = time.time() + budget_s

        def test(lines):
            with open(os.path.join(d, "p.c"), "w") as fh:
                fh.write("\n".join(lines))
            return still_fails(d, o, timeout, inka)

        if not test(src):
            return None
        chunk = max(1, len(src) // 4)
        while chunk >= 1 and time.time() < deadline:
            i, changed = 0, False
            while i < len(src) and time.time() < deadline:
                if any("/*@TARGET*/" in t for t in src[i:i + chunk]):
                    i += chunk
                    continue
                cand = src[:i] + src[i + chunk:]
                if test(cand):
                    src, changed = cand, True
                else:
                    i += chunk
            if not changed:
                chunk //= 2
        return "\n".join(src)
    finally:
        shutil.rmtree(d, ignore_errors=True)


def run_csmith(seed, set_name, args, tmp):
    d = os.path.join(tmp, "c%d" % seed)
    os.makedirs(d)
    st, _, err, _ = sh(["csmith", "--seed", str(seed)] + OPTION_SETS[set_name] + ["-o", "p.c"], d, 60)
    if st != 0:
        return {"seed": seed, "set": set_name, "skip": "csmith failed: " + err[-200:], "queries": []}
    counts = native(d)
    if isinstance(counts, str):
        return {"seed": seed, "set": set_name, "skip": counts, "queries": []}
    src = open(os.path.join(d, "p.c")).read().split("\n")
    first, last = function_span(src)
    if first is None or last is None:
        return {"seed": seed, "set": set_name, "skip": "no func_N before main", "queries": []}
    inside = [l for l in counts if first <= l <= last and src[l - 1].strip() not in ("{", "}")]
    rng = random.Random(seed)
    res = {"seed": seed, "set": set_name, "skip": None, "queries": [], "no_stmt": 0}
    for expect in ("run", "never"):
        pool = [l for l in inside if (counts[l] > 0) == (expect == "run")]
        rng.shuffle(pool)
        asked = 0
        for line in pool[:3 * args.lines]:
            if asked == args.lines or res.get("rejected"):
                break
            o = csmith_query(d, line, expect, args.timeout, args.inka)
            o.label = "csmith seed %d (%s) line %d (%s natively)" % (seed, set_name, line, expect)
            if o.verdict == "error" and (o.reason or "").startswith("error: no statement starts on line"):
                res["no_stmt"] += 1   # gcov counts a line where no statement starts: ask another
                continue
            asked += 1
            res["queries"].append(o)
            if o.fail:
                keep(o, args, src_text="\n".join(src))
            if args.verbose:
                report_line(o)
            if o.verdict == "error" and not o.fail:
                res["rejected"] = True   # unsupported: its other lines would say the same
    return res


# ---- random functions (tests/diff) -------------------------------------------------

def setup_diff(args, tmp):
    sys.path.insert(0, os.path.join(ROOT, "tests", "diff"))
    import run as diff  # noqa: E402  (tests/diff/run.py)
    diff.INKA, diff.TMP, diff.TIMEOUT = args.inka, tmp, args.timeout
    diff.KILL_AFTER = hang_limit(args.timeout)   # no --validate there (--emit-test)
    diff.SKIP = True
    return diff


def run_random(seed, diff, args):
    res = diff.run_program(seed)
    out = {"seed": seed, "set": "random", "skip": res["error"], "queries": []}
    for q in res["queries"]:
        if q.verdict == "skipped":   # the program already used up one --timeout
            continue
        o = Outcome("random", res["dir"], q.t["line"], None, q.cmd)
        o.label = "random seed %d line %d%s" % (seed, q.t["line"], "" if q.k_iter is None else " --iter " + q.iter_text())
        o.seconds, o.reason = q.time, q.reason
        o.verdict = q.verdict if q.verdict != "unsupported" else "error"
        if o.verdict == "error" and q.note:
            o.reason = normalize_reason(q.note)
        f = q.fail or ""
        if f.startswith("WRONG") or "validate" in f or "does not execute" in f:
            o.fail = "wrong"
        elif "did not stop" in f:
            o.fail, o.verdict = "hang", "hang"
        elif "exit status" in f and "crash" in f or "not one JSON" in f:
            o.fail, o.verdict = "crash", "crash"
        elif f:
            o.fail = "bad-error" if f.startswith("exit 2") else "wrong"
            if f.startswith("exit 2"):
                o.reason = normalize_reason(f[len("exit 2: "):])
        o.detail = f
        out["queries"].append(o)
        if o.fail:
            keep(o, args, src_text=open(os.path.join(res["dir"], "p.c")).read())
        if args.verbose:
            report_line(o)
    return out


# ---- reporting ---------------------------------------------------------------------

def report_line(o):
    with LOCK:
        print("%s: %s%s %.2fs%s" % (o.label, o.verdict, " FAIL(%s)" % o.fail if o.fail else "", o.seconds,
                                     " (%s)" % o.reason if o.reason else ""), flush=True)


def keep(o, args, src_text):
    """Keep a reproducer: the program (reduced when a csmith one can be) and
    the command."""
    name = "%s-%s-%s-l%d" % (o.fail, o.source, os.path.basename(o.prog), o.line)
    dst = os.path.join(args.keep, name)
    os.makedirs(dst, exist_ok=True)
    with open(os.path.join(dst, "original.c"), "w") as fh:
        fh.write(src_text)
    reduced = None
    if o.source == "csmith" and not args.no_reduce:
        reduced = reduce(o, args.timeout, args.inka, args.reduce_s)
    if reduced is not None:
        with open(os.path.join(dst, "p.c"), "w") as fh:
            fh.write(reduced)
        line = next((i for i, t in enumerate(reduced.split("\n"), 1) if "/*@TARGET*/" in t), o.line)
    else:
        shutil.copy(os.path.join(dst, "original.c"), os.path.join(dst, "p.c"))
        line = o.line
    cmd = ["inka-ng" if c == args.inka else c for c in o.cmd]
    cmd = [re.sub(r"p\.c:\d+$", "p.c:%d" % line, c) for c in cmd]
    with open(os.path.join(dst, "README"), "w") as fh:
        fh.write("%s: %s\n%s\n(run in this folder)\n  %s\n" % (o.fail, o.label, o.detail, " ".join(cmd)))
    o.repro = dst


def summary(results, elapsed):
    qs = [q for r in results for q in r["queries"]]
    table = {}
    for q in qs:
        key = (q.source if q.source == "random" else "csmith/" + q.expect)
        table.setdefault(key, {})
        table[key][q.verdict] = table[key].get(q.verdict, 0) + 1
    progs = {}
    for r in results:
        k = r["set"]
        progs.setdefault(k, [0, 0])
        progs[k][0 if not r["skip"] else 1] += 1
    print("programs (used / skipped):", ", ".join("%s %d/%d" % (k, v[0], v[1]) for k, v in sorted(progs.items())))
    print("csmith lines gcov counts but where no statement starts (asked again): %d" %
          sum(r.get("no_stmt", 0) for r in results))
    skips = {}
    for r in results:
        if r["skip"]:
            k = normalize_reason(r["skip"])
            skips[k] = skips.get(k, 0) + 1
    for k, n in sorted(skips.items(), key=lambda x: -x[1])[:8]:
        print("  skipped program %4d  %s" % (n, k))
    verdicts = ["reachable", "unreachable", "unknown", "error", "crash", "hang"]
    print("%-16s" % "queries" + "".join("%12s" % v for v in verdicts))
    for key in sorted(table):
        print("%-16s" % key + "".join("%12d" % table[key].get(v, 0) for v in verdicts))
    for title, attr, pick in (("exit-2 reasons", "reason", lambda q: q.verdict == "error"),
                              ("unknown reasons", "reason", lambda q: q.verdict == "unknown")):
        counts = {}
        for q in qs:
            if pick(q):
                counts[getattr(q, attr)] = counts.get(getattr(q, attr), 0) + 1
        if counts:
            print(title + ":")
            for k, n in sorted(counts.items(), key=lambda x: -x[1])[:15]:
                print("  %5d  %s" % (n, k))
    fails = [q for q in qs if q.fail]
    kinds = {k: sum(1 for q in fails if q.fail == k) for k in ("wrong", "crash", "hang", "bad-error")}
    print("wrong verdicts %d, crashes %d, hangs %d, bad errors %d" %
          (kinds["wrong"], kinds["crash"], kinds["hang"], kinds["bad-error"]))
    for q in fails:
        print("FAIL %s: %s: %s%s" % (q.fail, q.label, q.detail[:300], "\n  reproducer: %s" % q.repro if q.repro else ""))
    times = sorted(q.seconds for q in qs)
    if times:
        print("query time: median %.2fs, max %.2fs; campaign %.0fs" % (times[len(times) // 2], times[-1], elapsed))
    print("%d passed, %d failed" % (len(qs) - len(fails), len(fails)))
    return len(fails)


def on_signal(sig, frame):
    raise KeyboardInterrupt("signal %d" % sig)


def main():
    signal.signal(signal.SIGTERM, on_signal)   # clean up the temporary folder when killed
    signal.signal(signal.SIGHUP, on_signal)
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--csmith", type=int, default=300)
    ap.add_argument("--random", type=int, default=100)
    ap.add_argument("--seconds", type=float, default=0, help="stop starting programs after this (0: none)")
    ap.add_argument("--timeout", type=float, default=5)
    ap.add_argument("--lines", type=int, default=3, help="run and never-run lines per csmith program (each)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--keep", default=os.path.join(HERE, "failures"))
    ap.add_argument("--no-reduce", action="store_true")
    ap.add_argument("--reduce-s", type=float, default=300, help="seconds of reduction per failure")
    ap.add_argument("--inka", default=os.environ.get("INKA", os.path.join(ROOT, "inka-ng")))
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    if not os.access(args.inka, os.X_OK):
        print("no executable %s (run make first)\n0 passed, 1 failed" % args.inka)
        return 1
    if args.csmith and not shutil.which("csmith"):
        print("csmith is not installed (make deps installs it): no csmith programs")
        print("0 passed, 1 failed")
        return 1
    tmp = tempfile.mkdtemp(prefix="inka-fuzz.")
    # a private copy: others may relink the binary while the campaign runs
    shutil.copy2(args.inka, os.path.join(tmp, "inka-ng"))
    args.inka = os.path.join(tmp, "inka-ng")
    t0 = time.time()
    diff = setup_diff(args, tmp) if args.random else None
    sets = sorted(OPTION_SETS)
    work = [("c", args.seed + i, sets[i % len(sets)]) for i in range(args.csmith)]
    work += [("r", args.seed + i, None) for i in range(args.random)]
    random.Random(args.seed).shuffle(work)   # both sources early in a time-limited run
    results = []
    try:
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
            def one(w):
                if args.seconds and time.time() - t0 > args.seconds:
                    return None
                try:
                    if w[0] == "c":
                        return run_csmith(w[1], w[2], args, tmp)
                    return run_random(w[1], diff, args)
                except Exception as e:   # a bug of the campaign: counted, not fatal
                    return {"seed": w[1], "set": w[2] or "random", "queries": [],
                            "skip": "campaign error: %s: %s" % (type(e).__name__, e)}
            for r in ex.map(one, work):
                if r is not None:
                    results.append(r)
        failed = summary(results, time.time() - t0)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
