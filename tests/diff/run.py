#!/usr/bin/env python3
"""Random differential test of inka-ng (issue 4).

For DIFF_COUNT generated programs (gen.py, seeds DIFF_SEED, DIFF_SEED+1, ...):
  1. compile the oracle harness (the instrumented program + an enumerator of
     the domain [-50,50]^k) and run it once: for every candidate target line
     it gives the number of inputs that reach it, a witness, and the set of
     loop iterations in which it runs;
  2. pick targets: an unreachable one when there is one, the reachable one
     with the fewest reaching inputs, random others (DIFF_TARGETS in all), and
     one --iter K query on a line inside a loop and one --iter K1,K2 on a
     line inside two nested loops (DIFF_ITER=0 turns them off);
  3. run inka-ng --reach on each with --assume bounding every parameter to the
     domain, --timeout DIFF_TIMEOUT, --json --emit-test, and check:
       reachable   => the inputs are in the domain and the harness, run on
                      them, executes the target (in iteration K for --iter);
                      the emitted driver compiles with gcc --coverage -fwrapv,
                      runs, and gcov counts the target line > 0;
       unreachable => the oracle found no input reaching it;
       unknown     => counted, not a failure;
       exit 2      => a failure unless the message says "unsupported".
A wrong verdict prints the program, the command and the witness, and a copy
of the program goes to tests/diff/failures/seed<N>/ (not committed).

Environment: INKA (default ./inka-ng), DIFF_COUNT (200), DIFF_SEED (1),
DIFF_TARGETS (3), DIFF_ITER (1), DIFF_TIMEOUT (10), DIFF_JOBS (cpu count),
DIFF_KEEP=1 keeps the temporary directory, DIFF_VERBOSE=1 prints every query,
DIFF_MEM=0/1 generates only integer / only memory programs (default: the
seed decides, about half each; the summary shows both kinds apart),
DIFF_SKIP=0 runs the remaining queries of a program after one of them ran
out of time (by default they are skipped and counted as "skipped": the runs
that time out cost most of the test's time and come in clusters).
Last line: "N passed, N failed" (one per query); exit status 1 on failure.
"""
import concurrent.futures
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
sys.path.insert(0, HERE)
import answers  # noqa: E402
import gen  # noqa: E402
import inttypes as it  # noqa: E402

INKA = os.path.abspath(os.environ.get("INKA", "./inka-ng"))
COUNT = int(os.environ.get("DIFF_COUNT", "200"))
SEED = int(os.environ.get("DIFF_SEED", "1"))
NTARGETS = int(os.environ.get("DIFF_TARGETS", "3"))
ITER = os.environ.get("DIFF_ITER", "1") != "0"
TIMEOUT = float(os.environ.get("DIFF_TIMEOUT", "10"))
KILL_AFTER = TIMEOUT + 5    # a run still going then ignores --timeout
JOBS = int(os.environ.get("DIFF_JOBS", str(os.cpu_count() or 2)))
KEEP = os.environ.get("DIFF_KEEP", "") not in ("", "0")
VERBOSE = os.environ.get("DIFF_VERBOSE", "") not in ("", "0")
SKIP = os.environ.get("DIFF_SKIP", "1") != "0"
FAILDIR = os.path.join(HERE, "failures")


STOP = threading.Event()
PHASE = {}   # phase name -> seconds spent in subprocesses (summed over jobs)


def sh(cmd, cwd, timeout, stdin=None, phase="other"):
    """Run cmd; return (status, stdout, stderr); status None on timeout."""
    t0 = time.time()
    try:
        return _sh(cmd, cwd, timeout, stdin)
    finally:
        PHASE[phase] = PHASE.get(phase, 0.0) + time.time() - t0


