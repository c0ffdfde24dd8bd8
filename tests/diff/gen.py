#!/usr/bin/env python3
"""Seeded generator of small random C programs for the differential test.

Each program has one function under test `int f(int a, int b[, int c])` and
0-2 non-recursive helpers `int gN(int x, int y)` (g2 may call g1, f may call
both).  Statements: int locals initialised at declaration, assignments with
+ - * / % (divisors mostly guarded, sometimes not: a division by zero traps),
comparisons, && || !, ?:, & | ^ ~, << >> by small constants, casts to
char/short/unsigned char/unsigned short/unsigned, if/else, while, for and
do-while loops with small bounds, break/continue, early return, calls.

About half of the programs (by seed, see is_mem; DIFF_MEM=0/1 forces one
kind) are memory programs: f also declares pointers to its locals, small
arrays and pointers into them, and builds, walks, searches and pops malloc'd
lists of `struct node { int val; struct node *next; }` (see "memory" in
FuncGen and tests/diff/README.md).  The integer programs are the same as
before the memory programs existed (the memory code draws no random number
for them).  Every access that may fail (NULL, out of bounds) is checked in
the instrumented version and ends the run like a division by zero; no
pointer dangles and nothing reads memory nobody wrote.

Every loop terminates quickly by construction: its condition is
`COUNTER < BOUND [&& anything]` (or a down-count `COUNTER > 0`), where the
counter is changed only by the loop's own step and BOUND is a constant <= 7 or
a local `nK = (E) & 7` / `(E) % 6` that is never assigned again.  Loop nesting
(counting loops inside called helpers) is limited so one call costs at most a
few hundred steps.

Two versions come out of one generation, with the same statements:
  plain:  the program given to inka-ng (no instrumentation), one statement per
          line, so a target line names one statement;
  instr:  the same program with HIT(id, it, it2) before every candidate
          target statement, where `it` is the number of the current iteration
          of the innermost loop around the statement in the same function (0
          outside loops) and `it2` that of the loop around that one, kept in
          instrumentation-only counters __itL.
The harness (harness_main) enumerates the whole input domain [-50,50]^k and
records, for every candidate, whether some input reaches it, how many inputs
do, a witness, and the set of iterations in which it runs.

Candidate targets are the statement lines that cannot trap themselves (no
division by a non-constant, no call to a helper that may trap), so "the
statement on LINE executes" means the same thing to the tool and to the oracle
(the statement starts; HIT runs before it).

A third file, hi.c, is the instrumented program with a recorder that prints
what ran at exit: a copy of an emitted driver that includes it instead of p.c
shows exactly which statements the driver executes (gcov cannot see a line
gcc folds away, e.g. `if (!(v > v))`, nor a line whose basic block traps
before its end).

About 40% of the programs (by seed, see is_typed; DIFF_TYPED=0/1 forces
it) are typed: f's parameters, its locals, loop counters (array indices
among them) and loop bounds take every integer type, 8 to 64 bits, signed
and unsigned, size_t and uint64_t; casts to 64-bit types and constants near
2^31, 2^32, 2^63 and 2^64 appear in expressions.  A parameter of type T
takes the values (T)v for v in [-50, 50] (the harness passes ints; the
--assume of run.py says the same).  The types come from a random stream of
their own, so the untyped programs are those of before.  Loop bounds that
may be negative (`E % m`) are signed, and compared with counters in a
signed type, so every loop still ends quickly.

Usage: gen.py SEED OUTDIR   writes OUTDIR/p.c, OUTDIR/h.c, OUTDIR/hi.c, OUTDIR/meta.json
"""
import json
import re
import os
import random
import sys

import inttypes as it

LO, HI = -50, 50


class Line:
    __slots__ = ("indent", "plain", "instr", "target")

    def __init__(self, indent, plain, instr, target=None):
        self.indent = indent
        self.plain = plain      # None: an instrumentation-only line
        self.instr = instr
        self.target = target


ATOM = 100  # precedence of atoms and parenthesised expressions


class Expr:
    """An expression in both versions.  trap: evaluating it may trap (here or
    in a called helper); ltrap: it holds a division by a non-constant itself;
    ncall: number of helper calls in it."""
    __slots__ = ("s", "i", "trap", "ltrap", "ncall", "prec")

    def __init__(self, s, i=None, trap=False, ltrap=False, ncall=0, prec=ATOM):
        self.s, self.i = s, (s if i is None else i)
        self.trap, self.ltrap, self.ncall, self.prec = trap, ltrap, ncall, prec


def par(e, instr=False):
    t = e.i if instr else e.s
    return t if e.prec >= ATOM else "(" + t + ")"


def combine(fmt, subs, prec, trap=False, ltrap=False, ncall=0):
    """Build fmt % subs in both versions (subs are Expr, inserted parenthesised)."""
    return Expr(fmt % tuple(par(x) for x in subs), fmt % tuple(par(x, True) for x in subs),
                trap or any(x.trap for x in subs), ltrap or any(x.ltrap for x in subs),
                ncall + sum(x.ncall for x in subs), prec)


def const_expr(c):
    return Expr(str(c), prec=ATOM if c >= 0 else 14)


MEM_KINDS = {"pdecl", "pset", "pstore", "adecl", "astore", "aptr", "aloop", "lbuild", "ltrav", "lsearch",
             "lpop", "ldrop", "lins", "lrev", "nstore"}


