#!/usr/bin/env python3
"""Random differential test of carrier unions (frontend/unions.c) against gcc.

Each program (seed N) declares one or two random unions of 1, 2, 4 or 8
bytes whose members are integers (char, signed/unsigned char, short, int,
long, long long, signed and unsigned), float, double, arrays of those and
structs (tagged or not) of those and of arrays of them, arrays of such
structs; sometimes one integer member is as wide as the union (it is then
the carrier), sometimes none is (a hidden carrier).  Then

    int f(unsigned char a, unsigned char b)

declares locals of those types (without initializer: a zero carrier in the
model; or `= {e}`, the first member, when it is a scalar), sometimes a global
(initialized or not: zero), an array of unions (`wN[2]`, `= {0}`, `= {{e1},
{e2}}` or none; elements read and written at constant or variable indices,
`wN[a & 1].b[0]`), a union inside a struct (`hN.v`, `= {0}` or none), a
pointer `union Uk *pN = &wM` (sometimes retargeted, `pN = (a & 1) ? &wM :
&wL`), helpers `static void setK(union Uk *p, T x) { p->PART = x; }`,
`static T getK(const union Uk *p) { return p->PART; }` and `valK(union Uk v)`
(the union by value), and runs a random sequence of
statements: stores into scalar parts (`w0.h.lo = e`, `p0->b[2] = e`,
`w1.s[1].x = e`, variable indices `w0.b[(a + b) & 3]`, `w0.c[a % 3]`), with
e made of a, b, constants, reads of parts (`w1.b[0] + a`), casts, float
conversions (`w0.f = (float)a / 4.0f`, `w2.d = (double)b * 0.1 + a`);
compound assignments (`+=`, `^=`, `<<=`, ..., `++`, `--`) on parts; union
copies (`w1 = w0`, `w1 = *p0`); loops filling or summing an array part
(`for (int i = 0; i < 4; i++) w0.b[i] = a + i;`, `s += w0.b[i]`); if/else
blocks of stores; calls of the helpers; NaNs and infinities for some inputs
(`w0.f = ((float)a - b) / ((float)a - b)`, `w0.u = 0x7fc00000u | a`).  Most
unions are used through two members of different kinds (a union used through
one member, or integer members of one width, is that member's cell, not a
carrier: a store into another member is added at the end).  Targets are on
their own lines,

    if (<condition>)
      return K;   /* target K */

with conditions such as a part compared with a constant (==, !=, <, ...: the
constant is the value the part has for a random input pair, computed by gcc
on the program itself, sometimes changed by one), two parts equal to the
values of two (same or different) input pairs, the same bytes read through
two members (`(unsigned char)w0.b[2] != (unsigned char)(w0.u >> 16)`: never
true), a part just stored read back (`w0.f != (float)a / 4.0f`), a part
equal to an expression of a and b, a float part that is a NaN or an infinity
(`w0.f != w0.f`, `w0.f > 3.4e38f`), and impossible constants (`w0.b[0] ==
256`, a float part `== 0.1`).  The generator only reads bytes the program
wrote on every path, or bytes of a zero-initialized object (a global, or a
local without initializer, which the model zero-fills but C leaves
indeterminate: the oracle runs the program twice, with gcc's
`-ftrivial-auto-var-init=zero` and `=pattern`, and the two must agree, which
proves the program never reads such a byte; a disagreement is a bug of the
generator, counted as a failure).  Nor does it write what ends the tool's
paths: a shift by the operand's width or more, a division by zero, a float
converted to an out-of-range integer (the oracle runs under UBSan for them).

Oracle: the program with a main that calls f on all 65,536 input pairs
(gcc -O0 -fwrapv), the returned target for each.  Each target is asked
`inka-ng --reach p.c:LINE --function f --validate --json --timeout T p.c`,
once with no option and once with `--no-concrete` (UNION_MODES):
  REACHABLE    must say validated, the brute force must reach the target,
               and the inputs of the answer must reach it in the oracle's table;
  UNREACHABLE  WRONG when the brute force reaches it (a witness is printed);
  UNKNOWN      counted with its reason (NaN bits: the model abandons the path;
               "a path reads memory that no test controls": expected where the
               program has an uninitialized array or struct of unions, whose
               carriers the model does not zero-fill, or copies a never-written
               union that is no carrier; the summary tells the two apart);
  exit 2       a failure ("unsupported" included: every program is in the
               subset by construction); any other exit status, a non-JSON
               answer or a run past T + 5 s too.
Failures are copied to UNION_FAILDIR (default /tmp/inka-unions-failures/
seed<N>/) with the command and the oracle's witness.

Usage: unions.py                 the test (last line "N passed, N failed")
       unions.py --show N        print program N (its seed) and its targets
Environment: INKA (./inka-ng), UNION_COUNT (20), UNION_SEED (1),
UNION_TIMEOUT (10), UNION_JOBS (2), UNION_MODES (",--no-concrete": the
option sets, comma separated, every target is asked once with each),
UNION_SKIP=0 (by default, once a query of a program runs out of its
--timeout, the program's other queries with the same options are skipped
and counted as such),
UNION_KEEP=1 (keep the temporary directory), UNION_VERBOSE=1 (one line per
query), UNION_FAILDIR.
"""
import campaign
import json
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

INKA = os.path.abspath(os.environ.get("INKA", "./inka-ng"))
COUNT = int(os.environ.get("UNION_COUNT", "20"))
SEED = int(os.environ.get("UNION_SEED", "1"))
TIMEOUT = float(os.environ.get("UNION_TIMEOUT", "10"))
JOBS = int(os.environ.get("UNION_JOBS", "2"))
MODES = [m.split() for m in os.environ.get("UNION_MODES", ",--no-concrete").split(",")]
SKIP = os.environ.get("UNION_SKIP", "1") != "0"
KEEP = os.environ.get("UNION_KEEP", "") not in ("", "0")
VERBOSE = os.environ.get("UNION_VERBOSE", "") not in ("", "0")
FAILDIR = os.environ.get("UNION_FAILDIR", "/tmp/inka-unions-failures")
STOP = threading.Event()
PRINT = threading.Lock()

# ---- types -------------------------------------------------------------------


class Sc:
    kind = "s"

    def __init__(self, name, size, signed, isfloat=False):
        self.name, self.size, self.align, self.signed, self.isfloat = name, size, size, signed, isfloat

    def __repr__(self):
        return self.name


INTS = [Sc("unsigned char", 1, False), Sc("signed char", 1, True), Sc("char", 1, True),
        Sc("unsigned short", 2, False), Sc("short", 2, True),
        Sc("unsigned int", 4, False), Sc("int", 4, True), Sc("unsigned", 4, False),
        Sc("unsigned long long", 8, False), Sc("long long", 8, True),
        Sc("unsigned long", 8, False), Sc("long", 8, True)]
FLOATS = [Sc("float", 4, True, True), Sc("double", 8, True, True)]
UNSIGNED_OF = {1: "unsigned char", 2: "unsigned short", 4: "unsigned int", 8: "unsigned long long"}


class Arr:
    kind = "a"

    def __init__(self, base, n):
        self.base, self.n = base, n
        self.size, self.align = base.size * n, base.align


class St:
    kind = "st"

    def __init__(self, fields, tag):
        self.tag = tag
        off, al, fs = 0, 1, []
        for name, t in fields:
            off = (off + t.align - 1) // t.align * t.align
            fs.append((name, t, off))
            off += t.size
            al = max(al, t.align)
        self.fields, self.align = fs, al
        self.size = (off + al - 1) // al * al


def decl(t, name):
    if t.kind == "s":
        return "%s %s" % (t.name, name)
    if t.kind == "a":
        return decl(t.base, "%s[%d]" % (name, t.n))
    body = " ".join(decl(ft, fn) + ";" for fn, ft, _ in t.fields)
    return "struct %s{ %s } %s" % (t.tag + " " if t.tag else "", body, name)