def _sh(cmd, cwd, timeout, stdin=None):
    try:
        p = subprocess.run(cmd, cwd=cwd, input=stdin, capture_output=True, text=True,
                           timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except OSError as e:
        return 127, "", "cannot run %s: %s" % (cmd[0], e)
    except subprocess.TimeoutExpired as e:
        return None, (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or ""), "timeout"


class Query:
    def __init__(self, seed, target, k_iter):
        self.seed = seed
        self.t = target
        self.k_iter = k_iter
        self.verdict = None     # reachable | unreachable | unknown | unsupported | error
        self.fail = None        # text of the failure, if any
        self.note = None        # remark that is not a failure
        self.reason = None
        self.cmd = None
        self.time = 0.0

    def expected(self):
        """The oracle's answer: (reachable?, witness or None)."""
        t = self.t
        if self.k_iter is None:
            return t["n"] > 0, t["wit"] if t["n"] > 0 else None
        w = t["iw"].get(iter_bit(self.k_iter))
        return w is not None, w

    def iter_text(self):
        return "" if self.k_iter is None else ",".join(map(str, self.k_iter))


def iter_bit(k):
    """Where the harness records iteration k = (K,) or (K1, K2): the mask
    (0 for iterations of the innermost loop, 1 for pairs outer,inner) and the bit."""
    if len(k) == 1:
        return 0, min(k[0], 63)
    return 1, (k[0] - 1) * 8 + k[1] - 1


def hit_in(masks, k):
    """Whether masks = (mask, pmask) of one target show iteration k (any
    execution when k is None)."""
    if k is None:
        return masks[0] != 0
    which, bit = iter_bit(k)
    return bool(masks[which] >> bit & 1)


def parse_masks(words):
    """{id: (mask, pmask)} from words "id:mask:pmask"."""
    out = {}
    for w in words:
        i, m, p = w.split(":")
        out[int(i)] = (int(m), int(p))
    return out


def oracle(d, meta):
    st, out, err = sh(["gcc", "-O0", "-fwrapv", "-w", "-o", "h", "h.c"], d, 120, phase="oracle")
    if st != 0:
        raise RuntimeError("harness does not compile (generator bug): " + err[-2000:])
    st, out, err = sh(["./h", "all"], d, 300, phase="oracle")
    if st != 0:
        raise RuntimeError("harness failed (status %s): %s" % (st, err[-2000:]))
    k = meta["k"]
    targets = {t["id"]: t for t in meta["targets"]}
    for t in targets.values():
        t["iw"] = {}
    traps = 0
    for line in out.splitlines():
        f = line.split()
        if f[0] == "traps":
            traps = int(f[1])
        elif f[0] == "t":
            t = targets[int(f[1])]
            t["n"] = int(f[2])
            t["mask"] = int(f[3])
            t["wit"] = [int(x) for x in f[4:4 + k]]
        elif f[0] in ("i", "p"):
            t = targets[int(f[1])]
            t["iw"][(0 if f[0] == "i" else 1, int(f[2]))] = [int(x) for x in f[3:3 + k]]
            if f[0] == "p":
                t["pmask"] = t.get("pmask", 0) | 1 << int(f[2])
    return traps


def pick_queries(seed, meta):
    r = random.Random(seed * 7919 + 17)
    cands = [t for t in meta["targets"] if "line" in t]
    reach = [t for t in cands if t["n"] > 0]
    unreach = [t for t in cands if t["n"] == 0]
    picked = []
    if unreach:
        picked.append(r.choice(unreach))
    if reach:
        least = min(t["n"] for t in reach)
        picked.append(r.choice([t for t in reach if t["n"] == least]))
    rest = [t for t in cands if t not in picked]
    r.shuffle(rest)
    picked += rest[: max(0, NTARGETS - len(picked))]
    picked = picked[:NTARGETS]
    qs = [Query(seed, t, None) for t in sorted(picked, key=lambda t: t["line"])]
    if ITER:
        inloop = [t for t in cands if t["in_loop"] and not t.get("gloop")]  # --iter: not in goto loops
        if inloop:
            t = r.choice(inloop)
            its = [b for b in range(1, 63) if t["mask"] >> b & 1]
            top = max(its) if its else 0
            gaps = [b for b in range(1, top + 2) if not t["mask"] >> b & 1]
            if its and (not gaps or r.random() < 0.5):
                k = r.choice(its)
            else:
                k = r.choice(gaps)
            qs.append(Query(seed, t, (k,)))
        # --iter K1,K2 on a line inside two loops
        nested = [t for t in cands if t["in_loop"] and t["depth"] == 2 and not t.get("gloop")]
        if nested:
            withp = [t for t in nested if t.get("pmask")]
            t = r.choice(withp if withp and r.random() < 0.8 else nested)
            pm = t.get("pmask", 0)
            pairs = [(b // 8 + 1, b % 8 + 1) for b in range(64) if pm >> b & 1]
            top1 = max([p[0] for p in pairs] or [0])
            top2 = max([p[1] for p in pairs] or [0])
            gaps = [(i, j) for i in range(1, min(top1 + 1, 8) + 1) for j in range(1, min(top2 + 1, 8) + 1)
                    if (i, j) not in pairs]
            if pairs and (not gaps or r.random() < 0.5):
                qs.append(Query(seed, t, r.choice(pairs)))
            elif gaps:
                qs.append(Query(seed, t, r.choice(gaps)))
    return qs


CRASH = "crash: "


def gcov_count(qdir, line):
    """Compile and run the emitted driver with coverage; the gcov count of the
    program's LINE (0 if never run), or an error text."""
    st, out, err = sh(["gcc", "--coverage", "-fwrapv", "-w", "-o", "drv", "d.c"], qdir, 60, phase="validate")
    if st != 0:
        return "driver does not compile: " + err[-1500:]
    st, out, err = sh(["./drv"], qdir, 30, phase="validate")
    if st is None or st < 0:
        return CRASH + "driver crashed or hung (status %s) %s" % (st, err[-500:])
    st, out, err = sh(["gcov", "-t", "drv-d.gcda"], qdir, 30, phase="validate")
    return answers.gcov_line(out, line)


def domain_of(p, ty):
    """The --assume that says parameter p of C type ty takes the values (ty)v,
    v in [LO, HI] (what the harness passes): for an unsigned type, the
    negative v wrap to the top of its range."""
    t = it.by_name(ty)
    if t.signed:
        return "%s >= %d && %s <= %d" % (p, gen.LO, p, gen.HI)
    return "%s <= %d || %s >= %s" % (p, gen.HI, p, it.literal(t.wrap(gen.LO)))


def run_query(d, meta, q):
    t = q.t
    qdir = os.path.join(d, "q%d%s" % (t["id"], "" if q.k_iter is None else "i" + q.iter_text().replace(",", "_")))
    os.makedirs(qdir, exist_ok=True)
    cmd = [INKA, "--reach", "p.c:%d" % t["line"], "--wrapv"]  # the oracle is gcc -fwrapv
    if t["func"] != "f":
        cmd += ["--function", "f"]
    if q.k_iter is not None:
        cmd += ["--iter", q.iter_text()]
    for p, ty in zip(meta["params"], meta.get("param_types") or ["int"] * len(meta["params"])):
        cmd += ["--assume", domain_of(p, ty)]
    cmd += list(it.INKA_FLAGS) if meta.get("typed") else []
    cmd += ["--timeout", "%g" % TIMEOUT, "--json", "--emit-test", os.path.join(qdir, "d.c"), "p.c"]
    q.cmd = cmd
    t0 = time.time()
    st, out, err = sh(cmd, d, KILL_AFTER, phase="inka-ng")
    q.time = time.time() - t0
    want, wit = q.expected()
    witness = "" if wit is None else "f(%s)" % ", ".join("%s = %d" % (p, v) for p, v in zip(meta["params"], wit))
    js = answers.read_answer(q, st, out, err, KILL_AFTER, TIMEOUT)
    if js is None:
        return
    v = q.verdict
    if v == "unknown":
        q.reason = str(js.get("reason", "?"))
        return
    if v == "unreachable":
        if want:
            q.fail = "WRONG: UNREACHABLE, but the oracle reaches it with %s" % witness
        return
    # reachable
    inputs = {i.get("name"): i.get("value") for i in js.get("inputs", [])}
    if set(inputs) != set(meta["params"]):
        q.fail = "reachable with inputs %r; expected one value for each of %s" % (js.get("inputs"), meta["params"])
        return
    vals = [inputs[p] for p in meta["params"]]
    shown = "f(%s)" % ", ".join("%s = %s" % (p, inputs[p]) for p in meta["params"])
    types = [it.by_name(ty) for ty in meta.get("param_types") or ["int"] * len(vals)]
    # the harness's own input (an int in [LO, HI]) that stands for each value
    harness_in = [next((v for v in range(gen.LO, gen.HI + 1) if t.wrap(v) == x), None) if isinstance(x, int) else None
                  for t, x in zip(types, vals)]
    if any(v is None for v in harness_in):
        q.fail = "WRONG: REACHABLE with %s, outside the assumed domain" % shown
        return
    vals = harness_in
    st, hout, herr = sh(["./h", "check"], d, 60, stdin=" ".join(map(str, vals)) + "\n", phase="validate")
    words = hout.split()
    trapped = words[:1] == ["T"]
    result = None if trapped else int(words[1])
    masks = parse_masks(words[1 if trapped else 2:])
    m = masks.get(t["id"], (0, 0))
    if not hit_in(m, q.k_iter):
        what = "in iteration %s" % q.iter_text() if q.k_iter is not None else ""
        its = [str(b) for b in range(64) if m[0] >> b & 1] + \
              ["%d,%d" % (b // 8 + 1, b % 8 + 1) for b in range(64) if m[1] >> b & 1]
        q.fail = "WRONG: REACHABLE with %s, but running it does not execute the target %s (iterations hit: %s)%s" % (
            shown, what, " ".join(its) or "none", "; the oracle says unreachable" if not want else "")
        return
    if "return" in js and js["return"] != result:
        q.fail = "WRONG: REACHABLE with %s returning %s, but running it %s" % (
            shown, js["return"], "traps" if trapped else "returns %d" % result)
        return
    if not os.path.exists(os.path.join(qdir, "d.c")):
        q.fail = "no driver written by --emit-test"
        return
    c = gcov_count(qdir, t["line"])
    if isinstance(c, str) and not (c.startswith(CRASH) and meta.get("mem")):
        q.fail = c
        return
    if not isinstance(c, str) and c > 0:
        return
    if isinstance(c, str):
        # a memory program: the plain program goes on after the path's end
        # (an out-of-bounds write does not stop it) and may crash or loop;
        # the instrumented program stops there, as the tool's path does.
        m = driver_hits(d, qdir, t["id"])
        if isinstance(m, str):
            q.fail = m + " (and the plain driver: %s)" % c
        elif hit_in(m, q.k_iter):
            q.note = "plain driver %s; the instrumented driver executes the target" % c.split("\n")[0][:200]
        else:
            q.fail = "the emitted driver does not execute the target (%s; instrumented run agrees), " \
                     "although the JSON inputs %s do" % (c[:300], shown)
        return
    # gcov says 0: run the same driver on the instrumented program to tell a
    # gcov blind spot (a line gcc folds away, a block that traps before its
    # end) from a driver that does not do what the JSON says.
    m = driver_hits(d, qdir, t["id"])
    if isinstance(m, str):
        q.fail = m
    elif hit_in(m, q.k_iter):
        q.note = "gcov blind spot: gcov counts 0 for line %d, but the driver executes it" % t["line"]
    else:
        q.fail = "the emitted driver does not execute the target (gcov count 0, instrumented run agrees), " \
                 "although the JSON inputs %s do" % shown


def driver_hits(d, qdir, tid):
    """Compile a copy of the driver that includes hi.c instead of p.c; the
    iteration mask with which it hits target tid, or an error text."""
    src = open(os.path.join(qdir, "d.c")).read()
    src2, n = re.subn(r'#include\s+"[^"]*p\.c"', '#include "%s"' % os.path.join(d, "hi.c"), src)
    if n != 1:
        return "cannot find the #include of p.c in the driver %s" % os.path.join(qdir, "d.c")
    with open(os.path.join(qdir, "di.c"), "w") as fh:
        fh.write(src2)
    st, out, err = sh(["gcc", "-fwrapv", "-w", "-o", "di", "di.c"], qdir, 60, phase="validate")
    if st != 0:
        return "instrumented driver does not compile: " + err[-1500:]
    st, out, err = sh(["./di"], qdir, 30, phase="validate")
    m = re.search(r"^HITS(.*)$", err, re.M)
    if not m:
        return "instrumented driver printed no hits (status %s)" % st
    return parse_masks(m.group(1).split()).get(tid, (0, 0))


def run_program(seed):
    if STOP.is_set():
        raise RuntimeError("interrupted")
    d = os.path.join(TMP, "s%d" % seed)
    meta = gen.write(seed, d)
    res = {"seed": seed, "dir": d, "queries": [], "error": None, "params": meta["params"], "mem": meta.get("mem", False)}
    try:
        res["traps"] = oracle(d, meta)
    except RuntimeError as e:
        res["error"] = str(e)
        return res
    timed_out = False
    for q in pick_queries(seed, meta):
        if STOP.is_set():
            break
        if timed_out and SKIP:
            q.verdict = "skipped"     # the program already used up one --timeout
        else:
            run_query(d, meta, q)
            timed_out = q.verdict == "unknown" and q.time >= 0.9 * TIMEOUT
        res["queries"].append(q)
        if VERBOSE:
            print("seed %d line %d%s: %s%s %.2fs, oracle: %d inputs" % (
                seed, q.t["line"], "" if q.k_iter is None else " --iter " + q.iter_text(),
                q.verdict, " FAIL" if q.fail else "", q.time, q.t["n"])
                  + (" (%s)" % q.reason if q.reason else ""), flush=True)
    return res


def keep_failure(res, q):
    dst = os.path.join(FAILDIR, "seed%d" % res["seed"])
    os.makedirs(dst, exist_ok=True)
    for f in ("p.c", "h.c", "meta.json"):
        shutil.copy(os.path.join(res["dir"], f), dst)
    return dst


def on_signal(sig, frame):
    raise KeyboardInterrupt("signal %d" % sig)


def main():
    global TMP, INKA
    signal.signal(signal.SIGTERM, on_signal)   # clean up the temp dir when killed
    signal.signal(signal.SIGHUP, on_signal)
    if not os.access(INKA, os.X_OK):
        print("no executable %s (run make first)" % INKA)
        print("0 passed, 1 failed")
        return 1
    TMP = tempfile.mkdtemp(prefix="inka-diff.")
    # a private copy: others may relink ./inka-ng while the test runs
    shutil.copy2(INKA, os.path.join(TMP, "inka-ng"))
    INKA = os.path.join(TMP, "inka-ng")
    t0 = time.time()
    seeds = list(range(SEED, SEED + COUNT))
    try:
        ex = concurrent.futures.ThreadPoolExecutor(JOBS)
        try:
            futures = [ex.submit(run_program, s) for s in seeds]
            results = [f.result() for f in futures]
        except BaseException:
            # interrupted: let the running programs stop at their next query,
            # drop the others, then clean up (finally below)
            STOP.set()
            ex.shutdown(wait=True, cancel_futures=True)
            raise
        ex.shutdown()
        passed = failed = 0
        tally = {}
        itally = {}
        ptally = {}
        reasons = {}
        bykind = {}     # "integer" / "memory" -> (programs, {table: {verdict: n}}, {reason: n})
        unsupported = []
        notes = []
        rare = {}
        traps = 0
        for res in results:
            if res["error"]:
                failed += 1
                print("seed %d: %s" % (res["seed"], res["error"]))
                continue
            traps += res["traps"] > 0
            kind = bykind.setdefault("memory" if res["mem"] else "integer", [0, {}, {}])
            kind[0] += 1
            for q in res["queries"]:
                tab = tally if q.k_iter is None else itally if len(q.k_iter) == 1 else ptally
                key = q.verdict
                if q.verdict in ("reachable", "unreachable"):
                    want, _ = q.expected()
                    key += " (oracle: %s)" % ("reachable" if want else "unreachable")
                tab[key] = tab.get(key, 0) + 1
                ktab = kind[1].setdefault("--reach" if q.k_iter is None else "--iter", {})
                ktab[key] = ktab.get(key, 0) + 1
                if q.reason:
                    kind[2][q.reason] = kind[2].get(q.reason, 0) + 1
                dom = (gen.HI - gen.LO + 1) ** len(res["params"])
                if q.k_iter is None and 0 < q.t["n"] <= dom // 1000:
                    rare[q.verdict] = rare.get(q.verdict, 0) + 1
                if q.reason:
                    reasons[q.reason] = reasons.get(q.reason, 0) + 1
                if q.verdict == "unsupported":
                    unsupported.append((res["seed"], q.note))
                elif q.note:
                    notes.append((res["seed"], q.t["line"], q.note))
                if q.verdict == "skipped":
                    continue
                if q.fail:
                    failed += 1
                    dst = keep_failure(res, q)
                    want, wit = q.expected()
                    cmd = " ".join("'%s'" % a if " " in a else a for a in q.cmd)
                    cmd = cmd.replace(os.path.join(res["dir"], ""), "")
                    print("FAIL seed %d, line %d%s: %s" % (res["seed"], q.t["line"],
                          "" if q.k_iter is None else " (--iter %s)" % q.iter_text(), q.fail))
                    print("  program: %s/p.c   line %d: %s" % (dst, q.t["line"], q.t["text"].strip()))
                    print("  command (in that directory): %s" % cmd)
                    print("  oracle: %s%s" % ("reachable" if want else "unreachable",
                                              ", witness %s" % wit if wit else ""))
                else:
                    passed += 1
        nq = sum(1 for r in results for q in r["queries"] if q.verdict != "skipped")
        print("differential test: %d programs (%d with a trapping input), %d queries, %.1f s, %d jobs" % (
            len(results), traps, nq, time.time() - t0, JOBS))
        print("  time in subprocesses: %s" % ", ".join("%s %.1f s" % kv for kv in sorted(PHASE.items())))
        for name, tab in (("--reach", tally), ("--reach --iter K", itally), ("--reach --iter K1,K2", ptally)):
            print("  %s: %s" % (name, ", ".join("%s %d" % (k, v) for k, v in sorted(tab.items())) or "none"))
        if rare:
            print("  targets reached by at most 0.1%% of the inputs: %s" % ", ".join(
                "%s %d" % kv for kv in sorted(rare.items())))
        if reasons:
            print("  unknown reasons: %s" % "; ".join("%s (%d)" % kv for kv in sorted(reasons.items())))
        for name, (nprog, tabs, rs) in sorted(bykind.items()):
            print("  %s programs (%d): %s" % (name, nprog, "; ".join(
                "%s: %s" % (t, ", ".join("%s %d" % kv for kv in sorted(tab.items()))) for t, tab in sorted(tabs.items()))))
            if rs:
                print("    unknown: %s" % "; ".join("%s (%d)" % kv for kv in sorted(rs.items())))
        crashed = [n for n in notes if n[2].startswith("plain driver")]
        blind = [n for n in notes if not n[2].startswith("plain driver")]
        if blind:
            print("  %d REACHABLE answers validated by the instrumented driver only (gcov blind spots), e.g. seed %d: %s" % (
                len(blind), blind[0][0], blind[0][2]))
        if crashed:
            print("  %d REACHABLE answers validated by the instrumented driver only (the plain program crashed or "
                  "hung after the end of the path), e.g. seed %d: %s" % (len(crashed), crashed[0][0], crashed[0][2]))
        for seed, note in unsupported:
            print("  unsupported (seed %d): %s" % (seed, note.splitlines()[0] if note else ""))
        print("%d passed, %d failed" % (passed, failed))
        return 1 if failed else 0
    finally:
        if KEEP:
            print("kept %s" % TMP, file=sys.stderr)
        else:
            shutil.rmtree(TMP, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
