#!/usr/bin/env python3
"""Random differential test of the interval invariants of float loops
(translate/float_bounds.c) against gcc.

Each program (seed N) is

    int f(int n, int c) {
      int i, j, k = c, r = 0;
      float f0 = K0; double d1 = K1; ...       (2-4 locals, random constants:
      if (n < 0 || n > N) return -1;            0.0, -0.0, tiny, denormal, huge,
      if (c < -3 || c > 3) return -2;           3.4e38f, 1e300, negative, hex;
      [float f2 = (float)c * K;]                sometimes a global set first,
      [float *p = &f0;]                         or a local set from c or n)
      <a loop running about n times: for up or down, while, do-while (once for
       n == 0), a float update in its step, `&& FCOND` in its condition>
        <random statements: x = E, x OP= E, x = -x, x++, x = c > 0 ? E : E,
         (*p) = E, if/else on int conditions (c, i, k) or float ones (x < K,
         x != x, x > y), `if (FCOND) break;`, a goto out of the loop, a
         switch on i % 3, an inner loop, fabs/sqrt; E made of + - * / over
         constants, the locals, (float)i, (double)n, c, k, float <-> double
         conversions, unary minus; and, now and then, what overflows to inf
         (x * 1e10f, x *= 3.4e38f), makes a NaN (x - x, 0 * x, (y - y) / (y -
         y), x / x) or underflows to 0 (x * 1e-20f, x / 1e30f)>
      [sometimes a second loop over the outputs of the first]
      if (COND)
        r |= 1;            (target 0)
      ...
      return r;
    }

N is in 2..60 for half the programs, 200..2000 for 15%, and 20,000 or
100,000 for 35%: no unfolding proves those dead targets, the invariant has
to.  The targets compare the locals after the loops (mostly those a loop
writes) with constants chosen from the exit values gcc computes (a probe
run of the same function): `x < T`, `x <= T`, `x > T`, `x >= T`, `x == T`,
`x != T` with T the least or the greatest exit value (exact, one step past,
one step inside, far away), zero, a value seen; `x != x` (a NaN), `x == 0 &&
1 / x < 0` (-0), `x > FLT_MAX` (+inf), `x < y`, `x + y > T`; so that dead
and reachable targets both occur often, and a range one step too narrow
turns a reachable target UNREACHABLE.

Truth: p.c with a main, compiled by `gcc -O0 -ffp-contract=off
-fno-fast-math` (x86-64 SSE: no excess precision; inka-ng models gcc -O0 on
x86-64), run on every (n, c) in 0..N x -3..3: the returned bits say which
targets ran.  A long loop (N >= 20,000: one loop, whose body does not read
n) is run once per c with n = N: a hook in its condition records the target
bits at the check where i == m, the exit of f(m, c), and the state after
the loop serves every larger m once the loop left early (FAST_ORACLE); the
shortcut is checked against p.c itself on 77 inputs per program.  Each
target is one query `inka-ng --reach p.c:LINE --function f --json --validate
--timeout T [--no-concrete] p.c` (--no-concrete on 40% of the queries, by
seed: the proof has to come from propagation):
  UNREACHABLE  WRONG when an input reaches the target (the witness printed);
  REACHABLE    must say validated, and its (n, c), run again by the oracle
               binary (p.c), must reach the target;
  UNKNOWN      counted with its reason;
  anything else (exit 2, a crash, no JSON, a run past T + 5 s) fails.
With FLOAT_BASE=PATH (another inka-ng, e.g. built before float_bounds.c),
every dead target is also asked to it with the same options, and the
summary compares the proofs (its answers are judged, a wrong one printed,
but they do not count as failures).

Usage: floatloops.py               the test (last line "N passed, N failed")
       floatloops.py --show N      print program N and its targets with the truth
Environment: INKA (./inka-ng), FLOAT_COUNT (20; floatloops.sh: 12), FLOAT_SEED (1),
FLOAT_TIMEOUT (10), FLOAT_JOBS (1), FLOAT_BASE, FLOAT_NOCONCRETE (0.4: the
fraction of queries with --no-concrete), FLOAT_SKIP=0 (by default, once a
query of a program runs out of its --timeout, its other queries with the
same options are skipped and counted as such), FLOAT_KEEP=1,
FLOAT_VERBOSE=1, FLOAT_FAILDIR (/tmp/inka-float-failures: failing programs
with the command and the oracle's witness).
"""
import json
import math
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import answers  # noqa: E402
import campaign  # noqa: E402

INKA = os.path.abspath(os.environ.get("INKA", "./inka-ng"))
BASE = os.environ.get("FLOAT_BASE", "")
COUNT = int(os.environ.get("FLOAT_COUNT", "20"))
SEED = int(os.environ.get("FLOAT_SEED", "1"))
TIMEOUT = float(os.environ.get("FLOAT_TIMEOUT", "10"))
JOBS = int(os.environ.get("FLOAT_JOBS", "1"))
NOCONCRETE = float(os.environ.get("FLOAT_NOCONCRETE", "0.4"))
SKIP = os.environ.get("FLOAT_SKIP", "1") != "0"
KEEP = os.environ.get("FLOAT_KEEP", "") not in ("", "0")
VERBOSE = os.environ.get("FLOAT_VERBOSE", "") not in ("", "0")
FAILDIR = os.environ.get("FLOAT_FAILDIR", "/tmp/inka-float-failures")
GCC = ["gcc", "-O0", "-ffp-contract=off", "-fno-fast-math", "-w"]
STOP = threading.Event()
PRINT = threading.Lock()

