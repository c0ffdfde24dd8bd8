#!/usr/bin/env python3
"""Random differential test of inka-ng on pointer inputs (issue 11).

For HEAP_COUNT programs of heap_gen.py (seeds HEAP_SEED, HEAP_SEED+1, ...):
  1. the brute force of heap_brute.py runs the function on every input memory
     of up to 3 objects with small values and records which marked lines run;
  2. for every marked line, `inka-ng --function f --reach p.c:LINE --json
     --emit-test d.c p.c --timeout HEAP_TIMEOUT` runs, and its verdict is
     judged:
       REACHABLE   the driver must compile with gcc --coverage -fwrapv, run,
                   and gcov must count the line (if gcov counts 0, the same
                   driver built on the instrumented program must run the
                   marker: then it is a gcov blind spot, noted, not a
                   failure); a driver made of the JSON answer alone
                   ("inputs" with {"ref": ...} and "input_memory", every
                   access checked against the objects' "count") must run
                   the marker too; fine whether or not the brute force
                   reached it (the brute force is bounded);
       UNREACHABLE WRONG when the brute force reached the line (its witness
                   memory is printed);
       UNKNOWN     counted with its reason;
       exit 2      counted as unsupported when the message says so, else a
                   failure; any other exit status, a non-JSON answer or a run
                   past --timeout + 5 s is a failure.
Each query runs with one of the options --no-concrete, --acyclic, --no-alias,
--pre EXPR (the program's precondition over its parameters, see
heap_gen.precondition) or none (by seed and marker, see MODES); under
--acyclic, --no-alias and --pre the brute force's answer is over the
memories the option allows, and the JSON inputs of a REACHABLE answer must
obey the option.
A table expected (brute force) x got (inka-ng) follows, then each failure
with a reproducer copied to tests/diff/heap-failures/seed<N>/ (ignored by
git): the program, the brute force's witness, the command, the answer.

Usage: heap.py                 the test (last line "N passed, N failed")
       heap.py --selftest      the brute force alone on hand-written programs
                               with known answers, and its witnesses replayed
                               on the plain programs under gcov (no inka-ng)
Environment: INKA (./inka-ng), HEAP_COUNT (20), HEAP_SEED (1),
HEAP_TIMEOUT (10), HEAP_JOBS (2), HEAP_LIMIT (runs of the brute force per
program, 4000000), HEAP_SKIP=0 (by default, once a query of a program runs
out of its --timeout, the program's other queries are skipped and counted as
such), HEAP_KEEP=1 (keep the temporary directory), HEAP_VERBOSE=1 (one line
per query).
"""
import campaign
import json
import os
import random
import re
import shutil
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import answers  # noqa: E402
import heap_brute  # noqa: E402
import heap_gen  # noqa: E402

INKA = os.path.abspath(os.environ.get("INKA", "./inka-ng"))
COUNT = int(os.environ.get("HEAP_COUNT", "20"))
SEED = int(os.environ.get("HEAP_SEED", "1"))
TIMEOUT = float(os.environ.get("HEAP_TIMEOUT", "10"))
JOBS = int(os.environ.get("HEAP_JOBS", "2"))
SKIP = os.environ.get("HEAP_SKIP", "1") != "0"
KEEP = os.environ.get("HEAP_KEEP", "") not in ("", "0")
VERBOSE = os.environ.get("HEAP_VERBOSE", "") not in ("", "0")
FAILDIR = os.path.join(HERE, "heap-failures")
STOP = threading.Event()

# Linked into every driver: a driver whose run goes on forever after the
# target (a cyclic list walked after it) or crashes still writes its coverage.
GUARD = r"""
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
static void hb_alarm(int s) { (void)s; fprintf(stderr, "HB_ALARM\n"); exit(0); }
static void hb_segv(int s) { (void)s; exit(0); }
__attribute__((constructor)) static void hb_guard(void) {
  signal(SIGALRM, hb_alarm);
  signal(SIGSEGV, hb_segv);
  alarm(5);
}
"""