class FuncGen:
    def __init__(self, prog, name, params, helpers, budget, max_loop_depth, max_bound, mem=False, jumps=False):
        self.prog = prog
        self.r = prog.r
        self.name = name
        self.params = params
        self.helpers = helpers          # list of (name, may_trap)
        self.budget = budget
        self.max_loop_depth = max_loop_depth
        self.max_bound = max_bound
        self.lines = []
        self.scopes = [list(params)]    # readable names per block
        self.assignable = set(params)   # params and plain locals
        self.loops = []                 # stack of loop ids
        # jump programs (f only): switch and goto, see "jumps" below
        self.jumps = jumps
        self.breakable = []             # "loop" / "switch": what a break leaves
        self.top_labels = []            # (label, top-level names before it) not placed yet
        self.gloop_depth = 0            # inside a loop made of a label and a goto
        self.in_top_if = None           # in a branch of an if of f's top block (outside loops
                                        # and switches): the if's first line; a label whose
                                        # gotos all come before it may stand there (goto inward)
        self.last_goto = {}             # label -> number of lines when its last goto was emitted
        self.nvar = 0
        self.may_trap = False
        # memory programs (f only): pointers, arrays, lists; see MEMORY below
        self.mem = mem
        self.ment = {}                  # name -> {"kind", "scope", ...}
        self.in_trav = 0                # inside a list traversal (no list changes)
        self.mem_nest = 0               # nesting of memory leaves (index in index)
        # typed programs: the C types of locals from a stream of their own
        self.typed = prog.typed and name == "f"
        self.tr = prog.tr
        self.vtype = {}                 # name -> CType of typed locals, counters, bounds
        self.neg_bound = set()          # bounds (names) that may be negative

    # ---- names and scopes -------------------------------------------------
    def fresh(self, prefix):
        self.nvar += 1
        return "%s%d" % (prefix, self.nvar)

    def readable(self):
        return [v for s in self.scopes for v in s]

    def declare(self, v, assignable=True, scope=-1):
        self.scopes[scope].append(v)
        if assignable:
            self.assignable.add(v)

    def push_scope(self):
        self.scopes.append([])

    def pop_scope(self):
        d = len(self.scopes) - 1
        for n in [n for n, e in self.ment.items() if e["scope"] >= d]:
            del self.ment[n]
        for v in self.scopes.pop():
            self.assignable.discard(v)

    # ---- expressions ------------------------------------------------------
    def const(self):
        r = self.r.random()
        if r < 0.6:
            return self.r.randint(-10, 10)
        if r < 0.78:
            return self.r.randint(-60, 60)
        if r < 0.88:   # a product of two domain values: a * b == 391 and the like
            return self.r.randint(-50, 50) * self.r.randint(-50, 50)
        return self.r.choice([100, 127, 128, 255, 256, 1000, -128, -129, 3000, 32767, 65535])

    def leaf(self):
        if self.mem and self.mem_nest < 2 and self.r.random() < (0.5 if self.in_trav else 0.3):
            e = self.mem_leaf()
            if e is not None:
                return e
        vs = self.readable()
        if vs and self.r.random() < 0.8:
            return Expr(self.r.choice(vs))
        if self.typed and self.tr.random() < 0.25:   # near a wrap point of a wide type
            v = it.edge_value(self.tr, it.pick(self.tr, 0.7))
            return Expr(it.literal(v), prec=ATOM if v >= 0 else 14)
        return const_expr(self.const())

    def divide(self, a, op, depth):
        """a OP divisor; most divisors cannot be zero, some can.  The
        instrumented version checks for a zero divisor and for INT_MIN / -1
        (both trap on x86, as the emitted drivers run them) before dividing,
        so the oracle does not depend on what gcc folds away (0 / x, a
        division whose result is unused)."""
        r = self.r.random()
        if r < 0.35:
            b = const_expr(self.r.choice([2, 3, 4, 5, 6, 7, 9, 10, -2, -3, -5, -7, 16]))
            return combine("%s " + op.replace("%", "%%") + " %s", (a, b), 13)
        if r < 0.55:
            e = self.expr(depth)
            b = combine("%s | 1", (e,), 8)
        elif r < 0.75:
            e = self.leaf()
            b = Expr("(%s == 0 ? 1 : %s)" % (e.s, e.s), "(%s == 0 ? 1 : %s)" % (e.i, e.i), e.trap, e.ltrap, 2 * e.ncall)
        else:
            b = self.expr(depth)           # may be zero: the path traps
        self.prog.ndiv += 1
        n = self.prog.ndiv
        i = ("({ __typeof__(%(a)s) _x%(n)d = %(a)s; __typeof__(%(b)s) _y%(n)d = %(b)s; "
             "if (_y%(n)d == 0 || ((__typeof__(_x%(n)d %(op)s _y%(n)d))_y%(n)d == -1 && (__typeof__(_x%(n)d %(op)s _y%(n)d))-1 < 0 && "
             "(long long)_x%(n)d == (sizeof(_x%(n)d %(op)s _y%(n)d) == 8 ? (-9223372036854775807LL - 1) : -2147483648LL))) "
             "div_by_zero(); _x%(n)d %(op)s _y%(n)d; })") % {"a": par(a, True), "b": par(b, True), "n": n, "op": op}
        return Expr("%s %s %s" % (par(a), op, par(b)), i, True, True,
                    a.ncall + b.ncall, 13)

    def call(self):
        name, trap = self.r.choice(self.helpers)
        x, y = self.leaf(), self.leaf()
        return Expr("%s(%s, %s)" % (name, x.s, y.s), "%s(%s, %s)" % (name, x.i, y.i), trap or x.trap or y.trap,
                    x.ltrap or y.ltrap, 1, ATOM)

    def sexpr(self, depth=2, calls=False, kind="expr"):
        """A statement-level expression.  With helper calls in it, either
        nothing in it may trap, or it holds one call and no local division:
        the order in which C evaluates operands cannot change what runs
        before a trap."""
        for _ in range(20):
            e = self.expr(depth, calls) if kind == "expr" else self.cond(depth, calls)
            if e.ncall == 0 or not e.trap or (e.ncall == 1 and not e.ltrap):
                return e
        return self.expr(depth) if kind == "expr" else self.cond(depth)

    def expr(self, depth=2, calls=False):
        r = self.r
        if depth <= 0 or r.random() < 0.25:
            if calls and self.helpers and r.random() < 0.3:
                return self.call()
            return self.leaf()
        k = r.random()
        if k < 0.45:
            op = r.choice(["+", "+", "-", "-", "*", "*", "/", "%"])
            a = self.expr(depth - 1, calls)
            if op in "/%":
                return self.divide(a, op, depth - 1)
            b = self.expr(depth - 1, calls)
            return combine("%s " + op + " %s", (a, b), 12 if op in "+-" else 13)
        if k < 0.58:
            op = r.choice(["&", "|", "^"])
            return combine("%s " + op + " %s", (self.expr(depth - 1, calls), self.expr(depth - 1, calls)), 8)
        if k < 0.68:
            op = r.choice(["<<", ">>"])
            n = r.randint(0, 4) if r.random() < 0.85 else r.randint(5, 31)
            return combine("%s " + op + " " + str(n), (self.expr(depth - 1, calls),), 11)
        if k < 0.75:
            op = r.choice(["-", "~", "!"])
            return combine(op + "%s", (self.expr(depth - 1, calls),), 14)
        if k < 0.83:
            t = r.choice(["char", "short", "unsigned char", "unsigned short", "unsigned", "unsigned"])
            if self.typed and self.tr.random() < 0.5:
                t = it.pick(self.tr, 0.7).name
            return combine("(" + t + ")%s", (self.expr(depth - 1, calls),), 14)
        if k < 0.90:
            c = self.cond(depth - 1, calls)
            x, y = self.expr(depth - 1, calls), self.expr(depth - 1, calls)
            return combine("%s ? %s : %s", (c, x, y), 3)
        return self.cond(depth - 1, calls)

    def needle(self):
        """x OP y == C where C = u OP v for some u, v in the domain: a
        condition few inputs meet when x and y are (close to) parameters."""
        r = self.r
        vs = self.readable()
        ps = [v for v in self.params if v in vs] or vs
        x, y = r.choice(ps), r.choice(vs if r.random() < 0.3 else ps)
        op = r.choice(["+", "-", "*", "*", "^", "&", "|"])
        u, v = r.randint(LO, HI), r.randint(LO, HI)
        c = {"+": u + v, "-": u - v, "*": u * v, "^": u ^ v, "&": u & v, "|": u | v}[op]
        rel = r.choice(["==", "==", "==", "<=", ">="])
        m = self.mem_leaf() if self.mem and self.mem_nest < 2 and r.random() < 0.4 else None
        if m is not None:
            # a memory cell in place of x: cells often hold a parameter
            return combine("%s " + rel + " %s", (combine("%s " + op + " " + y, (m,), 12), const_expr(c)), 9)
        return combine("%s " + rel + " %s", (Expr("%s %s %s" % (x, op, y), prec=12), const_expr(c)), 9)

    def cmp(self, depth, calls=False):
        if self.mem and self.mem_nest < 2 and self.r.random() < 0.15:
            e = self.ptr_cmp()
            if e is not None:
                return e
        if self.r.random() < 0.3:
            return self.needle()
        op = self.r.choice(["<", "<=", ">", ">=", "==", "!="])
        a = self.expr(depth, calls)
        if not re.search("[a-z]", a.s):      # not a constant comparison
            a = Expr(self.r.choice(self.readable()))
        b = const_expr(self.const()) if self.r.random() < 0.5 else self.expr(depth, calls)
        return combine("%s " + op + " %s", (a, b), 9)

    def cond(self, depth=2, calls=False):
        k = self.r.random()
        if depth <= 0 or k < 0.55:
            if self.r.random() < 0.1:
                return self.expr(depth, calls)   # an arithmetic value as a truth value
            return self.cmp(max(depth - 1, 0), calls)
        if k < 0.85:
            op = self.r.choice(["&&", "||"])
            return combine("%s " + op + " %s", (self.cond(depth - 1, calls), self.cond(depth - 1, calls)),
                           5 if op == "&&" else 4)
        return combine("!%s", (self.cond(depth - 1, calls),), 14)

    # ---- statements -------------------------------------------------------
    def it_expr(self):
        """The iteration numbers of the innermost and the next enclosing
        loop of the function (0 when there is none)."""
        it = ["__it%d" % l for l in self.loops[-2:]][::-1] + ["0", "0"]
        return "%s, %s" % (it[0], it[1])

    def emit(self, indent, fmt, exprs=(), header=False, setup=""):
        """A statement line fmt % exprs; a candidate target unless it may trap."""
        plain = fmt % tuple(e.s for e in exprs)
        instr = fmt % tuple(e.i for e in exprs)
        trap = any(e.trap for e in exprs)
        target = None
        pre = setup
        if not trap:
            target = self.prog.new_target(self.name, bool(self.loops) and not header, header,
                                          len(self.loops))
            pre = "HIT(%d, %s); " % (target, self.it_expr()) + setup
            if self.gloop_depth:
                self.prog.targets[target]["gloop"] = True
        else:
            self.may_trap = True
        self.lines.append(Line(indent, plain, pre + instr, target))
        return target

    def raw(self, indent, fmt, exprs=()):
        self.lines.append(Line(indent, fmt % tuple(e.s for e in exprs), fmt % tuple(e.i for e in exprs)))

    def instr(self, indent, text):
        self.lines.append(Line(indent, None, text))

    def block(self, indent, n):
        """n statements; at least one, so no block is empty (gcc drops an
        if whose branches are empty, and gcov would not see its line)."""
        for j in range(n):
            if self.budget <= 0:
                if j == 0:
                    v = self.r.choice(sorted(self.assignable))
                    self.emit(indent, v + " = %s;", (self.expr(1),))
                break
            if self.jumps and indent == 2 and self.in_top_if is not None and self.r.random() < 0.4:
                self.place_label(nested=True)   # a goto into this branch
            self.stmt(indent)
            if self.jumps and indent == 1 and self.top_labels and not self.gloop_depth and self.r.random() < 0.3:
                self.place_label()

    def loop_bound(self, indent, mb=None):
        """Emit the bound declaration if any; return the bound text."""
        mb = mb or self.max_bound
        r = self.r.random()
        if r < 0.35:
            return str(self.r.randint(0, mb))
        n = self.fresh("n")
        e = self.sexpr(1)
        if r < 0.7:
            m = self.r.choice([1, 3, 7]) if mb >= 7 else self.r.choice([1, 3])
            self.emit(indent, self.new_type(n) + " " + n + " = %s & " + str(m) + ";", (Expr(par(e), par(e, True), e.trap, e.ltrap, e.ncall),))
        else:
            m = self.r.randint(2, mb)
            # (E % m may be negative: a signed bound, or a huge unsigned one)
            self.emit(indent, self.new_type(n, signed=True) + " " + n + " = %s %% " + str(m) + ";", (Expr(par(e), par(e, True), e.trap, e.ltrap, e.ncall),))
            self.neg_bound.add(n)
        self.declare(n, assignable=False)
        return n

    def new_type(self, v, signed=False):
        """The C type of a new local v: int, or in typed programs any
        integer type (a signed one when signed)."""
        if not self.typed:
            return "int"
        while True:
            t = it.pick(self.tr, 0.4)
            if t.signed or not signed:
                self.vtype[v] = t
                return t.name

    def is_int(self, v):
        """Whether v is an int (what an `int *` may point to)."""
        return v not in self.vtype or self.vtype[v] is it.INT

    def counter_type(self, i, bound, down=False):
        """The type of a loop counter i compared with bound: any type, but
        with a bound that may be negative one that compares in a signed type
        (and is signed itself when it counts down from the bound)."""
        if not self.typed:
            return "int"
        bt = self.vtype.get(bound, it.INT)
        while True:
            t = it.pick(self.tr, 0.4)
            if bound not in self.neg_bound or (it.common(t, bt).signed and (t.signed or not down)):
                self.vtype[i] = t
                return t.name

    def loop_extra(self):
        """An optional '&& COND' on a loop condition (never trapping)."""
        if self.r.random() < 0.3:
            # memory reads in a loop condition (inka-ng before a90f001:
            # UNKNOWN for the whole function) in a third of them
            quiet = self.mem and self.r.random() < 0.65
            self.mem_nest += 2 * quiet
            c = self.cond(1)
            self.mem_nest -= 2 * quiet
            if not c.trap:
                return " && " + par(c)
        return ""

    def stmt(self, indent):
        self.budget -= 1
        r = self.r
        choices = [("decl", 5), ("assign", 6), ("if", 4), ("ifelse", 3), ("needle", 2)]
        if len(self.loops) < self.max_loop_depth and self.budget > 2:
            choices += [("for", 2), ("while", 2), ("do", 0.7)]
        if self.helpers:
            choices.append(("call", 2))
        if self.loops:
            choices += [("break", 1.2), ("continue", 1.0)]
        elif self.breakable:
            choices.append(("break", 1.2))    # of a switch
        choices.append(("return", 1.0))
        if self.jumps:
            choices.append(("goto", 1.0))
            if self.budget > 2:
                choices.append(("switch", 1.5))
                if not self.gloop_depth and len(self.loops) <= 1:
                    choices.append(("gloop", 0.8))
        if self.mem:
            choices = [(k, w * 0.6) for k, w in choices] + self.mem_choices()
        x = r.random() * sum(w for _, w in choices)
        for kind, w in choices:
            x -= w
            if x < 0:
                break
        calls_ok = len(self.loops) <= 1     # keeps the cost of one run small
        if kind == "call" and not calls_ok:
            kind = "assign"
        if kind == "decl":
            v = self.fresh("v")
            self.emit(indent, self.new_type(v) + " " + v + " = %s;", (self.sexpr(2, calls_ok),))
            self.declare(v)
        elif kind == "assign":
            v = r.choice(sorted(self.assignable))
            k = r.random()
            if k < 0.6:
                self.emit(indent, v + " = %s;", (self.sexpr(2, calls_ok),))
            elif k < 0.8:
                op = r.choice(["+=", "-=", "*=", "^=", "|=", "&="])
                self.emit(indent, v + " " + op + " %s;", (self.sexpr(1),))
            elif k < 0.85:
                op = r.choice(["/", "%", "<<", ">>"])
                if op in "/%":
                    e = self.divide(Expr(v), op, 1)   # e.s is "v / D"
                    self.emit(indent, "%s;", (Expr(v + " " + op + "= " + e.s[len(v) + 3:], v + " = " + e.i,
                                                    e.trap, e.ltrap, e.ncall),))
                else:
                    self.emit(indent, "%s %s= %d;" % (v, op, r.randint(0, 6)))
            else:
                self.emit(indent, v + r.choice(["++", "--"]) + ";")
        elif kind == "call":
            name, trap = r.choice(self.helpers)
            x, y = self.expr(1), self.expr(1)
            e = Expr("%s(%s, %s)" % (name, x.s, y.s), "%s(%s, %s)" % (name, x.i, y.i),
                     trap or x.trap or y.trap, x.ltrap or y.ltrap, 1)
            if r.random() < 0.5:
                v = self.fresh("v")
                self.emit(indent, self.new_type(v) + " " + v + " = %s;", (e,))
                self.declare(v)
            else:
                self.emit(indent, r.choice(sorted(self.assignable)) + " = %s;", (e,))
        elif kind in ("if", "ifelse", "needle"):
            if kind == "needle":
                c = self.needle()
                kind = "if"
            else:
                c = self.sexpr(2, calls_ok and r.random() < 0.3, "cond")
            self.emit(indent, "if (%s) {", (c,))
            saved = self.in_top_if
            top = indent == 1 and not self.loops and not self.breakable and not self.gloop_depth
            self.in_top_if = len(self.lines) - 1 if top else None
            self.push_scope()
            self.block(indent + 1, r.randint(1, 3))
            self.pop_scope()
            if kind == "ifelse":
                self.raw(indent, "} else {")
                self.push_scope()
                self.block(indent + 1, r.randint(1, 3))
                self.pop_scope()
            self.in_top_if = saved
            self.raw(indent, "}")
        elif kind in ("for", "while", "do"):
            self.loop(indent, kind)
        elif kind in ("break", "continue"):
            self.jump(indent, kind + ";")
        elif kind in MEM_KINDS or kind in JUMP_KINDS:
            getattr(self, "st_" + kind)(indent)
        elif kind == "return":
            if r.random() < 0.8:
                self.emit(indent, "if (%s) {", (self.sexpr(2, False, "cond"),))
                self.emit(indent + 1, "return %s;", (self.expr(2),))
                self.raw(indent, "}")
            else:
                self.emit(indent, "return %s;", (self.expr(2),))

    # ---- memory (f of a memory program) -----------------------------------
    # Entities in self.ment, each with the index of the block ("scope") that
    # declares it; pop_scope drops them with their block:
    #   ptr   int *pN, always pointing to an assignable int or an element of an
    #         array whose block encloses the pointer's (no dangling pointer)
    #   arr   int aN[L], every element initialised at its declaration
    #   aptr  int *qN = &aM[off] or aM + off, never reassigned: qN[j] is in
    #         bounds iff 0 <= off + j < L
    #   head  struct node *hN, the head of a NULL-terminated list; "min" is a
    #         lower bound of its length where the generator stands
    #   cur   struct node *cN, the result of a search (NULL or a node of list)
    #   elem  the pointer of a traversal loop, not NULL inside the loop
    # Lists change (pop, drop) only outside loops; a change kills the cursors
    # of that list, so no freed node is ever read.
    def depth(self):
        return len(self.scopes) - 1

    def scope_of(self, v):
        for i, s in enumerate(self.scopes):
            if v in s:
                return i
        raise KeyError(v)

    def add_ent(self, name, kind, **kw):
        kw.update(kind=kind, scope=self.depth())
        self.ment[name] = kw

    def ents(self, *kinds):
        return [n for n, e in self.ment.items() if e["kind"] in kinds]

    def kill(self, h):
        """Forget what may point into the nodes of list h (before a node is freed)."""
        for n in [n for n, e in self.ment.items()
                  if (e["kind"] == "cur" and e["list"] == h) or (e["kind"] == "ptr" and h in e["lists"])]:
            del self.ment[n]

    def node_lists(self, text):
        """The lists whose nodes the addresses in text point into."""
        out = set()
        for n in re.findall(r"\b([he]\d+)->", text):
            out.add(n if n[0] == "h" else self.ment[n]["list"])
        return out

    def nid(self):
        self.prog.ndiv += 1
        return self.prog.ndiv

    def chk(self, p):
        """The instrumented text of p (a struct node *) that traps when p is NULL."""
        n = self.nid()
        return "({ struct node *_p%d = (%s); if (!_p%d) div_by_zero(); _p%d; })" % (n, p, n, n)

    def idx_chk(self, i, off, size):
        """The instrumented text of index i into q = &a[off] (a of size elements)."""
        n = self.nid()
        return ("({ long long _i%d = (%s); if (_i%d + %d < 0 || _i%d + %d >= %d) div_by_zero(); _i%d; })"
                % (n, i, n, off, n, off, size, n))

    def index(self, lo, hi):
        """(index expression, True if it surely is in [lo, hi])."""
        r = self.r
        k = r.random()
        if k < 0.4:
            return const_expr(r.randint(lo, hi)), True
        self.mem_nest += 1
        e = self.expr(r.choice([0, 0, 1]))
        self.mem_nest -= 1
        if k < 0.55 and lo <= 0 and hi >= 1:
            return combine("%s & " + str(3 if hi >= 3 and r.random() < 0.6 else 1), (e,), 8), True
        if k < 0.7 and lo <= 0 and hi >= 1:
            return combine("(unsigned)%s %% " + str(hi + 1), (e,), 13), True
        k = r.random()
        if k < 0.5:
            return e, False
        if k < 0.75:
            return combine("%s %% " + str(hi - lo + 1), (e,), 13), False
        m = r.choice([3, 7])
        return combine("%s & " + str(m), (e,), 8), lo <= 0 and m <= hi

    def arr_ref(self, a):
        size = self.ment[a]["L"]
        idx, safe = self.index(0, size - 1)
        if safe and re.fullmatch(r"\d+", idx.s):
            return Expr("%s[%s]" % (a, idx.s))
        return Expr("%s[%s]" % (a, idx.s), "%s[%s]" % (a, self.idx_chk(idx.i, 0, size)),
                    idx.trap or not safe, idx.ltrap or not safe, idx.ncall)

    def aptr_ref(self, q):
        e = self.ment[q]
        off, size = e["off"], e["L"]
        if off < size and self.r.random() < 0.25:
            return Expr("*" + q, prec=14)
        idx, safe = self.index(-off, size - 1 - off)
        return Expr("%s[%s]" % (q, idx.s), "%s[%s]" % (q, self.idx_chk(idx.i, off, size)),
                    idx.trap or not safe, idx.ltrap or not safe, idx.ncall)

    def node_ref(self, n, guard_ok=True):
        """n->val or n->next->val for a node pointer n, an Expr; guarded
        reads ((n ? n->val : C)) when guard_ok."""
        r = self.r
        e = self.ment[n]
        if e["kind"] == "elem":
            nonnull = 1
        elif e["kind"] == "head":
            nonnull = e["min"]
        else:
            nonnull = 0
        k = r.random()
        two = k < 0.3 and e["kind"] != "cur"
        if guard_ok and r.random() < 0.4 and (nonnull < (2 if two else 1)):
            c = const_expr(r.randint(-10, 10))
            if two:
                return Expr("(%s && %s->next ? %s->next->val : %s)" % (n, n, n, c.s),
                            "(%s && %s->next ? %s->val : %s)" % (n, self.chk(n), self.chk(self.chk(n) + "->next"), c.s))
            return Expr("(%s ? %s->val : %s)" % (n, n, c.s), "(%s ? %s->val : %s)" % (n, self.chk(n), c.s))
        if two:
            return Expr(n + "->next->val", self.chk(self.chk(n) + "->next") + "->val", nonnull < 2, nonnull < 2)
        return Expr(n + "->val", self.chk(n) + "->val", nonnull < 1, nonnull < 1)

    def mem_leaf(self):
        opts = [(k, w) for k, w in (("ptr", 3), ("arr", 3), ("aptr", 1.5), ("elem", 4), ("head", 2), ("cur", 2))
                if self.ents(k)]
        if not opts:
            return None
        x = self.r.random() * sum(w for _, w in opts)
        for kind, w in opts:
            x -= w
            if x < 0:
                break
        n = self.r.choice(self.ents(kind))
        self.mem_nest += 1
        try:
            if kind == "ptr":
                return Expr("*" + n, prec=14)
            if kind == "arr":
                return self.arr_ref(n)
            if kind == "aptr":
                return self.aptr_ref(n)
            return self.node_ref(n)
        finally:
            self.mem_nest -= 1

    def addr(self, s):
        """&x for an object whose block encloses block s, or the val of a
        node (pointers into a list are forgotten when the list loses a node)."""
        cells = ["&%s->val" % e for e in self.ents("elem")] + \
                ["&%s->val" % h for h in self.ents("head") if self.ment[h]["min"] >= 1] + \
                ["&%s->next->val" % h for h in self.ents("head") if self.ment[h]["min"] >= 2]
        if cells and self.r.random() < 0.2:
            return self.r.choice(cells)
        arrs = [a for a in self.ents("arr") if self.ment[a]["scope"] <= s]
        if arrs and self.r.random() < 0.25:
            a = self.r.choice(arrs)
            return "&%s[%d]" % (a, self.r.randint(0, self.ment[a]["L"] - 1))
        return "&" + self.r.choice([v for v in sorted(self.assignable) if self.scope_of(v) <= s and self.is_int(v)])

    def ptr_cmp(self):
        r = self.r
        ptrs = self.ents("ptr")
        nodes = self.ents("head", "cur", "elem")
        if not ptrs and not nodes:
            return None
        op = r.choice(["==", "!="])
        if ptrs and (not nodes or r.random() < 0.6):
            p = r.choice(ptrs)
            if len(ptrs) > 1 and r.random() < 0.5:
                q = r.choice([x for x in ptrs if x != p])
            else:
                q = self.addr(self.depth())
            return Expr("%s %s %s" % (p, op, q), prec=9)
        n = r.choice(nodes)
        k = r.random()
        if k < 0.4:
            return Expr("%s %s 0" % (n, op), prec=9)
        if k < 0.75 and len(nodes) > 1:
            return Expr("%s %s %s" % (n, op, r.choice([x for x in nodes if x != n])), prec=9)
        e = self.ment[n]
        nonnull = 1 if e["kind"] == "elem" else e["min"] if e["kind"] == "head" else 0
        return Expr("%s->next %s 0" % (n, op), "%s->next %s 0" % (self.chk(n), op), nonnull < 1, nonnull < 1, prec=9)

    def mem_choices(self):
        n = lambda *k: len(self.ents(*k))
        deeper = len(self.loops) < self.max_loop_depth and self.budget > 1
        ch = []
        if n("ptr") < 4:
            ch.append(("pdecl", 2))
        if n("arr") < 3:
            ch.append(("adecl", 2))
        if n("head") < 2 and len(self.loops) < self.max_loop_depth:
            # (inside a loop: a new list in every iteration; lists change
            # only outside loops)
            ch.append(("lbuild", 2.5 if not self.loops else 1))
        if n("ptr"):
            ch += [("pset", 2.5), ("pstore", 4)]
        if n("arr", "aptr"):
            ch.append(("astore", 3.5))
        if n("arr") and n("aptr") < 2:
            ch.append(("aptr", 1.2))
        if n("arr") and deeper:
            ch.append(("aloop", 2))
        if n("head") and deeper:
            ch += [("ltrav", 4), ("lsearch", 2)]
        if n("head") and not self.loops:
            ch += [("lpop", 2), ("ldrop", 0.6), ("lins", 1.2), ("lrev", 0.8)]
        if n("head", "cur", "elem"):
            ch.append(("nstore", 3))
        return ch

    def open_loop(self, indent, head):
        """Emit the loop header head (an Expr, the line ending in '{'); the
        caller pushed the loop's block and closes it with close_loop."""
        self.prog.nloops += 1
        lid = self.prog.nloops
        self.emit(indent, "%s", (head,), header=True, setup="int __it%d = 0; " % lid)
        self.loops.append(lid)
        self.breakable.append("loop")
        self.instr(indent + 1, "__it%d++;" % lid)
        return lid

    def close_loop(self, indent):
        self.loops.pop()
        self.breakable.pop()
        self.raw(indent, "}")

    def st_pdecl(self, indent):
        r = self.r
        p = self.fresh("p")
        s = self.depth()
        others = self.ents("ptr")
        k = r.random()
        if k < 0.55 or (k >= 0.85 and not others):
            init = Expr(self.addr(s))
        elif k < 0.85:
            init = combine("%s ? " + self.addr(s) + " : " + self.addr(s), (self.cond(1),), 3)
        else:
            init = Expr(r.choice(others))
        self.emit(indent, "int *" + p + " = %s;", (init,))
        lists = set(self.ment[init.s]["lists"]) if init.s in self.ment else self.node_lists(init.s)
        self.add_ent(p, "ptr", lists=lists)

    def st_pset(self, indent):
        r = self.r
        p = r.choice(self.ents("ptr"))
        s = self.ment[p]["scope"]
        others = [q for q in self.ents("ptr") if q != p and self.ment[q]["scope"] <= s]
        k = r.random()
        lists = self.ment[p]["lists"]
        if k < 0.35 or (k >= 0.9 and not others):
            t = self.addr(s)
            self.emit(indent, p + " = " + t + ";")
        elif k < 0.65:
            t = self.addr(s) + " : " + self.addr(s)
            self.emit(indent, p + " = %s;", (combine("%s ? " + t, (self.cond(1),), 3),))
        elif k < 0.9:
            self.emit(indent, "if (%s) {", (self.sexpr(2, False, "cond"),))
            t = self.addr(s)
            self.emit(indent + 1, p + " = " + t + ";")
            self.raw(indent, "}")
        else:
            t = r.choice(others)
            self.emit(indent, "%s = %s;" % (p, t))
            lists |= self.ment[t]["lists"]
        lists |= self.node_lists(t)

    def store(self, indent, lv, calls_ok):
        """lv = e; lv OP= e; lv++ (lv an Expr of an int lvalue)."""
        r = self.r
        k = r.random()
        if k < 0.55:
            self.emit(indent, "%s = %s;", (lv, self.sexpr(2, calls_ok and not lv.trap)))
        elif k < 0.88:
            op = r.choice(["+=", "-=", "*=", "^=", "|=", "&="])
            self.emit(indent, "%s " + op + " %s;", (lv, self.sexpr(1)))
        else:
            self.emit(indent, "%s" + r.choice(["++", "--"]) + ";", (Expr("(" + lv.s + ")", "(" + lv.i + ")", lv.trap, lv.ltrap)
                                                                    if lv.s.startswith("*") else lv,))

    def st_pstore(self, indent):
        p = self.r.choice(self.ents("ptr"))
        self.store(indent, Expr("*" + p, prec=14), len(self.loops) <= 1)

    def st_astore(self, indent):
        xs = self.ents("arr", "aptr")
        a = self.r.choice(xs)
        lv = self.arr_ref(a) if self.ment[a]["kind"] == "arr" else self.aptr_ref(a)
        self.store(indent, lv, len(self.loops) <= 1)

    def st_adecl(self, indent):
        r = self.r
        a = self.fresh("a")
        size = r.randint(2, 5)
        if len(self.loops) < self.max_loop_depth and self.budget > 1 and r.random() < 0.3:
            self.raw(indent, "int %s[%d];" % (a, size))
            self.push_scope()
            i = self.fresh("i")
            self.open_loop(indent, Expr("for (%s %s = 0; %s < %d; %s++) {" % (self.counter_type(i, ""), i, i, size, i)))
            self.declare(i, assignable=False)
            self.emit(indent + 1, "%s[%s] = %%s;" % (a, i), (self.sexpr(1),))
            self.close_loop(indent)
            self.pop_scope()
        else:
            es = [const_expr(self.const()) if r.random() < 0.35 else self.sexpr(1) for _ in range(size)]
            self.emit(indent, "int %s[%d] = {%s};" % (a, size, ", ".join(["%s"] * size)), es)
        self.add_ent(a, "arr", L=size)

    def st_aloop(self, indent):
        """A loop over an array: by index (the bound may pass the end) or
        by a pointer from aN to aN + L."""
        r = self.r
        a = r.choice(self.ents("arr"))
        size = self.ment[a]["L"]
        self.push_scope()
        if r.random() < 0.65:
            k = r.random()
            bound = str(size) if k < 0.5 else str(r.randint(1, 7)) if k < 0.75 else self.loop_bound(indent)
            safe = bound.isdigit() and int(bound) <= size
            i = self.fresh("i")
            self.open_loop(indent, Expr("for (%s %s = 0; %s < %s; %s++) {" % (self.counter_type(i, bound), i, i, bound, i)))
            self.declare(i, assignable=False)
            cell = Expr("%s[%s]" % (a, i), "%s[%s]" % (a, self.idx_chk(i, 0, size)), not safe, not safe)
        else:
            p = self.fresh("r")
            if r.random() < 0.7:
                head = "for (int *%s = %s; %s < %s + %d; %s++) {" % (p, a, p, a, size, p)
            else:
                head = "for (int *%s = %s + %d; %s >= %s + 1; %s--) {" % (p, a, size - 1, p, a, p)
            self.open_loop(indent, Expr(head))
            cell = Expr("*" + p, prec=14)
        for _ in range(r.randint(1, 2)):
            k = r.random()
            if k < 0.4:
                self.store(indent + 1, cell, False)
            elif k < 0.7:
                op = r.choice(["==", "!=", "<", ">", "<=", ">="])
                rhs = const_expr(self.const()) if r.random() < 0.4 else self.expr(1)
                self.emit(indent + 1, "if (%s) {", (combine("%s " + op + " %s", (cell, rhs), 9),))
                self.emit(indent + 2, "break;")
                self.raw(indent + 1, "}")
            else:
                v = r.choice(sorted(self.assignable))
                self.emit(indent + 1, v + " " + r.choice(["+=", "-=", "^="]) + " %s;", (cell,))
        self.close_loop(indent)
        self.pop_scope()

    def st_aptr(self, indent):
        r = self.r
        a = r.choice(self.ents("arr"))
        size = self.ment[a]["L"]
        q = self.fresh("q")
        if r.random() < 0.5:
            off = r.randint(0, size - 1)
            init = "&%s[%d]" % (a, off)
        else:
            off = r.randint(0, size)
            init = "%s + %d" % (a, off)
        self.emit(indent, "int *%s = %s;" % (q, init))
        self.add_ent(q, "aptr", off=off, L=size)

    def st_lbuild(self, indent):
        r = self.r
        if r.random() < 0.6:
            # prepend: a list of `bound` nodes
            bound = self.loop_bound(indent, 4)
            h = self.fresh("h")
            minlen = int(bound) if bound.isdigit() else 0
            self.emit(indent, "struct node *%s = 0;" % h)
            self.push_scope()
            i = self.fresh("i")
            self.open_loop(indent, Expr("for (%s %s = 0; %s < %s; %s++) {" % (self.counter_type(i, bound), i, i, bound, i)))
            self.declare(i, assignable=False)
            t = self.fresh("t")
            self.emit(indent + 1, "struct node *%s = malloc(sizeof(struct node));" % t)
            self.emit(indent + 1, t + "->val = %s;", (self.sexpr(1),))
            self.emit(indent + 1, "%s->next = %s;" % (t, h))
            self.emit(indent + 1, "%s = %s;" % (h, t))
        else:
            # append through a tail pointer: 1 + bound nodes
            h = self.fresh("h")
            self.emit(indent, "struct node *%s = malloc(sizeof(struct node));" % h)
            self.emit(indent, h + "->val = %s;", (self.sexpr(1),))
            self.emit(indent, "%s->next = 0;" % h)
            t = self.fresh("t")
            self.emit(indent, "struct node *%s = %s;" % (t, h))
            bound = self.loop_bound(indent, 3)
            minlen = 1 + (int(bound) if bound.isdigit() else 0)
            self.push_scope()
            i = self.fresh("i")
            self.open_loop(indent, Expr("for (%s %s = 0; %s < %s; %s++) {" % (self.counter_type(i, bound), i, i, bound, i)))
            self.declare(i, assignable=False)
            self.emit(indent + 1, "%s->next = malloc(sizeof(struct node));" % t)
            self.emit(indent + 1, "%s = %s->next;" % (t, t))
            self.emit(indent + 1, t + "->val = %s;", (self.sexpr(1),))
            self.emit(indent + 1, "%s->next = 0;" % t)
        self.close_loop(indent)
        self.pop_scope()
        self.add_ent(h, "head", min=minlen)

    def st_ltrav(self, indent):
        r = self.r
        h = r.choice(self.ents("head"))
        e = self.fresh("e")
        self.push_scope()
        self.open_loop(indent, Expr("for (struct node *%s = %s; %s; %s = %s->next) {" % (e, h, e, e, e)))
        self.add_ent(e, "elem", list=h)
        self.in_trav += 1
        self.block(indent + 1, r.randint(1, 3))
        self.in_trav -= 1
        self.close_loop(indent)
        self.pop_scope()

    def val_cond(self, n):
        """n->val OP e, n not NULL where it is evaluated."""
        op = self.r.choice(["==", "==", "!=", "<", ">", "<=", ">="])
        rhs = const_expr(self.const()) if self.r.random() < 0.4 else self.expr(1)
        return combine("%s " + op + " %s", (Expr(n + "->val", self.chk(n) + "->val"), rhs), 9)

    def st_lsearch(self, indent):
        r = self.r
        h = r.choice(self.ents("head"))
        c = self.fresh("c")
        self.emit(indent, "struct node *%s = %s;" % (c, h))
        self.push_scope()
        if r.random() < 0.6:
            self.open_loop(indent, Expr("while (%s) {" % c))
            self.emit(indent + 1, "if (%s) {", (self.val_cond(c),))
            self.emit(indent + 2, "break;")
            self.raw(indent + 1, "}")
        else:
            # the search in the loop condition
            rhs = self.expr(1)
            self.open_loop(indent, Expr("while (%s && %s->val != %s) {" % (c, c, par(rhs)),
                                        "while (%s && %s->val != %s) {" % (c, self.chk(c), par(rhs, True)),
                                        rhs.trap, rhs.ltrap))
        self.emit(indent + 1, "%s = %s->next;" % (c, c))
        self.close_loop(indent)
        self.pop_scope()
        self.add_ent(c, "cur", list=h)

    def pop_lines(self, indent, h):
        t = self.fresh("t")
        self.emit(indent, "struct node *%s = %s;" % (t, h))
        self.emit(indent, "%s = %s->next;" % (h, h))
        self.emit(indent, "free(%s);" % t)

    def st_lpop(self, indent):
        h = self.r.choice(self.ents("head"))
        self.kill(h)
        if self.r.random() < 0.35:
            self.emit(indent, "if (%s && %%s) {" % h, (self.val_cond(h),))
        else:
            self.emit(indent, "if (%s) {" % h)
        self.push_scope()
        self.pop_lines(indent + 1, h)
        self.pop_scope()
        self.raw(indent, "}")
        self.ment[h]["min"] = max(0, self.ment[h]["min"] - 1)

    def st_ldrop(self, indent):
        """Pop nodes until one meets a condition."""
        h = self.r.choice(self.ents("head"))
        self.kill(h)
        self.push_scope()
        self.open_loop(indent, Expr("while (%s) {" % h))
        if self.r.random() < 0.7:     # else: free the whole list
            self.emit(indent + 1, "if (%s) {", (self.val_cond(h),))
            self.emit(indent + 2, "break;")
            self.raw(indent + 1, "}")
        self.pop_lines(indent + 1, h)
        self.close_loop(indent)
        self.pop_scope()
        self.ment[h]["min"] = 0

    def st_lins(self, indent):
        """Insert a node after a search cursor or after the head."""
        r = self.r
        c = r.choice(self.ents("head", "cur"))
        k = self.fresh("k")
        self.emit(indent, "if (%s) {" % c)
        self.push_scope()
        self.emit(indent + 1, "struct node *%s = malloc(sizeof(struct node));" % k)
        self.emit(indent + 1, k + "->val = %s;", (self.sexpr(1),))
        self.emit(indent + 1, "%s->next = %s->next;" % (k, c))
        self.emit(indent + 1, "%s->next = %s;" % (c, k))
        self.pop_scope()
        self.raw(indent, "}")

    def st_lrev(self, indent):
        """Reverse a list in place (its nodes stay where they are)."""
        h = self.r.choice(self.ents("head"))
        rv, x = self.fresh("rv"), self.fresh("x")
        self.emit(indent, "struct node *%s = 0;" % rv)
        self.push_scope()
        self.open_loop(indent, Expr("while (%s) {" % h))
        self.emit(indent + 1, "struct node *%s = %s->next;" % (x, h))
        self.emit(indent + 1, "%s->next = %s;" % (h, rv))
        self.emit(indent + 1, "%s = %s;" % (rv, h))
        self.emit(indent + 1, "%s = %s;" % (h, x))
        self.close_loop(indent)
        self.pop_scope()
        self.emit(indent, "%s = %s;" % (h, rv))

    def st_nstore(self, indent):
        r = self.r
        n = r.choice(self.ents("head", "cur", "elem"))
        e = self.ment[n]
        calls_ok = len(self.loops) <= 1
        if e["kind"] != "elem" and r.random() < 0.4:
            self.emit(indent, "if (%s) {" % n)
            self.store(indent + 1, Expr(n + "->val", self.chk(n) + "->val"), calls_ok)
            self.raw(indent, "}")
        else:
            self.store(indent, self.node_ref(n, False), calls_ok)

    def jump(self, indent, text):
        if self.r.random() < 0.8:
            self.emit(indent, "if (%s) {", (self.sexpr(2, False, "cond"),))
            self.emit(indent + 1, text)
            self.raw(indent, "}")
        else:
            self.emit(indent, text)

    def loop(self, indent, kind):
        r = self.r
        self.prog.nloops += 1
        lid = self.prog.nloops
        bound = self.loop_bound(indent)
        extra = self.loop_extra()
        setup = "int __it%d = 0; " % lid
        if kind == "for":
            self.push_scope()
            i = self.fresh("i")
            step = r.choice(["%s++", "%s += 1", "%s = %s + 1", "++%s"]).replace("%s", i)
            if r.random() < 0.25 and not bound.isdigit():
                dstep = r.choice(["%s--", "%s -= 1", "%s = %s - 1"]).replace("%s", i)
                head = "for (%s %s = %s; %s > 0%s; %s) {" % (self.counter_type(i, bound, True), i, bound, i, extra, dstep)
            else:
                head = "for (%s %s = 0; %s < %s%s; %s) {" % (self.counter_type(i, bound), i, i, bound, extra, step)
            self.emit(indent, head.replace("%", "%%"), header=True, setup=setup)
            self.declare(i, assignable=False)
        else:
            w = self.fresh("w")
            self.emit(indent, "%s %s = 0;" % (self.counter_type(w, bound), w))
            self.declare(w, assignable=False)
            self.push_scope()
            if kind == "while":
                self.emit(indent, ("while (%s < %s%s) {" % (w, bound, extra)).replace("%", "%%"),
                          header=True, setup=setup)
            else:
                self.emit(indent, "do {", header=True, setup=setup)
        self.loops.append(lid)
        self.breakable.append("loop")
        self.instr(indent + 1, "__it%d++;" % lid)
        if kind != "for":
            self.emit(indent + 1, "%s%s;" % (w, r.choice(["++", " += 1", " = %s + 1" % w])))
        self.block(indent + 1, r.randint(1, 4))
        self.loops.pop()
        self.breakable.pop()
        self.pop_scope()
        if kind == "do":
            self.raw(indent, ("} while (%s < %s%s);" % (w, bound, extra)).replace("%", "%%"))
        else:
            self.raw(indent, "}")

    def generate(self, ret_depth=2):
        if self.mem and self.typed:
            # an int that pointers may point to, whatever the other types
            v = self.fresh("v")
            self.emit(1, "int " + v + " = %s;", (self.leaf(),))
            self.declare(v)
            self.vtype[v] = it.INT
        if self.mem:
            # something to point to, index or walk from the start
            for kind in self.r.sample(["pdecl", "adecl", "lbuild", "lbuild"], self.r.randint(1, 2)):
                if kind != "lbuild" or not self.ents("head"):
                    self.budget -= 1
                    getattr(self, "st_" + kind)(1)
        self.block(1, 10 ** 6)
        while self.top_labels:
            self.place_label()
        self.emit(1, "return %s;", (self.expr(ret_depth),))
        return self.lines

    # ---- jumps (f of a jump program) ----------------------------------------
    # switch: cases of small values in any order, shared bodies, fall-through,
    # default anywhere or none, break (a case body is a braced block, so it
    # may declare); goto forward to labels of f's top block (from any depth:
    # out of loops and switches), and loops made of a label and a goto back
    # to it, bounded by a counter (`jN < B && COND`).  A label never stands
    # inside such a loop, and the top-level names declared after a label was
    # first targeted die at the label (a goto may have jumped over their
    # initialisation), so nothing reads an uninitialised variable.
    def place_label(self, nested=False):
        """A label of the top block (nested: in a branch of a top-level if,
        which a goto before the if enters; the names the branch declared so
        far die at the label too, a goto skipped their initialisation)."""
        pool = [i for i, (n, _) in enumerate(self.top_labels)
                 if not nested or self.last_goto.get(n, 0) <= self.in_top_if]   # (never sideways in the if)
        if not pool:
            return
        name, before = self.top_labels.pop(self.r.choice(pool))
        self.raw(2 if nested else 1, name + ": ;")
        for v in [v for v in self.scopes[0] if v not in before]:
            self.scopes[0].remove(v)
            self.assignable.discard(v)
        if nested:
            for v in list(self.scopes[-1]):
                self.scopes[-1].remove(v)
                self.assignable.discard(v)

    def st_goto(self, indent):
        if not self.top_labels or self.r.random() < 0.4:
            self.top_labels.append((self.fresh("L"), set(self.scopes[0])))
        name = self.r.choice(self.top_labels)[0]
        self.jump(indent, "goto %s;" % name)
        self.last_goto[name] = len(self.lines)

    def st_switch(self, indent):
        r = self.r
        e = self.sexpr(1)
        form = r.random()
        if form < 0.4:
            e = Expr(par(e) + " & 7", par(e, True) + " & 7", e.trap, e.ltrap, e.ncall)
        elif form < 0.6:
            e = Expr(par(e) + " % 5", par(e, True) + " % 5", e.trap, e.ltrap, e.ncall)
        self.emit(indent, "switch (%s) {", (e,))
        labels = ["case %d:" % v for v in r.sample(range(-2, 8), r.randint(1, 4))]
        if r.random() < 0.6:
            labels.insert(r.randint(0, len(labels)), "default:")
        self.breakable.append("switch")
        i = 0
        while i < len(labels):
            n = 1 + (r.random() < 0.3)      # two labels sharing a body
            for lab in labels[i:i + n]:
                self.raw(indent, lab)
            i += n
            self.raw(indent, "{")
            self.push_scope()
            self.block(indent + 1, r.randint(0, 2))
            if r.random() < 0.6:
                self.emit(indent + 1, "break;")
            self.pop_scope()
            self.raw(indent, "}")
        self.breakable.pop()
        self.raw(indent, "}")

    def st_gloop(self, indent):
        r = self.r
        j, lab = self.fresh("j"), self.fresh("L")
        self.emit(indent, "int %s = 0;" % j)
        self.declare(j, assignable=False)
        self.raw(indent, lab + ": ;")
        self.gloop_depth += 1
        self.block(indent, r.randint(1, 3))
        c = self.sexpr(1, False, "cond")
        self.emit(indent, ("if (%s < %d && " % (j, r.randint(1, 3))) + "(%s)) {", (c,))
        self.emit(indent + 1, j + "++;")
        self.emit(indent + 1, "goto %s;" % lab)
        self.raw(indent, "}")
        self.gloop_depth -= 1