FLT_MAX = struct.unpack("<f", struct.pack("<I", 0x7f7fffff))[0]
DBL_MAX = sys.float_info.max

# ---- IEEE helpers -------------------------------------------------------------


def to_float(v):
    """v rounded to binary32 (to nearest even; overflow to inf)."""
    try:
        return struct.unpack("<f", struct.pack("<f", v))[0]
    except OverflowError:
        return math.copysign(math.inf, v)


def next_float(v, up):
    """The binary32 neighbour of the binary32 value v."""
    if math.isnan(v) or (math.isinf(v) and (v > 0) == up):
        return v
    if v == 0:
        b = 1 if up else 0x80000001
        return struct.unpack("<f", struct.pack("<I", b))[0]
    b = struct.unpack("<I", struct.pack("<f", v))[0]
    b = b + 1 if (v > 0) == up else b - 1
    return struct.unpack("<f", struct.pack("<I", b))[0]


def neighbour(v, ty, up):
    return next_float(v, up) if ty == "float" else math.nextafter(v, math.inf if up else -math.inf)


def literal(v, ty, rng):
    """A C literal of type ty whose value is exactly v (finite)."""
    if v == 0:
        return ("-0.0" if math.copysign(1, v) < 0 else "0.0") + ("f" if ty == "float" else "")
    if rng.random() < 0.3:
        return float.hex(v) + ("f" if ty == "float" else "")
    if ty == "float":
        for p in range(6, 10):
            s = "%.*g" % (p, v)
            if to_float(float(s)) == v:
                break
        if not any(ch in s for ch in ".e"):
            s += ".0"
        return s + "f"
    s = repr(v)
    return s


# ---- the generator ------------------------------------------------------------

F_CONSTS = ["0.0f", "-0.0f", "1.0f", "0.5f", "0.1f", "-0.1f", "2.0f", "-3.0f", "10.0f", "0.3f", "100.0f",
            "1e-30f", "1e-45f", "1.17549435e-38f", "1e30f", "3.4e38f", "-3.4e38f", "1e10f", "1e-10f",
            "0x1.8p-3f", "-7.25f", "1.5f", "0.75f", "3.0f"]
D_CONSTS = ["0.0", "-0.0", "1.0", "0.5", "0.1", "-0.1", "2.0", "-3.0", "10.0", "1e300", "-1e300", "1e-300",
            "5e-324", "1e-320", "1.7e308", "1e30", "3.4e38", "1e-45", "0x1.0000000000001p0", "0.3",
            "-2.5", "1.5", "3.0"]