def sh(cmd, cwd, timeout, env=None):
    """(status, stdout, stderr); status None when killed after timeout."""
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env,
                           errors="replace")
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        return None, out, "timeout"
    except OSError as e:
        return 127, "", "cannot run %s: %s" % (cmd[0], e)


def gcov_count(qdir, line):
    """Compile and run the driver d.c with coverage: gcov's count of LINE of
    p.c (0 if never run) and a note, or (error text, None)."""
    with open(os.path.join(qdir, "guard.c"), "w") as fh:
        fh.write(GUARD)
    st, out, err = sh(["gcc", "--coverage", "-fwrapv", "-O0", "-w", "-o", "drv", "d.c", "guard.c"], qdir, 60)
    if st != 0:
        return "driver does not compile: " + err[-1500:], None
    st, out, err = sh(["./drv"], qdir, 20)
    note = None
    if st is None:
        return "driver ran past 20 s", None
    if "HB_ALARM" in err:
        note = "driver still running after 5 s (stopped; the target may be before an endless walk)"
    st, out, err = sh(["gcov", "-t", "drv-d.gcda"], qdir, 30)
    return answers.gcov_line(out, line), note


def driver_hits(d, qdir):
    """The markers a copy of the driver runs when it includes hi.c (the
    instrumented function) instead of p.c: a set, or an error text."""
    src = open(os.path.join(qdir, "d.c")).read()
    src2, n = re.subn(r'#include\s+"[^"]*p\.c"', '#include "%s"' % os.path.join(d, "hi.c"), src)
    if n != 1:
        return "cannot find the #include of p.c in the driver"
    hits, err = run_hits(qdir, "di", src2)
    if hits is None:
        return "instrumented driver " + err
    return hits


def run_hits(qdir, name, text):
    """Compiles and runs the driver `text` (built on the instrumented
    function): (the set of markers it ran, its stderr), or (None, what went
    wrong)."""
    with open(os.path.join(qdir, name + ".c"), "w") as fh:
        fh.write(text)
    st, out, err = sh(["gcc", "-fwrapv", "-w", "-o", name, name + ".c", "guard.c"], qdir, 60)
    if st != 0:
        return None, "does not compile: " + err[-1500:]
    st, out, err = sh(["./" + name], qdir, 20)
    m = re.search(r"^HITS(.*)$", err, re.M)
    if not m:
        return None, "printed no hits (status %s)" % st
    return {int(x) for x in m.group(1).split()}, err


def ref(v):
    """A JSON input value as C: null, {"ref": name} or a number."""
    if v is None:
        return "NULL"
    if isinstance(v, dict) and "ref" in v:
        return "inka_" + str(v["ref"])
    if isinstance(v, (int, float)):
        return str(v)
    raise ValueError("unexpected value %r" % (v,))


def json_driver(meta, js, prog, pre=None):
    """A driver built from the JSON answer alone (inputs and input_memory):
    the JSON must say what the emitted driver does."""
    out = ['#include "%s"' % prog, "#include <stdlib.h>", "int main(void) {"]
    mem = js.get("input_memory", {})
    for name, o in mem.items():
        t = re.sub(r"\bconst\b", "", o["type"]).strip()
        out.append("  %s *inka_%s = calloc(%d, sizeof(%s));" % (t, name, max(int(o["count"]), 1), t))
        out.append("  hb_obj(inka_%s, %d * sizeof(%s));" % (name, int(o["count"]), t))
    for name, o in mem.items():
        for path, v in o.get("fields", {}).items():
            if not re.match(r"^(\[\d+\])(\.\w+)*$", path):
                raise ValueError("unexpected field path %r" % path)
            out.append("  inka_%s%s = %s;" % (name, path, ref(v)))
    inputs = {i["name"]: i.get("value") for i in js.get("inputs", [])}
    names = [p["name"] for p in meta["params"]]
    if set(inputs) != set(names):
        raise ValueError("inputs %s, parameters %s" % (sorted(inputs), names))
    for p in meta["params"]:
        t = heap_brute.CTYPE.get(p["kind"], "int ")
        out.append("  %s%s = %s;" % (t, p["name"], ref(inputs[p["name"]])))
    if pre:
        out.append('  if (!(%s)) fprintf(stderr, "HB_PRE\\n");' % pre)
    out.append("  f(%s);" % ", ".join(names))
    out.append("  return 0;")
    out.append("}")
    return "\n".join(out) + "\n"


