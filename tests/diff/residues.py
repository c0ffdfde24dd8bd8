#!/usr/bin/env python3
"""Random differential test of residue unrolling (translate/residue.c,
translate/polyhedra.c "Residues") against gcc.

Each program (seed N) is one function

    int f(int n[, int c])      n in [LO, HI] (LO >= -50, HI <= 300) and c in
                               [CL, CH] (a few values), else an early return;
                               int m = n * K (K up to 1000) bounds the loop

with 1-3 accumulators (a, b, e) and a loop whose guards read the residue of
a counter k (int, unsigned, long, unsigned long, short, unsigned short,
char, signed char, unsigned char) that starts at a constant (sometimes
negative, sometimes next to a wrap of its type, sometimes an input: no
known entry) and moves by a constant d (+-1..+-5, sometimes a multiple of
the modulus) once per iteration.  The loop is one of (RESIDUE_FORMS)

    for     for (k = K0; k < BND; k += d) { body }   (k > BND with d < 0;
                                                      the step sometimes in the body)
    while   while (k <= BND) { body with k += d }
    do      do { body with k += d } while (k < BND);
    driver  while (i < BND) { i++; body with k += d }   (k free to wrap: the
                                                      loop ends on i)
    outer   for (i = 0; i < m / q; i++) { for (k = K0; k < KB; k += d) { body } }

BND is m, m + C, m / q, -m, C - m, m + c, ... (scaled down for a narrow
counter), so the loop runs up to 300,000 times: a loop of a few hundred runs
is unfolded to its end by the solver and needs no invariant (K = 1 keeps
some of those).  The body is 1-4 statements and the counter's update at any
top-level place: guarded updates of the accumulators by constants (or by
`k % m`, `k & 3`, `g ? x : y`) whose guards are `k % m == r`, `k % m != r`,
`k % m`, `!(k % m)`, `(k & mask) == r`, `k % m < r`, `(unsigned)k % m`,
`k % 3u`, a second modulus (`k % 2 && k % 3 != 1`: their lcm, at most 8, or
not), residues of the other loop variables (`i % 2`, `j % 3`), non-residues
(`k % 10`, `(k & 6) == 2`, `(k + 1) % 2`), combined by && and || with
linear conditions (`a < b`, `n > 40`, `c > 0`, `k < 17`); a break; a
continue (after the counter's update, or anywhere when the update is the
for's step); a nested loop (`for (j = 0; j < k % 3; j++) ...`, with its own
guards and break); a switch on `k % m`.  Nearly half the programs are
simple (one or two if/else on a residue of k moving two accumulators by
constants: the shape the analysis is for).  Some driver loops break the
analysis's premise on purpose: k is updated under an if, twice, in the
nested loop, by a non-constant, through a pointer, or after a continue.

Targets follow the loop, each on its own line (`r |= 1 << t;`, so they are
independent): linear comparisons of the accumulators, the counter, i, n, m
and c, whose thresholds come from the brute force: a first build of the
program prints, for every input, the values of the variables after the
loop.  Facets: for a pair (an accumulator; m, k, i or another accumulator),
an edge of the convex hull of the pair's values over all inputs (a long one
more likely) gives F = p * x + q * y with max V, the slope an exact
invariant has (`3 * a - 2 * m <= 6`): `F > V` (dead) and `F == V` or
`F >= V` (reachable).  Random forms F (`2 * a - b`, `a - k`, ...) with max M
and min L: two of `F > M`, `F < L` (dead), `F == M`, `F >= M`, `F <= L`,
`F > M - 1` (reachable); `F == v` for a v in [L, M] that F never takes, and
`(F & 1) != p` when F's parity is fixed (dead).

Oracle: the final program compiled by gcc -O1 -fwrapv (no undefined
behaviour is generated: -O1 only runs the brute force faster), f run on
every input of the box (the r it returns).  Each target is asked

    inka-ng --reach p.c:LINE --function f --timeout T --json --stats
            --validate --no-concrete p.c

(RESIDUE_FLAGS: without --no-concrete inka-ng runs the whole box and never
needs an invariant):
  REACHABLE    must say validated, and its inputs must reach the target in
               the oracle's table (and some input must);
  UNREACHABLE  WRONG when some input reaches the target (a witness is printed);
  UNKNOWN      counted (runs out of --timeout counted apart);
  exit 2, a crash, a non-JSON answer, a run past T + 20 s: failures.
Failures are copied to RESIDUE_FAILDIR (default
tests/diff/failures/residues/seed<N>/) with the command and the oracle's witness.  A program whose brute
force does not end within 30 s (a loop the generator failed to bound) is
generated again from the next sub-seed.

Usage: residues.py                  the test (last line "N passed, N failed")
       residues.py --show N         print program N (its seed) with its targets
       residues.py --compare A B    compare two RESIDUE_OUT files of the same
                                    seeds (e.g. this binary and the previous one)
Environment: INKA (./inka-ng), RESIDUE_COUNT (8), RESIDUE_SEED (1),
RESIDUE_TIMEOUT (10), RESIDUE_JOBS (1: programs in parallel, each runs one
inka-ng at a time), RESIDUE_FLAGS (--no-concrete), RESIDUE_FORMS (e.g.
"do,for": only those loops), RESIDUE_OUT (every answer, as JSON),
RESIDUE_SKIP (1: once that many queries of a program ran out of
--timeout, its other queries are skipped and counted so; 0: never),
RESIDUE_KEEP=1 (keep the temporary directory), RESIDUE_VERBOSE=1 (one line
per query), RESIDUE_FAILDIR.
"""
import json
import os
from math import gcd
import random
import shutil
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import answers  # noqa: E402
import campaign  # noqa: E402