class Gen:
    def __init__(self, seed):
        self.rng = random.Random(seed * 7919 + 17)
        self.seed = seed

    def generate(self):
        rng = self.rng
        nv = rng.randint(2, 4)
        self.vars = []
        self.globs = set()
        for v in range(nv):
            ty = "float" if (v == 0 or rng.random() < 0.55) else "double"
            glob = v > 0 and rng.random() < 0.08     # a global (set at the start of f: every call alike)
            self.vars.append(("%s%d" % ("g" if glob else "f" if ty == "float" else "d", v), ty))
            if glob:
                self.globs.add(self.vars[-1][0])
        self.alias = None
        r = rng.random()
        self.N = rng.randint(2, 60) if r < 0.5 else rng.choice([200, 500, 1000, 2000]) if r < 0.65 else \
            rng.choice([20000, 100000])
        # a long loop: no unfolding proves its dead targets, and the oracle is one run per c (fast_oracle)
        self.fast = self.N >= 10000
        self.uses_k = rng.random() < 0.35
        self.math = False
        self.labels = 0
        self.lines = []
        L = self.lines
        L += ["%s %s;" % (ty, name) for name, ty in self.vars if name in self.globs]
        L.append("int f(int n, int c) {")
        L.append("  int i, j, k = c, r = 0;")
        late = []
        for name, ty in self.vars:
            if name in self.globs:
                L.append("  %s = %s;" % (name, self.const(ty)))
            elif rng.random() < 0.15:
                late.append((name, ty))          # initialised from the inputs, after the checks
            else:
                L.append("  %s %s = %s;" % (ty, name, self.const(ty)))
        L.append("  if (n < 0 || n > %d)" % self.N)
        L.append("    return -1;")
        L.append("  if (c < -3 || c > 3)")
        L.append("    return -2;")
        for name, ty in late:
            L.append("  %s %s = %s;" % (ty, name, rng.choice(
                ["(%s)c * %s" % (ty, self.const(ty)), "%s + (%s)c" % (self.const(ty), ty)] +
                ([] if self.fast else ["(%s)n" % ty, "(%s)(n - 30) * %s" % (ty, self.const(ty))]))))
        if rng.random() < 0.12:          # a pointer to a local: written and read through it in the loop
            name, ty = rng.choice([v for v in self.vars if v[0] not in self.globs] or self.vars)
            L.append("  %s *p = &%s;" % (ty, name))
            self.alias, self.alias_of = ("(*p)", ty), name
        self.loop(1)
        if rng.random() < 0.2 and not self.fast:
            self.loop(1)
        return self

    # -- expressions --
    def const(self, ty):
        rng = self.rng
        r = rng.random()
        if r < 0.75:
            return rng.choice(F_CONSTS if ty == "float" else D_CONSTS)
        if r < 0.9:
            v = round(rng.uniform(-100, 100), rng.randint(0, 3))
            s = repr(v)
            return s + ("f" if ty == "float" else "")
        v = rng.uniform(1, 2) * 2.0 ** rng.randint(-140 if ty == "float" else -1070, 126 if ty == "float" else 1020)
        if ty == "float":
            v = to_float(v)
        v = -v if rng.random() < 0.3 else v
        return literal(v, ty, rng)

    def var(self, ty=None):
        rng = self.rng
        if self.alias and rng.random() < 0.15:
            return self.alias
        cands = [v for v in self.vars if ty is None or v[1] == ty] if rng.random() < 0.7 else self.vars
        return rng.choice(cands or self.vars)

    def leaf(self, ty):
        rng = self.rng
        r = rng.random()
        if r < 0.3:
            return self.const(ty)
        if r < 0.65:
            return self.var(ty)[0]
        if r < 0.85:
            ints = ["i", "c"] + ([] if self.fast else ["n"]) + (["k"] if self.uses_k else [])
            x = rng.choice(ints)
            return rng.choice(["(%s)%s" % (ty, x), x, "(%s)(%s - %d)" % (ty, x, rng.randint(0, 40))])
        other = [v for v in self.vars if v[1] != ty]
        if other:
            return "(%s)%s" % (ty, rng.choice(other)[0])
        return "(%s)%s" % ("double" if ty == "float" else "float", self.var()[0])

    def expr(self, ty, depth):
        rng = self.rng
        if depth <= 0 or rng.random() < 0.35:
            return self.leaf(ty)
        r = rng.random()
        if r < 0.1:
            return "-%s" % self.paren(self.expr(ty, depth - 1))
        if r < 0.18:
            other = "double" if ty == "float" else "float"
            return "(%s)(%s)" % (ty, self.expr(other, depth - 1))
        return "(%s %s %s)" % (self.expr(ty, depth - 1), rng.choice("+-*/"), self.expr(ty, depth - 1))

    @staticmethod
    def paren(e):
        return e if e.startswith("(") and e.endswith(")") else "(%s)" % e

    def icond(self):
        rng = self.rng
        return rng.choice(["c > 0", "c < 0", "c == 1", "i & 1", "i < 3", "i % 3 == 0", "c != 0"] +
                          ([] if self.fast else ["i > n / 2", "n > 10"]) + (["k > 2", "k < 0"] if self.uses_k else []))

    def fcond(self):
        rng = self.rng
        x, ty = self.var()
        r = rng.random()
        if r < 0.45:
            return "%s %s %s" % (x, rng.choice(["<", ">", "<=", ">=", "==", "!="]), self.const(ty))
        if r < 0.6:
            return "%s != %s" % (x, x)
        if r < 0.8:
            y = self.var()[0]
            return "%s %s %s" % (x, rng.choice(["<", ">", "<="]), y)
        return rng.choice(["%s == 0" % x, "%s < 0" % x, "%s > 1e30f" % x, "%s > 0" % x])

    # -- statements --
    def nasty(self, x, ty):
        rng = self.rng
        y = self.var()[0]
        s = "f" if ty == "float" else ""
        return rng.choice([
            "%s = %s * 1e10%s;" % (x, x, s), "%s *= 3.4e38%s;" % (x, s), "%s = %s + 1e30f * 1e30f;" % (x, x),
            "%s = %s * 1e300;" % (x, x) if ty == "double" else "%s = (float)(%s * 1e300);" % (x, x),
            "%s = %s - %s;" % (x, x, x), "%s = 0.0%s * %s;" % (x, s, y), "%s = (%s - %s) / (%s - %s);" % (x, y, y, y, y),
            "%s = %s / %s;" % (x, x, x), "%s = %s * 1e-20%s;" % (x, x, s), "%s /= 1e30%s;" % (x, s),
            "%s *= 0.5%s;" % (x, s), "%s = %s * -0.0%s;" % (x, x, s), "%s = 0.0%s - %s;" % (x, s, x),
            "%s = %s - %s;" % (x, y, y), "%s = %s * %s;" % (x, x, x), "%s = 1.0%s / %s;" % (x, s, x)])

    def assign(self):
        rng = self.rng
        x, ty = self.var()
        r = rng.random()
        if r < 0.15:
            return [self.nasty(x, ty)]
        if r < 0.45:
            return ["%s %s= %s;" % (x, rng.choice("+-*/"), self.expr(ty, rng.randint(0, 2)))]
        if r < 0.75:
            return ["%s = %s;" % (x, self.expr(ty, rng.randint(1, 3)))]
        if r < 0.82:
            return ["%s = -%s;" % (x, x)]
        if r < 0.87:
            return ["%s%s;" % (x, rng.choice(["++", "--"]))]
        if r < 0.93:
            return ["%s = %s ? %s : %s;" % (x, rng.choice([self.icond(), self.fcond()]), self.expr(ty, 1),
                                            self.expr(ty, 1))]
        self.math = True
        return ["%s = %s(%s);" % (x, rng.choice(["fabs", "sqrt"]) if ty == "double" else
                                  rng.choice(["fabsf", "sqrtf"]), self.expr(ty, 1))]

    def stmts(self, depth, in_loop, count=None):
        rng = self.rng
        out = []
        for _ in range(count if count is not None else rng.randint(1, 3)):
            r = rng.random()
            if depth > 0 and r < 0.2:
                cond = self.icond() if rng.random() < 0.55 else self.fcond()
                out.append("if (%s) {" % cond)
                out += ["  " + s for s in self.stmts(depth - 1, in_loop)]
                if rng.random() < 0.5:
                    out.append("} else {")
                    out += ["  " + s for s in self.stmts(depth - 1, in_loop)]
                out.append("}")
            elif in_loop and r < 0.3:
                cond = self.fcond() if rng.random() < 0.7 else self.icond()
                out += ["if (%s)" % cond, "  break;"]
            elif depth > 0 and r < 0.33:
                out.append("switch (i % 3) {")
                out.append("case 0:")
                out += ["  " + s for s in self.stmts(0, False)]
                if rng.random() < 0.6:
                    out.append("  break;")
                out.append("case %d:" % rng.randint(1, 2))
                out += ["  " + s for s in self.stmts(0, False)]
                out.append("  break;")
                out.append("default:")
                out.append("  ;")
                out.append("}")
            elif depth > 0 and r < 0.36:
                out.append("for (j = 0; j < %s; j++) {" % rng.choice(["2", "3", "c", "(i & 3)"]))
                out += ["  " + s for s in self.stmts(0, True)]
                out.append("}")
            elif self.uses_k and r < 0.42:
                out.append(rng.choice(["k += c;", "k = i - k;", "k++;", "k = (k + i) % 7;"]))
            else:
                out += self.assign()
        return out

    def loop(self, ind):
        rng = self.rng
        L = self.lines
        pad = "  " * ind
        form = rng.choice(["for", "for", "for", "while", "do", "do", "step", "cond"] + ([] if self.fast else ["down"]))
        # \x01COND\x02 marks the condition of the loop that a long loop's oracle hooks, \x03 the line after it
        cnd = "\x01i < n\x02" if self.fast else "i < n"
        chunks = [self.stmts(2, True, 1) for _ in range(rng.randint(1, 4))]
        lab = None
        if rng.random() < 0.1:       # a goto out of the loop (the frontend makes it a break)
            self.labels += 1
            lab = "out%d" % self.labels
            chunks.insert(rng.randint(0, len(chunks)), ["if (%s)" % self.fcond(), "  goto %s;" % lab])
        body = [b for ch in chunks for b in ch]
        body = [pad + "  " + b for b in body]
        if form == "for":
            L.append(pad + "for (i = 0; %s; i++) {" % cnd)
            L += body
            L.append(pad + "}")
        elif form == "down":
            L.append(pad + "for (i = n; i > 0; i--) {")
            L += body
            L.append(pad + "}")
        elif form == "step":
            x, ty = self.var()
            L.append(pad + "for (i = 0; %s; i++, %s %s= %s) {" % (cnd, x, rng.choice("+-*"), self.expr(ty, 1)))
            L += body
            L.append(pad + "}")
        elif form == "cond":
            L.append(pad + "for (i = 0; %s && %s; i++) {" % (cnd, self.fcond()))
            L += body
            L.append(pad + "}")
        elif form == "while":
            L.append(pad + "i = 0;")
            L.append(pad + "while (%s) {" % cnd)
            L += body
            L.append(pad + "  i++;")
            L.append(pad + "}")
        else:
            L.append(pad + "i = 0;")
            L.append(pad + "do {")
            L += body
            L.append(pad + "  i++;")
            L.append(pad + "} while (%s);" % cnd)
        if lab:
            L.append("%s: ;" % lab)
        if self.fast:
            L.append("\x03")

    # -- rendering --
    def render(self, tail, hook=None, rest=None):
        """The program with `tail` after the loops; with hook and rest (a
        long loop's oracle), hook runs before each check of the loop's
        condition, the statement rest right after the loop."""
        head = ["#include <math.h>"] if self.math else []
        lines = []
        for ln in self.lines:
            if ln == "\x03":
                if rest:
                    lines.append("  " + rest)
                continue
            lines.append(ln.replace("\x01", "(%s, " % hook if hook else "").replace("\x02", ")" if hook else ""))
        return "\n".join(head + lines + tail) + "\n"

    def written(self, name):
        """Does a loop assign name (directly, or through p)?"""
        pat = re.compile(r"(^|[^\w.])%s\s*([-+*/]?=[^=]|\+\+|--)" % re.escape(name))
        alias = self.alias and self.alias_of == name
        return any(pat.search(ln) or (alias and "(*p)" in ln) for ln in self.lines if not ln.startswith("  %s " % name)
                   and "%s %s =" % ("float", name) not in ln and "%s %s =" % ("double", name) not in ln)

    def state(self):
        return "(double[]){%s}" % ", ".join(v for v, _ in self.vars)