JUMP_KINDS = ("goto", "switch", "gloop")


def is_jump(seed):
    """Whether f of this integer program uses switch and goto (about 40% of
    the integer programs; the others are the programs of before, unchanged).
    DIFF_JUMP=0 or 1 forces it (integer programs only)."""
    force = os.environ.get("DIFF_JUMP", "")
    if force in ("0", "1"):
        return force == "1"
    return random.Random(seed * 40503 + 11).random() < 0.4


def is_structs(seed):
    """Whether the helpers of this integer program pass and return structs
    by value (about a third of the integer programs; the statements are
    the same, only their rendering changes: `int gN(int x, int y)` becomes
    `struct R gN(struct P q)`, a call `gN(a, b)` becomes
    `gN(mkp(a, b)).v`, `return e;` becomes `return mkr(e);`).  DIFF_STRUCTS=0
    or 1 forces it (integer programs only)."""
    force = os.environ.get("DIFF_STRUCTS", "")
    if force in ("0", "1"):
        return force == "1"
    return random.Random(seed * 7919 + 5).random() < 0.33


STRUCT_DEFS = [
    "struct P { int x; int y; };",
    "struct R { int v; char tag; int w[2]; };",
    "static struct P mkp(int x, int y) { struct P p; p.x = x; p.y = y; return p; }",
    "static struct R mkr(int v) { struct R r; r.v = v; r.tag = (char)v; r.w[0] = v; r.w[1] = -v; return r; }",
]