def check_json(d, meta, q, js, qdir):
    """None, or the failure: the JSON inputs, replayed on the instrumented
    function, do not run the marker the emitted driver runs."""
    try:
        text = json_driver(meta, js, os.path.join(d, "hi.c"), meta["pre"] if "--pre" in q.flags else None)
    except (ValueError, KeyError, TypeError, AttributeError) as e:
        return "REACHABLE, but the JSON inputs cannot be read: %s" % e
    hits, err = run_hits(qdir, "dj", text)
    if hits is None:
        return "REACHABLE, but a driver made of the JSON inputs " + err
    if "HB_PRE" in err:
        return "WRONG: REACHABLE under --pre, but the JSON inputs break the precondition"
    if q.mark not in hits:
        if "HB_OOB" in err:
            return "WRONG: REACHABLE, but the path reads or writes outside the input objects of the JSON " \
                   "answer (their \"count\") before the line"
        return "REACHABLE, the emitted driver runs the line, but the JSON inputs (inputs, input_memory) do not"
    return None


# Options a query runs with (by seed and marker), and the brute force's class
# of memories each allows.
MODES = [("", "reached", 45), ("--no-concrete", "reached", 15), ("--acyclic", "acyclic", 15),
         ("--no-alias", "unshared", 10), ("--pre", "pre", 15)]


def pick_mode(seed, mark, meta):
    """(options as a list, the brute force's class of memories)"""
    x = random.Random(seed * 1009 + mark).randrange(100)
    for flag, cls, w in MODES:
        if x < w:
            if flag == "--pre":
                return (["--pre", meta["pre"]], cls) if meta.get("pre") else ([], "reached")
            return flag.split(), cls
        x -= w
    raise AssertionError


def check_shape(q, js):
    """None, or the failure: the input memory of the JSON breaks --acyclic
    or --no-alias."""
    if q.mode not in ("--acyclic", "--no-alias"):
        return None
    mem = js.get("input_memory", {})
    edges = {o: [v["ref"] for v in mem[o].get("fields", {}).values() if isinstance(v, dict) and "ref" in v]
             for o in mem}
    roots = [i["value"]["ref"] for i in js.get("inputs", []) if isinstance(i.get("value"), dict)]
    indeg = {}
    for t in roots + [t for ts in edges.values() for t in ts]:
        indeg[t] = indeg.get(t, 0) + 1
    for o in mem:   # does o reach itself?
        todo, seen = list(edges[o]), set()
        while todo:
            t = todo.pop()
            if t == o:
                return "WRONG: REACHABLE under %s with a cyclic input memory (%s reaches itself)" % (q.mode, o)
            if t not in seen and t in edges:
                seen.add(t)
                todo += edges[t]
    if q.mode == "--no-alias":
        shared = [o for o, n in indeg.items() if n > 1]
        if shared:
            return "WRONG: REACHABLE under --no-alias with a shared input object (%s)" % shared[0]
    return None


class Query:
    def __init__(self, mark, line, reached, witness, flags=()):
        self.mark, self.line, self.flags = mark, line, list(flags)
        self.mode = " ".join("'%s'" % f if " " in f else f for f in self.flags)
        self.reached, self.witness = reached, witness   # brute force, over the memories the mode allows
        self.verdict = None      # reachable unreachable unknown unsupported error skipped
        self.fail = None
        self.note = None
        self.reason = None
        self.cmd = None
        self.out = ""
        self.time = 0.0