def probe_tail(g):
    fmt = " ".join("%a" for _ in g.vars)
    return ['  printf("%s\\n", %s);' % (fmt, ", ".join("(double)%s" % v for v, _ in g.vars)), "  return r;", "}"]


def parse_value(s):
    return math.nan if "nan" in s else float.fromhex(s)


class Target:
    def __init__(self, k, cond, kind):
        self.k, self.cond, self.kind = k, cond, kind
        self.line = None


def choose_targets(g, values, rng):
    """Conditions on the exit values (values[v] = the list of exit values of
    local v over every input)."""
    targets = []
    want = rng.randint(5, 8)
    tries = 0
    while len(targets) < want and tries < 100:
        tries += 1
        written = [u for u, (name, _) in enumerate(g.vars) if g.written(name)]
        v = rng.choice(written) if written and rng.random() < 0.85 else rng.randrange(len(g.vars))
        x, ty = g.vars[v]
        vals = values[v]
        fin = sorted(u for u in vals if not math.isnan(u))
        has_nan = len(fin) < len(vals)
        r = rng.random()
        if not fin or r < 0.08:
            cond, kind = rng.choice([("%s != %s" % (x, x), "nan"), ("%s == %s" % (x, x), "notnan")])
        elif r < 0.14:
            cond, kind = ("%s == 0 && 1 / %s < 0" % (x, x), "-0") if rng.random() < 0.6 else \
                ("%s == 0 && 1 / %s > 0" % (x, x), "+0")
        elif r < 0.2:
            m = "3.40282347e38f" if ty == "float" else "1.7976931348623157e308"
            cond, kind = rng.choice([("%s > %s" % (x, m), "+inf"), ("%s < -%s" % (x, m), "-inf")])
        elif r < 0.27 and len(g.vars) > 1:
            y = rng.choice([u for u in g.vars if u[0] != x])[0]
            if rng.random() < 0.6:
                cond, kind = "%s %s %s" % (x, rng.choice(["<", "<=", ">", ">=", "=="]), y), "x?y"
            else:
                # the sum computed as C does (double when either is double)
                cond, kind = "%s + %s > %s" % (x, y, literal(to_float(rng.uniform(-10, 10)), "float", rng)), "x+y"
        else:
            lo, hi = fin[0], fin[-1]
            op = rng.choice(["<", "<=", ">", ">=", "==", "!=", "<", ">"])
            low_side = op in ("<", "<=") or (op in ("==", "!=") and rng.random() < 0.5)
            ext = lo if low_side else hi
            # thresholds: exact extreme, one step past, one step inside, far away, zero, a seen value
            cands = []
            if not math.isinf(ext):
                cands += [("exact", ext)] * 3
                nb = neighbour(ext, ty, not low_side)
                if not math.isinf(nb):
                    cands.append(("inside", nb))
                nb = neighbour(ext, ty, low_side)
                if not math.isinf(nb):
                    cands += [("past", nb)] * 2
                far = ext - abs(ext) - 1 if low_side else ext + abs(ext) + 1
                if ty == "float":
                    far = to_float(far)
                if not math.isinf(far):
                    cands += [("far", far)] * 2
            cands += [("zero", 0.0), ("zero", -0.0)]
            mid = [u for u in fin if not math.isinf(u)]
            if mid:
                cands.append(("seen", rng.choice(mid)))
            if rng.random() < 0.2 and ty == "float":
                cands.append(("decimal", to_float(rng.choice([0.1, -0.1, 0.3, 1e-30, 3.3]))))
            what, t = rng.choice(cands)
            cond, kind = "%s %s %s" % (x, op, literal(t, ty, rng)), "%s %s" % (op, what)
        if any(t.cond == cond for t in targets):
            continue
        targets.append(Target(len(targets), cond, kind))
    return targets