def struct_calls(text, names):
    """text with every call name(A, B) of a helper in names rewritten as
    name(mkp(A, B)).v (balanced brackets; A and B split at the top-level
    comma)."""
    out, i = [], 0
    pat = re.compile(r"\b(%s)\(" % "|".join(map(re.escape, names)))
    while True:
        m = pat.search(text, i)
        if not m:
            out.append(text[i:])
            return "".join(out)
        out.append(text[i:m.end()])
        depth, j, comma = 1, m.end(), None
        while depth:
            ch = text[j]
            if ch in "([{":
                depth += 1
            elif ch in ")]}":
                depth -= 1
            elif ch == "," and depth == 1 and comma is None:
                comma = j
            j += 1
        a = struct_calls(text[m.end():comma], names)
        b = struct_calls(text[comma + 1:j - 1], names)
        out.append("mkp(%s,%s)).v" % (a, b))
        i = j


def struct_return(text):
    """`return e;` (at the end of a helper's line) as `return mkr(e);`."""
    m = re.search(r"\breturn (.*);$", text)
    return text if not m else text[:m.start()] + "return mkr(%s);" % m.group(1)


def is_typed(seed):
    """Whether this program's f draws its types from every integer type
    (about 40% of the programs).  DIFF_TYPED=0 or 1 forces it."""
    force = os.environ.get("DIFF_TYPED", "")
    if force in ("0", "1"):
        return force == "1"
    return random.Random(seed * 91193 + 3).random() < 0.4