def leaves(t, off, steps):
    """Every scalar part of t at byte offset off: (steps, scalar, offset);
    a step is ('.', name) or ('[', index, count)."""
    if t.kind == "s":
        return [(steps, t, off)]
    if t.kind == "a":
        out = []
        for i in range(t.n):
            out += leaves(t.base, off + i * t.base.size, steps + (("[", i, t.n),))
        return out
    out = []
    for fn, ft, fo in t.fields:
        out += leaves(ft, off + fo, steps + ((".", fn),))
    return out


class Union:
    def __init__(self, name, members):
        self.name, self.members = name, members
        al = max(t.align for _, t in members)
        sz = max(t.size for _, t in members)
        self.size = (sz + al - 1) // al * al
        self.leaves = []
        for mn, mt in members:
            self.leaves += leaves(mt, 0, ((".", mn),))

    def text(self):
        return "union %s {\n%s};" % (self.name, "".join("  %s;\n" % decl(t, n) for n, t in self.members))


# ---- the generator -------------------------------------------------------------


def promote(sc):
    """The type of a read of scalar sc in an expression (integer promotions)."""
    if sc.isfloat:
        return sc.name
    if sc.size < 4:
        return "int"
    if sc.size == 4:
        return "int" if sc.signed else "unsigned int"
    return "long long" if sc.signed else "unsigned long long"


def arith(t1, t2):
    """Usual arithmetic conversions of two promoted integer types."""
    if "long long" in t1 or "long long" in t2:
        return "unsigned long long" if "unsigned long long" in (t1, t2) else "long long"
    return "unsigned int" if "unsigned int" in (t1, t2) else "int"


BITS = {"int": 32, "unsigned int": 32, "long long": 64, "unsigned long long": 64}


def int_lit(v, ty):
    """The literal of value v for a comparison with an expression of type ty."""
    if ty == "unsigned long long":
        return "%dULL" % (v % 2**64)
    if ty == "long long":
        v = (v + 2**63) % 2**64 - 2**63
        return "(-9223372036854775807LL - 1)" if v == -2**63 else "%dLL" % v
    if ty == "unsigned int":
        return "%du" % (v % 2**32)
    v = (v + 2**31) % 2**32 - 2**31
    return "(-2147483647 - 1)" if v == -2**31 else "%d" % v


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def float_lit(v, ty, rng):
    """An exact literal for v (finite, exact in ty)."""
    suffix = "f" if ty == "float" else ""
    r = repr(v)
    if rng.random() < 0.5 and ("e" not in r or rng.random() < 0.5):
        ok = float(r) == v if ty == "double" else f32(float(r)) == v
        if ok:
            if "." not in r and "e" not in r and "inf" not in r:
                r += ".0"
            return r + suffix
    h = v.hex()
    m = re.match(r"(-?0x[01])\.?([0-9a-f]*?)0*p([+-]\d+)$", h)
    return "%s%sp%s%s" % (m.group(1), "." + m.group(2) if m.group(2) else "", m.group(3), suffix)


class Obj:
    def __init__(self, name, u, glob=False):
        self.name, self.u, self.glob = name, u, glob


class Target:
    def __init__(self, k, indent):
        self.k, self.indent = k, indent
        self.probes = []       # [(expr text, 'i' | 'u' | 'f', type)]
        self.cond = None       # function(values) -> condition text, values[j] the probed value or None
        self.kind = None


