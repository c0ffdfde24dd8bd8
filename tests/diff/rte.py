#!/usr/bin/env python3
"""Random differential test of --check KINDS --at LINE (run-time errors).

Each seed makes a function `int f(...)` of 1-3 integer parameters of
various C types (and sometimes a double or a float) whose lines hold sites
of run-time errors: signed + - * and unary minus, / and %, shifts, indices
into local arrays (one and two dimensions, read, written, address taken),
dereferences of pointers that may be NULL (`int *p = c ? &x : 0;`, struct
members, `p[0]`, pointers to one past an array's end), conversions of
doubles to integer types; inside branches on the parameters and loops with
constant bounds.  Every parameter ranges over a small window (around 0, at
the type's edges, around the square root of its maximum; a double over a
few chosen values), given to inka-ng with --pre, sometimes with an extra
condition between parameters.

The truth is the program compiled by gcc with
-fsanitize=undefined,address,float-cast-overflow -fno-sanitize-recover=all,
run on every input of the domain (a forked child runs inputs one after
another until a sanitizer ends it; the next child starts after the input
that ended it).  An input triggers the sites of (LINE, KINDS) iff the first
report names p.c:LINE and is of a kind in KINDS.  When the line also holds
sites of kinds not asked for, C's unspecified order of evaluation may make
gcc report one of those first: such an input is "ambiguous" (a FOUND on it
is accepted, a PROVED is not judged by it).

Checks per query:
  found    the inputs are in the domain and the oracle's run of them reports
           at LINE with a kind asked for; the driver of --emit-test, built
           with the sanitizers, reports at LINE; with --validate (some
           queries) the answer says validated;
  proved   no input of the domain triggers;
  unknown  counted, with its reason;
  error    exit 2 saying 'unsupported' or 'no operation' is counted;
           anything else (a crash, another error, a run past --timeout) fails.
The last line is 'N passed, N failed' (one per query).

usage: rte.py [--seeds A-B] [--jobs N] [--timeout S] [--keep DIR] [--verbose]
       rte.py --show SEED          print the program, its domain and queries
"""
import argparse, json, math, os, random, re, shutil, struct, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor

INKA = os.environ.get("INKA", "./inka-ng")
SAN = ["-fsanitize=undefined,address,float-cast-overflow", "-fno-sanitize-recover=all"]
KINDS = ["overflow", "div", "shift", "bounds", "null", "float-cast"]
# inputs of a program's domain (the product of the windows): each input a
# sanitizer ends costs a fork (about 10 ms with ASan)
MAX_INPUTS = int(os.environ.get("RTE_INPUTS", "600"))
RUN_ENV = dict(os.environ, ASAN_OPTIONS="detect_leaks=0:allow_user_segv_handler=0",
               UBSAN_OPTIONS="print_stacktrace=0")


# ---- C integer types and the usual arithmetic conversions --------------------------
class T:
    def __init__(self, name, bits, signed, rank):
        self.name, self.bits, self.signed, self.rank = name, bits, signed, rank
        self.lo = -(1 << (bits - 1)) if signed else 0
        self.hi = (1 << (bits - 1)) - 1 if signed else (1 << bits) - 1

    def __repr__(self):
        return self.name


CHAR, SHORT = T("char", 8, True, 1), T("short", 16, True, 2)
INT, UINT = T("int", 32, True, 3), T("unsigned", 32, False, 3)
LONG, ULONG = T("long", 64, True, 4), T("unsigned long", 64, False, 4)
LLONG, ULLONG = T("long long", 64, True, 5), T("unsigned long long", 64, False, 5)
SIZE_T, INT64 = T("size_t", 64, False, 4), T("int64_t", 64, True, 4)
PARAM_TYPES = [INT, INT, INT, UINT, LONG, LLONG, ULONG, SHORT, CHAR, SIZE_T, INT64]
CAST_TYPES = [INT, INT, UINT, LONG, LLONG, ULONG, SHORT, CHAR]


def promote(t):
    return INT if t.rank < INT.rank else t


def common(a, b):
    """The type of a OP b (C11 6.3.1.8); size_t and int64_t act as their
    underlying unsigned long and long."""
    a, b = promote(a), promote(b)
    canon = lambda t: ULONG if t is SIZE_T else LONG if t is INT64 else t
    a, b = canon(a), canon(b)
    if a is b:
        return a
    if a.signed == b.signed:
        return a if a.rank >= b.rank else b
    u, s = (a, b) if not a.signed else (b, a)
    if u.rank >= s.rank:
        return u
    if s.bits > u.bits:
        return s
    return {LONG: ULONG, LLONG: ULLONG}.get(s, u)


def literal(v, t):
    """v as a C constant of type t (or one converted to t without change)."""
    if t.signed and v == t.lo:
        return f"(({t.name})({v + 1}LL - 1))"
    suffix = "ULL" if v > (1 << 63) - 1 else "LL" if abs(v) > (1 << 31) - 1 else ""
    text = f"{v}{suffix}"
    return f"(({t.name}){text})" if t is not INT or v < 0 else text


def c_double(v):
    if math.isnan(v):
        return "__builtin_nan(\"\")"
    return repr(float(v)) if v == v else "0"