def target_tail(targets):
    out = []
    for t in targets:
        out += ["  if (%s)" % t.cond, "    r |= %d;" % (1 << t.k)]
    return out + ["  return r;", "}"]


def sh(cmd, cwd, timeout):
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, timeout=timeout, text=True)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return None, "", "timeout"


def build(d, name, text, main_text):
    with open(os.path.join(d, name + ".c"), "w") as fh:
        fh.write(text)
    with open(os.path.join(d, name + "_main.c"), "w") as fh:
        fh.write(main_text)
    st, out, err = sh(GCC + ["-o", name, name + ".c", name + "_main.c", "-lm"], d, 120)
    if st != 0:
        raise RuntimeError("gcc: %s" % err[-2000:])
    return os.path.join(d, name)


ORACLE_MAIN = r"""#include <stdio.h>
#include <stdlib.h>
int f(int n, int c);
int main(int argc, char **argv) {
  int n, c;
  if (argc == 3) {           /* one run: f(n, c) */
    printf("%d\n", f(atoi(argv[1]), atoi(argv[2])));
    return 0;
  }
  if (argc == 2) {           /* the pairs "n c" on stdin */
    while (scanf("%d %d", &n, &c) == 2)
      printf("%d %d %d\n", n, c, f(n, c));
    return 0;
  }
  for (n = 0; n <= @N@; n++)
    for (c = -3; c <= 3; c++)
      @RUN@
  return 0;
}
"""

# A long loop (Gen.fast: its body does not read n, one loop) runs once per c
# with n = N: the state at the check of the condition where i == m is the
# exit state of f(m, c), and once the loop is left early (a break, a goto,
# `&& FCOND`), that state is the exit of every larger n.  `served` is the
# next n without an exit state.
FAST_COMMON = r"""#include <stdio.h>
#include <string.h>
int f(int n, int c);
static int served, cur_c;
"""

