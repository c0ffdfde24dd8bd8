#!/usr/bin/env python3
"""Differential test of the degree-2 loop invariants ("monomials",
translate/polyhedra.c): random functions `int f(int n, int c)` over a small
box of inputs, made of one to three loops of these shapes, randomly combined:

- a driver counter (int, unsigned, long or unsigned long) moving by a constant towards a
  bound (`i < n`, `i != n`, `i < n + c`, down from n to 0), or a loop whose
  condition is a product (`(r + K) * (r + K) <= n`, `i * i < n`,
  `i * c < n` under `if (c > 0)`);
- in the body: accumulators of a linear function of a counter
  (`s += A * i + B`, before or after the counter moves), of an input or a
  local the loop never writes (`t += c`, `t -= d` with `d = c + K` before the
  loop), second counters (`k += K`, sometimes reset by an if), an inner loop
  whose bound is such a local (`for (j = 0; j < w; j++) g += K`), rarely a
  product (`s += i * c`, `s += i * i`) or a reset of an accumulator;
- sometimes steps so large that the sums or products wrap (then the
  mathematical invariant must not be claimed of the C values).

The targets after the loops compare the locals with the closed forms the
generator knows (`2 * s != i * i - i`, `t != c * k + 3`, `g != i * w`,
`r * r > n`), perturbed or not, and with random products (`s < i`,
`s % 2 != i % 2`).  Each target is `if (COND) r = ID;` and changes nothing
else, so the targets are independent queries.

The truth comes from running every input of the box in Python with the C
semantics (int wraps as with -fwrapv, unsigned modulo 2^32, long 64 bits;
the usual arithmetic conversions), never from the tool.  A REACHABLE answer
must be validated by inka-ng (--validate: gcov counts the line; "validated"
in the JSON) and its inputs must reach the target in the Python model too;
an UNKNOWN whose reason is a failed validation is a wrong REACHABLE; an
UNREACHABLE on a target some input of the box reaches is a wrong verdict.
Other UNKNOWNs are counted, never failures.  Three queries in four run with
--no-concrete (the box would otherwise be run before any invariant is
needed), one in three of them also with --no-sat (the bounded SAT check
unrolls short loops: a proof then owes nothing to the invariants).

usage: monomials.py [COUNT] [SEED]  (COUNT queries; env INKA, MONO_TIMEOUT
(10), MONO_JOBS (1), MONO_VERBOSE=1, MONO_REDUCE=1: shrink each wrong
verdict and write it to tests/diff/repro/monomials_<seed>_<k>.c);
`monomials.py --show SEED K` prints program K of SEED and the truth of its
targets.  Prints "N passed, N failed" last.
"""
import concurrent.futures, os, random, re, subprocess, sys, tempfile
from fractions import Fraction
from math import lcm

from answers import Tally, ask_reach

INKA = os.environ.get("INKA", "./inka-ng")
HERE = os.path.dirname(os.path.abspath(__file__))

# ---- C values and types ------------------------------------------------------

INT, UNS, LONG, ULONG = "int", "unsigned", "long", "unsigned long"
BIG = [65536, 100000, 300000000, 1073741824, 2000000000, 1500000001]
BIGL = [3000000000, 3037000500, 4611686018427387904, 1 << 40]


def common(t1, t2):
    """The usual arithmetic conversions of int, unsigned, (64-bit) long and
    unsigned long."""
    if ULONG in (t1, t2):
        return ULONG
    if LONG in (t1, t2):
        return LONG
    return UNS if UNS in (t1, t2) else INT


def conv_py(code, frm, to):
    """Python text converting a value of type frm to type to."""
    if frm == to or (to == LONG and frm in (INT, UNS)) or (to == ULONG and frm == UNS):
        return code
    return {INT: f"w32({code})", UNS: f"(({code}) & 0xffffffff)", LONG: f"w64({code})",
            ULONG: f"(({code}) & 0xffffffffffffffff)"}[to]


def w32(v):
    return (v + 2**31) % 2**32 - 2**31


def w64(v):
    return (v + 2**63) % 2**64 - 2**63