# ---- the program ---------------------------------------------------------------------
class Var:
    def __init__(self, name, t, counter=False):
        self.name, self.t, self.counter = name, t, counter   # counter: a loop's, never written


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.seed = seed
        self.lines = []          # text of the body lines
        self.sites = {}          # line number -> set of kinds of the sites on it
        self.nfresh = 0
        r = self.r
        nint = r.choice([1, 2, 2, 3, 3])
        self.params = [Var("abc"[i], r.choice(PARAM_TYPES)) for i in range(nint)]
        self.fparams = []
        if r.random() < 0.45:
            self.fparams.append(Var("d", "double" if r.random() < 0.75 else "float"))
        self.ints = list(self.params)     # integer variables in scope (a stack)
        self.ptrs = []                    # (name, what): int pointers that may be NULL or past an end
        self.arrays = []                  # (name, dims)
        self.domain = self.pick_domain()
        self.pre_extra = self.pick_pre()

    # -- domain --
    def window(self, t, size):
        r = self.r
        starts = [(-(size // 2)) if t.signed else 0, t.hi - size + 1]
        if t.signed:
            starts.append(t.lo)
        if t.bits >= 32:
            root = math.isqrt(t.hi)
            starts.append(root - size // 2)
        if t.bits >= 32 and r.random() < 0.3:
            starts.append(r.choice([1 << 15, 1 << 16, 1 << 31, 1 << 32, (1 << 31) - size // 2]))
        lo = r.choice(starts)
        lo = max(t.lo, min(lo, t.hi - size + 1))
        return list(range(lo, lo + size))

    def pick_domain(self):
        n = len(self.params) + len(self.fparams)
        fsize = 0
        if self.fparams:
            fsize = self.r.randint(4, 7)
        budget = MAX_INPUTS // max(1, fsize)
        size = int(budget ** (1.0 / len(self.params)))
        size = min(size, 81)
        dom = [self.window(p.t, self.r.randint(max(3, size // 2), size)) for p in self.params]
        for p in self.fparams:
            pool = [0.5, -0.5, 1.5, -1.0, -0.99, 2.0, 7.25, 100.0, 1e9, 3e9, -3e9, 2147483647.5, 2147483648.0,
                    -2147483648.75, -2147483649.0, 4294967295.5, 4294967296.0, 32767.5, 32768.0, -32769.0,
                    127.5, 128.0, -129.0, 9.2e18, 9.3e18, -9.3e18, 1.8e19, 1e300, -1e300, float("nan")]
            vals = self.r.sample(pool, fsize)
            if p.t == "float":
                vals = [to_float(v) if abs(v) < 3e38 or v != v else to_float(3e38) for v in vals]
                vals = list(dict.fromkeys(vals))
            dom.append(vals)
        return dom

    def pick_pre(self):
        """An extra precondition between parameters, or None."""
        if len(self.params) < 2 or self.r.random() < 0.7:
            return None
        a, b = self.r.sample(self.params, 2)
        return f"{a.name} {self.r.choice(['!=', '<', '>=', '=='])} {b.name}" if self.r.random() < 0.8 \
            else f"{a.name} != {literal(self.domain[self.params.index(a)][0], a.t)}"

    def pre_args(self):
        out = []
        for p, vals in zip(self.params, self.domain):
            out.append(f"{p.name} >= {literal(vals[0], p.t)} && {p.name} <= {literal(vals[-1], p.t)}")
        for p, vals in zip(self.fparams, self.domain[len(self.params):]):
            parts = [f"{p.name} != {p.name}" if math.isnan(v) else f"{p.name} == {c_double(v)}" for v in vals]
            out.append(" || ".join(parts))
        if self.pre_extra:
            out.append(self.pre_extra)
        return out

    # -- text --
    def fresh(self, stem):
        self.nfresh += 1
        return f"{stem}{self.nfresh}"

    def emit(self, depth, text, kinds=()):
        self.lines.append("  " * depth + text)
        line = len(self.lines) + self.header_lines()
        if kinds:
            self.sites[line] = set(kinds)
        return line

    def header_lines(self):
        return 4   # two includes, struct S, the signature

    # -- expressions: (text, type, kinds) --
    def var(self):
        return self.r.choice(self.ints)

    def const(self):
        r = self.r
        v = r.choice([2, 3, 5, 7, 100, 1000, 65536, -3, -1, 31, 32, 2147483647])
        return (literal(v, INT), INT, set())

    def operand(self, depth):
        r = self.r.random()
        if r < 0.55 or depth >= 2:
            v = self.var()
            return (v.name, v.t, set())
        if r < 0.7:
            return self.const()
        return self.expr(depth + 1)

    def variable(self):
        v = self.var()
        return (v.name, v.t, set())

    def arith(self, depth):
        """Every operation reads a variable: the front end folds one of
        constants alone (no site is left, and gcc would not see it either)."""
        op = self.r.choice(["+", "-", "*", "*"])
        x = self.operand(depth)
        y = self.operand(depth)
        if not has_var(x[0]) and not has_var(y[0]):
            x = self.variable()
        t = common(x[1], y[1])
        kinds = x[2] | y[2] | ({"overflow"} if t.signed else set())
        return (f"({x[0]} {op} {y[0]})", t, kinds)

    def division(self, depth):
        op = self.r.choice(["/", "%"])
        x = self.operand(depth)
        k = self.r.random()
        if k < 0.5:
            v = self.var()
            y = (v.name, v.t, set())
        elif k < 0.8:
            v = self.var()
            c = self.r.choice([1, 3, 7, -1])
            y = (f"({v.name} - {c})", common(v.t, INT), {"overflow"} if common(v.t, INT).signed else set())
        else:
            y = self.operand(depth)
            if not has_var(y[0]):
                y = self.variable()
        t = common(x[1], y[1])
        kinds = x[2] | y[2] | {"div"} | ({"overflow"} if t.signed else set())
        return (f"({x[0]} {op} {y[0]})", t, kinds)

    def shift(self, depth):
        op = "<<" if self.r.random() < 0.7 else ">>"
        k = self.r.random()
        if k < 0.4:
            x = self.operand(depth)
        else:
            x = self.r.choice([("1", INT, set()), ("1u", UINT, set()), ("1LL", LLONG, set()), ("3", INT, set())])
        v = self.var()
        k = self.r.random()
        if k < 0.5:
            count = (v.name, v.t, set())
        elif k < 0.75:
            count = (f"({v.name} & {self.r.choice([31, 63, 7])})", common(v.t, INT), set())
        else:
            count = (f"({v.name} + {self.r.choice([1, 30, -2])})", common(v.t, INT),
                     {"overflow"} if common(v.t, INT).signed else set())
        t = promote(x[1])
        kinds = x[2] | count[2] | {"shift"} | ({"overflow"} if op == "<<" and t.signed else set())
        return (f"({x[0]} {op} {count[0]})", t, kinds)

    def negation(self, depth):
        x = self.operand(depth)
        if not has_var(x[0]):
            x = self.variable()
        t = promote(x[1])
        return (f"(-{x[0]})", t, x[2] | ({"overflow"} if t.signed else set()))

    def index(self):
        v = self.var()
        k = self.r.random()
        n = self.r.choice([1, 2, 3, 5])
        if k < 0.35:
            return (v.name, v.t, set())
        if k < 0.55:
            return (f"({v.name} % {n + 2})", common(v.t, INT), set())
        if k < 0.7:
            return (f"({v.name} & {self.r.choice([3, 7])})", common(v.t, INT), set())
        if k < 0.85:
            t = common(v.t, INT)
            return (f"({v.name} - {n})", t, {"overflow"} if t.signed else set())
        t = common(v.t, INT)
        return (f"({v.name} + {n})", t, {"overflow"} if t.signed else set())

    def element(self):
        """An element of a declared array at computed indices: its text and kinds."""
        name, dims = self.r.choice(self.arrays)
        kinds = {"bounds"}
        text = name
        for _ in dims:
            i = self.index()
            text += f"[{i[0]}]"
            kinds |= i[2]
        return text, kinds

    def array_read(self, depth):
        if not self.arrays:
            return self.arith(depth)
        text, kinds = self.element()
        return (text, INT, kinds)

    def deref(self, depth):
        if not self.ptrs:
            return self.arith(depth)
        name, what = self.r.choice(self.ptrs)
        if what == "struct":
            return (f"{name}->{self.r.choice(['k', 'v'])}", INT, {"null"})
        form = self.r.choice(["*{}", "{}[0]", "*{}"])
        return (form.format(name), INT, {"null", "bounds"})

    def fcast(self, depth):
        if not self.fparams:
            return self.arith(depth)
        d = self.fparams[0].name
        t = self.r.choice(CAST_TYPES)
        k = self.r.random()
        if k < 0.6:
            inner = d
        elif k < 0.8:
            inner = f"({d} * {self.r.choice(['2', '0.5', '-1', '1000'])})"
        else:
            v = self.var()
            inner = f"({d} + {v.name})"
        return (f"(({t.name}){inner})", t, {"float-cast"})

    def guarded(self, depth):
        """A site evaluated only when a condition says so: ?:, && and ||."""
        if depth >= 1:
            return self.arith(depth)
        c = self.cond()
        e = self.expr(depth + 1)
        k = self.r.random()
        if k < 0.5:
            other = self.variable()
            t = common(e[1], other[1])
            return (f"({c} ? {e[0]} : {other[0]})" if k < 0.3 else f"({c} ? {other[0]} : {e[0]})", t, e[2])
        w = self.other_than(e[0])
        if w is None:
            return e
        return (f"({c} {self.r.choice(['&&', '||'])} {e[0]} == {w})", INT, e[2])

    def other_than(self, text):
        """A variable that text does not name (a comparison with 0 or with a
        variable of the expression is one gcc rewrites: x - y != 0 into
        x != y, and the overflow goes), or None."""
        names = set(re.findall(r"\w+", text))
        rest = [v.name for v in self.ints if v.name not in names]
        return self.r.choice(rest) if rest else None

    def expr(self, depth=0):
        k = self.r.random()
        table = [(0.27, self.arith), (0.42, self.division), (0.55, self.shift), (0.61, self.negation),
                 (0.74, self.array_read), (0.84, self.deref), (0.93, self.fcast), (1.0, self.guarded)]
        for p, fn in table:
            if k < p:
                return fn(depth)

    # -- statements --
    def line_expr(self, make=None):
        """An expression that names no variable twice: gcc's front end
        rewrites some of those even at -O0 (a*b + a*c into a*(b + c), a - a
        into 0) and an overflow may go with the rewrite, where UBSan cannot
        see it."""
        for _ in range(20):
            e = make(0) if make else self.expr()
            if self.r.random() < 0.25:   # a second operation on the line
                v = self.var()
                op = self.r.choice(["+", "*", "-"])
                t = common(e[1], v.t)
                e = (f"{e[0]} {op} {v.name}", t, e[2] | ({"overflow"} if t.signed else set()))
            names = re.findall(r"\b(?:[abcd]|[a-z]+[0-9]+)\b", re.sub(r"->[kv]\b", "", e[0]))
            if len(names) == len(set(names)):
                return e
        v = self.var()
        return (f"(-{v.name})", promote(v.t), {"overflow"} if promote(v.t).signed else set())

    def assign(self, depth, make=None):
        e = self.line_expr(make)
        k = self.r.random()
        if k < 0.45:
            name = self.fresh("v")
            self.emit(depth, f"{e[1].name} {name} = {e[0]};", e[2])
            self.ints.append(Var(name, e[1]))
        elif k < 0.65:
            self.emit(depth, f"r += (unsigned long long)({e[0]});", e[2])
        else:   # a compound assignment to a local
            # never one the expression reads: gcc rewrites v += v * b into v *= b + 1
            # and never one narrower than v op e: gcc computes (short)(n * x) as
            # (short)((unsigned short)n * (unsigned short)x), and the overflow of
            # the product (ISO C's) goes (clang reports it, gcc does not)
            names = set(re.findall(r"\w+", e[0]))
            locals_ = [v for v in self.ints if v not in self.params and not v.counter and v.name not in names
                       and v.t.rank >= INT.rank and common(v.t, e[1]).bits == v.t.bits]
            if not locals_:
                self.emit(depth, f"r ^= (unsigned long long)({e[0]});", e[2])
                return
            v = self.r.choice(locals_)
            t = common(v.t, e[1])
            k = self.r.random()
            if k < 0.15:   # ++ and --: v + 1 in v's promoted type
                t = promote(v.t)
                self.emit(depth, self.r.choice(["{}++;", "{}--;", "++{};", "--{};"]).format(v.name),
                          {"overflow"} if t.signed else set())
                return
            op = self.r.choice(["+=", "-=", "*=", "*=", "/=", "%=", "<<=", ">>="])
            kinds = set(e[2])
            if op in ("+=", "-=", "*="):
                kinds |= {"overflow"} if t.signed else set()
            elif op in ("/=", "%="):
                kinds |= {"div"} | ({"overflow"} if t.signed else set())
            else:
                kinds |= {"shift"} | ({"overflow"} if op == "<<=" and promote(v.t).signed else set())
            self.emit(depth, f"{v.name} {op} {e[0]};", kinds)

    def narrow(self, depth):
        """A short or char local made by a conversion (no site: it is
        implementation-defined), whose arithmetic is done in int."""
        v = self.variable()
        t = self.r.choice([SHORT, CHAR])
        name = self.fresh("n")
        self.emit(depth, f"{t.name} {name} = ({t.name}){v[0]};")
        self.ints.append(Var(name, t))

    def declare_array(self, depth):
        name = self.fresh("arr")
        if self.r.random() < 0.65:
            n = self.r.choice([2, 3, 4, 5])
            vals = ", ".join(str(self.r.randint(-9, 9)) for _ in range(n))
            self.emit(depth, f"int {name}[{n}] = {{{vals}}};")
            self.arrays.append((name, [n]))
        else:
            rows, cols = self.r.choice([2, 3]), self.r.choice([2, 3])
            vals = ", ".join("{" + ", ".join(str(self.r.randint(-9, 9)) for _ in range(cols)) + "}" for _ in range(rows))
            self.emit(depth, f"int {name}[{rows}][{cols}] = {{{vals}}};")
            self.arrays.append((name, [rows, cols]))

    def array_write(self, depth):
        if not self.arrays:
            return self.declare_array(depth)
        text, kinds = self.element()
        v = self.var()
        self.emit(depth, f"{text} = (int){v.name};", kinds)

    def cond(self):
        v = self.var()
        k = self.r.random()
        if k < 0.4:
            return f"{v.name} {self.r.choice(['<', '>', '==', '!=', '>=', '<='])} {literal(self.r.choice(self.domain[self.params.index(v)]) if v in self.params else self.r.randint(-5, 5), v.t if v in self.params else INT)}"
        if k < 0.6 and len(self.ints) > 1:
            w = self.var()
            return f"{v.name} {self.r.choice(['<', '>', '!='])} {w.name}"
        if k < 0.8:
            return f"({v.name} & {self.r.choice([1, 2, 3])}) != 0"
        if self.fparams:
            return f"{self.fparams[0].name} {self.r.choice(['<', '>'])} {c_double(self.r.choice([0.0, 1.5, 1e9]))}"
        return f"{v.name} > 0"

    def pointer(self, depth):
        k = self.r.random()
        if k < 0.2:
            name = self.fresh("s")
            q = self.fresh("q")
            self.emit(depth, f"struct S {name} = {{{self.r.randint(-5, 5)}, {self.r.randint(-5, 5)}}};")
            self.emit(depth, f"struct S *{q} = {self.cond()} ? &{name} : 0;")
            self.ptrs.append((q, "struct"))
            return
        p = self.fresh("p")
        targets = [v.name for v in self.ints if v.t is INT and not v.counter]
        if k < 0.65 and self.arrays:
            two = [a for a in self.arrays if len(a[1]) == 2]
            arr, dims = self.r.choice(two if two and self.r.random() < 0.6 else self.arrays)
            # the address of an element, one past the end allowed: a later *p is out of bounds
            i = self.index()
            kinds = {"bounds"} | i[2]
            if len(dims) == 1:
                text = f"&{arr}[{i[0]}]"
            else:
                k = self.r.random()
                if k < 0.3:
                    v = self.var()
                    row = (f"({v.name} & 3)", common(v.t, INT), set())
                elif k < 0.7:
                    row = self.index()
                else:
                    row = (str(self.r.randint(0, dims[0] - 1)), INT, set())
                kinds |= row[2]
                # &m[i][j]: m[i] is evaluated (i < rows); m[i] alone decays (i <= rows, as gcc has it)
                text = f"&{arr}[{row[0]}][{i[0]}]" if self.r.random() < 0.7 else f"{arr}[{row[0]}]"
            self.emit(depth, f"int *{p} = {text};", kinds)
            self.ptrs.append((p, "int"))
            return
        if not targets:
            t = self.fresh("t")
            self.emit(depth, f"int {t} = {self.r.randint(-5, 5)};")
            self.ints.append(Var(t, INT))
            targets = [t]
        self.emit(depth, f"int *{p} = {self.cond()} ? &{self.r.choice(targets)} : 0;")
        self.ptrs.append((p, "int"))

    def ptr_write(self, depth):
        if not self.ptrs:
            return self.pointer(depth)
        name, what = self.r.choice(self.ptrs)
        v = self.var()
        if what == "struct":
            self.emit(depth, f"{name}->v = (int){v.name};", {"null"})
        else:
            self.emit(depth, f"*{name} = (int){v.name};", {"null", "bounds"})

    def block(self, depth, n):
        saved = (len(self.ints), len(self.ptrs), len(self.arrays))
        for _ in range(n):
            self.stmt(depth)
        del self.ints[saved[0]:]
        del self.ptrs[saved[1]:]
        del self.arrays[saved[2]:]

    def stmt(self, depth):
        k = self.r.random()
        if k < 0.05:
            return self.narrow(depth)
        if k < 0.4:
            return self.assign(depth)
        if k < 0.48:
            self.declare_array(depth)
            for _ in range(self.r.randint(0, 2)):
                self.array_write(depth) if self.r.random() < 0.4 else self.assign(depth, self.array_read)
            if self.r.random() < 0.3:   # a pointer into it, read through
                self.pointer(depth)
                self.assign(depth, self.deref)
            return
        if k < 0.56:
            return self.array_write(depth)
        if k < 0.64:
            self.pointer(depth)
            for _ in range(self.r.randint(0, 2)):
                self.ptr_write(depth) if self.r.random() < 0.3 else self.assign(depth, self.deref)
            return
        if k < 0.68:
            return self.ptr_write(depth)
        if k < 0.8 and depth < 3:
            self.emit(depth, f"if ({self.cond()}) {{")
            self.block(depth + 1, self.r.randint(1, 2))
            if self.r.random() < 0.4:
                self.emit(depth, "} else {")
                self.block(depth + 1, 1)
            self.emit(depth, "}")
            return
        if k < 0.9 and depth < 3:
            i = self.fresh("i")
            self.emit(depth, f"for (int {i} = 0; {i} < {self.r.randint(2, 5)}; {i}++) {{")
            self.ints.append(Var(i, INT, counter=True))
            self.block(depth + 1, self.r.randint(1, 2))
            self.ints.remove(next(v for v in self.ints if v.name == i))
            self.emit(depth, "}")
            return
        if k < 0.93:
            self.emit(depth, f"if ({self.cond()}) return {self.r.randint(1, 9)};")
            return
        if k < 0.96 and depth < 3:   # sites in a condition: of an if, of a loop
            e = self.line_expr()
            w = self.other_than(e[0])
            if w is None:
                return self.assign(depth)
            if self.r.random() < 0.6:
                self.emit(depth, f"if ({e[0]} {self.r.choice(['<', '>', '!='])} {w}) {{", e[2])
            else:
                i = self.fresh("i")
                self.emit(depth, f"for (int {i} = 0; {i} < {self.r.randint(1, 4)} && {e[0]} != {w}; {i}++) {{", e[2])
            self.block(depth + 1, 1)
            self.emit(depth, "}")
            return
        return self.assign(depth)

    def program(self):
        for _ in range(self.r.randint(4, 8)):
            self.stmt(1)
        if not self.sites:
            self.assign(1)
        self.emit(1, "return (int)(r & 0x7f);")
        params = ", ".join(f"{type_name(p)} {p.name}" for p in self.params + self.fparams)
        head = ["#include <stddef.h>", "#include <stdint.h>", "struct S { int k; int v; };",
                f"int f({params}) {{"]
        assert len(head) == self.header_lines()
        body = ["  unsigned long long r = 0;"] + self.lines
        # the declaration of r is one more line before the body: shift the site lines
        self.sites = {line + 1: k for line, k in self.sites.items()}
        return "\n".join(head + body + ["}"]) + "\n"

    def queries(self, n):
        """(line, kinds) pairs: all kinds, the line's kinds, one of them, or
        one of them with a kind absent from the line."""
        lines = sorted(self.sites)
        self.r.shuffle(lines)
        out = []
        for line in lines[:n]:
            present = sorted(self.sites[line], key=KINDS.index)
            k = self.r.random()
            if k < 0.35:
                kinds = ["all"]
            elif k < 0.6:
                kinds = present
            elif k < 0.85:
                kinds = [self.r.choice(present)]
            else:
                kinds = sorted({self.r.choice(present), self.r.choice(KINDS)}, key=KINDS.index)
            out.append((line, ",".join(kinds)))
        return out


def has_var(text):
    return re.search(r"\b(?:[abcd]|[a-z]+[0-9]+)\b", text) is not None


def to_float(v):
    """v rounded to the nearest float (a float parameter's value)."""
    return struct.unpack("f", struct.pack("f", v))[0]


def type_name(p):
    return p.t if isinstance(p.t, str) else p.t.name


def kinds_of(spec):
    return set(KINDS) if spec == "all" else set(spec.split(","))


# ---- the oracle -------------------------------------------------------------------------
HARNESS = r"""
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include "p.c"
%(tables)s
static int pre(%(params)s) { return %(pre)s; }
/* Input number i of the domain (mixed radix, the last parameter fastest). */
static void run(long i) {
%(decode)s
  f(%(args)s);
}
static int admitted(long i) {
%(decode)s
  return pre(%(args)s);
}
/* argv[1]: a file for a child's standard error.  With argv[2]: run only
   that input in this process (a witness).  Otherwise every input: a child
   runs them in order until a sanitizer ends it; then its input and report
   are printed and the next child starts after it. */
int main(int argc, char **argv) {
  long total = %(total)s;
  if (argc > 2) { run(atol(argv[2])); return 0; }
  for (long i = 0; i < total; i++) if (!admitted(i)) printf("skip %%ld\n", i);
  volatile long *at = mmap(0, sizeof(long), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  for (long start = 0; start < total;) {
    *at = -1;
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
      int fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0600);
      dup2(fd, 2);
      for (long i = start; i < total; i++)
        if (admitted(i)) { *at = i; run(i); }
      *at = total;
      _exit(0);
    }
    int st;
    waitpid(pid, &st, 0);
    long i = *at;
    if (i == total && WIFEXITED(st) && WEXITSTATUS(st) == 0) break;
    if (i < 0) { printf("harness failed\n"); return 1; }
    printf("=== %%ld %%d\n", i, st);
    FILE *e = fopen(argv[1], "r");
    char buf[512];
    while (e && fgets(buf, sizeof buf, e)) fputs(buf, stdout);
    if (e) fclose(e);
    printf("=== end\n");
    start = i + 1;
  }
  return 0;
}
"""


def harness(g):
    tables, decode, args, params = [], [], [], []
    allp = g.params + g.fparams
    sizes = [len(v) for v in g.domain]
    for k, (p, vals) in enumerate(zip(allp, g.domain)):
        tname = p.t if isinstance(p.t, str) else p.t.name
        items = ", ".join(c_double(v) if isinstance(p.t, str) else literal(v, p.t) for v in vals)
        tables.append(f"static const {tname} V{k}[{len(vals)}] = {{{items}}};")
        stride = 1
        for s in sizes[k + 1:]:
            stride *= s
        decode.append(f"  {tname} {p.name} = V{k}[(i / {stride}L) % {len(vals)}];")
        args.append(p.name)
        params.append(f"{tname} {p.name}")
    total = 1
    for s in sizes:
        total *= s
    return HARNESS % {"tables": "\n".join(tables), "decode": "\n".join(decode), "args": ", ".join(args),
                      "params": ", ".join(params), "pre": g.pre_extra or "1", "total": f"{total}L"}, total


REPORT = re.compile(r"(\S+):(\d+):\d+: runtime error: (.*)")
FRAME = re.compile(r"#0 0x[0-9a-f]+ in \S+ (\S+):(\d+)")


def classify(msg):
    m = msg
    if "signed integer overflow" in m or m.startswith("negation of") or "cannot be represented in type" in m and m.startswith("division of"):
        return "overflow"
    if m.startswith("left shift of"):
        return "overflow"
    if "division by zero" in m:
        return "div"
    if m.startswith("shift exponent"):
        return "shift"
    if "out of bounds" in m or "stack-buffer-overflow" in m or "stack-buffer-underflow" in m:
        return "bounds"
    if "null pointer" in m or m.startswith("SEGV"):
        return "null"
    if "outside the range of representable values" in m:
        return "float-cast"
    return "other: " + m[:80]


def parse_report(text, stem="p.c"):
    """(line, kind) of the first sanitizer report in text, or None."""
    for ln in text.splitlines():
        m = REPORT.search(ln)
        if m and os.path.basename(m.group(1)) == stem:
            return int(m.group(2)), classify(m.group(3))
        if "ERROR: AddressSanitizer:" in ln:
            what = ln.split("ERROR: AddressSanitizer:")[1].strip()
            rest = text[text.index(ln):]
            fm = FRAME.search(rest)
            if fm and os.path.basename(fm.group(1)) == stem:
                return int(fm.group(2)), classify(what)
            return -1, classify(what)
    return None


def oracle(d, g):
    """{input index: (line, kind)} of every input a sanitizer ends, the set of
    inputs the extra precondition excludes, and the harness binary."""
    text, total = harness(g)
    with open(os.path.join(d, "h.c"), "w") as f:
        f.write(text)
    exe = os.path.join(d, "h")
    r = subprocess.run(["gcc", "-O0", "-g", "-w", *SAN, "-o", exe, "h.c"], cwd=d, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("oracle does not compile: " + r.stderr[:600])
    out = subprocess.run([exe, os.path.join(d, "err.txt")], cwd=d, capture_output=True, text=True, timeout=600,
                         env=RUN_ENV)
    if out.returncode != 0:
        raise RuntimeError("oracle failed: " + out.stdout[-300:] + out.stderr[-300:])
    ends, skipped = {}, set()
    blocks = out.stdout.split("=== ")
    for b in blocks:
        if b.startswith("skip ") or "\nskip " in b or b == blocks[0]:
            skipped |= {int(x) for x in re.findall(r"^skip (\d+)", b, re.M)}
        m = re.match(r"(\d+) (-?\d+)\n", b)
        if m:
            rep = parse_report(b)
            ends[int(m.group(1))] = rep if rep else (-1, f"other: status {m.group(2)}")
    return ends, skipped, total, exe


def index_of(g, inputs):
    """The domain index of a JSON answer's inputs, or a reason it is outside."""
    byname = {i["name"]: i["value"] for i in inputs}
    idx = 0
    for p, vals in zip(g.params + g.fparams, g.domain):
        if p.name not in byname:
            return None, f"no value for {p.name}"
        v = byname[p.name]
        if isinstance(p.t, str):
            x = float(v)   # also "nan", "inf"
            if p.t == "float" and not math.isinf(x):
                x = to_float(x)   # a float is printed with the digits that tell it apart
            pos = next((k for k, c in enumerate(vals) if (math.isnan(c) and math.isnan(x)) or c == x), None)
        else:
            x = int(v)
            if not p.t.signed and x < 0:
                x += 1 << p.t.bits
            pos = vals.index(x) if x in vals else None
        if pos is None:
            return None, f"{p.name} = {v} is outside the domain"
        idx = idx * len(vals) + pos
    return idx, ""


# ---- a query -----------------------------------------------------------------------------------
def judge_found(g, d, prog, line, kinds, ans, ends, skipped, validate):
    idx, why = index_of(g, ans.get("inputs", []))
    if idx is None:
        return "WRONG", why
    if idx in skipped:
        return "WRONG", f"the inputs {ans.get('inputs')} break --pre {g.pre_extra}"
    end = ends.get(idx)
    note = ""
    if not end or end[0] != line:
        return "WRONG", f"input {idx} {short_inputs(ans)}: the sanitized run reports {end or 'nothing'}"
    if end[1] not in kinds:
        note = f"(gcc reports a {end[1]} site of the line first)"
    # the driver of --emit-test, built with the sanitizers, must report at the line
    drv = os.path.join(d, f"drv{line}.c")
    exe = os.path.join(d, f"drv{line}")
    b = subprocess.run(["gcc", "-O0", "-g", "-w", *SAN, "-o", exe, drv], cwd=d, capture_output=True, text=True)
    if b.returncode != 0:
        return "FAIL", "the emitted driver does not compile: " + b.stderr[:300]
    run = subprocess.run([exe], cwd=d, capture_output=True, text=True, timeout=30, env=RUN_ENV)
    rep = parse_report(run.stderr)
    if not rep or rep[0] != line:
        return "FAIL", f"the emitted driver reports {rep or 'nothing'} (the oracle's run of the inputs: {end})"
    if validate and ans.get("validated") is not True:
        return "FAIL", f"--validate says {ans.get('validated')}: {ans.get('validate_msg', ans.get('validation', ''))}"
    return "ok", note


def short_inputs(ans):
    return "{" + ", ".join(f"{i['name']}={i['value']}" for i in ans.get("inputs", [])) + "}"


def run_query(g, d, prog, line, spec, ends, skipped, timeout, validate):
    kinds = kinds_of(spec)
    triggers = [i for i, e in ends.items() if e[0] == line and e[1] in kinds]
    cmd = [INKA, "--json", "--timeout", str(timeout), "--function", "f", "--check", spec, "--at", f"{prog}:{line}"]
    for p in g.pre_args():
        cmd += ["--pre", p]
    cmd += ["--emit-test", os.path.join(d, f"drv{line}.c")]
    if validate:
        cmd.append("--validate")
    cmd.append(prog)
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout + 20)
    except subprocess.TimeoutExpired:
        return "crash", "FAIL", "ran past its --timeout", triggers, cmd
    try:
        ans = json.loads(r.stdout)
        verdict = ans["verdict"]
    except (ValueError, KeyError):
        err = r.stderr.strip()
        if r.returncode == 2 and ("unsupported" in err or "no operation" in err):
            return "error", "ok", err[:160], triggers, cmd
        return "crash", "FAIL", f"exit {r.returncode}: {err[:300]}", triggers, cmd
    if verdict == "error":
        reason = ans.get("reason", "") + r.stderr
        if r.returncode == 2 and ("unsupported" in reason or "no operation" in reason):
            return "error", "ok", reason.strip()[:160], triggers, cmd
        return "error", "FAIL", f"exit {r.returncode}: {reason.strip()[:300]}", triggers, cmd
    expected_rc = {"found": 0, "proved": 1, "unknown": 3}.get(verdict)
    if expected_rc is None:
        return verdict, "FAIL", f"verdict {verdict}: {r.stderr.strip()[:200]}", triggers, cmd
    if r.returncode != expected_rc:
        return verdict, "FAIL", f"exit status {r.returncode} with verdict {verdict}", triggers, cmd
    if verdict == "proved":
        if triggers:
            i = triggers[0]
            return verdict, "WRONG", f"input {i} {decode(g, i)} triggers it: {ends[i]}", triggers, cmd
        return verdict, "ok", "", triggers, cmd
    if verdict == "found":
        status, why = judge_found(g, d, prog, line, kinds, ans, ends, skipped, validate)
        return verdict, status, why, triggers, cmd
    return verdict, "ok", ans.get("reason", ""), triggers, cmd


def decode(g, idx):
    vals = []
    for vs in reversed(g.domain):
        vals.append(vs[idx % len(vs)])
        idx //= len(vs)
    names = [p.name for p in g.params + g.fparams]
    return "{" + ", ".join(f"{n}={v}" for n, v in zip(names, reversed(vals))) + "}"


def run_seed(seed, timeout, keep, verbose, nqueries):
    g = Gen(seed)
    src = g.program()
    d = tempfile.mkdtemp(prefix="inka-rte-")
    results = []
    try:
        prog = os.path.join(d, "p.c")
        with open(prog, "w") as f:
            f.write(src)
        ends, skipped, total, _ = oracle(d, g)
        odd = {e for e in ends.values() if e[1].startswith("other")}
        for line, spec in g.queries(nqueries):
            validate = g.r.random() < 0.2
            verdict, status, why, triggers, cmd = run_query(g, d, prog, line, spec, ends, skipped, timeout, validate)
            results.append((seed, line, spec, bool(triggers), verdict, status, why))
            if verbose or status in ("WRONG", "FAIL"):
                print(f"seed {seed} line {line} --check {spec}: {len(triggers)}/{total} inputs trigger, "
                      f"got {verdict} {status} {why}", flush=True)
            if keep and status in ("WRONG", "FAIL"):
                kd = os.path.join(keep, f"seed{seed}")
                os.makedirs(kd, exist_ok=True)
                shutil.copy(prog, kd)
                with open(os.path.join(kd, f"line{line}.txt"), "w") as f:
                    f.write(" ".join(f"'{c}'" if " " in c or "|" in c or "&" in c else c for c in cmd) + "\n")
                    f.write(f"{verdict} {status} {why}\n")
        if odd and verbose:
            print(f"seed {seed}: reports of another kind: {sorted(odd)[:3]}")
    except RuntimeError as e:
        results.append((seed, 0, "-", False, "oracle", "FAIL", str(e)))
        print(f"seed {seed}: {e}", flush=True)
    finally:
        shutil.rmtree(d, ignore_errors=True)
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", default="1-10")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--queries", type=int, default=4, help="queries per program")
    ap.add_argument("--timeout", type=float, default=10)
    ap.add_argument("--keep")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--show", type=int)
    a = ap.parse_args()
    if a.show is not None:
        g = Gen(a.show)
        print(g.program(), end="")
        print("pre:", *(f"--pre '{p}'" for p in g.pre_args()))
        print("sites:", {k: sorted(v) for k, v in sorted(g.sites.items())})
        print("queries:", g.queries(a.queries))
        return
    lo, hi = (int(x) for x in a.seeds.split("-"))
    with ThreadPoolExecutor(max_workers=a.jobs) as pool:
        all_results = [r for rs in pool.map(lambda s: run_seed(s, a.timeout, a.keep, a.verbose, a.queries),
                                             range(lo, hi + 1)) for r in rs]
    tally = {}
    passed = failed = 0
    for seed, line, spec, truth, verdict, status, why in all_results:
        key = ("triggers" if truth else "never", verdict)
        tally[key] = tally.get(key, 0) + 1
        if status in ("WRONG", "FAIL"):
            failed += 1
        else:
            passed += 1
    for (truth, verdict), n in sorted(tally.items()):
        print(f"  truth {truth:8} -> {verdict:7} {n}")
    reasons = {}
    for *_, verdict, status, why in all_results:
        if verdict == "unknown":
            reasons[why[:90]] = reasons.get(why[:90], 0) + 1
    for why, n in sorted(reasons.items(), key=lambda x: -x[1]):
        print(f"  unknown: {n} x {why}")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