def run_query(d, meta, q):
    qdir = os.path.join(d, "m%d" % q.mark)
    os.makedirs(qdir, exist_ok=True)
    prog = os.path.join(d, "p.c")
    q.cmd = [INKA, "--function", "f", "--reach", "p.c:%d" % q.line, "--wrapv"] + q.flags + [  # gcc -fwrapv
        "--json", "--emit-test", os.path.join(qdir, "d.c"), "--timeout", "%g" % TIMEOUT, prog]
    t0 = time.time()
    st, out, err = sh(q.cmd, d, TIMEOUT + 5)
    q.time = time.time() - t0
    q.out = (out + "\n" + err).strip()
    js = answers.read_answer(q, st, out, err, TIMEOUT + 5, TIMEOUT)
    if js is None:
        return
    v = q.verdict
    if v == "unknown":
        q.reason = str(js.get("reason", "?"))
        return
    if v == "unreachable":
        if q.reached:
            q.fail = "WRONG: UNREACHABLE, but the brute force reaches it (%d memories), e.g. %s" % (
                q.reached, heap_brute.explain_witness(meta, q.witness))
        return
    if not os.path.exists(os.path.join(qdir, "d.c")):
        q.fail = "REACHABLE but no driver written by --emit-test"
        return
    c, note = gcov_count(qdir, q.line)
    if isinstance(c, str):
        q.fail = "REACHABLE, but " + c
        return
    if c > 0:
        q.note = note
        q.fail = check_json(d, meta, q, js, qdir) or check_shape(q, js)
        return
    hits = driver_hits(d, qdir)
    if isinstance(hits, str):
        q.fail = "REACHABLE, gcov counts 0 for the line, and " + hits
    elif q.mark in hits:
        q.note = "gcov blind spot: gcov counts 0 for line %d, the instrumented driver runs it" % q.line
    else:
        q.fail = "WRONG: REACHABLE, but the emitted driver does not run the line (gcov count 0, " \
                 "instrumented driver agrees)%s" % ("" if q.reached else "; the brute force does not reach it either")


def run_program(seed):
    d = os.path.join(TMP, "s%d" % seed)
    os.makedirs(d)
    plain, instr, meta = heap_gen.generate(seed)
    with open(os.path.join(d, "p.c"), "w") as fh:
        fh.write(plain)
    with open(os.path.join(d, "meta.json"), "w") as fh:
        json.dump(meta, fh, indent=1)
    res = {"seed": seed, "dir": d, "meta": meta, "queries": [], "error": None}
    try:
        b = heap_brute.run(d, meta, instr)
    except (RuntimeError, subprocess.TimeoutExpired) as e:
        res["error"] = "brute force: %s" % e
        return res
    res["brute"] = b
    timed_out = False
    for mk in meta["marks"]:
        if STOP.is_set():
            break
        flags, cls = pick_mode(seed, mk["id"], meta)
        n, w = b[cls][mk["id"]]
        q = Query(mk["id"], mk["line"], n, w, flags)
        if timed_out and SKIP:
            q.verdict = "skipped"
        else:
            run_query(d, meta, q)
            timed_out = q.verdict == "unknown" and q.time >= 0.9 * TIMEOUT
        res["queries"].append(q)
        if VERBOSE:
            print("seed %d line %d%s: %s%s %.2fs, brute force: %d memories%s" % (
                seed, q.line, " " + q.mode if q.mode else "", q.verdict, " FAIL" if q.fail else "", q.time, q.reached,
                " (%s)" % q.reason if q.reason else ""), flush=True)
    return res