INKA = os.path.abspath(os.environ.get("INKA", "./inka-ng"))
COUNT = int(os.environ.get("RESIDUE_COUNT", "8"))
SEED = int(os.environ.get("RESIDUE_SEED", "1"))
TIMEOUT = float(os.environ.get("RESIDUE_TIMEOUT", "10"))
JOBS = int(os.environ.get("RESIDUE_JOBS", "1"))
FLAGS = os.environ.get("RESIDUE_FLAGS", "--no-concrete").split()
OUT = os.environ.get("RESIDUE_OUT", "")
SKIP = int(os.environ.get("RESIDUE_SKIP", "1"))
FORMS = [f for f in os.environ.get("RESIDUE_FORMS", "").split(",") if f]
KEEP = os.environ.get("RESIDUE_KEEP", "") not in ("", "0")
VERBOSE = os.environ.get("RESIDUE_VERBOSE", "") not in ("", "0")
FAILDIR = os.environ.get("RESIDUE_FAILDIR", os.path.join(os.path.dirname(os.path.abspath(__file__)), "failures", "residues"))
STOP = threading.Event()
PRINT = threading.Lock()

# name: (bits, signed)
TYPES = {"int": (32, True), "unsigned": (32, False), "long": (64, True), "unsigned long": (64, False),
         "short": (16, True), "unsigned short": (16, False), "char": (8, True), "signed char": (8, True),
         "unsigned char": (8, False)}
TYPE_WEIGHTS = [("int", 40), ("unsigned", 10), ("long", 7), ("unsigned long", 4), ("short", 6),
                ("unsigned short", 4), ("char", 12), ("signed char", 4), ("unsigned char", 10)]


TYPE_WEIGHTS_LONG = [("int", 50), ("unsigned", 12), ("long", 10), ("unsigned long", 5), ("short", 8),
                     ("unsigned short", 5), ("char", 5), ("signed char", 2), ("unsigned char", 3)]


def wrap(v, t):
    bits, signed = TYPES[t]
    v %= 1 << bits
    return v - (1 << bits) if signed and v >= 1 << (bits - 1) else v


def wrap32(v):
    return wrap(v, "int")