def is_mem(seed):
    """Whether the program of this seed uses memory (about half of them; the
    others are the integer programs of before, unchanged).  DIFF_MEM=0 or 1
    forces one kind."""
    force = os.environ.get("DIFF_MEM", "")
    if force in ("0", "1"):
        return force == "1"
    return random.Random(seed * 2654435761 + 97).random() < 0.5


class Program:
    def __init__(self, seed):
        self.seed = seed
        self.mem = is_mem(seed)
        self.jumps = not self.mem and is_jump(seed)
        self.structs = not self.mem and is_structs(seed)
        self.r = random.Random(seed)
        self.typed = is_typed(seed)
        self.tr = random.Random(seed * 6364136223846793005 + 1442695040888963407)
        self.targets = []     # dicts: id, func, in_loop, header, depth, line, text
        self.nloops = 0
        self.ndiv = 0
        self.funcs = []       # (name, params, lines)

    def new_target(self, func, in_loop, header, depth):
        tid = len(self.targets)
        self.targets.append({"id": tid, "func": func, "in_loop": in_loop,
                             "header": header, "depth": depth})
        return tid

    def build(self):
        r = self.r
        self.k = 3 if r.random() < 0.4 else 2
        nh = r.choice([0, 1, 1, 2, 2])
        helpers = []
        for h in range(nh):
            name = "g%d" % (h + 1)
            fg = FuncGen(self, name, ["x", "y"], list(helpers), r.randint(2, 7),
                         max_loop_depth=1, max_bound=4)
            self.funcs.append((name, ["x", "y"], fg.generate(1)))
            # a statement calling a helper that may trap is itself trapping
            helpers.append((name, fg.may_trap))
        params = ["a", "b", "c"][: self.k]
        fg = FuncGen(self, "f", params, helpers, r.randint(6, 16), max_loop_depth=2, max_bound=7, mem=self.mem,
                     jumps=self.jumps)
        ptypes = [it.pick(self.tr, 0.5) if self.typed else it.INT for _ in params]
        self.param_types = [t.name for t in ptypes]
        fg.vtype.update(zip(params, ptypes))
        self.funcs.append(("f", params, fg.generate(2)))
        self.params = params

    def render(self):
        """Return (plain text, instrumented text) and set target line numbers."""
        plain = ["/* inka-ng differential test, generated by tests/diff/gen.py seed %d */" % self.seed]
        instr = []
        if self.typed:
            plain += it.HEADERS.splitlines()
            instr += it.HEADERS.splitlines()
        if self.mem:
            plain += ["#include <stdlib.h>", STRUCT]
            instr += [STRUCT]
        helpers = [n for n, _, _ in self.funcs if n != "f"]
        if self.structs:
            plain += STRUCT_DEFS
            instr += STRUCT_DEFS
        for name, params, lines in self.funcs:
            types = self.param_types if name == "f" else ["int"] * len(params)
            sig = "int %s(%s) {" % (name, ", ".join(t + " " + p for t, p in zip(types, params)))
            by_value = self.structs and name != "f"
            if by_value:   # the parameters arrive in a struct, copied into a local one
                sig = "struct R %s(struct P q) {\n  struct P c = q; int x = c.x, y = c.y;" % name
            plain += sig.split("\n")
            instr += sig.split("\n")
            for ln in lines:
                ind = "  " * ln.indent
                ptext, itext = ln.plain, ln.instr
                if self.structs and helpers:
                    ptext = None if ptext is None else struct_calls(ptext, helpers)
                    itext = struct_calls(itext, helpers)
                if by_value:
                    ptext = None if ptext is None else struct_return(ptext)
                    itext = struct_return(itext)
                if ptext is not None:
                    plain.append(ind + ptext)
                    if ln.target is not None:
                        self.targets[ln.target]["line"] = len(plain)
                        self.targets[ln.target]["text"] = ptext
                instr.append(ind + itext)
            plain.append("}")
            instr.append("}")
        return "\n".join(plain) + "\n", "\n".join(instr) + "\n"


