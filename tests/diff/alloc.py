#!/usr/bin/env python3
"""Random differential test of allocations of a size the inputs decide.

Each seed makes a function `int f(int n, int k)` that returns at once
outside a small window of n and k, then allocates blocks whose sizes n and
k decide (malloc(n * sizeof *a), malloc(k + C) of chars, calloc(n + C,
sizeof *a)), fills them, reads and writes elements at indices n and k
decide (possibly out of bounds), grows or shrinks them with realloc, and
frees them.  Marked lines (`MARK(id);`, each alone on its line) are the
targets; the NULL checks of the allocations hold some of them (a negative
count asks for more than PTRDIFF_MAX bytes: NULL).

The truth is gcc's program under -fsanitize=address,undefined run on every
input of the window (a forked child per input; a sanitizer report, or an
index outside its block's length (checked by the oracle: ASan misses an
access that jumps over a redzone into another block), ends the run, the
marks it passed before count): the window is the whole domain, so
the brute force is exact.  Per marked line, `inka-ng --reach p.c:LINE --json`:
  REACHABLE    its inputs must be in the window and pass the line in the
               oracle (and with --validate, on some queries, validate);
  UNREACHABLE  no input of the window passes the line;
  UNKNOWN      counted with its reason (a realloc to 0 bytes, ...).
The last line is 'N passed, N failed' (one per query).

usage: alloc.py [--seeds A-B] [--jobs N] [--timeout S] [--keep DIR] [--verbose]
       alloc.py --show SEED
"""
import argparse, json, os, random, re, shutil, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor

INKA = os.path.abspath(os.environ.get("INKA", "./inka-ng"))
SAN = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all"]
RUN_ENV = dict(os.environ, ASAN_OPTIONS="detect_leaks=0:allocator_may_return_null=1", UBSAN_OPTIONS="print_stacktrace=0")

ORACLE_MAIN = r'''
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/wait.h>
static int cur_n, cur_k;
void hit(int id) { char b[64]; int l = snprintf(b, sizeof b, "%d %d %d\n", cur_n, cur_k, id); write(1, b, l); }
int f(int n, int k);
int main(void) {
  for (int n = NLO; n <= NHI; n++)
    for (int k = KLO; k <= KHI; k++) {
      pid_t p = fork();
      if (p == 0) { cur_n = n; cur_k = k; f(n, k); _exit(0); }
      int st; waitpid(p, &st, 0);
    }
  return 0;
}
'''


