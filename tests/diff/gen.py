#!/usr/bin/env python3
"""Seeded generator of small random C programs for the differential test.

Each program has one function under test `int f(int a, int b[, int c])` and
0-2 non-recursive helpers `int gN(int x, int y)` (g2 may call g1, f may call
both).  Statements: int locals initialised at declaration, assignments with
+ - * / % (divisors mostly guarded, sometimes not: a division by zero traps),
comparisons, && || !, ?:, & | ^ ~, << >> by small constants, casts to
char/short/unsigned char/unsigned short/unsigned, if/else, while, for and
do-while loops with small bounds, break/continue, early return, calls.

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

Usage: gen.py SEED OUTDIR   writes OUTDIR/p.c, OUTDIR/h.c, OUTDIR/hi.c, OUTDIR/meta.json
"""
import json
import re
import os
import random
import sys

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


class FuncGen:
    def __init__(self, prog, name, params, helpers, budget, max_loop_depth, max_bound):
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
        self.nvar = 0
        self.may_trap = False

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
        vs = self.readable()
        if vs and self.r.random() < 0.8:
            return Expr(self.r.choice(vs))
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
            b = Expr("(%s == 0 ? 1 : %s)" % (e.s, e.s))
        else:
            b = self.expr(depth)           # may be zero: the path traps
        self.prog.ndiv += 1
        n = self.prog.ndiv
        i = ("({ __typeof__(%(a)s) _x%(n)d = %(a)s; __typeof__(%(b)s) _y%(n)d = %(b)s; "
             "if (_y%(n)d == 0 || (_y%(n)d == -1 && (long long)_x%(n)d == -2147483648LL && (__typeof__(_x%(n)d %(op)s _y%(n)d))-1 < 0)) "
             "div_by_zero(); _x%(n)d %(op)s _y%(n)d; })") % {"a": par(a, True), "b": par(b, True), "n": n, "op": op}
        return Expr("%s %s %s" % (par(a), op, par(b)), i, True, True,
                    a.ncall + b.ncall, 13)

    def call(self):
        name, trap = self.r.choice(self.helpers)
        x, y = self.leaf(), self.leaf()
        return Expr("%s(%s, %s)" % (name, x.s, y.s), None, trap, False, 1, ATOM)

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
        return combine("%s " + rel + " %s", (Expr("%s %s %s" % (x, op, y), prec=12), const_expr(c)), 9)

    def cmp(self, depth, calls=False):
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
            self.stmt(indent)

    def loop_bound(self, indent):
        """Emit the bound declaration if any; return the bound text."""
        mb = self.max_bound
        r = self.r.random()
        if r < 0.35:
            return str(self.r.randint(0, mb))
        n = self.fresh("n")
        e = self.sexpr(1)
        if r < 0.7:
            m = self.r.choice([1, 3, 7]) if mb >= 7 else self.r.choice([1, 3])
            self.emit(indent, "int " + n + " = %s & " + str(m) + ";", (Expr(par(e), par(e, True), e.trap, e.ltrap, e.ncall),))
        else:
            m = self.r.randint(2, mb)
            self.emit(indent, "int " + n + " = %s %% " + str(m) + ";", (Expr(par(e), par(e, True), e.trap, e.ltrap, e.ncall),))
        self.declare(n, assignable=False)
        return n

    def loop_extra(self):
        """An optional '&& COND' on a loop condition (never trapping)."""
        if self.r.random() < 0.3:
            c = self.cond(1)
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
        choices.append(("return", 1.0))
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
            self.emit(indent, "int " + v + " = %s;", (self.sexpr(2, calls_ok),))
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
                self.emit(indent, "int " + v + " = %s;", (e,))
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
            self.push_scope()
            self.block(indent + 1, r.randint(1, 3))
            self.pop_scope()
            if kind == "ifelse":
                self.raw(indent, "} else {")
                self.push_scope()
                self.block(indent + 1, r.randint(1, 3))
                self.pop_scope()
            self.raw(indent, "}")
        elif kind in ("for", "while", "do"):
            self.loop(indent, kind)
        elif kind in ("break", "continue"):
            self.jump(indent, kind + ";")
        elif kind == "return":
            if r.random() < 0.8:
                self.emit(indent, "if (%s) {", (self.sexpr(2, False, "cond"),))
                self.emit(indent + 1, "return %s;", (self.expr(2),))
                self.raw(indent, "}")
            else:
                self.emit(indent, "return %s;", (self.expr(2),))

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
                head = "for (int %s = %s; %s > 0%s; %s) {" % (i, bound, i, extra, dstep)
            else:
                head = "for (int %s = 0; %s < %s%s; %s) {" % (i, i, bound, extra, step)
            self.emit(indent, head.replace("%", "%%"), header=True, setup=setup)
            self.declare(i, assignable=False)
        else:
            w = self.fresh("w")
            self.emit(indent, "int %s = 0;" % w)
            self.declare(w, assignable=False)
            self.push_scope()
            if kind == "while":
                self.emit(indent, ("while (%s < %s%s) {" % (w, bound, extra)).replace("%", "%%"),
                          header=True, setup=setup)
            else:
                self.emit(indent, "do {", header=True, setup=setup)
        self.loops.append(lid)
        self.instr(indent + 1, "__it%d++;" % lid)
        if kind != "for":
            self.emit(indent + 1, "%s%s;" % (w, r.choice(["++", " += 1", " = %s + 1" % w])))
        self.block(indent + 1, r.randint(1, 4))
        self.loops.pop()
        self.pop_scope()
        if kind == "do":
            self.raw(indent, ("} while (%s < %s%s);" % (w, bound, extra)).replace("%", "%%"))
        else:
            self.raw(indent, "}")

    def generate(self, ret_depth=2):
        self.block(1, 10 ** 6)
        self.emit(1, "return %s;", (self.expr(ret_depth),))
        return self.lines


class Program:
    def __init__(self, seed):
        self.seed = seed
        self.r = random.Random(seed)
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
        fg = FuncGen(self, "f", params, helpers, r.randint(6, 16), max_loop_depth=2, max_bound=7)
        self.funcs.append(("f", params, fg.generate(2)))
        self.params = params

    def render(self):
        """Return (plain text, instrumented text) and set target line numbers."""
        plain = ["/* inka-ng differential test, generated by tests/diff/gen.py seed %d */" % self.seed]
        instr = []
        for name, params, lines in self.funcs:
            sig = "int %s(%s) {" % (name, ", ".join("int " + p for p in params))
            plain.append(sig)
            instr.append(sig)
            for ln in lines:
                ind = "  " * ln.indent
                if ln.plain is not None:
                    plain.append(ind + ln.plain)
                    if ln.target is not None:
                        self.targets[ln.target]["line"] = len(plain)
                        self.targets[ln.target]["text"] = ln.plain
                instr.append(ind + ln.instr)
            plain.append("}")
            instr.append("}")
        return "\n".join(plain) + "\n", "\n".join(instr) + "\n"


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
%(program)s
static int ret;
static int run1(void) {  /* 0: trapped, else 1 and ret = f's result */
  ++cur;
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
    harness = HARNESS % {"nt": max(len(p.targets), 1), "k": p.k, "lo": LO, "hi": HI, "program": instr}
    hinc = DRIVER_PRELUDE % {"nt": max(len(p.targets), 1), "program": instr}
    meta = {"seed": seed, "k": p.k, "params": p.params, "targets": p.targets,
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