STRUCT = "struct node { int val; struct node *next; };"

# In the harness, malloc and free of the program use a bump arena that every
# run starts afresh (runs end by siglongjmp: nothing is ever freed for real).
ARENA = r"""
static unsigned char inka_arena[1 << 16] __attribute__((aligned(16)));
static size_t inka_top;
static void *inka_malloc(size_t n) {
  void *p = inka_arena + inka_top;
  inka_top += (n + 15) & ~(size_t)15;
  if (inka_top > sizeof inka_arena) { fprintf(stderr, "arena exhausted\n"); exit(3); }
  memset(p, 0xa5, n);
  return p;
}
#define malloc(n) inka_malloc(n)
#define free(p) ((void)(p))
"""

HARNESS = r"""
/* Oracle harness: the instrumented program, then a main that enumerates the
 * domain (mode "all") or runs given inputs (mode "check").  A SIGFPE (division
 * by zero, INT_MIN / -1) ends the run of that input: whatever was hit before
 * it stays recorded, as the target would have run before the trap. */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#define NT %(nt)d
#define K %(k)d
#define LO %(lo)d
#define HI %(hi)d
static long cur = 0, stamp[NT], ninp[NT];
static uint64_t mask[NT], runmask[NT];
static uint64_t pmask[NT], runpmask[NT];
static int wit[NT][3], iw[NT][64][3], pw[NT][64][3], in[3];
/* it: iteration of the innermost loop around the statement, it2: of the
 * loop around that one; pairs (it2, it) in 1..8 are bits (it2-1)*8 + it-1
 * of pmask, for --iter it2,it. */
static void HIT(int id, int it, int it2) {
  if (it2 >= 1 && it2 <= 8 && it >= 1 && it <= 8) {
    uint64_t pb = (uint64_t)1 << ((it2 - 1) * 8 + it - 1);
    if (!(pmask[id] & pb)) { pmask[id] |= pb; memcpy(pw[id][(it2 - 1) * 8 + it - 1], in, sizeof in); }
    runpmask[id] |= pb;
  }
  if (it > 63) it = 63;
  uint64_t bit = (uint64_t)1 << it;
  if (stamp[id] != cur) {
    stamp[id] = cur;
    if (ninp[id]++ == 0) memcpy(wit[id], in, sizeof in);
  }
  if (!(mask[id] & bit)) { mask[id] |= bit; memcpy(iw[id][it], in, sizeof in); }
  runmask[id] |= bit;
}
static sigjmp_buf env;
static volatile long traps;
static void on_fpe(int s) { (void)s; siglongjmp(env, 1); }
static void div_by_zero(void) { siglongjmp(env, 1); }
%(arena)s%(program)s
static int ret;
static int run1(void) {  /* 0: trapped, else 1 and ret = f's result */
  ++cur;%(reset)s
  if (sigsetjmp(env, 0)) { traps++; return 0; }
#if K == 3
  ret = f(in[0], in[1], in[2]);
#else
  ret = f(in[0], in[1]);
#endif
  return 1;
}
int main(int argc, char **argv) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_fpe;
  sa.sa_flags = SA_NODEFER;
  sigaction(SIGFPE, &sa, 0);
  alarm(120);
  if (argc > 1 && !strcmp(argv[1], "check")) {
    /* one input per stdin line; prints "R <result>" or "T" (trapped), then
     * "id:mask ..." of what it hit */
    while (1) {
      for (int j = 0; j < K; j++) if (scanf("%%d", &in[j]) != 1) return 0;
      memset(runmask, 0, sizeof runmask);
      memset(runpmask, 0, sizeof runpmask);
      if (run1()) printf("R %%d", ret); else printf("T");
      for (int t = 0; t < NT; t++)
        if (runmask[t]) printf(" %%d:%%llu:%%llu", t, (unsigned long long)runmask[t], (unsigned long long)runpmask[t]);
      printf("\n");
      fflush(stdout);
    }
  }
  for (int x = LO; x <= HI; x++)
    for (int y = LO; y <= HI; y++)
      for (int z = (K == 3 ? LO : 0); z <= (K == 3 ? HI : 0); z++) {
        in[0] = x; in[1] = y; in[2] = z;
        run1();
      }
  printf("traps %%ld\n", (long)traps);
  for (int t = 0; t < NT; t++) {
    printf("t %%d %%ld %%llu %%d %%d %%d\n", t, ninp[t], (unsigned long long)mask[t], wit[t][0], wit[t][1], wit[t][2]);
    for (int b = 0; b < 64; b++)
      if (mask[t] >> b & 1) printf("i %%d %%d %%d %%d %%d\n", t, b, iw[t][b][0], iw[t][b][1], iw[t][b][2]);
    for (int b = 0; b < 64; b++)
      if (pmask[t] >> b & 1) printf("p %%d %%d %%d %%d %%d\n", t, b, pw[t][b][0], pw[t][b][1], pw[t][b][2]);
  }
  return 0;
}
"""