def keep_failure(res, q):
    dst = os.path.join(FAILDIR, "seed%d" % res["seed"])
    os.makedirs(dst, exist_ok=True)
    for f in ("p.c", "meta.json", "h.c", "hi.c"):
        shutil.copy(os.path.join(res["dir"], f), dst)
    qd = os.path.join(res["dir"], "m%d" % q.mark)
    if os.path.exists(os.path.join(qd, "d.c")):
        shutil.copy(os.path.join(qd, "d.c"), os.path.join(dst, "m%d-driver.c" % q.mark))
    cmd = "inka-ng --function f --reach p.c:%d%s --json --emit-test d.c --timeout %g p.c" % (
        q.line, " " + q.mode if q.mode else "", TIMEOUT)
    with open(os.path.join(dst, "m%d.txt" % q.mark), "w") as fh:
        fh.write("command (in this directory): %s\nfailure: %s\nbrute force: %d memories reach line %d%s\n"
                 "domain: %s\ninka-ng said:\n%s\n" % (
                     cmd, q.fail, q.reached, q.line,
                     ", e.g. " + heap_brute.explain_witness(res["meta"], q.witness) if q.reached else "",
                     heap_brute.describe_cfg(res["brute"]["cfg"]), q.out[:4000]))
    return dst, cmd


COLS = ["reachable", "unreachable", "unknown", "unsupported", "error", "skipped"]


def report(results, t0):
    passed = failed = 0
    table = {}
    reasons, notes, unsupported = {}, {}, {}
    for res in results:
        if res["error"]:
            failed += 1
            print("seed %d: %s" % (res["seed"], res["error"]))
            continue
        for q in res["queries"]:
            row = "%s%s" % ("reached" if q.reached else "not reached", " " + q.flags[0] if q.flags else "")
            table.setdefault(row, {}).setdefault(q.verdict, 0)
            table[row][q.verdict] += 1
            if q.reason:
                reasons[q.reason] = reasons.get(q.reason, 0) + 1
            if q.verdict == "unsupported":
                unsupported[q.note] = unsupported.get(q.note, 0) + 1
            elif q.note:
                k = q.note.split(":")[0]
                notes[k] = notes.get(k, 0) + 1
            if q.verdict == "skipped":
                continue
            if q.fail:
                failed += 1
            else:
                passed += 1
    nq = sum(len(r["queries"]) for r in results)
    print("heap differential test: %d programs, %d queries, %.1f s, %d jobs, --timeout %g" % (
        len(results), nq, time.time() - t0, JOBS, TIMEOUT))
    print("  %-26s" % "brute force \\ inka-ng" + "".join("%12s" % c for c in COLS))
    for row in sorted(table):
        print("  %-26s" % row + "".join("%12d" % table.get(row, {}).get(c, 0) for c in COLS))
    if reasons:
        print("  unknown: %s" % "; ".join("%s (%d)" % kv for kv in sorted(reasons.items())))
    for n, k in sorted(unsupported.items()):
        print("  unsupported (%d): %s" % (k, n))
    for n, k in sorted(notes.items()):
        print("  note (%d): %s" % (k, n))
    for res in results:
        for q in res["queries"]:
            if q.fail and q.verdict != "skipped":
                dst, cmd = keep_failure(res, q)
                print("FAIL seed %d, line %d: %s" % (res["seed"], q.line, q.fail))
                print("  reproducer: %s/p.c (%s)" % (os.path.relpath(dst), "m%d.txt" % q.mark))
                print("  command (there): %s" % cmd)
    print("%d passed, %d failed" % (passed, failed))
    return failed


def main():
    global TMP, INKA
    if "--selftest" in sys.argv[1:]:
        import heap_selftest
        return heap_selftest.main()
    if not os.access(INKA, os.X_OK):
        print("no executable %s (run make first)" % INKA)
        print("0 passed, 1 failed")
        return 1
    TMP, INKA = campaign.freeze_binary(INKA, "inka-heap.")
    t0 = time.time()
    try:
        results = campaign.run_seeds(run_program, range(SEED, SEED + COUNT), JOBS, STOP)
        return 1 if report(results, t0) else 0
    finally:
        if KEEP:
            print("kept %s" % TMP, file=sys.stderr)
        else:
            shutil.rmtree(TMP, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