FAST_PROBE = FAST_COMMON + r"""static double last[8];
static int printed;
static void emit(const double *v) {  /* the exit values, when not those just printed */
  if (printed && memcmp(last, v, @NV@ * sizeof *v) == 0) return;
  memcpy(last, v, @NV@ * sizeof *v);
  printed = 1;
  for (int k = 0; k < @NV@; k++) printf(k ? " %a" : "%a", v[k]);
  printf("\n");
}
void __hv(int i, const double *v) { if (served <= i && served <= @N@) { emit(v); served = i < @N@ ? i + 1 : @N@ + 1; } }
void __rv(const double *v) { if (served <= @N@) emit(v); served = @N@ + 1; }
int main(void) {
  for (cur_c = -3; cur_c <= 3; cur_c++) {
    served = 0;
    f(@N@, cur_c);
    if (served != @N@ + 1) { fprintf(stderr, "served %d\n", served); return 1; }
  }
  return 0;
}
"""

FAST_ORACLE = FAST_COMMON + r"""static int run_lo, run_bits;
static void serve(int upto, int bits) {  /* prints runs "c lo hi bits" */
  if (upto > @N@) upto = @N@;
  if (served > upto) return;
  if (bits != run_bits) {
    if (run_bits >= 0) printf("%d %d %d %d\n", cur_c, run_lo, served - 1, run_bits);
    run_lo = served;
    run_bits = bits;
  }
  served = upto + 1;
}
void __hb(int i, int bits) { serve(i, bits); }
void __rb(int bits) { serve(@N@, bits); }
int main(void) {
  for (cur_c = -3; cur_c <= 3; cur_c++) {
    served = 0;
    run_bits = -1;
    f(@N@, cur_c);
    if (served != @N@ + 1) { fprintf(stderr, "served %d\n", served); return 1; }
    printf("%d %d %d %d\n", cur_c, run_lo, served - 1, run_bits);
  }
  return 0;
}
"""


def fill(template, **kw):
    for k, v in kw.items():
        template = template.replace("@%s@" % k, str(v))
    return template


def run_binary(d, name, stdin=None):
    try:
        p = subprocess.run(["./" + name] + (["-"] if stdin is not None else []), cwd=d, capture_output=True,
                           text=True, timeout=600, input=stdin)
    except subprocess.TimeoutExpired:
        raise RuntimeError("%s ran past 600 s" % name)
    if p.returncode != 0:
        raise RuntimeError("%s exits %s: %s" % (name, p.returncode, p.stderr[-500:]))
    return p.stdout


class Table:
    """The truth: runs (c, n_lo, n_hi, bits) over every input."""

    def __init__(self, runs):
        self.runs = runs

    def bits(self, n, c):
        for rc, lo, hi, b in self.runs:
            if rc == c and lo <= n <= hi:
                return b
        return None


def make_program(seed, d):
    """Writes d/p.c and the oracle d/oracle; returns (generator, text, targets, Table)."""
    g = Gen(seed).generate()
    values = [[] for _ in g.vars]
    if g.fast:
        decl = "void __hv(int, const double *);\nvoid __rv(const double *);\n"
        probe = decl + g.render(["  return r;", "}"], "__hv(i, %s)" % g.state(), "__rv(%s);" % g.state())
        build(d, "probe", probe, fill(FAST_PROBE, N=g.N, NV=len(g.vars)))
    else:
        probe = "#include <stdio.h>\n" + g.render(probe_tail(g))
        build(d, "probe", probe, fill(ORACLE_MAIN, N=g.N, RUN="f(n, c);"))
    for ln in run_binary(d, "probe").splitlines():
        for v, x in enumerate(ln.split()):
            values[v].append(parse_value(x))
    if not g.fast and len(values[0]) != 7 * (g.N + 1):
        raise RuntimeError("probe printed %d lines for %d inputs" % (len(values[0]), 7 * (g.N + 1)))
    rng = random.Random(seed * 31 + 5)
    targets = choose_targets(g, values, rng)
    text = g.render(target_tail(targets))
    lines = text.split("\n")
    for t in targets:
        t.line = lines.index("    r |= %d;" % (1 << t.k)) + 1
    with open(os.path.join(d, "p.c"), "w") as fh:
        fh.write(text)
    build(d, "oracle", text, fill(ORACLE_MAIN, N=g.N, RUN='printf("%d %d %d\\n", n, c, f(n, c));'))
    if g.fast:
        bits = "(%s)" % " | ".join("((%s) ? %d : 0)" % (t.cond, 1 << t.k) for t in targets)
        fast = "void __hb(int, int);\nvoid __rb(int);\n" + g.render(target_tail(targets), "__hb(i, %s)" % bits,
                                                                  "__rb(%s);" % bits)
        build(d, "fast", fast, fill(FAST_ORACLE, N=g.N))
        table = Table([tuple(map(int, ln.split())) for ln in run_binary(d, "fast").splitlines()])
        # the shortcut checked against runs of p.c itself
        pairs = [(n, c) for c in range(-3, 4) for n in sorted({0, 1, 2, g.N - 1, g.N} |
                                                                 {rng.randint(0, g.N) for _ in range(6)})]
        for ln in run_binary(d, "oracle", "".join("%d %d\n" % p for p in pairs)).splitlines():
            n, c, b = map(int, ln.split())
            if table.bits(n, c) != b:
                raise RuntimeError("the long loop's oracle says %s for f(%d, %d), p.c returns %d" % (
                    table.bits(n, c), n, c, b))
    else:
        runs = []
        for ln in run_binary(d, "oracle").splitlines():
            n, c, b = map(int, ln.split())
            runs.append((c, n, n, b))
        table = Table(runs)
    for t in targets:
        hit = [(lo, c, hi - lo + 1) for c, lo, hi, b in table.runs if b >> t.k & 1]
        t.hits = sum(h[2] for h in hit)
        t.witness = min(hit)[:2] if hit else None
    return g, text, targets, table