class Gen:
    def __init__(self, seed):
        self.seed = seed
        self.rng = random.Random(seed * 7919 + 17)
        self.ntags = 0

    # -- union types
    def scalar(self, maxsize, floats=True):
        cands = [s for s in INTS if s.size <= maxsize]
        if floats:
            cands += [s for s in FLOATS if s.size <= maxsize] * 3
        return self.rng.choice(cands)

    def struct(self, maxsize, with_arrays=True):
        for _ in range(50):
            fs = []
            for i in range(self.rng.randint(1, 3)):
                t = self.scalar(maxsize)
                if with_arrays and self.rng.random() < 0.25 and t.size * 2 <= maxsize:
                    t = Arr(t, self.rng.randint(2, maxsize // t.size))
                fs.append(("xyzw"[i] if self.rng.random() < 0.5 else ["lo", "hi", "mid", "top"][i], t))
            tag = None
            if self.rng.random() < 0.4:
                self.ntags += 1
                tag = "S%d" % self.ntags
            s = St(fs, tag)
            if s.size <= maxsize:
                return s
        return St([("x", INTS[0])], None)

    def member(self, size, exact):
        """A member of at most (exactly, when exact) size bytes."""
        rng = self.rng
        for _ in range(200):
            r = rng.random()
            if r < 0.3:
                t = self.scalar(size)
            elif r < 0.6:
                b = self.scalar(max(1, size // 2) if size > 1 else 1)
                n = size // b.size if exact or rng.random() < 0.6 else rng.randint(1, size // b.size)
                t = Arr(b, n)
            elif r < 0.85:
                t = self.struct(size)
            else:
                s = self.struct(max(1, size // 2), with_arrays=False)
                if s.size > size:
                    continue
                n = size // s.size if exact or rng.random() < 0.6 else rng.randint(1, size // s.size)
                t = Arr(s, n)
            if t.size <= size and (not exact or t.size == size):
                return t
        return Arr(INTS[0], size)

    def union(self, idx):
        rng = self.rng
        size = rng.choice([1, 2, 4, 4, 8, 8])
        names = iter(["u", "b", "h", "f", "c", "d", "s", "q", "v", "p", "r", "e"])
        members = []
        if rng.random() < 0.6:   # an integer as wide as the union
            members.append((next(names), rng.choice([s for s in INTS if s.size == size])))
        else:
            members.append((next(names), self.member(size, True)))
        for _ in range(rng.randint(1, 3)):
            t = self.member(size, False)
            if size == 1 and t.kind == "s" and t.size == 1 and rng.random() < 0.5:
                t = Arr(t, 1)
            members.append((next(names), t))
        rng.shuffle(members)
        u = Union("U%d" % idx, members)
        assert u.size == size, (u.size, size)
        return u

    # -- state: bytes written on every path, per object; pointer targets
    def roots(self, u):
        """(text prefix, objects it may denote) of each way to reach a union of type u."""
        out = [(o.name + ".", [o.name]) for o in self.objs if o.u is u]
        out += [(p + "->", ts) for p, (pu, ts) in self.ptrs.items() if pu is u]
        out += [("%s[%s]." % (name, self.varidx(n)), ["%s[%d]" % (name, i) for i in range(n)])
                for name, uu, n in self.arrays if uu is u]
        return out

    def varidx(self, n):
        rng = self.rng
        if self.loopvar and rng.random() < 0.7 and self.loopvar[1] <= n:
            return self.loopvar[0]
        if n == 1:
            return rng.choice(["a & 0", "0"])
        if n & (n - 1) == 0:
            k = n.bit_length() - 1
            return rng.choice(["a & %d" % (n - 1), "b & %d" % (n - 1), "(a + b) & %d" % (n - 1),
                               "(a ^ b) & %d" % (n - 1), "a >> %d" % (8 - k), "(unsigned)(b - a) %% %d" % n])
        return rng.choice(["a %% %d" % n, "b %% %d" % n, "(a + b) %% %d" % n, "(a * 7 + b) %% %d" % n])

    def part(self, u=None, want=None, var=None, readable=True, loop=False, member=None, track=True, rvalue=False):
        """A random scalar part: dict(text, sc, bytes, objs, var, steps, off).
        want: 'i' (integer), 'f' (float) or None; var: allow a variable index
        (True/False/None = sometimes); readable: every byte written on every
        path into every object it may denote; loop: a variable index that is
        the loop counter i, the part's "n" the count of its array); member:
        only parts of that member; track: note the member as used; rvalue:
        the part may be read through a helper, getK(&w0) or valK(w0))."""
        rng = self.rng
        if rvalue and self.getters and rng.random() < 0.2:
            h = self.helper_read(u, want)
            if h:
                return h
        us = [u] if u else self.unions
        cands = []
        for uu in us:
            for r in self.roots(uu):
                for steps, sc, off in uu.leaves:
                    if want == "i" and sc.isfloat or want == "f" and not sc.isfloat:
                        continue
                    if member and steps[0][1] != member:
                        continue
                    cands.append((uu, r, steps, sc, off))
        rng.shuffle(cands)
        for uu, (prefix, objs), steps, sc, off in cands:
            pos = [i for i, s in enumerate(steps) if s[0] == "["]
            vp = None
            if loop and self.loopvar is not None:
                continue
            if pos and (var is True or (var is None and rng.random() < 0.3)):
                vp = rng.choice(pos)
            elif var is True:
                continue
            if vp is not None:
                same = [l for l in uu.leaves if len(l[0]) == len(steps) and
                        all(l[0][i] == steps[i] for i in range(len(steps)) if i != vp)]
                byts = set()
                for _, s2, o2 in same:
                    byts |= set(range(o2, o2 + s2.size))
            else:
                byts = set(range(off, off + sc.size))
            if readable and not all(byts <= self.defined[o] for o in objs):
                continue
            txt = ""
            for i, s in enumerate(steps):
                if s[0] == ".":
                    txt += ("." + s[1]) if i else s[1]
                else:
                    txt += "[%s]" % (("i" if loop else self.varidx(s[2])) if i == vp else s[1])
            if track:
                self.used.setdefault(uu.name, set()).add(steps[0][1])
            return dict(text=prefix + txt, sc=sc, bytes=byts, objs=objs, var=vp is not None, steps=steps,
                        off=off, u=uu, n=steps[vp][2] if vp is not None else None)
        return None

    def helper_read(self, u, want):
        """A part read by a helper function: getK(&obj) (through a pointer)
        or valK(obj) (the union passed by value)."""
        rng = self.rng
        cands = [(g, uu) for g, uu in self.getters if (u is None or uu is u)]
        rng.shuffle(cands)
        for (name, byval, (steps, sc, off)), uu in cands:
            if want == "i" and sc.isfloat or want == "f" and not sc.isfloat:
                continue
            byts = set(range(off, off + sc.size))
            roots = [r for r in self.roots(uu) if all(byts <= self.defined[o] for o in r[1])]
            if not roots:
                continue
            prefix, objs = rng.choice(roots)
            if prefix.endswith("."):
                arg = prefix[:-1] if byval else "&" + prefix[:-1]
            else:
                arg = "*" + prefix[:-2] if byval else prefix[:-2]
            return dict(text="%s(%s)" % (name, arg), sc=sc, bytes=byts, objs=objs, var=False, steps=steps,
                        off=off, u=uu, n=None)
        return None

    def helpers(self):
        """Helper functions over the unions: a setter setK(union Uk *p, x)
        storing x into one part, getters getK(const union Uk *p) and
        valK(union Uk v) returning one part; their text."""
        rng = self.rng
        out = []
        self.getters, self.setters = [], []
        for u in self.unions:
            if rng.random() < 0.3:
                steps, sc, off = rng.choice(u.leaves)
                name = "set%d" % len(out)
                xt = rng.choice(["int", "long long", "unsigned"]) if not sc.isfloat else \
                    rng.choice(["int", "double", "float"])
                out.append("static void %s(union %s *p, %s x) { p->%s = x; }" % (
                    name, u.name, xt, self.render_steps(steps)))
                self.setters.append(((name, xt, (steps, sc, off)), u))
                self.used.setdefault(u.name, set()).add(steps[0][1])
            for byval in (False, True):
                if rng.random() < 0.25:
                    steps, sc, off = rng.choice(u.leaves)
                    name = "%s%d" % ("val" if byval else "get", len(out))
                    out.append("static %s %s(%s) { return %s%s; }" % (
                        promote(sc), name, ("union %s v" if byval else "const union %s *p") % u.name,
                        "v." if byval else "p->", self.render_steps(steps)))
                    self.getters.append(((name, byval, (steps, sc, off)), u))
                    self.used.setdefault(u.name, set()).add(steps[0][1])
        return out

    def wrote(self, p):
        """A store into part p, outside any condition."""
        if p["var"] or len(p["objs"]) != 1:
            return
        self.defined[p["objs"][0]] |= p["bytes"]

    # -- expressions
    def iconst(self):
        rng = self.rng
        r = rng.random()
        if r < 0.5:
            return str(rng.randint(0, 300)), "int"
        if r < 0.7:
            return "0x%x" % rng.randint(0, 0x7fffffff), "int"
        if r < 0.8:
            return "0x%xu" % rng.randint(0x80000000, 0xffffffff), "unsigned int"
        if r < 0.87:
            return "0x%xULL" % rng.getrandbits(64), "unsigned long long"
        if r < 0.93:   # float and double infinities and NaNs (with payloads), as bits
            return rng.choice([("0x7f800000u", "unsigned int"), ("0xff800000u", "unsigned int"),
                               ("0x7fc00000u", "unsigned int"), ("(0x7f800000u | a)", "unsigned int"),
                               ("(0xffc00000u + b)", "unsigned int"), ("0x00000001u", "unsigned int"),
                               ("0x80000000u", "unsigned int"), ("0x7ff0000000000000ULL", "unsigned long long"),
                               ("(0x7ff8000000000000ULL | a)", "unsigned long long"),
                               ("0xfff0000000000001ULL", "unsigned long long"),
                               ("0x8000000000000000ULL", "unsigned long long")])
        return "%d" % -rng.randint(1, 200), "int"

    def ileaf(self):
        rng = self.rng
        r = rng.random()
        if r < 0.45:
            return rng.choice(["a", "b"]), "int"
        if self.loopvar and r < 0.55:
            return self.loopvar[0], "int"
        if self.s_defined and r < 0.6:
            return "s", "int"
        if r < 0.8:
            p = self.part(want="i", rvalue=True)
            if p:
                return p["text"], promote(p["sc"])
        return self.iconst()

    def iexpr(self, depth=2):
        """(text, promoted type) of a random integer expression."""
        rng = self.rng
        if depth <= 0 or rng.random() < 0.3:
            return self.ileaf()
        r = rng.random()
        if r < 0.45:
            x, tx = self.iexpr(depth - 1)
            y, ty = self.iexpr(depth - 1)
            op = rng.choice(["+", "-", "*", "^", "|", "&", "+", "-"])
            return "(%s %s %s)" % (x, op, y), arith(tx, ty)
        if r < 0.55:
            x, tx = self.iexpr(depth - 1)
            return "(%s >> %d)" % (x, rng.randint(1, BITS[tx] - 1)), tx
        if r < 0.62:
            return "(%s << %d)" % (rng.choice(["a", "b"]), rng.randint(1, 23)), "int"
        if r < 0.7:
            x, tx = self.iexpr(depth - 1)
            return "%s%s" % (rng.choice(["~", "-"]), x if x.startswith("(") else "(%s)" % x), tx
        if r < 0.78:
            x, tx = self.iexpr(depth - 1)
            return "(%s %s %d)" % (x, rng.choice(["/", "%"]), rng.randint(1, 13)), tx
        if r < 0.9:
            x, tx = self.iexpr(depth - 1)
            c = rng.choice(["unsigned char", "signed char", "short", "unsigned short"])
            return "(%s)%s" % (c, x if x.startswith("(") else "(%s)" % x), "int"
        x, tx = self.iexpr(depth - 1)
        y, ty = self.iexpr(depth - 1)
        return "(%s > %s ? %s : %s)" % (rng.choice(["a", "b"]), rng.choice(["b", "100", "a"]), x, y), arith(tx, ty)

    def fexpr(self, ty, depth=2):
        """A random float expression (converted to ty where stored)."""
        rng = self.rng
        suf = "f" if ty == "float" else ""
        if depth <= 0 or rng.random() < 0.3:
            r = rng.random()
            if r < 0.4:
                return "(%s)%s" % (ty, rng.choice(["a", "b", "(a - b)", "(a * b)", "(a + 1)"]))
            if r < 0.6:
                p = self.part(want="f", rvalue=True)
                if p:
                    return p["text"]
            if r < 0.7:
                x, _ = self.iexpr(1)
                return "(%s)%s" % (ty, x if x.startswith("(") else "(%s)" % x)
            if r < 0.75:   # 1, or NaN when a == b; inf when b == 0
                return rng.choice(["((%s)a - b) / ((%s)a - b)" % (ty, ty), "(1e30%s / (%s)b)" % (suf, ty)])
            return rng.choice(["0.25", "1.5", "-3.0", "0.1", "1e10", "-0.0", "2.0", "1e-3", "100.0", "1e-40",
                               "3e38"]) + suf
        x, y = self.fexpr(ty, depth - 1), self.fexpr(ty, depth - 1)
        r = rng.random()
        if r < 0.7:
            return "(%s %s %s)" % (x, rng.choice(["+", "-", "*"]), y)
        return "(%s / %s)" % (x, rng.choice(["4.0", "3.0", "0.5", "10.0", "-2.0"]) + suf)

    def rhs_for(self, sc, pure=False):
        """A value to store into a part of scalar type sc; pure: no reads."""
        rng = self.rng
        if sc.isfloat:
            if pure:
                suf = "f" if sc.name == "float" else ""
                return rng.choice(["(%s)a / 4.0%s" % (sc.name, suf), "(%s)(a - b) * 0.5%s" % (sc.name, suf),
                                   "(%s)b * 0.1%s + a" % (sc.name, suf), "(%s)(a * b) / 3.0%s" % (sc.name, suf),
                                   "(%s)a" % sc.name, "a + 0.25%s" % suf, "-(%s)b" % sc.name,
                                   "(%s)(a - b) / (%s)(b - a)" % (sc.name, sc.name)])
            if rng.random() < 0.3:
                return self.iexpr(2)[0]
            return self.fexpr(sc.name, 2)
        if pure:
            return rng.choice(["a", "b", "a + b", "a * 3 - b", "(a << 8) | b", "a ^ 0x5a", "b - a",
                               "(a << 24) | (b << 3) | 1", "~a", "a * b", "-a", "0x%x" % rng.getrandbits(16)])
        return self.iexpr(2)[0]

    # -- statements
    def stmt_lines(self, depth):
        """One random statement: its lines (targets included)."""
        rng = self.rng
        ind = "  " * (depth + 1)
        r = rng.random()
        if r < 0.06:                                  # a NaN or an infinity for some inputs
            p = self.part(want="f", readable=False)
            if p:
                ty = p["sc"].name
                suf, big = ("f", "1e38f") if ty == "float" else ("", "1e308")
                rhs = rng.choice(["((%s)a - b) / ((%s)a - b)" % (ty, ty),         # NaN iff a == b
                                  "%s * a - %s * b" % (big, big),                   # inf - inf when a, b > 1
                                  "0.0%s * (1.0%s / (%s)b)" % (suf, suf, ty),       # 0 * inf iff b == 0
                                  "(%s)a / (%s)(b & 1)" % (ty, ty)])                # inf or NaN when b is even
                self.wrote(p)
                return [ind + "%s = %s;" % (p["text"], rhs)]
            p = self.part(want="i", readable=False)
            if p and p["sc"].size >= 4:
                pat = rng.choice(["0x7fc00000u | a", "0x7f800000u + (a & 3)", "0xff800000u", "0x7f800001u * (b & 1)"]
                                 if p["sc"].size == 4 else
                                 ["0x7ff8000000000000ULL | a", "0xfff0000000000000ULL + (b & 1)",
                                  "0x7fc000007fc00000ULL | ((unsigned long long)a << 32)"])
                self.wrote(p)
                return [ind + "%s = %s;" % (p["text"], pat)]
        if r < 0.4:                                   # store
            p = self.part(readable=False)
            pure = rng.random() < 0.4
            rhs = self.rhs_for(p["sc"], pure=pure)
            self.wrote(p)
            out = [ind + "%s = %s;" % (p["text"], rhs)]
            if pure and not p["var"] and rng.random() < 0.35 and depth == 0:
                self.identity = (p, rhs)
            return out
        if r < 0.55:                                  # compound
            p = self.part()
            if not p:
                return []
            sc = p["sc"]
            if rng.random() < 0.25:
                op = rng.choice(["++", "--"])
                return [ind + (("%s%s;" % (p["text"], op)) if rng.random() < 0.5 else "%s%s;" % (op, p["text"]))]
            if sc.isfloat:
                op = rng.choice(["+=", "-=", "*="])
                return [ind + "%s %s %s;" % (p["text"], op, rng.choice([self.fexpr(sc.name, 1), "a", "0.5"]))]
            if not sc.signed and rng.random() < 0.25:
                return [ind + "%s %s %d;" % (p["text"], rng.choice(["<<=", ">>="]), rng.randint(1, sc.size * 8 - 1))]
            op = rng.choice(["+=", "-=", "^=", "|=", "&=", "*="])
            return [ind + "%s %s %s;" % (p["text"], op, self.iexpr(1)[0])]
        if r < 0.62:                                  # union copy
            u = rng.choice(self.unions)
            dsts = [o for o in self.objs if o.u is u]
            srcs = self.roots(u)
            if len(srcs) < 2:
                return []
            d = rng.choice(dsts)
            srcs = [s for s in srcs if s[1] != [d.name]]
            if not srcs:
                return []
            prefix, objs = rng.choice(srcs)
            src = prefix[:-1] if prefix.endswith(".") else "*" + prefix[:-2]
            newdef = set.intersection(*[set(self.defined[o]) for o in objs])
            self.defined[d.name] = newdef
            return [ind + "%s = %s;" % (d.name, src)]
        if r < 0.72 and depth == 0:                   # a loop over an array part
            p = self.part(var=True, readable=False, loop=True)
            if not p:
                return []
            n = p["n"]
            self.loopvar = ("i", n)
            try:
                head = ind + "for (int i = 0; i < %d; i++)" % n
                readable = all(p["bytes"] <= self.defined[o] for o in p["objs"])
                if not readable or rng.random() < 0.5:
                    rhs = self.rhs_for(p["sc"])
                    if len(p["objs"]) == 1:    # every element of the array step
                        self.defined[p["objs"][0]] |= p["bytes"]
                    return [head, ind + "  %s = %s;" % (p["text"], rhs)]
                if p["sc"].isfloat or rng.random() < 0.4:
                    op = rng.choice(["+=", "-=", "^="]) if not p["sc"].isfloat else rng.choice(["+=", "*="])
                    e = self.fexpr(p["sc"].name, 1) if p["sc"].isfloat else self.iexpr(1)[0]
                    return [head, ind + "  %s %s %s;" % (p["text"], op, e)]
                self.s_used = True
                self.s_defined = True
                return [ind + "s = 0;", head, ind + "  s += %s;" % p["text"]]
            finally:
                self.loopvar = None
        if r < 0.85 and depth == 0:                   # if / else blocks
            cond = rng.choice(["a > %d" % rng.randint(0, 255), "(a ^ b) & 1", "a < b", "b == %d" % rng.randint(0, 255),
                               "a + b > 200"])
            p = self.part(want="i", var=False) if rng.random() < 0.3 else None
            if p:
                cond = "%s %s %d" % (p["text"], rng.choice(["==", ">", "<", "!="]), rng.randint(0, 10))
            before = {k: set(v) for k, v in self.defined.items()}
            out = [ind + "if (%s) {" % cond]
            for _ in range(rng.randint(1, 3)):
                out += self.stmt_or_target(1)
            then = {k: set(v) for k, v in self.defined.items()}
            s_then = self.s_defined
            self.defined = {k: set(v) for k, v in before.items()}
            if rng.random() < 0.5:
                out.append(ind + "} else {")
                for _ in range(rng.randint(1, 3)):
                    out += self.stmt_or_target(1)
            out.append(ind + "}")
            self.defined = {k: then[k] & self.defined[k] for k in before}
            self.s_defined = self.s_defined and s_then
            return out
        if r < 0.87 and self.setters:                 # a call of a setter
            (name, xt, (steps, sc, off)), u = rng.choice(self.setters)
            prefix, objs = rng.choice(self.roots(u))
            arg = "&" + prefix[:-1] if prefix.endswith(".") else prefix[:-2]
            e = self.iexpr(2)[0] if xt not in ("float", "double") or rng.random() < 0.5 else self.fexpr(xt, 1)
            if len(objs) == 1:
                self.defined[objs[0]] |= set(range(off, off + sc.size))
            return [ind + "%s(%s, %s);" % (name, arg, e)]
        if r < 0.9 and self.ptrs:                     # retarget a pointer
            pn = rng.choice(sorted(self.ptrs))
            u = self.ptrs[pn][0]
            objs = [o.name for o in self.objs if o.u is u]
            if len(objs) < 2 or depth:
                return []
            x, y = rng.sample(objs, 2)
            if rng.random() < 0.5:
                self.ptrs[pn] = (u, [x])
                return [ind + "%s = &%s;" % (pn, x)]
            self.ptrs[pn] = (u, [x, y])
            return [ind + "%s = (%s) ? &%s : &%s;" % (pn, rng.choice(["a & 1", "a > b", "b < 100"]), x, y)]
        p = self.part(readable=False)                 # store (again: the most common)
        rhs = self.rhs_for(p["sc"])
        self.wrote(p)
        return [ind + "%s = %s;" % (p["text"], rhs)]

    def stmt_or_target(self, depth):
        out = []
        self.identity = None
        out += self.stmt_lines(depth)
        if self.identity and self.ntargets_left > 0:
            p, rhs = self.identity
            if p["bytes"] <= set.intersection(*[self.defined[o] for o in p["objs"]]):
                out.append(self.identity_target(p, rhs, depth))
        if self.ntargets_left > 0 and self.rng.random() < 0.35:
            t = self.target(depth)
            if t:
                out.append(t)
        return out

    # -- targets
    def new_target(self, depth):
        self.ntargets_left -= 1
        t = Target(len(self.targets) + 1, "  " * (depth + 1))
        self.targets.append(t)
        return t

    def identity_target(self, p, rhs, depth):
        t = self.new_target(depth)
        t.kind = "stored"
        c = "%s != (%s)(%s)" % (p["text"], p["sc"].name, rhs)
        t.cond = lambda vals, c=c: c
        return t

    def read_expr(self, want=None):
        """(text, kind 'i'/'u'/'f', type) of a target's read: a part, or a
        part combined with an input or another part."""
        rng = self.rng
        p = self.part(want=want, rvalue=True)
        if not p:
            return None
        sc = p["sc"]
        if sc.isfloat:
            if rng.random() < 0.8:
                return p["text"], "f", sc.name
            return "(%s * 2.0%s)" % (p["text"], "f" if sc.name == "float" else ""), "f", sc.name
        ty = promote(sc)
        r = rng.random()
        if r < 0.7:
            e = p["text"]
        elif r < 0.85:
            e, ty2 = "(%s %s %s)" % (p["text"], rng.choice(["+", "-", "^"]), rng.choice(["a", "b"])), "int"
            ty = arith(ty, ty2)
        else:
            q = self.part(want="i")
            if not q:
                e = p["text"]
            else:
                e = "(%s %s %s)" % (p["text"], rng.choice(["^", "+", "-"]), q["text"])
                ty = arith(ty, promote(q["sc"]))
        return e, ("u" if ty.startswith("unsigned") else "i"), ty

    def const_of(self, v, kind, ty, perturb):
        rng = self.rng
        if kind == "f":
            if v is None or v != v or v in (float("inf"), float("-inf")):
                v = rng.choice([0.0, 1.0, -2.5, 0.75, 1e-3])
                if ty == "float":
                    v = f32(v)
            elif perturb:
                r = rng.random()
                if r < 0.5:
                    bits = struct.unpack("<Q", struct.pack("<d", v))[0] if ty == "double" else \
                        struct.unpack("<I", struct.pack("<f", v))[0]
                    bits += rng.choice([1, -1])
                    v2 = struct.unpack("<d", struct.pack("<Q", bits % 2**64))[0] if ty == "double" else \
                        struct.unpack("<f", struct.pack("<I", bits % 2**32))[0]
                else:
                    v2 = v * 2 + 1
                    if ty == "float":
                        v2 = f32(v2)
                if v2 == v2 and v2 not in (float("inf"), float("-inf")):
                    v = v2
            return float_lit(v, ty, rng)
        if v is None:
            v = rng.randint(0, 255)
        if perturb:
            v = v + rng.choice([1, -1, 256, 1 << rng.randint(0, 30)])
        return int_lit(v, ty)

    def target(self, depth):
        rng = self.rng
        r = rng.random()
        t = None
        if r < 0.45:                                  # E op c, c probed
            e = self.read_expr()
            if not e:
                return None
            t = self.new_target(depth)
            t.kind = "cmp"
            t.probes = [e]
            pair = rng.randrange(NPROBE)
            op = rng.choice(["==", "==", "==", "==", "!=", "<", ">", "<=", ">="])
            perturb = rng.random() < 0.3

            def cond(vals, e=e, pair=pair, op=op, perturb=perturb):
                return "%s %s %s" % (e[0], op, self.const_of(vals[0][pair], e[1], e[2], perturb))
            t.cond = cond
        elif r < 0.62:                                # E1 == c1 && E2 == c2
            e1, e2 = self.read_expr(), self.read_expr()
            if not e1 or not e2:
                return None
            t = self.new_target(depth)
            t.kind = "conj"
            t.probes = [e1, e2]
            p1 = rng.randrange(NPROBE)
            p2 = p1 if rng.random() < 0.5 else rng.randrange(NPROBE)

            def cond(vals, e1=e1, e2=e2, p1=p1, p2=p2):
                return "%s == %s && %s == %s" % (e1[0], self.const_of(vals[0][p1], e1[1], e1[2], False),
                                                 e2[0], self.const_of(vals[1][p2], e2[1], e2[2], False))
            t.cond = cond
        elif r < 0.8:                                 # the same bytes through two members
            c = self.alias_cond()
            if not c:
                return None
            t = self.new_target(depth)
            t.kind = "alias"
            t.cond = lambda vals, c=c: c
        elif r < 0.84:                                # a NaN or an infinity in a float part
            p = self.part(want="f", rvalue=True)
            if not p:
                return None
            t = self.new_target(depth)
            t.kind = "nan"
            big = "3.4e38f" if p["sc"].name == "float" else "1.7e308"
            c = rng.choice(["%s != %s" % (p["text"], p["text"]), "%s > %s" % (p["text"], big),
                            "%s < -%s" % (p["text"], big), "!(%s == %s) && a < b" % (p["text"], p["text"])])
            t.cond = lambda vals, c=c: c
        elif r < 0.9:                                 # E == expression of a and b
            p = self.part()
            if not p:
                return None
            t = self.new_target(depth)
            t.kind = "expr"
            sc = p["sc"]
            if sc.isfloat:
                rhs = "(%s)(%s)" % (sc.name, self.rhs_for(sc, pure=True))
            else:
                rhs = "(%s)(%s)" % (sc.name, rng.choice(["a", "b", "a + 1", "a ^ b", "b * 3", "a - b", "a * b + 1"]))
            c = "%s == %s" % (p["text"], rhs)
            t.cond = lambda vals, c=c: c
        else:                                         # impossible constants
            p = self.part()
            if not p:
                return None
            sc = p["sc"]
            if sc.isfloat:   # no float is 0.1 (a double)
                c = "%s%s == %s" % ("" if sc.name == "float" else "(float)", p["text"],
                                    rng.choice(["0.1", "-0.3", "1e300"]))
            elif sc.size == 4:
                c = "(long long)%s %s" % (p["text"], "> 2147483647LL" if sc.signed else "< 0")
            elif sc.size == 8:
                c = "%s != %s" % (p["text"], p["text"])
            else:
                lo = -(1 << (8 * sc.size - 1)) if sc.signed else 0
                hi = (1 << (8 * sc.size - (1 if sc.signed else 0))) - 1
                c = "%s %s" % (p["text"], rng.choice(["== %d" % (hi + 1), "== %d" % (lo - 1), "> %d" % hi,
                                                      "< %d" % lo]))
            t = self.new_target(depth)
            t.kind = "impossible"
            t.cond = lambda vals, c=c: c
        return t

    def alias_cond(self):
        """(UW)X != (UW)(Y >> s): X, Y integer parts of one object, X's bytes inside Y's."""
        rng = self.rng
        for _ in range(30):
            y = self.part(want="i", var=False, track=False)
            if not y:
                return None
            u = y["u"]
            prefix = y["text"][:len(y["text"]) - len(self.render_steps(y["steps"]))]
            # X: through the same object, maybe through another root (a pointer to it)
            roots = [r for r in self.roots(u) if r[1] == y["objs"]] or [(prefix, y["objs"])]
            xs = [(s, sc, o) for s, sc, o in u.leaves if not sc.isfloat and o >= y["off"] and
                  o + sc.size <= y["off"] + y["sc"].size and s != y["steps"]]
            if not xs:
                continue
            s, sc, o = rng.choice(xs)
            xr = rng.choice(roots)
            xt = xr[0] + self.render_steps(s)
            uw = UNSIGNED_OF[sc.size]
            sh = 8 * (o - y["off"])
            yt = y["text"] if sh == 0 else "(%s >> %d)" % (y["text"], sh)
            op = "!=" if rng.random() < 0.8 else "=="
            self.used.setdefault(u.name, set()).update([y["steps"][0][1], s[0][1]])
            return "(%s)%s %s (%s)%s" % (uw, xt, op, uw, yt)
        return None

    @staticmethod
    def render_steps(steps):
        txt = ""
        for i, s in enumerate(steps):
            txt += (("." + s[1]) if i else s[1]) if s[0] == "." else "[%d]" % s[1]
        return txt

    # -- the program
    def generate(self):
        rng = self.rng
        self.unions = [self.union(i) for i in range(rng.choice([1, 2, 2]))]
        self.objs, self.ptrs, self.defined, self.arrays, self.used = [], {}, {}, [], {}
        self.uninit_container = False
        self.loopvar, self.s_defined, self.s_used, self.identity = None, False, False, None
        self.targets = []
        self.ntargets_left = rng.randint(3, 6)
        glob_lines, decl_lines = [], []
        nobj = 0
        for u in self.unions:
            for _ in range(rng.choice([1, 1, 2])):
                name = "w%d" % nobj
                nobj += 1
                first_name, first = u.members[0]
                o = Obj(name, u)
                if rng.random() < 0.15:
                    o.glob = True
                    name = o.name = "g%d" % nobj
                    init = ""
                    if first.kind == "s" and rng.random() < 0.6:
                        init = " = {%s}" % (self.float_init(first) if first.isfloat else
                                            "0x%x" % rng.getrandbits(8 * first.size))
                    glob_lines.append("union %s %s%s;" % (u.name, name, init))
                    self.defined[name] = set(range(u.size))   # static storage: zero-filled
                elif first.kind == "s" and rng.random() < 0.4:
                    rhs = self.rhs_for(first, pure=True) if rng.random() < 0.6 else (
                        self.float_init(first) if first.isfloat else str(rng.randint(-100, 300)))
                    decl_lines.append("  union %s %s = {%s};" % (u.name, name, rhs))
                    self.defined[name] = set(range(first.size))
                else:
                    decl_lines.append("  union %s %s;" % (u.name, name))
                    self.defined[name] = set()
                self.objs.append(o)
            # Containers: the model zero-fills a local union, not a union
            # inside an uninitialized local array or struct (a store into a
            # part reads the carrier: UNKNOWN, "memory that no test
            # controls"), so they are often initialized (and arrays of
            # unions with an aggregate first member, which cannot be, are rare).  An element or field
            # initialized explicitly has only its first member's bytes set;
            # the others are zero (C11 6.7.9p10).
            scalar_first = first.kind == "s"
            if rng.random() < (0.2 if scalar_first else 0.05):   # an array of unions: wN[0], wN[1], wN[<e>]
                name, n = "w%d" % nobj, rng.choice([2, 3])
                nobj += 1
                r, init, listed = rng.random(), "", []
                if scalar_first and r < 0.45:
                    init, listed = " = {0}", [0]
                elif scalar_first and r < 0.85:
                    k = rng.randint(1, n)
                    vals = [(self.float_init(first) if first.isfloat else str(rng.randint(-100, 300)))
                            for _ in range(k)]
                    init, listed = " = {%s}" % ", ".join("{%s}" % v for v in vals), list(range(k))
                decl_lines.append("  union %s %s[%d]%s;" % (u.name, name, n, init))
                self.uninit_container |= not init
                self.arrays.append((name, u, n))
                for i in range(n):
                    self.objs.append(Obj("%s[%d]" % (name, i), u))
                    self.defined["%s[%d]" % (name, i)] = (set(range(first.size)) if i in listed else
                                                          set(range(u.size)) if init else set())
            if rng.random() < 0.2:    # a union inside a struct: hN.v
                name = "h%d" % nobj
                nobj += 1
                fields = ["union %s v;" % u.name, rng.choice(["int tag;", "char tag;", "double tag;"])]
                if scalar_first or rng.random() < 0.2:
                    rng.shuffle(fields)
                else:             # then {0} sets tag (an initializer of an aggregate first member is refused)
                    fields.reverse()
                init = rng.random() < 0.8 and (scalar_first or fields[0] != "union %s v;" % u.name)
                glob_lines.append("struct H%s { %s };" % (name[1:], " ".join(fields)))
                decl_lines.append("  struct H%s %s%s;" % (name[1:], name, " = {0}" if init else ""))
                self.uninit_container |= not init
                self.objs.append(Obj(name + ".v", u))
                if not init:
                    self.defined[name + ".v"] = set()
                elif fields[0].startswith("union"):   # {0} sets v's first member
                    self.defined[name + ".v"] = set(range(first.size))
                else:                                 # {0} sets tag, v is zero
                    self.defined[name + ".v"] = set(range(u.size))
        np_ = 0
        for u in self.unions:
            objs = [o.name for o in self.objs if o.u is u]
            if rng.random() < 0.4:
                pn = "p%d" % np_
                np_ += 1
                x = rng.choice(objs)
                decl_lines.append("  union %s *%s = &%s;" % (u.name, pn, x))
                self.ptrs[pn] = (u, [x])
        helper_lines = self.helpers()
        body = []
        for _ in range(rng.randint(5, 14)):
            body += self.stmt_or_target(0)
        for _ in range(100):
            if self.ntargets_left <= 0:
                break
            t = self.target(0)
            if not t:
                p = self.part(readable=False)
                rhs = self.rhs_for(p["sc"])
                self.wrote(p)
                body.append("  %s = %s;" % (p["text"], rhs))
                continue
            body.append(t)
        # A union used through one member (or integer members of one width)
        # is the cell of that member, not a carrier: make most unions carriers
        # by a store into another member (and a read back).
        for u in self.unions:
            if not self.carrier(u) and rng.random() < 0.85:
                kinds = {self.member_kind(u, m) for m in self.used.get(u.name, ())}
                others = [m for m, t in u.members if self.member_kind(u, m) not in kinds]
                if not others:
                    continue
                p = self.part(u=u, readable=False, member=rng.choice(others))
                rhs = self.rhs_for(p["sc"], pure=True)
                self.wrote(p)
                body.append("  %s = %s;" % (p["text"], rhs))
                if all(p["bytes"] <= self.defined[o] for o in p["objs"]):
                    body.append(self.identity_target(p, rhs, 0))
        if self.s_used:
            decl_lines.append("  int s = 0;")
        self.head = [u.text() for u in self.unions] + glob_lines + helper_lines
        self.decls = decl_lines
        self.body = body
        return self

    @staticmethod
    def member_kind(u, m):
        """Members of one kind are one cell (the same type, or integers of one width)."""
        t = dict(u.members)[m]
        if t.kind == "s" and not t.isfloat:
            return "int%d" % t.size
        return m

    def carrier(self, u):
        return len({self.member_kind(u, m) for m in self.used.get(u.name, ())}) >= 2

    def float_init(self, sc):
        v = self.rng.choice([1.0, -2.5, 0.1, 3.0e5, 0.75, -0.0, 1e-30])
        return float_lit(f32(v) if sc.name == "float" else v, sc.name, self.rng)

    def render(self, vals=None):
        """The program: probe mode (vals None: each target records its
        probed expressions), else the final program; (text, {K: line})."""
        lines = []
        for h in self.head:
            lines += h.split("\n")
        if vals is None:
            lines += ["void __pi(int, int, long long);", "void __pu(int, int, unsigned long long);",
                      "void __pf(int, int, double);"]
        lines.append("int f(unsigned char a, unsigned char b) {")
        lines += self.decls
        where = {}
        for x in self.body:
            if isinstance(x, Target):
                if vals is None:
                    for j, (e, kind, ty) in enumerate(x.probes):
                        fn = {"i": "__pi", "u": "__pu", "f": "__pf"}[kind]
                        lines.append("%s%s(%d, %d, %s);" % (x.indent, fn, x.k, j, e))
                else:
                    lines.append("%sif (%s)" % (x.indent, x.cond(vals.get(x.k, [[None] * NPROBE] * 2))))
                    lines.append("%s  return %d;  /* target %d */" % (x.indent, x.k, x.k))
                    where[x.k] = len(lines)
            else:
                lines.append(x)
        lines += ["  return 0;", "}"]
        return "\n".join(lines) + "\n", where


NPROBE = 6


def sh(cmd, cwd, timeout):
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr.decode(errors="replace")
    except subprocess.TimeoutExpired:
        return None, b"", "timeout"


def harness(g, inc, pairs=None):
    """A main for program `inc`: every input pair (the oracle), or the probe pairs."""
    globs = [o for o in g.objs if o.glob]
    out = ['#include "%s"' % inc, "#include <stdio.h>", "#include <string.h>"]
    for o in globs:
        out.append("static union %s save_%s;" % (o.u.name, o.name))
    if pairs is not None:
        out += ["static int pair;",
                'void __pi(int k, int j, long long v) { printf("%d %d %d i %lld\\n", k, j, pair, v); }',
                'void __pu(int k, int j, unsigned long long v) { printf("%d %d %d i %llu\\n", k, j, pair, v); }',
                'void __pf(int k, int j, double v) { printf("%d %d %d f %a\\n", k, j, pair, v); }']
    out.append("int main(void) {")
    for o in globs:
        out.append("  memcpy(&save_%s, &%s, sizeof %s);" % (o.name, o.name, o.name))
    restore = "".join(" memcpy(&%s, &save_%s, sizeof %s);" % (o.name, o.name, o.name) for o in globs)
    if pairs is None:
        out += ["  static unsigned char r[65536];",
                "  for (int a = 0; a < 256; a++)",
                "    for (int b = 0; b < 256; b++) {%s r[a * 256 + b] = (unsigned char)f(a, b); }" % restore,
                "  fwrite(r, 1, sizeof r, stdout);"]
    else:
        out.append("  static const int P[][2] = {%s};" % ", ".join("{%d, %d}" % p for p in pairs))
        out.append("  for (pair = 0; pair < %d; pair++) {%s f(P[pair][0], P[pair][1]); }" % (len(pairs), restore))
    out += ["  return 0;", "}"]
    return "\n".join(out) + "\n"


def build_run(d, name, text, flags):
    with open(os.path.join(d, name + ".c"), "w") as fh:
        fh.write(text)
    st, out, err = sh(["gcc", "-O0", "-fwrapv", "-w"] + flags + ["-o", name, name + ".c"], d, 120)
    if st != 0:
        raise RuntimeError("gcc: %s" % err[-2000:])
    st, out, err = sh(["./" + name], d, 120)
    if st != 0:
        raise RuntimeError("generator bug? %s exits %s: %s" % (name, st, err[-500:]))
    return out


def make_program(seed, d):
    """Writes d/p.c; returns (generator, text, {K: line}, oracle table)."""
    g = Gen(seed).generate()
    pr = random.Random(seed)
    pairs = [(pr.randrange(256), pr.randrange(256)) for _ in range(NPROBE)]
    probe_text, _ = g.render(None)
    with open(os.path.join(d, "probe.c"), "w") as fh:
        fh.write(probe_text)
    out = build_run(d, "probe_main", harness(g, "probe.c", pairs), ["-ftrivial-auto-var-init=zero"])
    vals = {}
    for ln in out.decode().splitlines():
        k, j, p, kind, v = ln.split()
        k, j, p = int(k), int(j), int(p)
        slot = vals.setdefault(k, [[None] * NPROBE, [None] * NPROBE])
        if slot[j][p] is None:          # the first time the target runs for this pair
            slot[j][p] = float.fromhex(v) if kind == "f" else int(v)
    text, where = g.render(vals)
    with open(os.path.join(d, "p.c"), "w") as fh:
        fh.write(text)
    # (UBSan: a shift by the width or more, a division by zero, a float
    # converted to an out-of-range integer end the tool's paths: the
    # generator must not write them)
    t1 = build_run(d, "oz", harness(g, "p.c"), ["-ftrivial-auto-var-init=zero", "-fno-sanitize-recover=all",
                                                "-fsanitize=shift-exponent,integer-divide-by-zero,float-cast-overflow"])
    t2 = build_run(d, "op", harness(g, "p.c"), ["-ftrivial-auto-var-init=pattern"])
    if len(t1) != 65536:
        raise RuntimeError("oracle printed %d bytes" % len(t1))
    if t1 != t2:
        i = next(i for i in range(65536) if t1[i] != t2[i])
        raise RuntimeError("generator bug: the program reads a byte nobody wrote (a = %d, b = %d returns %d with "
                           "zeroed locals, %d with a pattern)" % (i // 256, i % 256, t1[i], t2[i]))
    return g, text, where, t1


class Query:
    def __init__(self, k, line, flags, hits, witness):
        self.k, self.line, self.flags = k, line, flags
        self.hits, self.witness = hits, witness
        self.verdict = self.fail = self.note = self.reason = None
        self.out, self.time = "", 0.0
        self.kind, self.repro = None, None

    def cmd(self, inka=None):
        return [inka or "inka-ng", "--reach", "p.c:%d" % self.line, "--function", "f", "--wrapv", "--validate", "--json",
                "--timeout", "%g" % TIMEOUT] + self.flags + ["p.c"]


def run_query(d, q, table):
    t0 = time.time()
    try:
        p = subprocess.run(q.cmd(INKA), cwd=d, capture_output=True, text=True, timeout=TIMEOUT + 5,
                           errors="replace")
        st, out, err = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        st, out, err = None, "", ""
    q.time = time.time() - t0
    q.out = (out + "\n" + err).strip()
    js = answers.read_answer(q, st, out, err, TIMEOUT + 5, TIMEOUT)
    if q.verdict == "unsupported":
        q.fail = "exit 2, unsupported (every program is in the subset by construction): " + (q.note or "")
    if js is None:
        return
    if q.verdict == "unknown":
        q.reason = str(js.get("reason", "?"))
    elif q.verdict == "unreachable":
        if q.hits:
            q.fail = "WRONG: UNREACHABLE, but %d input pairs reach target %d, e.g. f(%d, %d)" % (
                q.hits, q.k, q.witness[0], q.witness[1])
    elif q.verdict == "reachable":
        ins = {i.get("name"): i.get("value") for i in js.get("inputs", [])}
        a, b = ins.get("a"), ins.get("b")
        if js.get("validated") is not True:
            q.fail = "REACHABLE but not validated: %s" % json.dumps(js.get("validated"))
        elif not q.hits:
            q.fail = "WRONG: REACHABLE (validated!) but no input pair reaches target %d" % q.k
        elif not (isinstance(a, int) and isinstance(b, int) and 0 <= a < 256 and 0 <= b < 256):
            q.fail = "REACHABLE with inputs outside unsigned char: a = %r, b = %r" % (a, b)
        elif table[a * 256 + b] != q.k:
            q.fail = "REACHABLE with f(%d, %d), but that pair returns %d (target %d) in the oracle" % (
                a, b, table[a * 256 + b], q.k)


def run_program(seed):
    d = os.path.join(TMP, "s%d" % seed)
    os.makedirs(d)
    res = {"seed": seed, "dir": d, "queries": [], "error": None}
    try:
        g, text, where, table = make_program(seed, d)
    except Exception as e:   # noqa: BLE001 (a bug of the generator: reported, the campaign goes on)
        res["error"] = "%s: %s" % (type(e).__name__, e)
        return res
    res["text"] = text
    res["uninit"] = g.uninit_container
    hits = {}
    for i, r in enumerate(table):
        if r:
            h = hits.setdefault(r, [0, (i // 256, i % 256)])
            h[0] += 1
    timed_out = set()      # the option sets a query of which ran out of --timeout
    for k in sorted(where):
        for flags in MODES:
            if STOP.is_set():
                return res
            n, w = hits.get(k, [0, None])
            q = Query(k, where[k], flags, n, w)
            q.kind = g.targets[k - 1].kind
            if " ".join(flags) in timed_out and SKIP:
                q.verdict = "skipped"
            else:
                run_query(d, q, table)
                if q.verdict in ("unknown", "error") and q.time >= 0.9 * TIMEOUT:
                    timed_out.add(" ".join(flags))
            res["queries"].append(q)
            if VERBOSE:
                with PRINT:
                    print("seed %d target %d (line %d, %s)%s: %s%s %.2fs, oracle: %d pairs%s" % (
                        seed, k, q.line, q.kind, " " + " ".join(flags) if flags else "", q.verdict,
                        " FAIL" if q.fail else "", q.time, n, " (%s)" % q.reason if q.reason else ""), flush=True)
            if q.fail:
                keep_failure(res, q)
    return res


def keep_failure(res, q):
    dst = os.path.join(FAILDIR, "seed%d" % res["seed"])
    os.makedirs(dst, exist_ok=True)
    shutil.copy(os.path.join(res["dir"], "p.c"), dst)
    shutil.copy(os.path.join(res["dir"], "oz.c"), os.path.join(dst, "oracle.c"))
    cmd = " ".join(q.cmd("inka-ng"))
    with open(os.path.join(dst, "target%d%s.txt" % (q.k, "".join(q.flags))), "w") as fh:
        fh.write("command (in this directory): %s\nfailure: %s\noracle (gcc -O0 -fwrapv, oracle.c): %d of 65536 "
                 "input pairs reach target %d (line %d)%s\ninka-ng said:\n%s\n" % (
                     cmd, q.fail, q.hits, q.k, q.line, ", e.g. f(%d, %d)" % q.witness if q.hits else "",
                     q.out[:4000]))
    q.repro = (dst, cmd)


COLS = ["reachable", "unreachable", "unknown", "unsupported", "error", "skipped"]


def report(results, t0):
    passed = failed = 0
    table, reasons, kinds = {}, {}, {}
    for res in results:
        if res["error"]:
            failed += 1
            print("FAIL seed %d: %s" % (res["seed"], res["error"]))
            continue
        for q in res["queries"]:
            row = "%s%s" % ("reached" if q.hits else "not reached", " " + " ".join(q.flags) if q.flags else "")
            table.setdefault(row, {}).setdefault(q.verdict, 0)
            table[row][q.verdict] += 1
            kk = kinds.setdefault(q.kind, {})
            kk[q.verdict] = kk.get(q.verdict, 0) + 1
            if q.reason:
                key = q.reason
                if "no test controls" in key:   # expected with an uninitialized array or struct of unions
                    key += " (%s)" % ("an uninitialized array or struct of unions" if res["uninit"] else
                                      "other: e.g. a copy of a never-written union that is no carrier")
                n, seeds = reasons.get(key, (0, []))
                if res["seed"] not in seeds:
                    seeds.append(res["seed"])
                reasons[key] = (n + 1, seeds)
            if q.verdict == "skipped":
                continue
            if q.fail:
                failed += 1
            else:
                passed += 1
    nq = sum(len(r["queries"]) for r in results)
    print("union differential test: %d programs (seeds %d..%d), %d queries, %.1f s, %d jobs, --timeout %g" % (
        len(results), SEED, SEED + COUNT - 1, nq, time.time() - t0, JOBS, TIMEOUT))
    print("  %-26s" % "oracle \\ inka-ng" + "".join("%12s" % c for c in COLS))
    for row in sorted(table):
        print("  %-26s" % row + "".join("%12d" % table[row].get(c, 0) for c in COLS))
    print("  by target kind: " + "; ".join("%s %s" % (k, ", ".join("%s %d" % kv for kv in sorted(v.items())))
                                           for k, v in sorted(kinds.items())))
    for r, (n, seeds) in sorted(reasons.items(), key=lambda kv: -kv[1][0]):
        print("  unknown (%d): %s (seeds %s%s)" % (n, r[:200], " ".join(map(str, seeds[:12])),
                                                 " ..." if len(seeds) > 12 else ""))
    for res in results:
        for q in res["queries"]:
            if q.fail and q.verdict != "skipped":
                print("FAIL seed %d, target %d (line %d)%s: %s" % (res["seed"], q.k, q.line,
                                                                  " " + " ".join(q.flags) if q.flags else "", q.fail))
                print("  reproducer: %s/p.c; command (there): %s" % q.repro)
    print("%d passed, %d failed" % (passed, failed))
    return failed


def main():
    global TMP, INKA
    if len(sys.argv) == 3 and sys.argv[1] == "--show":
        d = tempfile.mkdtemp(prefix="inka-unions.")
        try:
            g, text, where, table = make_program(int(sys.argv[2]), d)
        finally:
            shutil.rmtree(d, ignore_errors=True)
        sys.stdout.write(text)
        for k in sorted(where):
            n = sum(1 for r in table if r == k)
            print("/* target %d: line %d, %s, %d input pairs */" % (k, where[k], g.targets[k - 1].kind, n))
        return 0
    if not os.access(INKA, os.X_OK):
        print("no executable %s (run make first)" % INKA)
        print("0 passed, 1 failed")
        return 1
    TMP, INKA = campaign.freeze_binary(INKA, "inka-unions.")
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