def c_div(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def less_int_than(t):
    """The type `k REL (int)` compares in: narrow types are promoted to int."""
    bits, signed = TYPES[t]
    return "int" if bits < 32 else t


def compare(t, k, rel, bound):
    """C's k REL bound, k of type t, bound an int."""
    ct = less_int_than(t)
    x, y = wrap(k, ct), wrap(bound, ct)
    return {"<": x < y, "<=": x <= y, ">": x > y, ">=": x >= y}[rel]


def hull(points):
    """The convex hull of a set of integer points, counterclockwise (Andrew's
    monotone chain); one or two points for degenerate sets."""
    pts = sorted(points)
    if len(pts) <= 2:
        return pts

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
    lower, upper = [], []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def wchoice(rng, pairs):
    return rng.choices([p[0] for p in pairs], [p[1] for p in pairs])[0]


class Gen:
    """One random program: render(None) is the probe build (the values after
    the loop), render(targets) the program under test."""

    def __init__(self, seed):
        self.rng = rng = random.Random(seed)
        self.lo = rng.choice([-50, -20, -5, 0, 0, 1])
        self.hi = rng.choice([12, 30, 60, 100, 200, 300])
        self.has_c = rng.random() < 0.35
        # the loop's bound is m = K * n: a loop of a few hundred runs is
        # unfolded to its end by the solver (the target then needs no
        # invariant); one of 75,000 is not, and its brute force is still cheap
        self.K = wchoice(rng, [(1, 10), (4, 5), (16, 10), (64, 20), (100, 20), (250, 20)] +
                         ([] if self.has_c else [(1000, 15)]))
        self.nvar = "m" if self.K > 1 else "n"
        self.c_lo, self.c_hi = rng.choice([(-3, 3), (0, 4), (-2, 1)])
        self.accs = ["a", "b", "e"][:rng.choice([1, 2, 2, 3])]
        self.acc0 = {x: rng.choice([0, 0, 0, 1, -3, 5]) for x in self.accs}
        self.form = wchoice(rng, [(f, w) for f, w in [("for", 30), ("while", 18), ("do", 14), ("driver", 28),
                                                       ("outer", 10)] if not FORMS or f in FORMS])
        # a char counter that ends the loop makes it short: mostly in loops that end on i
        self.t = wchoice(rng, TYPE_WEIGHTS if self.form == "driver" else TYPE_WEIGHTS_LONG)
        self.m = rng.choice([2, 2, 3, 3, 4, 4, 5, 6, 7, 8])
        # a second modulus of k: their lcm is at most 8 (unrolled), or not
        self.m2 = rng.choice([None, None, None, 2, 4, 3, 8, 6]) if rng.random() < 0.35 else None
        self.d = self.step()
        self.negative = None
        if self.form == "driver" and rng.random() < 0.3:
            self.negative = rng.choice(["cond", "double", "inner", "nonconst", "addr", "cont", "cont"])
        self.uses_i = self.form in ("driver", "outer")
        self.uses_j = False
        self.kt = "k" if self.t in ("int", "short", "unsigned short", "char", "signed char",
                                    "unsigned char") else "(int)k"
        # a simple body (one or two if/else on a residue of k, constant
        # updates): its exit invariants are exact, their facets the targets
        self.simple = rng.random() < 0.45

    # ---- pieces -------------------------------------------------------------

    def step(self):
        rng = self.rng
        if rng.random() < 0.15:
            d = self.m * rng.choice([1, 2]) if self.m <= 5 else self.m
        else:
            d = wchoice(rng, [(1, 8), (2, 4), (3, 4), (4, 2), (5, 2)])
        return d if rng.random() < 0.65 else -d

    def const_upd(self, x):
        rng = self.rng
        c = rng.randint(1, 5)
        return rng.choice(["%s += %d;" % (x, c), "%s -= %d;" % (x, c), "%s++;" % x, "%s--;" % x,
                           "%s = %s + %d;" % (x, x, c), "%s += %d;" % (x, c)])

    def upd(self):
        rng = self.rng
        x = rng.choice(self.accs)
        r = rng.random()
        if r < 0.72 or (self.simple and r < 0.92):
            return self.const_upd(x)
        if r < 0.82:
            return "%s += k %% %d;" % (x, rng.choice([self.m, 2, 3, 4]))
        if r < 0.88:
            return "%s += k & %d;" % (x, rng.choice([1, 3, 7]))
        return "%s += %s ? %d : %d;" % (x, self.paren(self.rc()), rng.randint(-3, 3), rng.randint(-3, 3))

    def paren(self, s):
        return "(%s)" % s

    def residue_of(self, v, m):
        """A residue read of v modulo m as a condition."""
        rng = self.rng
        signed = v != "k" or TYPES[self.t][1]
        pow2 = m if m in (2, 4, 8) else rng.choice([2, 4, 8])
        r = rng.randrange(m)
        if signed and r and rng.random() < 0.25:
            r = -r
        f = rng.randrange(14)
        if f <= 2:
            return "%s %% %d == %d" % (v, m, r)
        if f <= 4:
            return "%s %% %d != %d" % (v, m, r)
        if f == 5:
            return "%s %% %d" % (v, m)
        if f == 6:
            return "!(%s %% %d)" % (v, m)
        if f <= 8:
            return "(%s & %d) == %d" % (v, pow2 - 1, rng.randrange(pow2))
        if f == 9:
            return "(%s & %d) != %d" % (v, pow2 - 1, rng.randrange(pow2))
        if f == 10:
            return "%s & %d" % (v, pow2 - 1)
        if f == 11:
            return "%s %% %d %s %d" % (v, m, rng.choice(["<", ">=", ">", "<="]), r)
        if f == 12:
            return "(unsigned)%s %% %d == %d" % (v, m, abs(r))
        return "%s %% %du == %d" % (v, m, abs(r))

    def rc(self):
        """A residue condition, mostly of k."""
        rng = self.rng
        r = rng.random()
        if r < 0.62:
            return self.residue_of("k", self.m)
        if r < 0.78 and self.m2:
            return self.residue_of("k", self.m2)
        if r < 0.84 and self.uses_i:
            return self.residue_of("i", rng.choice([2, 3, 4]))
        if r < 0.88:
            return rng.choice(["k %% 10 == %d" % rng.randrange(10), "(k & 6) == 2", "(k + 1) %% %d == 0" % self.m,
                               "k % 9 != 4", "(k - a) % 2 == 0" if "a" in self.accs else "k % 12 == 5"])
        return self.residue_of("k", self.m)

    def lc(self):
        rng = self.rng
        x = rng.choice(self.accs)
        opts = ["%s < %d" % (x, rng.randint(-2, 20)), "%s > %d" % (x, rng.randint(-2, 20)),
                "%s <= n" % x, "%s < %d" % (self.kt, rng.randint(-10, 40)),
                "%s > %d" % (self.kt, rng.randint(-10, 40)), "n > %d" % rng.randint(self.lo, self.hi),
                "n < %d" % rng.randint(self.lo, self.hi)]
        if len(self.accs) > 1:
            opts += ["a < b", "a + b < n", "b >= a + %d" % rng.randint(-3, 3)]
        if self.has_c:
            opts += ["c > 0", "c <= %d" % rng.randint(self.c_lo, self.c_hi)]
        if self.uses_i:
            opts += ["i > %d" % rng.randint(0, 20)]
        return rng.choice(opts)

    def cond(self):
        rng = self.rng
        r = rng.random()
        if self.simple:
            return self.residue_of("k", self.m) if r < 0.75 else (
                "%s && %s" % (self.residue_of("k", self.m), self.lc()) if r < 0.9 else "!(%s)" % self.rc())
        if r < 0.35:
            return self.rc()
        if r < 0.55:
            return "%s && %s" % (self.rc(), self.lc())
        if r < 0.68:
            return "%s || %s" % (self.rc(), self.lc())
        if r < 0.80:
            return "%s && %s" % (self.rc(), self.rc())
        if r < 0.87:
            return "%s || %s" % (self.rc(), self.rc())
        if r < 0.93:
            return "!(%s)" % self.rc()
        return self.lc()

    def guarded(self, ind):
        rng = self.rng
        out = ["%sif (%s) {" % (ind, self.cond())]
        if self.simple and len(self.accs) > 1:     # the branches move different accumulators
            x, y = rng.sample(self.accs, 2)
            out.append(ind + "  " + self.const_upd(x))
            if rng.random() < 0.8:
                out += [ind + "} else {", ind + "  " + self.const_upd(y)]
            out.append(ind + "}")
            return out
        out += [ind + "  " + self.upd() for _ in range(rng.choice([1, 1, 2]))]
        r = rng.random()
        if r < (0.7 if self.simple else 0.45):
            out += [ind + "} else {"] + [ind + "  " + self.upd()]
        elif r < 0.6:
            out += ["%s} else if (%s) {" % (ind, self.cond()), ind + "  " + self.upd(), ind + "} else {",
                    ind + "  " + self.upd()]
        out.append(ind + "}")
        return out

    def switch(self, ind):
        rng = self.rng
        m = rng.choice([self.m, 4, 3])
        sel = "k %% %d" % m if rng.random() < 0.7 else "k & 3"
        cases = rng.sample(range(-1 if TYPES[self.t][1] else 0, m if sel != "k & 3" else 4), 2)
        out = ["%sswitch (%s) {" % (ind, sel)]
        for cv in cases:
            out += ["%scase %d:" % (ind, cv), ind + "  " + self.upd()]
            if rng.random() < 0.75:
                out.append(ind + "  break;")
        out += [ind + "default:", ind + "  " + self.upd(), ind + "}"]
        return out

    def nested(self, ind, k_update=None):
        rng = self.rng
        self.uses_j = True
        jb = rng.choice(["2", "3", "k % 3", "(k & 3)", "n % 3", "k %% %d + 1" % self.m])
        out = ["%sfor (j = 0; j < %s; j++) {" % (ind, jb)]
        for _ in range(rng.choice([1, 2])):
            c = rng.choice([self.residue_of("j", rng.choice([2, 3])), self.rc(), self.cond()])
            out += ["%s  if (%s)" % (ind, c), ind + "    " + self.upd()]
        if k_update:
            out.append(ind + "  " + k_update)
        if rng.random() < 0.2:
            out += ["%s  if (%s)" % (ind, self.cond()), ind + "    break;"]
        out.append(ind + "}")
        return out

    def k_update(self, d=None):
        rng = self.rng
        d = self.d if d is None else d
        if d > 0:
            opts = ["k += %d;" % d, "k = k + %d;" % d] + (["k++;", "++k;"] if d == 1 else [])
        else:
            opts = ["k -= %d;" % -d, "k = k - %d;" % -d, "k += %d;" % d] + (["k--;", "--k;"] if d == -1 else [])
        return rng.choice(opts)

    def body(self, ind, update, update_in_body):
        """The residue loop's body: statements, the counter's update at some
        top-level place (unless it is the for's step), maybe a continue."""
        rng = self.rng
        stmts = []
        for _ in range(rng.choice([1, 1, 2] if self.simple else [1, 2, 2, 3, 4])):
            r = rng.random()
            if r < 0.72 or (self.simple and r < 0.9):
                stmts.append(self.guarded(ind))
            elif r < 0.82:
                stmts.append([ind + self.upd()])
            elif r < 0.9 and not self.uses_j:
                stmts.append(self.nested(ind))
            else:
                stmts.append(self.switch(ind))
        if rng.random() < (0.1 if self.simple else 0.25):
            stmts.insert(rng.randint(0, len(stmts)), ["%sif (%s)" % (ind, self.cond()), ind + "  break;"])
        upos = None
        if update_in_body:
            upos = rng.randint(0, len(stmts))
            stmts.insert(upos, update)
        cont = ["%sif (%s)" % (ind, self.cond()), ind + "  continue;"]
        if update_in_body and self.negative == "cont":     # before the update: k is no counter
            stmts.insert(rng.randint(0, upos), cont)
        elif rng.random() < 0.15:                            # after it (else the loop may not end)
            stmts.insert(rng.randint(upos + 1 if update_in_body else 0, len(stmts)), cont)
        return [ln for s in stmts for ln in s]

    def bound(self, rising):
        """(text, f(n, c)) of a loop bound for the counter: one that moves
        away from its start as n grows (the loop runs about n / d times),
        n scaled down for a char counter (which must not run around)."""
        rng = self.rng
        C = rng.randint(-10, 20)
        q = rng.choice([2, 3])
        bits, signed = TYPES[self.t]
        top = (1 << (bits - 1 if signed else bits)) - 1 - 40
        Q = -(-(max(self.hi, -self.lo if signed else 0) * self.K + 60) // top)
        K = self.K
        N, nv = (self.nvar, lambda n: n * K) if Q <= 1 else ("%s / %d" % (self.nvar, Q), lambda n: c_div(n * K, Q))
        if rising:
            Q = max(Q, 1)
            opts = [(N, lambda n, c: nv(n)), ("%s + %d" % (N, C), lambda n, c: nv(n) + C),
                    ("%s / %d" % (self.nvar, q * Q), lambda n, c: c_div(n * K, q * Q)),
                    ("%s / %d + %d" % (self.nvar, q * Q, C), lambda n, c: c_div(n * K, q * Q) + C)]
            if self.has_c and Q <= 1:
                opts.append(("%s + c" % N, lambda n, c: nv(n) + c))
        else:
            opts = [("-" + N if Q == 1 else "-(%s)" % N, lambda n, c: -nv(n)),
                    ("%d - %s" % (C, N), lambda n, c: C - nv(n)),
                    ("-%s / %d" % (self.nvar, q * max(Q, 1)), lambda n, c: c_div(-n * K, q * max(Q, 1)))]
            if self.has_c and Q <= 1:
                opts.append(("c - %s" % N, lambda n, c: c - nv(n)))
        if rng.random() < 0.08:
            v = rng.randint(-20, 60)
            return str(v), lambda n, c: v
        return rng.choices(opts, [35, 35, 15, 15, 10][:len(opts)])[0]

    def start(self, controls):
        """(text, f(n, c)) of k's value at the loop's entry."""
        rng = self.rng
        bits, signed = TYPES[self.t]
        r = rng.random()
        if r < 0.1:      # not a known entry
            if self.has_c and rng.random() < 0.5:
                return "c", lambda n, c: wrap(c, self.t)
            return rng.choice([("n & 3", lambda n, c: wrap(n & 3, self.t)),
                               ("n % 5", lambda n, c: wrap(n - 5 * c_div(n, 5), self.t))])
        if not controls and r < 0.4:     # next to a wrap of k's type
            if signed:
                top = (1 << (bits - 1)) - 1
                v = rng.choice([top - rng.randint(0, 12), -top - 1 + rng.randint(0, 12)])
            else:
                v = rng.choice([rng.randint(0, 6), (1 << bits) - 1 - rng.randint(0, 12)])
            v = wrap(v, self.t)
            if signed and v == -(1 << (bits - 1)):
                return "(%d - 1)" % (v + 1), lambda n, c: v
            return str(v) + ("u" if not signed and bits >= 32 and v > 2**31 - 1 else ""), lambda n, c: v
        v = rng.randint(-15, 20) if signed else rng.randint(0, 25)
        return str(v), lambda n, c: v

    def terminates(self, k0, rel, bnd, do):
        """Does the counter-controlled loop stop, without running around its
        type, for the extreme inputs and a sample of the others?  (Its bound
        is monotone in n; a program whose brute force still does not end is
        generated again.)"""
        ns = sorted({self.lo, self.hi, 0 if self.lo <= 0 else self.lo} |
                    {self.rng.randint(self.lo, self.hi) for _ in range(12)})
        for n in ns:
            for c in ((self.c_lo, self.c_hi) if self.has_c else [0]):
                k, b = k0(n, c), bnd(n, c)
                cap = (abs(b) + abs(k) + 60) // abs(self.d) + 60
                runs = 0
                if do:
                    k = wrap(k + self.d, self.t)
                while compare(self.t, k, rel, b):
                    k = wrap(k + self.d, self.t)
                    runs += 1
                    if runs > cap:
                        return False
        return True

    def residue_loop(self, ind, k0text, rel, btext):
        """The loop itself (for/while/do) with k controlling it."""
        rng = self.rng
        out = []
        extra = ""
        if rng.random() < 0.2:
            extra = " && " + rng.choice([self.lc(), self.rc()])
        update = [ind + "  " + self.k_update()]
        if self.form in ("for", "outer"):
            in_body = rng.random() < 0.2
            out.append("%sfor (k = %s; k %s %s%s; %s) {" % (ind, k0text, rel, btext, extra,
                                                           "" if in_body else self.k_update()[:-1]))
            out += self.body(ind + "  ", update, in_body)
            out.append(ind + "}")
        elif self.form == "while":
            out.append("%swhile (k %s %s%s) {" % (ind, rel, btext, extra))
            out += self.body(ind + "  ", update, True)
            out.append(ind + "}")
        else:
            out.append(ind + "do {")
            out += self.body(ind + "  ", update, True)
            out.append("%s} while (k %s %s%s);" % (ind, rel, btext, extra))
        return out

    def generate(self):
        rng = self.rng
        body = []
        pre = []
        if self.form in ("for", "while", "do"):
            for _ in range(40):
                k0text, k0 = self.start(True)
                if not TYPES[self.t][1] and self.d < 0:    # an unsigned counter goes up
                    self.d = -self.d
                rel = rng.choice(["<", "<="] if self.d > 0 else [">", ">="])
                btext, bnd = self.bound(self.d > 0)
                if self.terminates(k0, rel, bnd, self.form == "do"):
                    break
                self.d = self.step()
            else:
                return None
            if self.form != "for":
                pre.append("  k = %s;" % k0text)
            body += self.residue_loop("  ", k0text, rel, btext)
        elif self.form == "outer":
            q = rng.choice([2, 4, 8, 16]) * max(1, self.hi * self.K // 1000)    # at most ~500 runs of the outer loop
            for _ in range(40):
                k0text, k0 = self.start(True)
                k0 = (lambda f: lambda n, c: f(n, c))(k0)
                if self.d > 0:
                    rel = rng.choice(["<", "<="])
                    bt = rng.choice(["i %% 5 + %d" % rng.randint(0, 12), "%d" % rng.randint(0, 16), "i + %d" %
                                     rng.randint(0, 4)])
                else:
                    rel = rng.choice([">", ">="])
                    bt = rng.choice(["%d - i %% 5" % rng.randint(-12, 0), "%d" % rng.randint(-16, 0), "-i"])
                imax = max(0, c_div(self.hi * self.K, q))
                ok = True
                for iv in range(0, imax + 1):
                    bv = eval(bt.replace("i % 5", str(iv % 5)).replace("i", str(iv)))
                    if not self.terminates(k0, rel, lambda n, c: bv, False):
                        ok = False
                        break
                if ok:
                    break
                self.d = self.step()
            else:
                return None
            pre.append("  k = 0;")      # read after the loop, which may not run
            body.append("  for (i = 0; i < %s / %d; i++) {" % (self.nvar, q))
            if rng.random() < 0.4:
                body.append("    if (%s)" % self.residue_of("i", rng.choice([2, 3])))
                body.append("      " + self.const_upd(rng.choice(self.accs)))
            body += self.residue_loop("    ", k0text, rel, bt)
            if rng.random() < 0.3:
                body.append("    " + self.upd())
            body.append("  }")
        else:   # driver: i ends the loop, k is free to wrap
            k0text, _ = self.start(False)
            pre.append("  k = %s;" % k0text)
            btext, _ = self.bound(True)
            di = rng.choice([1, 1, 1, 2])
            header = rng.random() < 0.4
            neg = self.negative
            if neg == "addr":
                pre.append("  %s *pk = &k;" % self.t)
            upd = self.k_update()
            if neg == "cond":
                update = ["    if (%s)" % self.cond(), "      " + upd, "    else", "      " + self.k_update(self.step())]
            elif neg == "nonconst":
                update = ["    k += %s;" % rng.choice(["n % 3", "a % 2" if "a" in self.accs else "n & 1", "(k & 1) + 1"])]
            elif neg == "addr":
                update = ["    *pk += %d;" % self.d]
            elif neg == "inner":
                update = self.nested("    ", upd)
            else:
                update = ["    " + upd]
            if neg == "double":
                update = update + ["    " + self.k_update(self.step())]
            if header:
                body.append("  for (i = 0; i < %s; i += %d) {" % (btext, di) if di > 1 else
                            "  for (i = 0; i < %s; i++) {" % btext)
            else:
                body.append("  while (i < %s) {" % btext)
                body.append("    i += %d;" % di if di > 1 else "    i++;")
            body += self.body("    ", update, True)
            body.append("  }")
        self.k0text = k0text
        decl = ["int f(int n%s) {" % (", int c" if self.has_c else "")]
        decl.append("  " + ", ".join("%s = %d" % (x, self.acc0[x]) for x in self.accs).join(["int ", ";"]))
        decl.append("  %s k;" % self.t)
        decl.append("  int r = 0;")
        if self.uses_i:
            decl.append("  int i = 0;")
        if self.uses_j:
            decl.append("  int j;")
        decl += ["  if (n < %d || n > %d)" % (self.lo, self.hi), "    return -1;"]
        if self.has_c:
            decl += ["  if (c < %d || c > %d)" % (self.c_lo, self.c_hi), "    return -2;"]
        if self.K > 1:
            decl.append("  int m = n * %d;" % self.K)
        if rng.random() < 0.1:
            x = rng.choice(self.accs)
            decl += ["  if (n > %d)" % rng.randint(self.lo, self.hi), "    %s = %d;" % (x, rng.randint(-3, 6))]
        self.head = decl + pre + body
        # the variables after the loop, as the targets read them
        self.vars = self.accs + [self.kt, "n"] + (["m"] if self.K > 1 else []) + (["c"] if self.has_c else []) + (["i"] if self.uses_i else [])
        return self

    # ---- targets --------------------------------------------------------------

    def forms(self):
        """Random linear forms over self.vars: [(text, coefficients)]."""
        rng = self.rng
        out, seen = [], set()
        accs, kt = self.accs, self.kt
        for _ in range(30):
            if len(out) >= 3:
                break
            r = rng.random()
            co = {}
            if r < 0.3:
                co[rng.choice(accs)] = rng.choice([1, 2, 3, -1, -2])
                co[self.nvar] = rng.choice([-1, 1, -2, 2, -3])
            elif r < 0.55 and len(accs) > 1:
                x, y = rng.sample(accs, 2)
                co[x], co[y] = rng.choice([1, 2, 3, -1]), rng.choice([1, -1, -2, -3, 2])
                if rng.random() < 0.3:
                    co[self.nvar] = rng.choice([-1, 1])
            elif r < 0.65:
                co[rng.choice(accs)] = 1
            elif r < 0.8:
                co[rng.choice(accs)] = rng.choice([1, 2, -1, 3])
                co[kt] = rng.choice([-1, 1, -2])
            elif r < 0.9:
                co[kt] = rng.choice([1, -1])
                co[self.nvar] = rng.choice([-1, 1, -2])
            else:
                for v in rng.sample(self.vars, min(3, len(self.vars))):
                    co[v] = rng.choice([1, -1, 2, -2, 3])
            key = tuple(sorted(co.items()))
            if key in seen:
                continue
            seen.add(key)
            out.append((self.form_text(co), co))
        return out

    def value(self, co, vals):
        s = 0
        for v, x in co.items():         # C's evaluation order, -fwrapv
            s = wrap32(s + wrap32(x * vals[self.vars.index(v)]))
        return s

    def facets(self, probes):
        """Forms p * x + q * y whose maximum over all inputs is reached along
        an edge of the convex hull of the points (x, y) after the loop (x an
        accumulator; y n, i, the counter or another accumulator), a long edge
        more likely: the slopes an exact invariant has (3 * a - 2 * n <= 6).
        [(text, coefficients)]"""
        rng = self.rng
        moving = [v for j, v in enumerate(self.vars) if len({p[j] for p in probes}) > 1]
        accs = [x for x in self.accs if x in moving]
        pairs = [(x, y) for x in accs for y in [self.nvar, self.kt] + (["i"] if self.uses_i else []) if y in moving]
        pairs += [(x, y) for x in accs for y in accs if x < y]
        out = []
        for x, y in rng.sample(pairs, len(pairs)):
            ix, iy = self.vars.index(x), self.vars.index(y)
            h = hull({(p[ix], p[iy]) for p in probes})
            if len(h) < 2:
                continue
            edges = []
            for k in range(len(h)):
                (x0, y0), (x1, y1) = h[k], h[(k + 1) % len(h)]
                p, q = y1 - y0, x0 - x1          # the outward normal of a counterclockwise hull
                g = gcd(abs(p), abs(q))
                p, q = p // g, q // g
                if max(abs(p), abs(q)) <= 40 and (p, q) not in [e[0] for e in edges]:
                    edges.append(((p, q), abs(x1 - x0) + abs(y1 - y0)))
            if not edges:
                continue
            (p, q), _ = rng.choices(edges, [e[1] for e in edges])[0]
            co = {v: c for v, c in ((x, p), (y, q)) if c}
            out.append((self.form_text(co), co))
            if len(out) == 2:
                break
        return out

    def form_text(self, co):
        text = ""
        for v, x in co.items():
            term = v if abs(x) == 1 else "%d * %s" % (abs(x), v)
            text += ("- " if x < 0 else "+ ") + term + " " if text else ("-" if x < 0 else "") + term + " "
        return text.strip()

    def targets(self, probes):
        rng = self.rng
        conds = []
        for text, co in self.facets(probes):
            vs = [self.value(co, p) for p in probes]
            hi = max(vs)
            conds.append(("%s > %d" % (text, hi), "facet"))
            conds.append(rng.choice([("%s == %d" % (text, hi), "facet"), ("%s >= %d" % (text, hi), "facet")]))
        for text, co in self.forms()[:2]:
            vs = [self.value(co, p) for p in probes]
            if not vs:
                continue
            hi, lo = max(vs), min(vs)
            cand = [("%s > %d" % (text, hi), "max"), ("%s == %d" % (text, hi), "max"),
                    ("%s >= %d" % (text, hi), "max"), ("%s < %d" % (text, lo), "min"),
                    ("%s <= %d" % (text, lo), "min"), ("%s > %d" % (text, hi - 1), "max")]
            conds += rng.sample(cand, 2)
            seen = set(vs)
            if hi - lo < 100000 and rng.random() < 0.3:
                gaps = [v for v in range(lo, hi + 1) if v not in seen]
                if gaps:
                    conds.append(("%s == %d" % (text, rng.choice(gaps)), "gap"))
            par = {v & 1 for v in vs}
            if len(par) == 1 and rng.random() < 0.3:
                conds.append(("((%s) & 1) != %d" % (text, par.pop()), "parity"))
        return conds[:8]

    def render(self, targets):
        """The probe build (targets None) or the program under test: (text, [line of target t])."""
        lines = list(self.head)
        lines_of = []
        if targets is None:
            lines.append("  __probe(%d, %s);" % (len(self.vars), ", ".join("(long long)(%s)" % v
                                                                            for v in self.vars)))
        else:
            for t, (cond, _) in enumerate(targets):
                lines.append("  if (%s)" % cond)
                lines.append("    r |= %d;" % (1 << t))
                lines_of.append(len(lines))
        lines += ["  return r;", "}"]
        return "\n".join(lines) + "\n", lines_of

    def harness(self, inc, probe):
        out = ["#include <stdio.h>", "#include <stdarg.h>"]
        if probe:
            out += ["static void __probe(int cnt, ...) {", "  va_list ap;", "  va_start(ap, cnt);",
                    '  printf("P");', '  for (int i = 0; i < cnt; i++) printf(" %lld", va_arg(ap, long long));',
                    '  printf("\\n");', "  va_end(ap);", "}"]
        out += ['#include "%s"' % inc, "int main(void) {",
                "  for (int n = %d; n <= %d; n++)" % (self.lo, self.hi),
                "    for (int c = %d; c <= %d; c++)" % ((self.c_lo, self.c_hi) if self.has_c else (0, 0)),
                '      printf("R %%d %%d %%d\\n", n, c, f(n%s));' % (", c" if self.has_c else ""),
                "  return 0;", "}"]
        return "\n".join(out) + "\n"


def sh(cmd, cwd, timeout):
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return None, "", "timeout"


class Slow(Exception):
    pass


def build_run(d, name, text):
    with open(os.path.join(d, name + ".c"), "w") as fh:
        fh.write(text)
    st, out, err = sh(["gcc", "-O1", "-fwrapv", "-w", "-o", name, name + ".c"], d, 120)
    if st != 0:
        raise RuntimeError("gcc: %s" % err[-2000:])
    st, out, err = sh(["./" + name], d, 30)
    if st is None:
        raise Slow()
    if st != 0:
        raise RuntimeError("%s exits %s: %s" % (name, st, err[-500:]))
    return out


def make_program(seed, d):
    """Writes d/p.c; returns (generator, text, targets, lines, oracle {(n, c): r}, sub-seeds tried)."""
    for attempt in range(20):
        g = Gen(seed * 1000 + attempt).generate()
        if g is None:
            continue
        probe, _ = g.render(None)
        with open(os.path.join(d, "probe.c"), "w") as fh:
            fh.write(probe)
        try:
            out = build_run(d, "probe_main", g.harness("probe.c", True))
        except Slow:
            continue
        probes, pending = [], None
        for ln in out.splitlines():
            if ln.startswith("P "):
                pending = [int(x) for x in ln.split()[1:]]
            elif ln.startswith("R "):
                if pending is not None:
                    probes.append(pending)
                pending = None
        targets = g.targets(probes)
        text, lines = g.render(targets)
        with open(os.path.join(d, "p.c"), "w") as fh:
            fh.write(text)
        try:
            out = build_run(d, "oracle", g.harness("p.c", False))
        except Slow:
            raise RuntimeError("the program under test does not end, but its probe build does")
        table = {}
        for ln in out.splitlines():
            _, n, c, r = ln.split()
            table[(int(n), int(c))] = int(r)
        return g, text, targets, lines, table, attempt + 1
    raise RuntimeError("no terminating program in 20 sub-seeds")


class Query:
    def __init__(self, t, line, kind, hits, witness):
        self.t, self.line, self.kind, self.hits, self.witness = t, line, kind, hits, witness
        self.verdict = self.fail = self.note = self.reason = None
        self.out, self.time, self.poly, self.repro = "", 0.0, 0, None

    def cmd(self, inka=None):
        return [inka or "inka-ng", "--reach", "p.c:%d" % self.line, "--function", "f", "--timeout", "%g" % TIMEOUT,
                "--json", "--stats", "--validate"] + FLAGS + ["p.c"]


def run_query(d, q, g, table):
    t0 = time.time()
    st, out, err = sh(q.cmd(INKA), d, TIMEOUT + 20)
    q.time = time.time() - t0
    q.out = (out + "\n" + err).strip()
    js = answers.read_answer(q, st, out, err, TIMEOUT + 20, TIMEOUT)
    if q.verdict == "unsupported":
        q.fail = "exit 2, unsupported (every program is in the subset by construction): " + (q.note or "")
    if js is None:
        return
    q.poly = js.get("stats", {}).get("reasoning", {}).get("polyhedra", 0)
    if q.verdict == "unknown":
        q.reason = str(js.get("reason", "?"))[:200]
    elif q.verdict == "unreachable":
        if q.hits:
            q.fail = "WRONG: UNREACHABLE, but %d inputs reach target %d, e.g. f(%s)" % (q.hits, q.t, q.witness)
    elif q.verdict == "reachable":
        ins = {i.get("name"): i.get("value") for i in js.get("inputs", [])}
        key = (ins.get("n"), ins.get("c") if g.has_c else 0)
        if js.get("validated") is not True:
            q.fail = "REACHABLE but not validated: %s" % json.dumps(js.get("validated"))
        elif not q.hits:
            q.fail = "WRONG: REACHABLE (validated!) but no input reaches target %d" % q.t
        elif key not in table:
            q.fail = "REACHABLE with inputs outside the box (the early returns): %s" % json.dumps(ins)
        elif not table[key] & (1 << q.t):
            q.fail = "WRONG: REACHABLE with %s, but that input returns r = %d (no bit %d) in the oracle" % (
                json.dumps(ins), table[key], q.t)


def witness_text(g, key):
    return "n = %d%s" % (key[0], ", c = %d" % key[1] if g.has_c else "")


def run_program(seed):
    d = os.path.join(TMP, "s%d" % seed)
    os.makedirs(d)
    res = {"seed": seed, "dir": d, "queries": [], "error": None, "form": None}
    try:
        g, text, targets, lines, table, tries = make_program(seed, d)
    except Exception as e:   # noqa: BLE001 (a bug of the generator: reported, the campaign goes on)
        res["error"] = "%s: %s" % (type(e).__name__, e)
        return res
    res.update(text=text, form=g.form, type=g.t, negative=g.negative, tries=tries)
    timeouts = 0
    for t, (cond, kind) in enumerate(targets):
        if STOP.is_set():
            return res
        keys = [key for key, r in sorted(table.items()) if r >= 0 and r & (1 << t)]
        q = Query(t, lines[t], kind, len(keys), witness_text(g, keys[0]) if keys else None)
        if SKIP and timeouts >= SKIP:
            q.verdict = "skipped"
        else:
            run_query(d, q, g, table)
            timeouts += q.verdict == "unknown" and q.time >= 0.9 * TIMEOUT
        res["queries"].append(q)
        if VERBOSE:
            with PRINT:
                print("seed %d target %d (line %d, %s, %s %s%s): %s%s %.2fs, oracle: %d inputs%s" % (
                    seed, t, q.line, kind, g.form, g.t, " " + g.negative if g.negative else "", q.verdict,
                    " FAIL" if q.fail else "", q.time, q.hits, " (%s)" % q.reason if q.reason else ""), flush=True)
        if q.fail:
            keep_failure(res, q)
    return res


def keep_failure(res, q):
    dst = os.path.join(FAILDIR, "seed%d" % res["seed"])
    os.makedirs(dst, exist_ok=True)
    shutil.copy(os.path.join(res["dir"], "p.c"), dst)
    shutil.copy(os.path.join(res["dir"], "oracle.c"), dst)
    cmd = " ".join(q.cmd("inka-ng"))
    with open(os.path.join(dst, "target%d.txt" % q.t), "w") as fh:
        fh.write("command (in this directory): %s\nfailure: %s\noracle (gcc -O0 -fwrapv, oracle.c): %d inputs "
                 "reach target %d (line %d)%s\ninka-ng said:\n%s\n" % (
                     cmd, q.fail, q.hits, q.t, q.line, ", e.g. f(%s)" % q.witness if q.hits else "", q.out[:4000]))
    q.repro = (dst, cmd)


COLS = ["reachable", "unreachable", "unknown", "skipped", "unsupported", "error"]


def report(results, t0):
    passed = failed = 0
    table, reasons, forms = {}, {}, {}
    slow = proofs_poly = 0
    for res in results:
        if res["error"]:
            failed += 1
            print("FAIL seed %d: %s" % (res["seed"], res["error"]))
            continue
        for q in res["queries"]:
            row = "reached" if q.hits else "not reached"
            table.setdefault(row, {}).setdefault(q.verdict, 0)
            table[row][q.verdict] += 1
            f = forms.setdefault(res["form"] + ("/neg" if res["negative"] else ""), {})
            f[q.verdict] = f.get(q.verdict, 0) + 1
            if q.verdict == "unreachable" and q.poly:
                proofs_poly += 1
            if q.verdict == "unknown" and q.time >= 0.9 * TIMEOUT:
                slow += 1
            if q.reason:
                reasons[q.reason] = reasons.get(q.reason, 0) + 1
            if q.verdict == "skipped":
                continue
            if q.fail:
                failed += 1
            else:
                passed += 1
    nq = sum(len(r["queries"]) for r in results)
    print("residue differential test: %d programs (seeds %d..%d), %d queries, %.1f s, %d jobs, --timeout %g %s" % (
        len(results), SEED, SEED + COUNT - 1, nq, time.time() - t0, JOBS, TIMEOUT, " ".join(FLAGS)))
    print("  %-14s" % "oracle \\ inka" + "".join("%12s" % c for c in COLS))
    for row in sorted(table):
        print("  %-14s" % row + "".join("%12d" % table[row].get(c, 0) for c in COLS))
    print("  by loop form: " + "; ".join("%s %s" % (k, ", ".join("%s %d" % kv for kv in sorted(v.items())))
                                         for k, v in sorted(forms.items())))
    print("  proofs with a polyhedral invariant posted: %d; unknown at the timeout: %d" % (proofs_poly, slow))
    qs = sorted(((q.time, res["seed"], q.t) for res in results for q in res["queries"]), reverse=True)
    print("  inka-ng time %.0f s; slowest: %s" % (sum(x[0] for x in qs), ", ".join(
        "%d/%d %.1f s" % (sd, t, tm) for tm, sd, t in qs[:5])))
    for r, n in sorted(reasons.items(), key=lambda kv: -kv[1])[:6]:
        print("  unknown (%d): %s" % (n, r))
    for res in results:
        for q in res["queries"]:
            if q.fail:
                print("FAIL seed %d, target %d (line %d): %s" % (res["seed"], q.t, q.line, q.fail))
                print("  reproducer: %s/p.c; command (there): %s" % q.repro)
    if OUT:
        with open(OUT, "w") as fh:
            json.dump([{"seed": res["seed"], "t": q.t, "kind": q.kind, "reached": bool(q.hits), "verdict": q.verdict,
                        "time": round(q.time, 3), "poly": q.poly, "fail": q.fail}
                       for res in results for q in res["queries"]], fh, indent=0)
    print("%d passed, %d failed" % (passed, failed))
    return failed


def compare_runs(a, b):
    """Two RESIDUE_OUT files of the same seeds: the verdicts side by side."""
    A = {(x["seed"], x["t"]): x for x in json.load(open(a))}
    B = {(x["seed"], x["t"]): x for x in json.load(open(b))}
    keys = sorted(set(A) & set(B))
    print("%d queries in both (%d only in %s, %d only in %s)" % (len(keys), len(set(A) - set(B)), a,
                                                              len(set(B) - set(A)), b))
    for name, R in ((a, A), (b, B)):
        c = {}
        for k in keys:
            x = R[k]
            key = "%s -> %s" % ("reached" if x["reached"] else "not reached", x["verdict"])
            c[key] = c.get(key, 0) + 1
        print("%s: %s; %.0f s in all" % (name, ", ".join("%s %d" % kv for kv in sorted(c.items())),
                                        sum(R[k]["time"] for k in keys)))
    moves = {}
    for k in keys:
        if A[k]["verdict"] != B[k]["verdict"]:
            m = "%s -> %s (%s)" % (A[k]["verdict"], B[k]["verdict"], "reached" if A[k]["reached"] else "not reached")
            moves.setdefault(m, []).append("%d/%d" % k)
    for m, ks in sorted(moves.items()):
        print("  %s -> %s: %s: %d (%s%s)" % (a, b, m, len(ks), " ".join(ks[:10]), " ..." if len(ks) > 10 else ""))
    return 0


def main():
    global TMP, INKA
    if len(sys.argv) == 4 and sys.argv[1] == "--compare":
        return compare_runs(sys.argv[2], sys.argv[3])
    if len(sys.argv) == 3 and sys.argv[1] == "--show":
        import tempfile
        d = tempfile.mkdtemp(prefix="inka-residues.")
        try:
            g, text, targets, lines, table, tries = make_program(int(sys.argv[2]), d)
        finally:
            shutil.rmtree(d, ignore_errors=True)
        sys.stdout.write(text)
        for t, (cond, kind) in enumerate(targets):
            n = sum(1 for r in table.values() if r >= 0 and r & (1 << t))
            print("/* target %d: line %d, %s, %d inputs */" % (t, lines[t], kind, n))
        print("/* %s loop, counter %s%s, %d sub-seeds */" % (g.form, g.t, ", " + g.negative if g.negative else "",
                                                           tries))
        return 0
    if not os.access(INKA, os.X_OK):
        print("no executable %s (run make first)" % INKA)
        print("0 passed, 1 failed")
        return 1
    TMP, INKA = campaign.freeze_binary(INKA, "inka-residues.")
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