class Query:
    def __init__(self, t, flags, inka):
        self.t, self.flags, self.inka = t, flags, inka
        self.verdict = self.fail = self.note = self.reason = None
        self.out, self.time, self.repro = "", 0.0, None

    def cmd(self, inka=None):
        return [inka or self.inka, "--reach", "p.c:%d" % self.t.line, "--function", "f", "--wrapv", "--validate", "--json",
                "--timeout", "%g" % TIMEOUT] + self.flags + ["p.c"]


def run_query(d, q):
    t0 = time.time()
    st, out, err = sh(q.cmd(), d, TIMEOUT + 5)
    q.time = time.time() - t0
    q.out = (out + "\n" + err).strip()
    js = answers.read_answer(q, st, out, err, TIMEOUT + 5, TIMEOUT)
    if q.verdict == "unsupported":
        q.fail = "exit 2, unsupported (every program is in the subset by construction): " + (q.note or "")
    if js is None:
        return
    t = q.t
    if q.verdict == "unknown":
        q.reason = str(js.get("reason", "?"))
    elif q.verdict == "unreachable":
        if t.hits:
            q.fail = "WRONG: UNREACHABLE, but %d inputs reach target %d (%s), e.g. f(%d, %d)" % (
                t.hits, t.k, t.cond, t.witness[0], t.witness[1])
    elif q.verdict == "reachable":
        ins = {i.get("name"): i.get("value") for i in js.get("inputs", [])}
        n, c = ins.get("n"), ins.get("c")
        if js.get("validated") is not True:
            q.fail = "REACHABLE but not validated: %s" % json.dumps(js.get("validated"))
        elif not (isinstance(n, int) and isinstance(c, int)):
            q.fail = "REACHABLE without integer inputs n, c: %r" % js.get("inputs")
        else:
            st2, out2, _ = sh(["./oracle", str(n), str(c)], d, 60)
            bits = int(out2) if st2 == 0 and out2.strip().lstrip("-").isdigit() else None
            if bits is None or bits < 0 or not bits >> t.k & 1:
                q.fail = "WRONG: REACHABLE with f(%d, %d), which returns %s: target %d not run%s" % (
                    n, c, bits, t.k, "" if t.hits else " (no input reaches it)")


def run_program(seed):
    d = os.path.join(TMP, "s%d" % seed)
    os.makedirs(d)
    res = {"seed": seed, "dir": d, "queries": [], "base": [], "error": None}
    try:
        g, text, targets, table = make_program(seed, d)
    except Exception as e:  # noqa: BLE001 (a bug of the generator: reported, the campaign goes on)
        res["error"] = "%s: %s" % (type(e).__name__, e)
        return res
    res["text"], res["N"] = text, g.N
    rng = random.Random(seed * 1009 + 3)
    timed_out = set()
    for t in targets:
        flags = ["--no-concrete"] if rng.random() < NOCONCRETE else []
        for inka, lst in [(INKA, res["queries"])] + ([(BASE_BIN, res["base"])] if BASE_BIN and not t.hits else []):
            if STOP.is_set():
                return res
            q = Query(t, flags, inka)
            key = (inka, " ".join(flags))
            if key in timed_out and SKIP:
                q.verdict = "skipped"
            else:
                run_query(d, q)
                if q.verdict in ("unknown", "error") and q.time >= 0.9 * TIMEOUT:
                    timed_out.add(key)
            lst.append(q)
            if VERBOSE:
                with PRINT:
                    print("seed %d target %d (line %d, %s: %s)%s%s: %s%s %.2fs, oracle: %d inputs%s" % (
                        seed, t.k, t.line, t.kind, t.cond, " " + " ".join(flags) if flags else "",
                        " [base]" if inka != INKA else "", q.verdict, " FAIL" if q.fail else "", q.time, t.hits,
                        " (%s)" % q.reason if q.reason else ""), flush=True)
            if q.fail and inka == INKA:
                keep_failure(res, q)
    return res


def keep_failure(res, q):
    dst = os.path.join(FAILDIR, "seed%d" % res["seed"])
    os.makedirs(dst, exist_ok=True)
    for name in ("p.c", "oracle_main.c", "fast.c", "fast_main.c"):
        if os.path.exists(os.path.join(res["dir"], name)):
            shutil.copy(os.path.join(res["dir"], name), dst)
    t = q.t
    cmd = " ".join(q.cmd("inka-ng"))
    with open(os.path.join(dst, "target%d%s.txt" % (t.k, "".join(q.flags))), "w") as fh:
        fh.write("command (in this directory): %s\nfailure: %s\noracle (%s p.c oracle_main.c): %d of %d inputs "
                 "reach target %d (line %d)%s\ninka-ng said:\n%s\n" % (
                     cmd, q.fail, " ".join(GCC), t.hits, 7 * (res["N"] + 1), t.k, t.line,
                     ", e.g. f(%d, %d)" % t.witness if t.hits else "", q.out[:4000]))
    q.repro = (dst, cmd)