# the oracle's marks, and its index checks: ASan misses an access that
# jumps over a redzone into another block (a0[9] of a 2-int block)
HIT_H = """void hit(int);
void abort(void);
static inline int inka_ix(int i, int len) { if (i < 0 || i >= len) abort(); return i; }
#define MARK(id) (hit(id), r += (id))
#define IX(i, len) inka_ix((i), (len))
"""


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.lines = []
        self.marks = 0
        self.nlo, self.nhi = self.r.choice([(-2, 6), (-1, 8), (0, 9), (-3, 5)])
        self.klo, self.khi = self.r.choice([(-2, 10), (-1, 12), (0, 8)])
        self.blocks = []  # (name, element type, length variable)

    def emit(self, depth, text):
        self.lines.append("  " * depth + text)

    def mark(self, depth):
        self.marks += 1
        self.emit(depth, "MARK(%d);" % self.marks)

    def small(self):
        return self.r.randint(-2, 3)

    def index(self, length):
        return self.r.choice(["k", "k - 2", "n - 1", "%s - 1" % length, "%d" % self.r.randint(0, 3), "(k & 3)", "%s / 2" % length])

    def value(self, i="i"):
        return self.r.choice(["%s * 3" % i, "%s + k" % i, "n - %s" % i, "%d" % self.r.randint(-5, 9), "%s & 3" % i])

    def alloc(self, d):
        j = len(self.blocks)
        a, l = "a%d" % j, "l%d" % j
        kind = self.r.randrange(4)
        if kind == 0:
            ty, lexp, call = "int", "n", "malloc(n * sizeof *%s)" % a
        elif kind == 1:
            c = self.r.randint(0, 3)
            ty, lexp, call = "char", "k + %d" % c, "malloc(k + %d)" % c
        elif kind == 2:
            c = self.r.randint(-1, 2)
            ty, lexp, call = "long", "n + %d" % c, "calloc(n + %d, sizeof *%s)" % (c, a)
        else:
            c = self.r.randint(1, 3)
            ty, lexp, call = "int", "(n + k) / %d" % c, "malloc((n + k) / %d * sizeof(int))" % c
        self.emit(d, "%s *%s = %s;" % (ty, a, call))
        self.emit(d, "int %s = %s;" % (l, lexp))
        self.emit(d, "if (!%s) {" % a)
        self.mark(d + 1)
        self.emit(d + 1, "return r;")
        self.emit(d, "}")
        if kind != 2 or self.r.random() < 0.3:  # calloc's cells are 0 already
            self.emit(d, "for (int i = 0; i < %s; i++)" % l)
            self.emit(d + 1, "%s[i] = %s;" % (a, self.value()))
        self.blocks.append((a, ty, l))

    def use(self, d):
        a, ty, l = self.r.choice(self.blocks)
        what = self.r.randrange(5)
        if what == 0:  # a read that may be out of bounds
            self.emit(d, "if (%s[IX(%s, %s)] %s %s) {" % (a, self.index(l), l, self.r.choice(["==", ">", "<", "!="]), self.value("n")))
            self.mark(d + 1)
            self.emit(d, "}")
        elif what == 1:  # a guarded read
            ix = self.index(l)
            self.emit(d, "if (%s >= 0 && %s < %s) {" % (ix, ix, l))
            self.emit(d + 1, "if (%s[%s] == %s) {" % (a, ix, self.value("k")))
            self.mark(d + 2)
            self.emit(d + 1, "}")
            self.emit(d, "}")
        elif what == 2:  # a write that may be out of bounds
            self.emit(d, "%s[IX(%s, %s)] = %s;" % (a, self.index(l), l, self.value("k")))
        elif what == 3:  # realloc by a delta
            c = self.r.randint(-2, 4)
            self.emit(d, "{")
            self.emit(d + 1, "%s *t = realloc(%s, (%s + %d) * sizeof *t);" % (ty, a, l, c))
            self.emit(d + 1, "if (!t) {")
            self.mark(d + 2)
            self.emit(d + 2, "return r;")
            self.emit(d + 1, "}")
            self.emit(d + 1, "for (int i = %s; i < %s + %d; i++)" % (l, l, c))
            self.emit(d + 2, "t[i] = %s;" % self.value())
            self.emit(d + 1, "%s = t;" % a)
            self.emit(d + 1, "%s = %s + %d;" % (l, l, c))
            self.emit(d, "}")
        else:  # a condition on the length
            self.emit(d, "if (%s %s %d) {" % (l, self.r.choice(["==", ">", "<"]), self.r.randint(0, 6)))
            self.mark(d + 1)
            self.emit(d, "}")

    def program(self):
        self.emit(1, "int r = 0;")
        self.emit(1, "if (n < %d || n > %d || k < %d || k > %d)" % (self.nlo, self.nhi, self.klo, self.khi))
        self.emit(2, "return 0;")
        self.alloc(1)
        for _ in range(self.r.randint(2, 5)):
            if len(self.blocks) < 2 and self.r.random() < 0.25:
                self.alloc(1)
            else:
                self.use(1)
        self.mark(1)
        for a, _, _ in self.blocks:
            if self.r.random() < 0.8:
                self.emit(1, "free(%s);" % a)
        self.emit(1, "return r;")
        head = ["#include <stdlib.h>", "#ifndef MARK", "#define MARK(id) (r += (id))", "#define IX(i, len) (i)", "#endif", "",
                "int f(int n, int k) {"]
        return "\n".join(head + self.lines + ["}", ""])


def build(seed, d):
    g = Gen(seed)
    src = g.program()
    open(os.path.join(d, "p.c"), "w").write(src)
    main = ORACLE_MAIN.replace("NLO", str(g.nlo)).replace("NHI", str(g.nhi)).replace("KLO", str(g.klo)).replace("KHI", str(g.khi))
    open(os.path.join(d, "main.c"), "w").write(main)
    open(os.path.join(d, "hit.h"), "w").write(HIT_H)
    return g, src