DRIVER_PRELUDE = r"""
/* The instrumented program for an emitted driver: a copy of the driver
 * includes this file instead of the plain program; what ran is printed to
 * stderr at exit ("HITS id:mask ...").  A division by zero raises SIGFPE,
 * as the plain program does on x86. */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#define NT %(nt)d
static uint64_t inka_diff_mask[NT], inka_diff_pmask[NT];
static void HIT(int id, int it, int it2) {
  if (it2 >= 1 && it2 <= 8 && it >= 1 && it <= 8) inka_diff_pmask[id] |= (uint64_t)1 << ((it2 - 1) * 8 + it - 1);
  if (it > 63) it = 63;
  inka_diff_mask[id] |= (uint64_t)1 << it;
}
static void div_by_zero(void) { raise(SIGFPE); }
__attribute__((destructor)) static void inka_diff_report(void) {
  fprintf(stderr, "HITS");
  for (int t = 0; t < NT; t++)
    if (inka_diff_mask[t]) fprintf(stderr, " %%d:%%llu:%%llu", t, (unsigned long long)inka_diff_mask[t], (unsigned long long)inka_diff_pmask[t]);
  fprintf(stderr, "\n");
}
%(program)s
"""


def generate(seed):
    p = Program(seed)
    p.build()
    plain, instr = p.render()
    harness = HARNESS % {"nt": max(len(p.targets), 1), "k": p.k, "lo": LO, "hi": HI, "program": instr,
                         "arena": ARENA if p.mem else "", "reset": "\n  inka_top = 0;" if p.mem else ""}
    hinc = DRIVER_PRELUDE % {"nt": max(len(p.targets), 1), "program": instr}
    meta = {"seed": seed, "typed": p.typed, "param_types": p.param_types, "mem": p.mem, "jumps": p.jumps, "structs": p.structs, "k": p.k, "params": p.params, "targets": p.targets,
            "funcs": [n for n, _, _ in p.funcs]}
    return plain, harness, hinc, meta


def write(seed, outdir):
    plain, harness, hinc, meta = generate(seed)
    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, "p.c"), "w") as fh:
        fh.write(plain)
    with open(os.path.join(outdir, "h.c"), "w") as fh:
        fh.write(harness)
    with open(os.path.join(outdir, "hi.c"), "w") as fh:
        fh.write(hinc)
    with open(os.path.join(outdir, "meta.json"), "w") as fh:
        json.dump(meta, fh, indent=1)
    return meta


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: gen.py SEED OUTDIR")
    write(int(sys.argv[1]), sys.argv[2])