def c_div(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def c_rem(a, b):
    return a - b * c_div(a, b)


class Diverge(Exception):
    pass


# ---- expressions: C text (minimal parentheses) and Python text ----------------

PREC = {"*": 13, "/": 13, "%": 13, "+": 12, "-": 12, "<": 10, "<=": 10, ">": 10, ">=": 10,
        "==": 9, "!=": 9, "&&": 5, "||": 4}


class V:
    prec = 16

    def __init__(self, name):
        self.name = name

    def ty(self, P):
        return P.types[self.name]

    def c(self):
        return self.name

    def py(self, P):
        return self.name

    def names(self):
        return {self.name}


class K:
    prec = 16

    def __init__(self, v):
        assert -2**63 < v < 2**63
        self.v = v

    def ty(self, P):
        return INT if -2**31 <= self.v < 2**31 else LONG

    def c(self):
        sfx = "" if -2**31 <= self.v < 2**31 else "L"
        return (str(self.v) if self.v >= 0 else f"-{-self.v}") + sfx

    def py(self, P):
        return f"({self.v})"

    def names(self):
        return set()


class Neg:
    prec = 14

    def __init__(self, a):
        self.a = a

    def ty(self, P):
        return self.a.ty(P)

    def c(self):
        s = self.a.c()
        return "-" + (s if self.a.prec >= 14 and not s.startswith("-") else f"({s})")

    def py(self, P):
        return conv_py(f"(-{self.a.py(P)})", LONG, self.ty(P)) if self.ty(P) != LONG else f"w64(-{self.a.py(P)})"

    def names(self):
        return self.a.names()


class Cast:
    prec = 14

    def __init__(self, t, a):
        self.t, self.a = t, a

    def ty(self, P):
        return self.t

    def c(self):
        s = self.a.c()
        return f"({self.t})" + (s if self.a.prec >= 14 else f"({s})")

    def py(self, P):
        return conv_py(self.a.py(P), self.a.ty(P), self.t)

    def names(self):
        return self.a.names()


class B:
    def __init__(self, op, a, b):
        self.op, self.a, self.b = op, a, b
        self.prec = PREC[op]

    def ty(self, P):
        if self.op in ("&&", "||", "<", "<=", ">", ">=", "==", "!="):
            return INT
        return common(self.a.ty(P), self.b.ty(P))

    def c(self):
        l, r = self.a.c(), self.b.c()
        if self.a.prec < self.prec:
            l = f"({l})"
        if self.b.prec <= self.prec or (self.op in ("+", "-") and r.startswith("-")):
            r = f"({r})"
        return f"{l} {self.op} {r}"

    def py(self, P):
        if self.op in ("&&", "||"):
            return f"(1 if ({self.a.py(P)}) {'and' if self.op == '&&' else 'or'} ({self.b.py(P)}) else 0)"
        ta, tb = self.a.ty(P), self.b.ty(P)
        t = common(ta, tb)
        a, b = conv_py(self.a.py(P), ta, t), conv_py(self.b.py(P), tb, t)
        if self.op in ("<", "<=", ">", ">=", "==", "!="):
            return f"(1 if {a} {self.op} {b} else 0)"
        if self.op in ("+", "-", "*"):
            return conv_py(f"({a} {self.op} {b})", LONG, t) if t != LONG else f"w64({a} {self.op} {b})"
        f = "c_rem" if self.op == "%" else "c_div"
        return conv_py(f"{f}({a}, {b})", LONG, t) if t != LONG else f"w64({f}({a}, {b}))"

    def names(self):
        return self.a.names() | self.b.names()


def add(a, b):
    return B("+", a, b)


def mul(a, b):
    return B("*", a, b)


# ---- statements ---------------------------------------------------------------

class Decl:
    def __init__(self, name, e):
        self.name, self.e = name, e

    def c(self, P, ind, out):
        out.append((ind + f"{P.types[self.name]} {self.name} = {self.e.c()};", None))

    def py(self, P, ind, out):
        out.append(ind + f"{self.name} = {conv_py(self.e.py(P), self.e.ty(P), P.types[self.name])}")


class Asg:
    def __init__(self, name, op, e, via=None):
        self.name, self.op, self.e = name, op, e   # op: "=", "+=", "-=", "++", "--"
        self.via = via                              # a pointer to name the C text writes through

    def text(self):
        lhs = f"*{self.via}" if self.via else self.name
        if self.op in ("++", "--"):
            return f"({lhs}){self.op}" if self.via else f"{lhs}{self.op}"
        return f"{lhs} {self.op} {self.e.c()}"

    def c(self, P, ind, out):
        out.append((ind + self.text() + ";", None))

    def py(self, P, ind, out):
        t = P.types[self.name]
        if self.op == "=":
            rhs = conv_py(self.e.py(P), self.e.ty(P), t)
        else:
            e = K(1) if self.op in ("++", "--") else self.e
            ct = common(t, e.ty(P))
            a, b = conv_py(self.name, t, ct), conv_py(e.py(P), e.ty(P), ct)
            rhs = f"({a} {'+' if self.op in ('+=', '++') else '-'} {b})"
            rhs = conv_py(rhs, LONG, t) if t != LONG else f"w64{rhs}"
        out.append(ind + f"{self.name} = {rhs}")


class PtrDecl:
    def __init__(self, name, to):
        self.name, self.to = name, to

    def c(self, P, ind, out):
        out.append((ind + f"{P.types[self.to]} *{self.name} = &{self.to};", None))

    def py(self, P, ind, out):
        pass


class Break:
    def c(self, P, ind, out):
        out.append((ind + "break;", None))

    def py(self, P, ind, out):
        out.append(ind + "break")


class If:
    def __init__(self, cond, then, els=()):
        self.cond, self.then, self.els = cond, list(then), list(els)

    def c(self, P, ind, out):
        out.append((ind + f"if ({self.cond.c()}) {{", None))
        for s in self.then:
            s.c(P, ind + "  ", out)
        if self.els:
            out.append((ind + "} else {", None))
            for s in self.els:
                s.c(P, ind + "  ", out)
        out.append((ind + "}", None))

    def py(self, P, ind, out):
        out.append(ind + f"if {self.cond.py(P)}:")
        out.append(ind + "  pass")
        for s in self.then:
            s.py(P, ind + "  ", out)
        if self.els:
            out.append(ind + "else:")
            out.append(ind + "  pass")
            for s in self.els:
                s.py(P, ind + "  ", out)


class While:
    """while (cond) { body } or, with init and step, for (init; cond; step)."""

    def __init__(self, cond, body, init=None, step=None):
        self.cond, self.body, self.init, self.step = cond, list(body), init, step

    def c(self, P, ind, out):
        if self.step:
            out.append((ind + f"for ({self.init.text() if self.init else ''}; {self.cond.c()}; {self.step.text()}) {{", None))
        else:
            out.append((ind + f"while ({self.cond.c()}) {{", None))
        for s in self.body:
            s.c(P, ind + "  ", out)
        out.append((ind + "}", None))

    def py(self, P, ind, out):
        if self.init:
            self.init.py(P, ind, out)
        out.append(ind + f"while {self.cond.py(P)}:")
        out.append(ind + "  steps += 1")
        out.append(ind + "  if steps > LIMIT: raise Diverge()")
        for s in self.body:
            s.py(P, ind + "  ", out)
        if self.step:
            self.step.py(P, ind + "  ", out)


class Ret:
    def __init__(self, e):
        self.e = e

    def c(self, P, ind, out):
        out.append((ind + f"return {self.e.c()};", None))

    def py(self, P, ind, out):
        out.append(ind + "return hits")


class Target:
    def __init__(self, tid, cond):
        self.tid, self.cond = tid, cond

    def c(self, P, ind, out):
        out.append((ind + f"if ({self.cond.c()})", None))
        out.append((ind + f"  r = {self.tid};", self.tid))

    def py(self, P, ind, out):
        out.append(ind + f"if {self.cond.py(P)}:")
        out.append(ind + f"  hits.add({self.tid})")


def children(s):
    if isinstance(s, If):
        return [s.then, s.els]
    if isinstance(s, While):
        return [s.body]
    return []


# ---- a program: its text, its Python model, its truth ------------------------

LIMIT = 20000


class Program:
    def __init__(self, N, C):
        self.N, self.C = N, C
        self.types = {"n": INT, "c": INT, "r": INT}
        self.stmts = []           # the body between the box checks and the targets
        self.targets = []

    def render(self):
        lines = [(f"int f(int n, int c) {{", None), ("  int r = 0;", None),
                 (f"  if (n < 0 || n > {self.N})", None), ("    return -1;", None),
                 (f"  if (c < -{self.C} || c > {self.C})", None), ("    return -2;", None)]
        for s in self.stmts + self.targets:
            s.c(self, "  ", lines)
        lines += [("  return r;", None), ("}", None)]
        self.line_of = {tid: k + 1 for k, (_, tid) in enumerate(lines) if tid is not None}
        return "".join(t + "\n" for t, _ in lines)

    def model(self):
        out = ["def f(n, c):", "  hits = set()", "  steps = 0", "  r = 0"]
        for s in self.stmts + self.targets:
            s.py(self, "  ", out)
        out.append("  return hits")
        env = {"w32": w32, "w64": w64, "c_div": c_div, "c_rem": c_rem, "Diverge": Diverge, "LIMIT": LIMIT}
        exec("\n".join(out), env)
        return env["f"]

    def inputs(self):
        return [(n, c) for n in range(0, self.N + 1) for c in range(-self.C, self.C + 1)]

    def truth(self):
        """{target id: an input reaching it}; raises Diverge."""
        f, wit = self.model(), {}
        for n, c in self.inputs():
            for t in f(n, c):
                wit.setdefault(t, (n, c))
        return wit

    def reaches(self, tid, n, c):
        if not (0 <= n <= self.N and -self.C <= c <= self.C):
            return False
        return tid in self.model()(n, c)


# ---- polynomials with rational coefficients (closed forms) -------------------

class Poly:
    def __init__(self, terms=None):
        self.t = {k: v for k, v in (terms or {}).items() if v}

    @staticmethod
    def const(k):
        return Poly({(): Fraction(k)})

    @staticmethod
    def var(x):
        return Poly({(x,): Fraction(1)})

    def __add__(self, o):
        t = dict(self.t)
        for k, v in o.t.items():
            t[k] = t.get(k, 0) + v
        return Poly(t)

    def __sub__(self, o):
        return self + o.scale(-1)

    def scale(self, k):
        return Poly({m: v * k for m, v in self.t.items()})

    def __mul__(self, o):
        t = {}
        for a, x in self.t.items():
            for b, y in o.t.items():
                m = tuple(sorted(a + b))
                t[m] = t.get(m, 0) + x * y
        return Poly(t)

    def degree(self, x):
        return max([m.count(x) for m in self.t] + [0])

    def coeff(self, x, d):
        """The coefficient (a Poly) of x^d."""
        t = {}
        for m, v in self.t.items():
            if m.count(x) == d:
                r = list(m)
                for _ in range(d):
                    r.remove(x)
                t[tuple(r)] = v
        return Poly(t)

    def subst(self, x, p):
        out, pw = Poly(), Poly.const(1)
        for d in range(self.degree(x) + 1):
            out = out + self.coeff(x, d) * pw
            pw = pw * p
        return out

    def sum_j(self, j, m):
        """sum over j = 0 .. m-1 of self (degree <= 2 in j)."""
        S = [Poly.var(m),
             Poly.var(m) * (Poly.var(m) - Poly.const(1)).scale(Fraction(1, 2)),
             Poly.var(m) * (Poly.var(m) - Poly.const(1)) * (Poly.var(m).scale(2) - Poly.const(1)).scale(Fraction(1, 6))]
        out = Poly()
        for d in range(self.degree(j) + 1):
            out = out + self.coeff(j, d) * S[d]
        return out

    def denominator(self):
        return lcm(*[v.denominator for v in self.t.values()]) if self.t else 1

    def expr(self):
        """A C expression of an integer polynomial (None if a term is too big)."""
        terms = sorted(self.t.items(), key=lambda kv: (-len(kv[0]), kv[0]))
        e = None
        for m, v in terms:
            v = int(v)
            if abs(v) >= 2**31:
                return None
            t = None
            for x in m:
                t = V(x) if t is None else mul(t, V(x))
            if t is None:
                t = K(abs(v))
            elif abs(v) != 1:
                t = mul(K(abs(v)), t)
            if e is None:
                e = t if v > 0 else Neg(t) if not isinstance(t, K) else K(v)
            else:
                e = B("+" if v > 0 else "-", e, t)
        return e if e is not None else K(0)


# ---- the generator ------------------------------------------------------------

class Gen:
    def __init__(self, rng):
        self.rng = rng
        N = rng.choice([8, 20, 40, 60, 100, 200, 300])
        self.P = Program(N=N, C=rng.choice([2, 3, 4] if N <= 60 else [2, 3]))
        self.cands = []            # (kind, Expr) target candidates: "inv" (likely dead) or "mix"
        self.ints = ["n", "c"]     # names usable in targets
        self.nblock = 0

    def fresh(self, base, ty):
        k = 0
        while f"{base}{k if k else ''}" in self.P.types:
            k += 1
        name = f"{base}{k if k else ''}"
        self.P.types[name] = ty
        self.ints.append(name)
        return name

    def ty(self, p_uns=0.15, p_long=0.1, p_ulong=0.1):
        """A local's type; unsigned long: values above 2^63 are no negative numbers."""
        x = self.rng.random()
        return UNS if x < p_uns else LONG if x < p_uns + p_long else ULONG if x < p_uns + p_long + p_ulong else INT

    def block(self):
        """One loop with its declarations; adds its closed forms to cands."""
        rng, P = self.rng, self.P
        wrap = rng.random() < 0.2
        decls, pre, body, guard = [], [], [], None
        shape = rng.choice(["up", "up", "up", "ne", "upc", "down", "sq", "sq", "sqlt", "mulc", "wrapsq"])
        ity = self.ty() if shape not in ("upc", "down", "mulc", "wrapsq") else rng.choice([INT, INT, LONG])
        if shape == "wrapsq":
            ity = rng.choice([INT, INT, UNS])
        i = self.fresh("i" if shape not in ("sq", "sqlt") else "r", ity)
        step = 1 if shape in ("ne", "sq", "sqlt", "mulc") else rng.choice([1, 1, 1, 2, 3])
        i0 = rng.choice([0, 0, 0, 1]) if shape not in ("down",) else None
        if shape == "ne":
            i0 = 0
        if shape == "wrapsq":     # r * r wraps after a few steps
            i0 = rng.randint(46300, 46340) if ity == INT else rng.randint(65500, 65535)
            step = rng.choice([1, 1, 7, 500]) if ity == INT else 1
        decls.append(Decl(i, K(i0) if i0 is not None else V("n")))
        y0 = Poly.const(i0) if i0 is not None else Poly.var("n")
        Ky = -step if shape == "down" else step
        # the loop's condition
        if shape == "up":
            bound = rng.choice([V("n"), V("n"), B("-", V("n"), K(rng.randint(1, 3)))] +
                               [V(x) for x in self.ints if x.startswith(("i", "k", "r")) and x != i and P.types[x] not in (UNS, ULONG)][:1])
            cond = B(rng.choice(["<", "<", "<="]), V(i), bound)
        elif shape == "ne":
            cond = B("!=", V(i), V("n"))
        elif shape == "upc":
            cond = B("<", V(i), add(V("n"), V("c")))
        elif shape == "down":
            cond = B(">", V(i), K(0) if rng.random() < 0.7 else V("c"))
        elif shape == "sq":
            kk = rng.choice([0, 1, 1, 2])
            ri = add(V(i), K(kk)) if kk else V(i)
            cond = B("<=", mul(ri, ri), V("n"))
            self.cands.append(("inv", B(">", mul(V(i), V(i)), V("n"))) if rng.random() < 0.5 or kk == 0 else
                              ("inv", B("<=", mul(add(V(i), K(kk)), add(V(i), K(kk))), V("n"))))
            self.cands.append(("inv", B(">", mul(V(i), V(i)), V("n"))))
        elif shape == "sqlt":
            cond = B(rng.choice(["<", "<="]), mul(V(i), V(i)), V("n"))
            self.cands.append(("inv", B("<", mul(V(i), V(i)), V("n"))))
        elif shape == "wrapsq":
            if ity == INT:
                cond = B(">=", mul(V(i), V(i)), V("n"))
                self.cands.append(("inv", B(">=", mul(V(i), V(i)), V("n"))))
            else:
                cond = B(">", mul(V(i), V(i)), V("n"))
                self.cands.append(("inv", B(">", mul(V(i), V(i)), V("n"))))
            self.cands.append(("near", B("<", mul(V(i), V(i)), K(0))))
            self.cands.append(("near", B(">", mul(Cast(LONG, V(i)), V(i)), V("n"))))
            self.cands.append(("near", B("<", V(i), K(i0 + rng.randint(0, 3)))))
        else:  # mulc: i * c < n, only when c > 0
            cond = B("<", mul(V(i), V("c")), V("n"))
            guard = B(">", V("c"), K(0))
            self.cands.append(("inv", B("<", mul(V(i), V("c")), V("n"))))
        # the counters and accumulators: each a Decl, a statement and (for
        # the closed form) its increment per iteration over j, or None
        counters = {i: (y0, Ky)}              # name -> (initial Poly, step)
        items = []                              # (stmt, name, increment Poly over j or None, moves_counter)
        for _ in range(rng.choice([1, 1, 2, 2, 3])):
            kind = rng.choice(["lin", "lin", "lin", "inv", "inv", "k", "nest", "prod", "reset", "resetk",
                               "brk", "notinv", "branchy", "nonlin"])
            if kind == "lin":
                src = rng.choice(list(counters))
                A, Bc = (rng.choice([1, 1, 2, -1, 3, -2]), rng.choice([0, 0, 1, -1, 2, 5]))
                if (A, Bc) == (1, 0) and rng.random() < 0.3:
                    A, Bc = 2, 1          # the square
                if wrap and rng.random() < 0.6:
                    A = rng.choice(BIG) * rng.choice([1, -1])
                s = self.fresh("s", self.ty())
                s0 = rng.choice([0, 0, 0, rng.randint(-5, 5)])
                decls.append(Decl(s, K(s0)))
                e = V(src) if A == 1 else mul(K(A), V(src))
                e = add(e, K(Bc)) if Bc > 0 else B("-", e, K(-Bc)) if Bc < 0 else e
                items.append((Asg(s, "+=", e), s, ("lin", src, A, Bc), False, s0))
            elif kind == "inv":
                s = self.fresh("t", self.ty(0.1, 0.15))
                s0 = rng.choice([0, 0, rng.randint(-5, 5)])
                decls.append(Decl(s, K(s0)))
                if rng.random() < 0.5:
                    src = "c"
                else:
                    src = self.fresh("d", rng.choice([INT, INT, LONG, UNS, ULONG]))
                    kd = rng.choice(BIG) if wrap else rng.randint(-3, 5)
                    pre.append(Decl(src, add(V("c"), K(kd)) if kd >= 0 else B("-", V("c"), K(-kd))))
                op = rng.choice(["+=", "+=", "-="])
                items.append((Asg(s, op, V(src)), s, ("inv", src, 1 if op == "+=" else -1), False, s0))
            elif kind == "brk":
                accs = [it[1] for it in items if it[1].startswith(("s", "t", "g", "k"))]
                conds = [B(">", mul(V(i), V(i)), B("-", V("n"), K(rng.randint(0, 9)))), B("==", V(i), add(V("c"), K(rng.randint(0, 5))))]
                if accs:
                    a = rng.choice(accs)
                    conds += [B(">", V(a), K(rng.randint(5, 300))), B("<", V(a), K(-rng.randint(1, 30)))]
                items.append((If(rng.choice(conds), [Break()]), "", "brk", False, 0))
            elif kind == "notinv":   # the "invariant" local is written after all
                srcs = [it[2][1] for it in items if isinstance(it[2], tuple) and it[2][0] in ("inv", "nest")]
                if not srcs:
                    continue
                x = rng.choice(srcs)
                cnd = rng.choice([B(">", V("c"), V(i)), B("==", V(i), K(rng.randint(0, 6))), B("==", B("%", V(i), K(3)), K(1))])
                if rng.random() < 0.5 and x != "c":
                    p = self.fresh("p", P.types[x])
                    self.ints.remove(p)
                    pre.append(PtrDecl(p, x))
                    w = Asg(x, rng.choice(["++", "+="]), K(rng.choice([1, 2, -1])), via=p)
                    if w.op == "++":
                        w.e = None
                else:
                    w = Asg(x, "+=", K(rng.choice([1, 2, -1])))
                items.append((If(cnd, [w]), x, "kill", False, 0))
            elif kind == "branchy":
                k = self.fresh("k", self.ty())
                decls.append(Decl(k, K(0)))
                a1, a2 = rng.sample([1, 2, 3, -1], 2)
                cnd = rng.choice([B(">", V("c"), V(i)), B("==", B("%", V(i), K(2)), K(0)), B("<", V(k), V("n"))])
                items.append((If(cnd, [Asg(k, "+=", K(a1))], [Asg(k, "+=", K(a2))]), k, "kill", True, 0))
                if rng.random() < 0.7:
                    s2 = self.fresh("s", self.ty())
                    decls.append(Decl(s2, K(0)))
                    items.append((Asg(s2, "+=", add(mul(K(2), V(k)), K(1)) if rng.random() < 0.5 else V(k)), s2, "kill", False, 0))
                    self.cands.append(("inv", B(">", V(s2), mul(V(k), V(k)))))
                    self.cands.append(("inv", B("<", mul(K(2), V(s2)), mul(V(k), V(k)))))
            elif kind == "nonlin":
                s2 = self.fresh("s", self.ty())
                decls.append(Decl(s2, K(0)))
                src = rng.choice(list(counters))
                e = rng.choice([B("%", V(src), K(rng.randint(2, 4))), B("/", V(src), K(rng.randint(2, 3))), mul(V(src), V(src))])
                items.append((Asg(s2, "+=", e), s2, "kill", False, 0))
            elif kind == "k":
                k = self.fresh("k", self.ty())
                k0 = rng.choice([0, 0, 1])
                kk = rng.choice(BIG) if wrap else rng.choice([1, 1, 2, -1, 3])
                if wrap and rng.random() < 0.4:
                    P.types[k] = LONG
                    kk = rng.choice(BIGL)
                decls.append(Decl(k, K(k0)))
                items.append((Asg(k, "++", None) if kk == 1 else Asg(k, "+=", K(kk)), k, ("ctr", kk), True, k0))
            elif kind == "nest":
                if rng.random() < 0.5 or not [x for x in self.ints if x.startswith("d")]:
                    w = self.fresh("w", rng.choice([INT, INT, LONG]))
                    kw = rng.randint(-1, 4)
                    pre.append(Decl(w, add(V("c"), K(kw)) if kw >= 0 else B("-", V("c"), K(-kw))))
                else:
                    w = [x for x in self.ints if x.startswith("d")][0]
                j = self.fresh("j", INT)
                g = self.fresh("g", self.ty())
                decls.append(Decl(g, K(0)))
                kg = rng.choice([1, 1, 1, 2, -1]) if not wrap else rng.choice(BIG)
                inner = [Asg(g, "++", None) if kg == 1 else Asg(g, "+=", K(kg))]
                if rng.random() < 0.2:
                    inner.append(Asg(g, "+=", V(j)))
                    kg = None
                loop = While(B("<", V(j), V(w)), inner, init=Asg(j, "=", K(0)), step=Asg(j, "++", None))
                decls.append(Decl(j, K(0)))
                items.append((loop, g, ("nest", w, kg) if kg is not None else None, False, 0))
            elif kind == "prod":
                s = self.fresh("s", self.ty())
                decls.append(Decl(s, K(0)))
                src = rng.choice(list(counters))
                other = rng.choice(["c", src])
                items.append((Asg(s, "+=", mul(V(src), V(other))), s, ("prod", src, other), False, 0))
            elif kind == "reset":
                if not [it for it in items if it[1].startswith(("s", "t"))]:
                    continue
                it = rng.choice([it for it in items if it[1].startswith(("s", "t"))])
                cond_r = rng.choice([B("==", B("%", V(i), K(rng.randint(2, 5))), K(0)), B(">", V(it[1]), K(rng.randint(3, 40))),
                                     B(">", V("c"), V(i))])
                items.append((If(cond_r, [Asg(it[1], "=", K(0))]), it[1], "kill", False, 0))
            else:  # a counter reset inside an if
                k = self.fresh("k", INT)
                decls.append(Decl(k, K(0)))
                R = rng.randint(2, 5)
                items.append((Asg(k, "++", None), k, "kill", True, 0))
                items.append((If(B(rng.choice([">=", "=="]), V(k), K(R)), [Asg(k, "=", K(0))]), k, "kill", False, 0))
                if rng.random() < 0.6:
                    s = self.fresh("s", INT)
                    decls.append(Decl(s, K(0)))
                    items.append((Asg(s, "+=", V(k)), s, "kill", False, 0))
            if items and items[-1][3] and items[-1][2] != "kill":
                counters[items[-1][1]] = (Poly.const(items[-1][4]), items[-1][2][1])
        # the driver's move, somewhere in the body (at the end most often)
        move = Asg(i, "++" if Ky == 1 else "--" if Ky == -1 else "+=" if Ky > 0 else "-=", K(abs(Ky)) if abs(Ky) != 1 else None)
        pos = len(items) if rng.random() < 0.65 else rng.randint(0, len(items))
        order = items[:pos] + [(move, i, ("ctr", Ky), True, None)] + items[pos:]
        use_for = shape in ("up", "ne") and pos == len(items) and rng.random() < 0.4
        loop_body = [it[0] for it in order if not (use_for and it[0] is move)]
        loop = While(cond, loop_body, init=None, step=move if use_for else None)
        stmts = decls + pre + ([If(guard, [loop])] if guard else [loop])
        self.closed_forms(order, counters, guard)
        return stmts

    def closed_forms(self, order, counters, guard):
        """Each accumulator's value after m iterations, written over each
        counter: the invariant candidates (false when a reset, a wrap or a
        guard gets in the way: the truth decides)."""
        j, m = "_j", "_m"
        killed = {it[1] for it in order if it[2] == "kill" or it[2] is None}
        cur = {x: y0 + Poly.var(j).scale(k) for x, (y0, k) in counters.items()}   # at the top of iteration j
        final = {}
        for stmt, name, how, moves, init in order:
            if name in killed:
                continue
            if how[0] == "ctr":
                cur[name] = cur[name] + Poly.const(how[1])
                continue
            if how[0] == "lin":
                _, src, A, Bc = how
                inc = cur[src].scale(A) + Poly.const(Bc)
            elif how[0] == "inv":
                inc = Poly.var(how[1]).scale(how[2])
            elif how[0] == "nest":
                inc = Poly.var(how[1]).scale(how[2])
            elif how[0] == "prod":
                a = cur[how[1]]
                b = cur[how[2]] if how[2] in cur else Poly.var(how[2])
                inc = a * b
                if inc.degree(j) > 2:
                    continue
            else:
                continue
            final[name] = Poly.const(init) + inc.sum_j(j, m)
        for name, form in final.items():
            for ctr, (y0, k) in counters.items():
                if ctr in killed or k == 0:
                    continue
                # m = (ctr - y0) / k
                f = form.subst(m, (Poly.var(ctr) - y0).scale(Fraction(1, k)))
                D = f.denominator()
                if D > 1000:
                    continue
                rhs = f.scale(D)
                lhs = V(name) if D == 1 else mul(K(D), V(name))
                self.add_inv(lhs, rhs)
        # counters against each other (linear) once in a while
        ctrs = [x for x in counters if x not in killed]
        if len(ctrs) > 1 and self.rng.random() < 0.3:
            a, b = ctrs[:2]
            (ya, ka), (yb, kb) = counters[a], counters[b]
            f = yb + (Poly.var(a) - ya).scale(Fraction(kb, ka))
            D = f.denominator()
            if D > 1000:
                return
            self.add_inv(V(b) if D == 1 else mul(K(D), V(b)), f.scale(D))

    def add_inv(self, lhs, rhs):
        rng = self.rng
        e = rhs.expr()
        if e is None:
            return
        # sometimes a factored form: x * (x - 1) for x * x - x
        self.cands.append(("inv", B("!=", lhs, e)))
        for _ in range(2):
            d = rng.choice([0, 0, 1, -1, 2])
            rel = rng.choice(["==", "!=", "<", ">", "<=", ">="])
            e2 = (rhs + Poly.const(d)).expr()
            if e2 is not None:
                self.cands.append(("near", B(rel, lhs, e2)))

    def mix(self):
        """A random comparison of a local with a product or a linear form."""
        rng = self.rng
        locs = [x for x in self.ints if x not in ("n", "c")]
        x = rng.choice(locs)
        y = rng.choice([v for v in self.ints if v != x])
        z = rng.choice(self.ints)
        form = rng.choice(["lt", "prod", "prod", "par", "lin", "wide", "sign"])
        if form == "wide":
            return B(rng.choice(["!=", "<", ">"]), mul(Cast(LONG, V(y)), V(z)), V(x) if rng.random() < 0.6 else mul(K(2), V(x)))
        if form == "sign":
            return B(rng.choice(["<", ">="]), mul(V(x), V(x)) if rng.random() < 0.5 else V(x), K(0))
        if form == "lt":
            return B(rng.choice(["<", ">"]), V(x), V(y))
        if form == "prod":
            p = mul(V(y), V(z)) if rng.random() < 0.6 else mul(V(y), B("-", V(y), K(1)))
            if rng.random() < 0.3:
                p = add(p, K(rng.randint(1, 3)))
            return B(rng.choice(["!=", "==", "<", ">", "<=", ">="]), V(x) if rng.random() < 0.7 else mul(K(2), V(x)), p)
        if form == "par":
            return B("!=", B("%", V(x), K(2)), B("%", V(y), K(2)))
        return B(rng.choice(["<", ">", "==", "!="]), add(V(x), V(y)), mul(K(rng.randint(2, 3)), V(z)))


def program(rng, ntargets):
    """A program with ntargets targets (a mix of closed forms, near misses
    and random products) and its truth; None if a loop ran too long."""
    g = Gen(rng)
    for _ in range(rng.choice([1, 1, 2, 2, 3])):
        g.P.stmts += g.block()
    invs = [e for k, e in g.cands if k == "inv"]
    near = [e for k, e in g.cands if k == "near"]
    picks, seen = [], set()
    for _ in range(3 * ntargets):
        x = rng.random()
        pool = invs if x < 0.5 else near if x < 0.75 else None
        e = rng.choice(pool) if pool else g.mix()
        if e.c() not in seen and len(picks) < ntargets:
            seen.add(e.c())
            picks.append(e)
    g.P.targets = [Target(k + 1, e) for k, e in enumerate(picks)]
    try:
        wit = g.P.truth()
    except Diverge:
        return None
    return g.P, wit


# ---- queries ------------------------------------------------------------------

def programs(seed):
    """The programs of a seed, in order: (program index, program, truth)."""
    k = 0
    while True:
        rng = random.Random(seed * 1000003 + k)
        got = program(rng, rng.choice([3, 4, 5]))
        if got:
            yield k, got[0], got[1]
        k += 1


def judge(P, wit, tid, got, out):
    """(want, got as counted, failure text or None)."""
    want = "reachable" if tid in wit else "unreachable"
    if got == "reachable":
        inp = {x["name"]: x["value"] for x in out.get("inputs", [])}
        if out.get("validated") is not True:
            return want, got, "REACHABLE not validated"
        if not P.reaches(tid, inp.get("n"), inp.get("c")):
            return want, got, f"REACHABLE with n={inp.get('n')} c={inp.get('c')}, which the model says does not reach the target"
    if got == "unknown" and "did not validate" in str(out.get("reason", "")):
        return want, "reachable (not validated)", "a REACHABLE whose inputs did not validate"
    if got not in ("reachable", "unreachable", "unknown"):
        return want, got, f"no verdict: {got}"
    if got == "unreachable" and want == "reachable":
        return want, got, f"WRONG VERDICT: n={wit[tid][0]} c={wit[tid][1]} reaches the target"
    if got == "reachable" and want == "unreachable":
        return want, got, "REACHABLE validated but the model finds no input (oracle bug?)"
    return want, got, None


def queries(seed, count):
    """(query index, program index, program, truth, target id, options) for count queries."""
    out, q = [], 0
    for k, P, wit in programs(seed):
        for t in P.targets:
            if q == count:
                return out
            rng = random.Random(seed * 7919 + q)
            x = rng.random()
            opts = ("--no-concrete",) if x < 0.45 else ("--no-concrete", "--no-sat") if x < 0.8 else ()
            out.append((q, k, P, wit, t.tid, opts))
            q += 1


def run_query(inka, d, timeout, seed, item):
    q, k, P, wit, tid, opts = item
    src = os.path.join(d, f"p{seed}_{k}.c")
    text = P.render()
    if not os.path.exists(src):
        with open(src, "w") as f:
            f.write(text)
    got, out = ask_reach(inka, src, P.line_of[tid], timeout, ("--stats",) + opts)
    want, shown, fail = judge(P, wit, tid, got, out)
    return item, text, want, shown, fail, out


def cmd_of(P, tid, opts, path, shift=0):
    return f"inka-ng --reach {path}:{P.line_of[tid] + shift} {' '.join(opts)} {path}".replace("  ", " ")


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--show":
        seed, k = int(sys.argv[2]), int(sys.argv[3])
        for kk, P, wit in programs(seed):
            if kk >= k:
                break
        sys.stdout.write(P.render())
        for t in P.targets:
            print(f"target {t.tid} line {P.line_of[t.tid]}: {'reached by n=%d c=%d' % wit[t.tid] if t.tid in wit else 'dead'}")
        return 0
    count = int(sys.argv[1]) if len(sys.argv) > 1 else int(os.environ.get("MONO_COUNT", "30"))
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else int(os.environ.get("MONO_SEED", "1"))
    timeout = os.environ.get("MONO_TIMEOUT", "10")
    jobs = int(os.environ.get("MONO_JOBS", "1"))
    verbose = os.environ.get("MONO_VERBOSE") == "1"
    inka = os.path.abspath(INKA)
    tally = Tally()
    stats = {"dead targets": 0, "dead targets proved": 0, "reachable validated": 0, "unknown": 0,
             "proved with a polyhedral invariant": 0}
    wrong = []
    with tempfile.TemporaryDirectory(prefix="inka-mono.") as d:
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            for item, text, want, got, fail, out in pool.map(lambda it: run_query(inka, d, timeout, seed, it),
                                                             queries(seed, count)):
                q, k, P, wit, tid, opts = item
                if want == "unreachable":
                    stats["dead targets"] += 1
                if got == "unreachable" and want == "unreachable":
                    stats["dead targets proved"] += 1
                    if out.get("stats", {}).get("reasoning", {}).get("polyhedra", 0):
                        stats["proved with a polyhedral invariant"] += 1
                if got == "reachable" and not fail:
                    stats["reachable validated"] += 1
                if got == "unknown":
                    stats["unknown"] += 1
                what = f"query {q} (seed {seed}, program {k}, target {tid}, line {P.line_of[tid]}, {' '.join(opts) or 'no option'})"
                if verbose:
                    print(f"{what}: want {want}, got {got}{' (' + out.get('reason', '') + ')' if got == 'unknown' else ''}", flush=True)
                if fail:
                    tally.failed += 1
                    tally.count[f"{want} -> {got}"] = tally.count.get(f"{want} -> {got}", 0) + 1
                    print(f"FAIL {what}: {fail}\n{text}", flush=True)
                    if got == "unreachable":
                        wrong.append(item)
                else:
                    tally.add(want, got, what, text)
    tally.print_counts()
    for key, v in stats.items():
        print(f"  {key}: {v}")
    if wrong and os.environ.get("MONO_REDUCE") == "1":
        for item in wrong:
            print(reduce_and_save(inka, timeout, seed, item))
    return tally.finish()


# ---- shrinking a wrong verdict --------------------------------------------------

def stmt_lists(stmts):
    yield stmts
    for s in stmts:
        for l in children(s):
            yield from stmt_lists(l)


def still_wrong(inka, timeout, P, tid, opts):
    try:
        wit = P.truth()
    except (Diverge, KeyError, NameError, SyntaxError):
        return None
    if tid not in wit:
        return None
    with tempfile.TemporaryDirectory(prefix="inka-mono-red.") as d:
        src = os.path.join(d, "p.c")
        text = P.render()
        with open(src, "w") as f:
            f.write(text)
        if subprocess.run(["gcc", "-fsyntax-only", "-x", "c", src], capture_output=True).returncode:
            return None
        got, _ = ask_reach(inka, src, P.line_of[tid], timeout, opts)
    return wit[tid] if got == "unreachable" else None


def reduce_and_save(inka, timeout, seed, item):
    import copy
    q, k, P, wit, tid, opts = item
    P = copy.deepcopy(P)
    P.targets = [t for t in P.targets if t.tid == tid]
    assert still_wrong(inka, timeout, P, tid, opts)
    def attempt():
        """One successful deletion (a statement, or a loop or if replaced by
        one of its bodies), or False."""
        for lst in list(stmt_lists(P.stmts)):
            for i, s in enumerate(list(lst)):
                for repl in [[]] + ([l for l in children(s) if l] if not isinstance(s, Decl) else []):
                    lst[i:i + 1] = list(repl)
                    if still_wrong(inka, timeout, P, tid, opts):
                        return True
                    lst[i:i + len(repl)] = [s]
        return False

    while attempt():
        pass
    # lower the box
    for attr in ("N", "C"):
        while getattr(P, attr) > 0:
            setattr(P, attr, getattr(P, attr) - 1)
            if not still_wrong(inka, timeout, P, tid, opts):
                setattr(P, attr, getattr(P, attr) + 1)
                break
    n, c = still_wrong(inka, timeout, P, tid, opts)
    os.makedirs(os.path.join(HERE, "repro"), exist_ok=True)
    path = os.path.join(HERE, "repro", f"monomials_{seed}_{q}.c")
    rel = os.path.relpath(path, os.path.join(HERE, "..", ".."))
    text = P.render()
    head = (f"/* Wrong verdict (tests/diff/monomials.py seed {seed}, query {q}):\n"
            f"     ./{cmd_of(P, tid, opts, rel, 4)}\n"
            f"   answers UNREACHABLE, but f(n = {n}, c = {c}) runs line {P.line_of[tid] + 4}.\n"
            f"   (gcc -fwrapv; the box: 0 <= n <= {P.N}, -{P.C} <= c <= {P.C}) */\n")
    assert head.count("\n") == 4
    with open(path, "w") as f:
        f.write(head + text)
    return f"wrote {rel}: {cmd_of(P, tid, opts, rel, 4)} (reached by n={n} c={c})"


if __name__ == "__main__":
    sys.exit(main())