def oracle(d):
    exe = os.path.join(d, "oracle")
    subprocess.run(["gcc", "-O0", "-w", "-g"] + SAN + ["-include", os.path.join(d, "hit.h"), "-o", exe,
                    os.path.join(d, "p.c"), os.path.join(d, "main.c")], check=True, capture_output=True)
    out = subprocess.run([exe], capture_output=True, text=True, env=RUN_ENV, timeout=300).stdout
    hits = {}
    for line in out.splitlines():
        n, k, i = map(int, line.split())
        hits.setdefault(i, set()).add((n, k))
    return hits


def query(d, line, timeout, validate):
    cmd = [INKA, "--reach", "p.c:%d" % line, "--json", "--timeout", str(timeout), "p.c"]
    if validate:
        cmd.append("--validate")
    try:
        p = subprocess.run(cmd, cwd=d, capture_output=True, text=True, timeout=timeout + 10)
    except subprocess.TimeoutExpired:
        return None, "no answer within --timeout + 10 s"
    try:
        return json.loads(p.stdout), p.stderr
    except ValueError:
        return None, "exit %d: %s %s" % (p.returncode, p.stdout[:200], p.stderr[:300])


def run_seed(seed, args):
    d = tempfile.mkdtemp(prefix="alloc%d-" % seed)
    results = []
    try:
        g, src = build(seed, d)
        hits = oracle(d)
        marks = {int(m.group(2)): i + 1 for i, l in enumerate(src.splitlines()) for m in [re.match(r"(\s*)MARK\((\d+)\);", l)] if m}
        for mid, line in sorted(marks.items()):
            truth = hits.get(mid, set())
            validate = (seed + mid) % 3 == 0
            ans, err = query(d, line, args.timeout, validate)
            if ans is None:
                results.append((False, seed, line, "crash or no JSON: %s" % err))
                continue
            v = ans.get("verdict")
            if v == "reachable":
                vals = {x["name"]: x["value"] for x in ans.get("inputs", [])}
                got = (vals.get("n"), vals.get("k"))
                ok = got in truth and (not validate or ans.get("validated") is True)
                why = "reachable %s: %s" % (got, "ok" if ok else "the oracle does not pass the line there%s" %
                                           ("" if not validate else " or it did not validate (%s)" % ans.get("validation")))
            elif v == "unreachable":
                ok = not truth
                why = "unreachable" + ("" if ok else ": WRONG, the oracle passes it with %s" % sorted(truth)[:3])
            else:
                ok, why = True, "unknown: %s" % ans.get("reason")
            results.append((ok, seed, line, why))
    except subprocess.CalledProcessError as e:
        results.append((False, seed, 0, "the oracle does not build: %s" % e.stderr[:300]))
    finally:
        if args.keep:
            dst = os.path.join(args.keep, "seed%d" % seed)
            shutil.rmtree(dst, ignore_errors=True)
            shutil.copytree(d, dst)
        shutil.rmtree(d, ignore_errors=True)
    return results


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="1-4")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=10)
    ap.add_argument("--keep")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--show", type=int)
    args = ap.parse_args()
    if args.show is not None:
        g = Gen(args.show)
        print(g.program())
        print("window: n in [%d, %d], k in [%d, %d]" % (g.nlo, g.nhi, g.klo, g.khi))
        return 0
    a, b = (args.seeds.split("-") + [None])[:2]
    seeds = range(int(a), int(b or a) + 1)
    with ThreadPoolExecutor(max_workers=args.jobs) as ex:
        all_results = [r for rs in ex.map(lambda s: run_seed(s, args), seeds) for r in rs]
    passed = sum(1 for r in all_results if r[0])
    unknown = sum(1 for r in all_results if r[0] and r[3].startswith("unknown"))
    for ok, seed, line, why in all_results:
        if not ok or args.verbose:
            print("%s seed %d line %d: %s" % ("ok  " if ok else "FAIL", seed, line, why))
    print("unknown answers: %d" % unknown)
    print("%d passed, %d failed" % (passed, len(all_results) - passed))
    return 0 if passed == len(all_results) else 1


if __name__ == "__main__":
    sys.exit(main())