COLS = ["reachable", "unreachable", "unknown", "unsupported", "error", "skipped"]


def report(results, t0):
    passed = failed = 0
    table, reasons, kinds = {}, {}, {}
    dead = {"new": 0, "base": 0, "both": 0, "only_new": 0, "only_base": 0, "asked": 0}
    base_wrong = []
    for res in results:
        if res["error"]:
            failed += 1
            print("FAIL seed %d: %s" % (res["seed"], res["error"]))
            continue
        for q in res["queries"]:
            row = "%s%s" % ("reached" if q.t.hits else "dead", " " + " ".join(q.flags) if q.flags else "")
            table.setdefault(row, {}).setdefault(q.verdict, 0)
            table[row][q.verdict] += 1
            kk = kinds.setdefault(q.t.kind.split()[-1], {})
            kk[q.verdict] = kk.get(q.verdict, 0) + 1
            if q.reason:
                n, seeds = reasons.get(q.reason, (0, []))
                if res["seed"] not in seeds:
                    seeds.append(res["seed"])
                reasons[q.reason] = (n + 1, seeds)
            if q.verdict == "skipped":
                continue
            if q.fail:
                failed += 1
            else:
                passed += 1
        bq = {b.t.k: b for b in res["base"]}
        for q in res["queries"]:
            if q.t.hits or q.t.k not in bq:
                continue
            b = bq[q.t.k]
            dead["asked"] += 1
            a, o = q.verdict == "unreachable", b.verdict == "unreachable"
            dead["new"] += a
            dead["base"] += o
            dead["both"] += a and o
            dead["only_new"] += a and not o
            dead["only_base"] += o and not a
        for b in res["base"]:
            if b.fail and b.fail.startswith("WRONG"):
                base_wrong.append((res["seed"], b))
    nq = sum(len(r["queries"]) for r in results)
    print("float loop differential test: %d programs (seeds %d..%d), %d queries, %.1f s, %d jobs, --timeout %g" % (
        len(results), SEED, SEED + COUNT - 1, nq, time.time() - t0, JOBS, TIMEOUT))
    print("  %-26s" % "oracle \\ inka-ng" + "".join("%12s" % c for c in COLS))
    for row in sorted(table):
        print("  %-26s" % row + "".join("%12d" % table[row].get(c, 0) for c in COLS))
    print("  by target kind: " + "; ".join("%s %s" % (k, ", ".join("%s %d" % kv for kv in sorted(v.items())))
                                           for k, v in sorted(kinds.items())))
    for r, (n, seeds) in sorted(reasons.items(), key=lambda kv: -kv[1][0]):
        print("  unknown (%d): %s (seeds %s%s)" % (n, r[:200], " ".join(map(str, seeds[:12])),
                                                 " ..." if len(seeds) > 12 else ""))
    if BASE_BIN:
        print("  dead targets asked to both binaries: %d; proved by this one %d, by %s %d; only this one %d, "
              "only the other %d" % (dead["asked"], dead["new"], BASE, dead["base"], dead["only_new"],
                                     dead["only_base"]))
        bt = {}
        for res in results:
            for b in res["base"]:
                bt[b.verdict] = bt.get(b.verdict, 0) + 1
        print("  the other binary on dead targets: " + ", ".join("%s %d" % kv for kv in sorted(bt.items())))
        for seed, b in base_wrong:
            print("  (the other binary) seed %d target %d: %s" % (seed, b.t.k, b.fail))
    for res in results:
        for q in res["queries"]:
            if q.fail and q.verdict != "skipped":
                print("FAIL seed %d, target %d (line %d)%s: %s" % (res["seed"], q.t.k, q.t.line,
                                                                  " " + " ".join(q.flags) if q.flags else "", q.fail))
                if q.repro:
                    print("  reproducer: %s/p.c; command (there): %s" % q.repro)
    print("%d passed, %d failed" % (passed, failed))
    return failed


def main():
    global TMP, INKA, BASE_BIN
    if len(sys.argv) == 3 and sys.argv[1] == "--show":
        d = tempfile.mkdtemp(prefix="inka-float.")
        try:
            g, text, targets, table = make_program(int(sys.argv[2]), d)
        finally:
            shutil.rmtree(d, ignore_errors=True)
        sys.stdout.write(text)
        for t in targets:
            print("/* target %d: line %d, %s, %d of %d inputs%s */" % (
                t.k, t.line, t.kind, t.hits, 7 * (g.N + 1), ", e.g. f(%d, %d)" % t.witness if t.hits else ""))
        return 0
    if not os.access(INKA, os.X_OK):
        print("no executable %s (run make first)" % INKA)
        print("0 passed, 1 failed")
        return 1
    TMP, INKA = campaign.freeze_binary(INKA, "inka-float.")
    BASE_BIN = None
    if BASE:
        BASE_BIN = os.path.join(TMP, "inka-base")
        shutil.copy2(BASE, BASE_BIN)
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
