#!/usr/bin/env python3
"""Seeded generator of small random functions over pointer inputs (issue 11).

Each program is one function `int f(...)` whose parameters are pointers to
input memory, drawn from a few signatures: lists `struct node *l` (struct node
{ int val; struct node *next; }), arrays with a length `int *a, int n` (n
bounded by an early `if (n < 0 || n > 4) return -1;`), strings `const char
*s`, structs `struct point *p, struct point *q`, and mixes of them, sometimes
with a plain `int k`.  The body is a sequence of snippets: NULL checks, field
and element comparisons with small constants, pointer equality (aliasing),
writes through one pointer read back through another, bounded list walks
(with a counter), unbounded walks `while (c != NULL) c = c->next;`, string
walks, searches with break, early returns.  Every candidate target is a
statement that cannot trap (`r += K;`, `return K;`) with a marker comment
`/*@ mN */` on its line.

Two renderings of the same statements come out:
  plain: the program given to inka-ng (p.c), one statement per line;
  instr: the same function with HIT(N) before each marked statement, STEP()
         at the top of each loop body (a step limit: cyclic lists make
         unbounded walks run forever), and every memory access `p->f`,
         `a[i]`, `*t` going through ck(p, i, size), which ends the run when p
         is NULL (a trap, as the tool's path ends) or when the access is not
         inside one input object (out of bounds, see heap.py for what the
         brute force makes of it).
The instr rendering is used by the brute-force harness (heap_harness.py) and
by hi.c, which a copy of an emitted driver includes instead of p.c to see
which marked statements the driver runs when gcov cannot tell.

Usage: heap_gen.py SEED OUTDIR   writes OUTDIR/p.c and OUTDIR/meta.json
"""
import json
import os
import random
import sys


class E:
    """An expression in both renderings (plain, instr)."""
    __slots__ = ("p", "i")

    def __init__(self, p, i=None):
        self.p, self.i = p, (p if i is None else i)

    def __str__(self):
        return self.p


def fmt(template, *subs):
    """template with {} holes filled by E or str, in both renderings."""
    ps = [s.p if isinstance(s, E) else str(s) for s in subs]
    is_ = [s.i if isinstance(s, E) else str(s) for s in subs]
    return E(template.format(*ps), template.format(*is_))


STRUCT_OF = {"node": "struct node", "point": "struct point", "tree": "struct tree"}


def field(ptr, struct, name):
    """ptr->name, checked in the instr rendering."""
    return E("%s->%s" % (ptr.p, name),
             "((%s *)ck(%s, 0, sizeof(%s)))->%s" % (STRUCT_OF[struct], ptr.i, STRUCT_OF[struct], name))


def elem(arr, idx, ctype):
    """arr[idx] of element type ctype ("int" or "char"), checked in instr."""
    return E("%s[%s]" % (arr.p, idx.p),
             "(*(%s *)ck(%s, %s, sizeof(%s)))" % (ctype, arr.i, idx.i, ctype))


def elem_field(arr, idx, struct, name):
    """arr[idx].name of an array of structs, checked in instr."""
    return E("%s[%s].%s" % (arr.p, idx.p, name),
             "((%s *)ck(%s, %s, sizeof(%s)))->%s" % (STRUCT_OF[struct], arr.i, idx.i, STRUCT_OF[struct], name))


def deref(ptr, ctype):
    return E("*%s" % ptr.p, "(*(%s *)ck(%s, 0, sizeof(%s)))" % (ctype, ptr.i, ctype))


# Parameter kinds: "node" (struct node *), "point" (struct point *),
# "ints" (int *, with the length parameter n), "chars" (const char *),
# "int" (a plain int), "len" (the n of an int array).
SIGNATURES = [
    [("l", "node")],
    [("l", "node"), ("k", "int")],
    [("l", "node"), ("m", "node")],
    [("a", "ints"), ("n", "len")],
    [("a", "ints"), ("b", "ints"), ("n", "len")],
    [("s", "chars")],
    [("s", "chars"), ("t", "chars")],
    [("s", "chars"), ("k", "int")],
    [("p", "point"), ("q", "point")],
    [("p", "point")],
    [("l", "node"), ("a", "ints"), ("n", "len")],
    [("p", "point"), ("a", "ints"), ("n", "len")],
    [("l", "node"), ("p", "point")],
    [("l", "node"), ("s", "chars")],
    [("t", "tree")],
    [("t", "tree"), ("k", "int")],
    [("t", "tree"), ("u", "tree")],
    [("ps", "points"), ("n", "len")],
    [("ps", "points"), ("p", "point"), ("n", "len")],
    [("l", "node"), ("m", "node"), ("k", "int")],
]

CTYPE = {"node": "struct node *", "point": "struct point *", "points": "struct point *", "ints": "int *",
         "chars": "const char *", "tree": "struct tree *", "int": "int", "len": "int"}

OPS = ["==", "!=", "<", ">", "<=", ">="]


# Helper functions f may call: name -> (plain lines, instr lines).  They take
# pointers to input memory (walks in the callee, a pointer returned into the
# input memory, a write through a parameter).
HELPERS = {
    "len_of": (["static int len_of(struct node *c) {",
                "  int n = 0;",
                "  while (c != NULL) {",
                "    n++;",
                "    c = c->next;",
                "  }",
                "  return n;",
                "}"],
               ["static int len_of(struct node *c) {",
                "  int n = 0;",
                "  while (c != NULL) {",
                "    STEP();",
                "    n++;",
                "    c = ((struct node *)ck(c, 0, sizeof(struct node)))->next;",
                "  }",
                "  return n;",
                "}"]),
    "find": (["static struct node *find(struct node *c, int v) {",
              "  while (c != NULL && c->val != v)",
              "    c = c->next;",
              "  return c;",
              "}"],
             ["static struct node *find(struct node *c, int v) {",
              "  while (c != NULL && ((struct node *)ck(c, 0, sizeof(struct node)))->val != v) {",
              "    STEP();",
              "    c = ((struct node *)ck(c, 0, sizeof(struct node)))->next;",
              "  }",
              "  return c;",
              "}"]),
    "sum_to": (["static int sum_to(const int *a, int n) {",
                "  int s = 0;",
                "  for (int i = 0; i < n; i++)",
                "    s += a[i];",
                "  return s;",
                "}"],
               ["static int sum_to(const int *a, int n) {",
                "  int s = 0;",
                "  for (int i = 0; i < n; i++) {",
                "    STEP();",
                "    s += *(const int *)ck(a, i, sizeof(int));",
                "  }",
                "  return s;",
                "}"]),
    "slen": (["static int slen(const char *s) {",
              "  int n = 0;",
              "  while (s[n] != '\\0')",
              "    n++;",
              "  return n;",
              "}"],
             ["static int slen(const char *s) {",
              "  int n = 0;",
              "  while (*(const char *)ck(s, n, 1) != '\\0') {",
              "    STEP();",
              "    n++;",
              "  }",
              "  return n;",
              "}"]),
    "set_x": (["static void set_x(struct point *p, int v) {",
               "  if (p != NULL)",
               "    p->x = v;",
               "}"],
              ["static void set_x(struct point *p, int v) {",
               "  if (p != NULL)",
               "    ((struct point *)ck(p, 0, sizeof(struct point)))->x = v;",
               "}"]),
}


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed * 1000003 + 11)
        self.sig = self.r.choice(SIGNATURES)
        self.lines = []          # (indent, plain or None, instr, mark or None)
        self.depth = 1
        self.nmark = 0
        self.nvar = 0
        self.consts = set()      # int constants of the program
        self.chars = set()       # char constants
        self.marks = []          # {"id", "text"}
        self.helpers = []        # names of HELPERS used, in order

    # ---- output -------------------------------------------------------------
    def emit(self, plain, instr=None, mark=False):
        m = None
        if mark:
            self.nmark += 1
            m = self.nmark
        self.lines.append((self.depth, plain, plain if instr is None else instr, m))

    def emit_e(self, e, mark=False):
        self.emit(e.p, e.i, mark)

    def instr_only(self, text):
        self.lines.append((self.depth, None, text, None))

    def open(self, head):
        """head is an E or str ending in '{'."""
        if isinstance(head, E):
            self.emit(head.p, head.i)
        else:
            self.emit(head)
        self.depth += 1

    def close(self):
        self.depth -= 1
        self.emit("}")

    def loop_open(self, head):
        self.open(head)
        self.instr_only("STEP();")

    def fresh(self, prefix):
        self.nvar += 1
        return "%s%d" % (prefix, self.nvar)

    # ---- choices ------------------------------------------------------------
    def const(self):
        x = self.r.random()
        c = self.r.randint(-1, 3) if x < 0.8 else self.r.choice([-3, 4, 5, 7, 10])
        self.consts.add(c)
        return c

    def char(self):
        c = self.r.choice("aabbc")
        self.chars.add(c)
        return "'%s'" % c

    def op(self):
        return self.r.choice(OPS)

    def params(self, kind):
        return [n for n, k in self.sig if k == kind]

    def mark_stmt(self):
        """A marked statement that cannot trap: r += K (the result) or an
        early return."""
        if self.r.random() < 0.25:
            self.emit("return %d;" % self.r.randint(1, 9), mark=True)
        else:
            self.emit("r += %d;" % self.r.randint(1, 3), mark=True)

    def then_mark(self, cond):
        """if (cond) { marked statement }"""
        self.open(fmt("if ({}) {{", cond))
        self.mark_stmt()
        self.close()

    def helper(self, name):
        if name not in self.helpers:
            self.helpers.append(name)
        return name

    def call_snippet(self, name, kind):
        """Snippets that pass input pointers to helpers, copy or assign a
        struct, walk an array with a pointer, write through a pointer to an
        input cell, or pick a pointer by a condition."""
        P = E(name)
        if kind == "node":
            others = [m for m in self.params("node") if m != name]
            x = self.r.randrange(5)
            if x == 3:
                # a pointer to a cell of the input, written through
                K, pv = self.const(), self.fresh("pv")
                self.open("if (%s != NULL) {" % name)
                self.emit_e(fmt("int *{} = &{};", pv, field(P, "node", "val")))
                self.emit("*%s = %d;" % (pv, K))
                self.close()
                m = E(self.r.choice(others + [name]))
                self.then_mark(fmt("{} != NULL && {} {} {}", m, field(m, "node", "val"),
                                   self.r.choice(["==", "!="]), K))
            elif x == 4:
                # a pointer chosen by a condition
                c = self.fresh("sel")
                C = E(c)
                cond = ("%s > 0" % self.params("int")[0]) if self.params("int") else \
                    fmt("{} != NULL && {} > 0", P, field(P, "node", "val"))
                other = self.r.choice(others + ["NULL"] + ([field(P, "node", "next")] if not others else []))
                self.emit_e(fmt("struct node *{} = {} ? {} : {};", c, cond, P, other))
                self.then_mark(fmt("{} != NULL && {} {} {}", C, field(C, "node", "val"), self.op(), self.const()))
            elif x == 0:
                self.then_mark(E("%s(%s) == %d" % (self.helper("len_of"), name, self.r.randint(0, 3))))
            elif x == 1 or not others:
                h = self.fresh("h")
                H = E(h)
                self.emit("struct node *%s = %s(%s, %d);" % (h, self.helper("find"), name, self.const()))
                self.then_mark(fmt("{} != NULL && {} {} NULL", H, field(H, "node", "next"),
                                   self.r.choice(["==", "!="])))
            else:
                self.then_mark(E("%s(%s, %d) == %s" % (self.helper("find"), name, self.const(), others[0])))
        elif kind == "ints":
            n = self.params("len")[0]
            b = E(self.r.choice(self.params("ints")))
            x = self.r.randrange(5)
            if x == 3:
                # a copy loop: a and b may be the same array
                i = self.fresh("i")
                self.loop_open("for (int %s = 0; %s < %s; %s++) {" % (i, i, n, i))
                self.emit_e(fmt("{} = {} + 1;", elem(b, E(i), "int"), elem(P, E(i), "int")))
                self.close()
                self.then_mark(fmt("{} > 1 && {} {} {}", n, elem(P, E("1"), "int"), self.op(), self.const()))
            elif x == 4:
                # a pointer into the array, written through
                K, q = self.const(), self.fresh("q")
                self.open("if (%s > 1) {" % n)
                self.emit("int *%s = &%s[1];" % (q, name), "int *%s = (int *)ck(%s, 1, sizeof(int));" % (q, name))
                self.emit_e(fmt("{} = {};", deref(E(q), "int"), K))
                self.close()
                self.then_mark(fmt("{} > 1 && {} {} {}", n, elem(b, E("1"), "int"), self.r.choice(["==", "!="]), K))
            elif x == 0:
                self.then_mark(E("%s(%s, %s) == %d" % (self.helper("sum_to"), name, n, self.const())))
            elif x == 1:
                self.then_mark(E("%s > 1 && %s(%s + 1, %s - 1) %s %d" % (n, self.helper("sum_to"), name, n,
                                                                         self.op(), self.const())))
            else:
                s, e = self.fresh("sum"), self.fresh("e")
                self.emit("int %s = 0;" % s)
                self.open("if (%s != NULL) {" % name)
                self.loop_open("for (const int *%s = %s; %s < %s + %s; %s++) {" % (e, name, e, name, n, e))
                self.emit_e(fmt("{} += {};", s, deref(E(e), "int")))
                self.close()
                self.close()
                self.then_mark(E("%s %s %d" % (s, self.op(), self.const())))
        elif kind == "chars":
            if self.r.random() < 0.5:
                self.then_mark(E("%s(%s) == %d" % (self.helper("slen"), name, self.r.randint(0, 3))))
            else:
                self.then_mark(fmt("{} != '\\0' && {}({} + 1) == {}", elem(P, E("0"), "char"), self.helper("slen"),
                                   name, self.r.randint(0, 2)))
        elif kind in ("point", "points"):
            q = E(self.r.choice(self.params("point") + self.params("points")))
            x = self.r.random()
            if x < 0.2:
                # struct assignment between inputs
                self.emit("*%s = *%s;" % (name, q.p), "*(struct point *)ck(%s, 0, sizeof(struct point)) = "
                          "*(struct point *)ck(%s, 0, sizeof(struct point));" % (name, q.i))
                self.then_mark(fmt("{} {} {}", field(P, "point", self.r.choice("xy")), self.op(),
                                   field(q, "point", self.r.choice("xy"))))
            elif x < 0.4:
                # a pointer to a field, written through
                K, py = self.const(), self.fresh("py")
                self.emit_e(fmt("int *{} = &{};", py, field(P, "point", "y")))
                self.emit("*%s = %d;" % (py, K))
                self.then_mark(fmt("{} {} {}", field(q, "point", "y"), self.r.choice(["==", "!="]), K))
            elif x < 0.7:
                K = self.const()
                self.emit("%s(%s, %d);" % (self.helper("set_x"), q.p, K))
                self.then_mark(fmt("{} != NULL && {} {} {}", P, field(P, "point", "x"), self.r.choice(["==", "!="]), K))
            else:
                t = self.fresh("cp")
                self.emit("struct point %s = *%s;" % (t, name),
                          "struct point %s = *(struct point *)ck(%s, 0, sizeof(struct point));" % (t, name))
                self.emit_e(fmt("{} = {};", field(q, "point", "x"), self.const()))
                self.then_mark(fmt("{}.x {} {}", t, self.r.choice(["==", "!="]), field(P, "point", "x")))
        else:
            return False
        return True

    # ---- snippets over lists --------------------------------------------------
    def list_snippet(self, l):
        L = E(l)
        others = [m for m in self.params("node") if m != l]
        x = self.r.randrange(17)
        if x >= 12:
            return self.list_change(l, L, others)
        if x == 0:
            self.open("if (%s == NULL) {" % l)
            self.emit("return %d;" % self.r.randint(10, 19), mark=True)
            self.close()
        elif x == 1:
            self.then_mark(fmt("{} != NULL && {} {} {}", L, field(L, "node", "val"), self.op(), self.const()))
        elif x == 2:
            nx = field(L, "node", "next")
            self.then_mark(fmt("{} != NULL && {} != NULL && {} {} {}", L, nx, field(nx, "node", "val"),
                               self.op(), field(L, "node", "val")))
        elif x == 3:
            nx = field(L, "node", "next")
            if self.r.random() < 0.5:
                self.then_mark(fmt("{} != NULL && {} == {}", L, nx, L))
            else:
                self.then_mark(fmt("{} != NULL && {} != NULL && {} == {}", L, nx, field(nx, "node", "next"), L))
        elif x in (4, 5):
            # bounded walk with a counter
            c, k = self.fresh("c"), self.fresh("i")
            bound = self.r.randint(1, 4)
            self.emit("struct node *%s = %s;" % (c, l))
            self.emit("int %s = 0;" % k)
            C = E(c)
            self.loop_open("while (%s != NULL && %s < %d) {" % (c, k, bound))
            cond = fmt("{} {} {}", field(C, "node", "val"), self.op(), self.const())
            if self.r.random() < 0.3:
                self.open(fmt("if ({}) {{", cond))
                self.emit("r += 1;", mark=True)
                self.emit("break;")
                self.close()
            else:
                self.then_mark(cond)
            self.emit_e(fmt("{} = {};", C, field(C, "node", "next")))
            self.emit("%s++;" % k)
            self.close()
            self.then_mark(E("%s == %d" % (k, self.r.randint(0, bound))))
            if self.r.random() < 0.5:
                self.then_mark(E("%s == NULL" % c))
        elif x in (6, 7):
            # unbounded walk: the length
            c, n = self.fresh("c"), self.fresh("len")
            self.emit("struct node *%s = %s;" % (c, l))
            self.emit("int %s = 0;" % n)
            C = E(c)
            self.loop_open("while (%s != NULL) {" % c)
            self.emit("%s++;" % n)
            self.emit_e(fmt("{} = {};", C, field(C, "node", "next")))
            self.close()
            self.then_mark(E("%s == %d" % (n, self.r.randint(0, 4))))
        elif x == 8:
            # search with break
            c = self.fresh("c")
            C = E(c)
            self.emit("struct node *%s = %s;" % (c, l))
            self.loop_open("while (%s != NULL) {" % c)
            self.emit_e(fmt("if ({} == {}) break;", field(C, "node", "val"), self.const()))
            self.emit_e(fmt("{} = {};", C, field(C, "node", "next")))
            self.close()
            self.then_mark(E("%s != NULL" % c))
        elif x == 9 and others:
            m = E(self.r.choice(others))
            y = self.r.randrange(3)
            if y == 0:
                self.then_mark(fmt("{} == {}", L, m))
            elif y == 1:
                self.then_mark(fmt("{} != NULL && {} == {}", L, field(L, "node", "next"), m))
            else:
                self.then_mark(fmt("{} != NULL && {} != NULL && {} {} {} + {}", L, m, field(L, "node", "val"),
                                   self.op(), field(m, "node", "val"), self.const()))
        elif x in (9, 10):
            # a write, then a read through the same or another pointer
            K = self.const()
            self.open("if (%s != NULL) {" % l)
            if self.r.random() < 0.6:
                self.emit_e(fmt("{} = {};", field(L, "node", "val"), K))
            else:
                nx = field(L, "node", "next")
                self.open(fmt("if ({} != NULL) {{", nx))
                self.emit_e(fmt("{} = {} + 1;", field(nx, "node", "val"), field(L, "node", "val")))
                self.close()
            self.close()
            m = E(self.r.choice(others + [l]))
            nm = field(m, "node", "next")
            if self.r.random() < 0.5:
                self.then_mark(fmt("{} != NULL && {} {} {}", m, field(m, "node", "val"), self.op(), K))
            else:
                self.then_mark(fmt("{} != NULL && {} != NULL && {} == {}", m, nm, field(nm, "node", "val"),
                                   self.const()))
        else:
            # unguarded read: traps on NULL
            y = self.r.random()
            if y < 0.3 and self.params("int"):
                self.emit_e(fmt("r += {} - {};", field(L, "node", "val"), self.params("int")[0]))
            elif y < 0.5:
                self.open(fmt("if ({} == NULL) {{", field(L, "node", "next")))
                self.emit("r += 1;", mark=True)
                self.close()
                return
            else:
                self.emit_e(fmt("r += {};", field(L, "node", "val")))
            self.then_mark(E("r %s %d" % (self.op(), self.const())))

    def list_change(self, l, L, others):
        """Snippets that change the list: links, a reversal, a walk that
        writes, the parameter moved along."""
        x = self.r.randrange(6)
        if x == 0:
            # relink: cut, join, or a self loop
            tgt = self.r.choice(["NULL", l] + others)
            self.open("if (%s != NULL) {" % l)
            self.emit_e(fmt("{} = {};", field(L, "node", "next"), tgt))
            self.close()
        elif x == 1:
            nx = field(L, "node", "next")
            self.open(fmt("if ({} != NULL && {} != NULL) {{", L, nx))
            self.emit_e(fmt("{} = {};", field(nx, "node", "next"), self.r.choice(["NULL", l] + others)))
            self.close()
        elif x == 2:
            # in-place reversal (ends on a cyclic list too: it comes back to the head)
            prev, c, nx = self.fresh("prev"), self.fresh("c"), self.fresh("nx")
            C = E(c)
            self.emit("struct node *%s = NULL;" % prev)
            self.emit("struct node *%s = %s;" % (c, l))
            self.loop_open("while (%s != NULL) {" % c)
            self.emit_e(fmt("struct node *{} = {};", nx, field(C, "node", "next")))
            self.emit_e(fmt("{} = {};", field(C, "node", "next"), prev))
            self.emit("%s = %s;" % (prev, c))
            self.emit("%s = %s;" % (c, nx))
            self.close()
            P = E(prev)
            if self.r.random() < 0.5:
                self.then_mark(fmt("{} != NULL && {} {} {}", P, field(P, "node", "val"), self.op(), self.const()))
            else:
                self.then_mark(fmt("{} == {}", P, L))
            self.emit("%s = %s;" % (l, prev))
        elif x == 3:
            # a walk that writes every value, then a read through another pointer
            c, k = self.fresh("c"), self.fresh("i")
            C = E(c)
            self.emit("struct node *%s = %s;" % (c, l))
            self.emit("int %s = 0;" % k)
            self.loop_open("while (%s != NULL && %s < 3) {" % (c, k))
            self.emit_e(fmt("{} = {} + {};", field(C, "node", "val"), field(C, "node", "val"), self.r.randint(1, 2)))
            self.emit_e(fmt("{} = {};", C, field(C, "node", "next")))
            self.emit("%s++;" % k)
            self.close()
            m = E(self.r.choice(others + [l]))
            self.then_mark(fmt("{} != NULL && {} {} {}", m, field(m, "node", "val"), self.op(), self.const()))
        elif x == 4:
            # the parameter moves along its list
            self.emit_e(fmt("if ({} != NULL && {} {} {}) {} = {};", L, field(L, "node", "val"), self.op(),
                            self.const(), L, field(L, "node", "next")))
            self.then_mark(fmt("{} == NULL", L))
        else:
            if self.params("int"):
                k = self.params("int")[0]
                c, n = self.fresh("c"), self.fresh("cnt")
                C = E(c)
                self.emit("int %s = 0;" % n)
                self.emit("struct node *%s = %s;" % (c, l))
                self.loop_open("while (%s != NULL) {" % c)
                self.emit_e(fmt("if ({} {} {}) {}++;", field(C, "node", "val"), self.op(), k, n))
                self.emit_e(fmt("{} = {};", C, field(C, "node", "next")))
                self.close()
                self.then_mark(E("%s == %d" % (n, self.r.randint(1, 3))))
            elif others:
                m = others[0]
                self.emit("if (%s == %s) %s = NULL;" % (l, m, m))
                self.then_mark(fmt("{} != NULL && {} == {}", L, field(L, "node", "next"), m))
            else:
                self.emit("struct node *%s = %s;" % (self.fresh("keep"), l))
                self.then_mark(fmt("{} != NULL && {} != NULL && {} == {}", L, field(L, "node", "next"),
                                   field(field(L, "node", "next"), "node", "val"), field(L, "node", "val")))

    # ---- snippets over trees ------------------------------------------------
    def tree_snippet(self, t):
        T = E(t)
        others = [u for u in self.params("tree") if u != t]
        lf, rt, vl = (lambda x: field(x, "tree", "left")), (lambda x: field(x, "tree", "right")), \
            (lambda x: field(x, "tree", "val"))
        x = self.r.randrange(10)
        if x == 0:
            self.then_mark(fmt("{} != NULL && {} != NULL && {} {} {}", T, lf(T), vl(lf(T)), self.op(), vl(T)))
        elif x == 1:
            y = self.r.randrange(3)
            if y == 0:
                self.then_mark(fmt("{} != NULL && {} == {}", T, lf(T), rt(T)))
            elif y == 1:
                self.then_mark(fmt("{} != NULL && {} != NULL && {} == {}", T, lf(T), lf(T), rt(T)))
            else:
                self.then_mark(fmt("{} != NULL && ({} == {} || {} == {})", T, lf(T), T, rt(T), T))
        elif x in (2, 3):
            # a bounded descent
            c, k = self.fresh("c"), self.fresh("d")
            C = E(c)
            bound = self.r.randint(2, 3)
            self.emit("struct tree *%s = %s;" % (c, t))
            self.emit("int %s = 0;" % k)
            self.loop_open("while (%s != NULL && %s < %d) {" % (c, k, bound))
            self.open(fmt("if ({} {} {}) {{", vl(C), self.op(), self.const()))
            self.emit_e(fmt("{} = {};", C, lf(C)))
            self.close()
            self.open("else {")
            self.emit_e(fmt("{} = {};", C, rt(C)))
            self.close()
            self.emit("%s++;" % k)
            self.close()
            self.then_mark(E("%s == %d" % (k, self.r.randint(1, bound))))
        elif x in (4, 5):
            # a search tree lookup, unbounded
            c = self.fresh("c")
            C = E(c)
            K = self.const()
            self.emit("struct tree *%s = %s;" % (c, t))
            self.loop_open(fmt("while ({} != NULL && {} != {}) {{", C, vl(C), K))
            self.emit_e(fmt("{} = {} < {} ? {} : {};", C, K, vl(C), lf(C), rt(C)))
            self.close()
            self.then_mark(E("%s != NULL" % c))
        elif x == 6:
            n = self.fresh("n")
            self.emit("int %s = 0;" % n)
            self.open("if (%s != NULL) {" % t)
            self.emit("%s++;" % n)
            self.emit_e(fmt("if ({} != NULL) {}++;", lf(T), n))
            self.emit_e(fmt("if ({} != NULL) {}++;", rt(T), n))
            self.close()
            self.then_mark(E("%s == %d" % (n, self.r.randint(0, 3))))
        elif x == 7:
            # leftmost node, unbounded
            c = self.fresh("c")
            C = E(c)
            self.emit("struct tree *%s = %s;" % (c, t))
            self.loop_open(fmt("while ({} != NULL && {} != NULL) {{", C, lf(C)))
            self.emit_e(fmt("{} = {};", C, lf(C)))
            self.close()
            self.then_mark(fmt("{} != NULL && {} {} {}", C, vl(C), self.op(), self.const()))
        elif x == 8 and others:
            u = E(others[0])
            self.then_mark(fmt("{} != NULL && ({} == {} || {} == {})", T, lf(T), u, rt(T), u))
        elif x == 8:
            self.open("if (%s == NULL) {" % t)
            self.emit("return %d;" % self.r.randint(10, 19), mark=True)
            self.close()
        else:
            # a write through one path, a read through another
            K = self.const()
            self.open(fmt("if ({} != NULL && {} != NULL) {{", T, lf(T)))
            self.emit_e(fmt("{} = {};", vl(lf(T)), K))
            self.close()
            u = E(self.r.choice(others + [t]))
            self.then_mark(fmt("{} != NULL && {} != NULL && {} {} {}", u, rt(u), vl(rt(u)),
                               self.r.choice(["==", "!="]), K))

    # ---- snippets over arrays of structs --------------------------------------
    def points_snippet(self, ps):
        PS = E(ps)
        n = self.params("len")[0]
        x = self.r.randrange(5)
        if x in (0, 1):
            c, i = self.fresh("cnt"), self.fresh("i")
            self.emit("int %s = 0;" % c)
            self.loop_open("for (int %s = 0; %s < %s; %s++) {" % (i, i, n, i))
            self.emit_e(fmt("if ({} {} {}) {}++;", elem_field(PS, E(i), "point", "x"), self.op(),
                            elem_field(PS, E(i), "point", "y"), c))
            self.close()
            self.then_mark(E("%s == %d" % (c, self.r.randint(0, 3))))
        elif x == 2:
            self.then_mark(fmt("{} > 1 && {} == {} && {} {} {}", n, elem_field(PS, E("0"), "point", "x"),
                               elem_field(PS, E("1"), "point", "x"), elem_field(PS, E("1"), "point", "y"),
                               self.op(), self.const()))
        elif x == 3:
            K = self.const()
            self.open("if (%s > 0) {" % n)
            self.emit_e(fmt("{} = {};", elem_field(PS, E("%s - 1" % n), "point", "y"), K))
            self.close()
            if self.params("point"):
                p = E(self.params("point")[0])
                self.then_mark(fmt("{} != NULL && {} {} {}", p, field(p, "point", "y"), self.r.choice(["==", "!="]), K))
            else:
                self.then_mark(fmt("{} > 0 && {} != {}", n, elem_field(PS, E("0"), "point", "y"), K))
        else:
            if self.params("point"):
                p = E(self.params("point")[0])
                self.then_mark(fmt("{} {} {}", p, self.r.choice(["==", "!="]), PS))
            else:
                s, i = self.fresh("sum"), self.fresh("i")
                self.emit("int %s = 0;" % s)
                self.loop_open("for (int %s = 0; %s < %s; %s++) {" % (i, i, n, i))
                self.emit_e(fmt("{} += {} - {};", s, elem_field(PS, E(i), "point", "x"),
                                elem_field(PS, E(i), "point", "y")))
                self.close()
                self.then_mark(E("%s %s %d" % (s, self.op(), self.const())))

    # ---- snippets over int arrays ---------------------------------------------
    def array_snippet(self, a):
        A = E(a)
        n = self.params("len")[0]
        others = [b for b in self.params("ints") if b != a]
        x = self.r.randrange(10)
        if x in (0, 1):
            c, i = self.fresh("cnt"), self.fresh("i")
            self.emit("int %s = 0;" % c)
            self.loop_open("for (int %s = 0; %s < %s; %s++) {" % (i, i, n, i))
            self.open(fmt("if ({} {} {}) {{", elem(A, E(i), "int"), self.op(), self.const()))
            self.emit("%s++;" % c, mark=self.r.random() < 0.5)
            self.close()
            self.close()
            self.then_mark(E("%s == %d" % (c, self.r.randint(0, 3))))
        elif x == 2:
            s, i = self.fresh("sum"), self.fresh("i")
            self.emit("int %s = 0;" % s)
            self.loop_open("for (int %s = 0; %s < %s; %s++) {" % (i, i, n, i))
            self.emit_e(fmt("{} += {};", s, elem(A, E(i), "int")))
            self.close()
            self.then_mark(E("%s %s %d" % (s, self.op(), self.const())))
        elif x == 3:
            j = self.r.randint(1, 3)
            self.then_mark(fmt("{} > {} && {} {} {}", n, j, elem(A, E(str(j - 1)), "int"), self.op(),
                               elem(A, E(str(j)), "int")))
        elif x == 4:
            # unguarded index: NULL traps, a short object is out of bounds,
            # and a[n - 1] with n == 0 is before the object
            idx = self.r.choice(["0", "1", "2", "%s - 1" % n])
            self.then_mark(fmt("{} {} {}", elem(A, E(idx), "int"), self.op(), self.const()))
        elif x == 5:
            i = self.fresh("i")
            K = self.const()
            self.emit("int %s = 0;" % i)
            self.loop_open(fmt("while ({} < {} && {} != {}) {{", i, n, elem(A, E(i), "int"), K))
            self.emit("%s++;" % i)
            self.close()
            self.then_mark(E("%s %s %s" % (i, self.r.choice(["<", "=="]), n)))
        elif x == 6:
            K = self.const()
            self.open("if (%s > 0) {" % n)
            self.emit_e(fmt("{} = {};", elem(A, E("0"), "int"), K))
            self.close()
            b = E(self.r.choice(others + [a]))
            self.then_mark(fmt("{} > 0 && {} {} {}", n, elem(b, E("0"), "int"), self.r.choice(["==", "!="]), K))
        elif x == 7 and others:
            b = E(self.r.choice(others))
            self.then_mark(fmt("{} {} {}", A, self.r.choice(["==", "!="]), b))
        elif x == 7:
            self.open("if (%s == NULL) {" % a)
            self.emit("return %d;" % self.r.randint(10, 19), mark=True)
            self.close()
        elif x == 8:
            ok, i = self.fresh("ok"), self.fresh("i")
            self.emit("int %s = 1;" % ok)
            self.loop_open("for (int %s = 1; %s < %s; %s++) {" % (i, i, n, i))
            self.open(fmt("if ({} > {}) {{", elem(A, E("%s - 1" % i), "int"), elem(A, E(i), "int")))
            self.emit("%s = 0;" % ok)
            self.close()
            self.close()
            self.then_mark(E("%s && %s == %d" % (ok, n, self.r.randint(2, 4))))
        else:
            i = self.fresh("i")
            self.loop_open("for (int %s = 0; %s < %s; %s++) {" % (i, i, n, i))
            self.emit_e(fmt("{} = {} + {};", elem(A, E(i), "int"), elem(A, E(i), "int"), self.r.randint(1, 2)))
            self.close()
            b = E(self.r.choice(others + [a]))
            self.then_mark(fmt("{} > 1 && {} {} {}", n, elem(b, E("1"), "int"), self.op(), self.const()))

    # ---- snippets over strings -----------------------------------------------
    def string_snippet(self, s):
        S = E(s)
        others = [t for t in self.params("chars") if t != s]
        x = self.r.randrange(9)
        if x == 0:
            self.open("if (%s == NULL) {" % s)
            self.emit("return %d;" % self.r.randint(10, 19), mark=True)
            self.close()
        elif x == 1:
            self.then_mark(fmt("{} == {}", elem(S, E("0"), "char"), self.char()))
        elif x == 2:
            self.then_mark(fmt("{} == {} && {} == {}", elem(S, E("0"), "char"), self.char(),
                               elem(S, E("1"), "char"), self.r.choice([self.char(), "'\\0'"])))
        elif x == 3:
            y = self.r.randrange(3)
            if y == 0:
                self.then_mark(fmt("{} != '\\0' && {} == '\\0'", elem(S, E("0"), "char"), elem(S, E("1"), "char")))
            elif y == 1:   # chars outside the brute force's alphabet: signed, and above 127
                self.then_mark(fmt("{} < 0", elem(S, E("0"), "char")))
            else:
                self.then_mark(fmt("(unsigned char){} > 200 && {} > 'b'", elem(S, E("0"), "char"),
                                   elem(S, E("1"), "char")))
        elif x in (4, 5):
            n = self.fresh("len")
            self.emit("int %s = 0;" % n)
            self.loop_open(fmt("while ({} != '\\0') {{", elem(S, E(n), "char")))
            self.emit("%s++;" % n)
            self.close()
            self.then_mark(E("%s == %d" % (n, self.r.randint(0, 4))))
        elif x == 6:
            c, i = self.fresh("cnt"), self.fresh("i")
            ch = self.char()
            self.emit("int %s = 0;" % c)
            self.loop_open(fmt("for (int {} = 0; {} != '\\0'; {}++) {{", i, elem(S, E(i), "char"), i))
            self.open(fmt("if ({} == {}) {{", elem(S, E(i), "char"), ch))
            self.emit("%s++;" % c)
            self.close()
            self.close()
            self.then_mark(E("%s %s %d" % (c, self.r.choice(["==", ">="]), self.r.randint(1, 2))))
        elif x == 7:
            # a pointer walk
            t = self.fresh("e")
            T = E(t)
            self.emit("const char *%s = %s;" % (t, s))
            self.loop_open(fmt("while ({} != '\\0') {{", deref(T, "char")))
            self.emit("%s++;" % t)
            self.close()
            if self.r.random() < 0.5:
                self.then_mark(E("%s == %s" % (t, s)))
            else:
                self.then_mark(E("%s - %s == %d" % (t, s, self.r.randint(1, 3))))
        elif others:
            t = E(others[0])
            y = self.r.randrange(3)
            if y == 0:
                self.then_mark(fmt("{} == {}", S, t))
            elif y == 1:
                self.then_mark(fmt("{} != {} && {} == {}", S, t, elem(S, E("0"), "char"), elem(t, E("0"), "char")))
            else:
                i = self.fresh("i")
                self.emit("int %s = 0;" % i)
                self.loop_open(fmt("while ({} != '\\0' && {} == {}) {{", elem(S, E(i), "char"),
                                   elem(S, E(i), "char"), elem(t, E(i), "char")))
                self.emit("%s++;" % i)
                self.close()
                self.then_mark(fmt("{} == {}", elem(S, E(i), "char"), elem(t, E(i), "char")))
        elif self.params("int"):
            k = self.params("int")[0]
            self.then_mark(fmt("{} > {} && {} == {}", k, 0, elem(S, E(k + " - 1"), "char"), self.char()))
        else:
            self.then_mark(fmt("{} != NULL && {} == {}", S, elem(S, E("0"), "char"), self.char()))

    # ---- snippets over points ---------------------------------------------------
    def point_snippet(self, p):
        P = E(p)
        others = [q for q in self.params("point") if q != p]
        q = E(self.r.choice(others)) if others else P
        x = self.r.randrange(8)
        if x == 0:
            self.then_mark(fmt("{} {} {}", P, self.r.choice(["==", "!="]), q))
        elif x == 1:
            self.then_mark(fmt("{} != NULL && {} != NULL && {} == {} && {} {} {}", P, q, field(P, "point", "x"),
                               field(q, "point", "x"), field(P, "point", "y"), self.op(), field(q, "point", "y")))
        elif x in (2, 3):
            K = self.const()
            self.emit_e(fmt("{} = {};", field(P, "point", "x"), K))
            self.then_mark(fmt("{} {} {}", field(q, "point", "x"), self.r.choice(["==", "!="]), K))
        elif x == 4:
            if self.r.random() < 0.3:   # a struct pointer read as an array: the object has 2 elements
                self.then_mark(fmt("{} {} {}", elem_field(P, E("1"), "point", "x"), self.op(),
                                   field(P, "point", "y")))
            else:
                self.then_mark(fmt("{} {} {}", field(P, "point", "x"), self.op(), field(P, "point", "y")))
        elif x == 5:
            self.emit_e(fmt("{} = {} + {};", field(P, "point", "y"), field(q, "point", "x"), self.const()))
            self.then_mark(fmt("{} {} {}", field(q, "point", "y"), self.op(), field(P, "point", "x")))
        elif x == 6:
            t = self.fresh("t")
            self.emit_e(fmt("int {} = {};", t, field(P, "point", "x")))
            self.emit_e(fmt("{} = {};", field(P, "point", "x"), field(q, "point", "y")))
            self.emit_e(fmt("{} = {};", field(q, "point", "y"), t))
            self.then_mark(fmt("{} == {} && {} {} {}", field(P, "point", "x"), t, P, self.r.choice(["==", "!="]), q))
        else:
            self.open("if (%s == NULL) {" % p)
            self.emit("return %d;" % self.r.randint(10, 19), mark=True)
            self.close()

    # ---- the function --------------------------------------------------------------
    def generate(self):
        params = ", ".join("%s%s%s" % (CTYPE[k], "" if CTYPE[k].endswith("*") else " ", n) for n, k in self.sig)
        self.depth = 0
        self.emit("int f(%s) {" % params)
        self.depth = 1
        self.emit("int r = 0;")
        if self.params("len"):
            n = self.params("len")[0]
            self.emit("if (%s < 0 || %s > 4) return -1;" % (n, n))
        kinds = {"node": self.list_snippet, "ints": self.array_snippet, "chars": self.string_snippet,
                 "point": self.point_snippet, "tree": self.tree_snippet, "points": self.points_snippet}
        ptrs = [(n, k) for n, k in self.sig if k in kinds]
        for _ in range(self.r.randint(3, 6)):
            n, k = self.r.choice(ptrs)
            if not (self.r.random() < 0.2 and self.call_snippet(n, k)):
                kinds[k](n)
        self.emit("return r;", mark=True)
        self.depth = 0
        self.emit("}")

    def render(self):
        """(plain text, instr text, {mark id: line number in plain})"""
        head = ["/* heap differential test program (tests/diff/heap_gen.py) */",
                "#include <stddef.h>",
                "struct node { int val; struct node *next; };",
                "struct point { int x, y; };",
                "struct tree { int val; struct tree *left, *right; };"]
        plain, instr, lines = list(head), [], {}
        for h in self.helpers:
            plain += HELPERS[h][0]
            instr += HELPERS[h][1]
        for depth, p, i, m in self.lines:
            ind = "  " * depth
            if p is not None:
                plain.append(ind + p + (" /*@ m%d */" % m if m else ""))
                if m:
                    lines[m] = len(plain)
            instr.append(ind + ("HIT(%d); " % m if m else "") + i)
        return "\n".join(plain) + "\n", "\n".join(instr) + "\n", lines


def precondition(seed, sig):
    """A --pre expression over the parameters (the tool takes no
    dereference there): pointers NULL or not, equal or not, bounds on ints.
    Its own random numbers: the program does not depend on it."""
    r = random.Random(seed * 7919 + 5)
    ptrs = [(n, k) for n, k in sig if CTYPE[k].endswith("*")]
    cands = ["%s != 0" % n for n, _ in ptrs] + ["%s == 0" % n for n, _ in ptrs]
    cands += ["%s %s %s" % (a, op, b) for i, (a, ka) in enumerate(ptrs) for b, kb in ptrs[i + 1:]
              if STRUCT_OF.get(ka, ka) == STRUCT_OF.get(kb, kb) or {ka, kb} == {"point", "points"}
              for op in ("==", "!=")]
    cands += ["%s %s %d" % (n, r.choice(["==", ">=", "<="]), r.randint(0, 3)) for n, k in sig if k == "len"]
    cands += ["%s %s %d" % (n, r.choice(["==", ">", "<"]), r.randint(-1, 2)) for n, k in sig if k == "int"]
    return " && ".join(r.sample(cands, min(len(cands), r.randint(1, 2))))


def generate(seed):
    g = Gen(seed)
    g.generate()
    plain, instr, lines = g.render()
    meta = {"seed": seed, "function": "f", "params": [{"name": n, "kind": k} for n, k in g.sig],
            "consts": sorted(g.consts), "chars": sorted(g.chars), "nmark": g.nmark,
            "marks": [{"id": m, "line": lines[m]} for m in sorted(lines)],
            "pre": precondition(seed, g.sig)}
    return plain, instr, meta


def main():
    seed, out = int(sys.argv[1]), sys.argv[2]
    os.makedirs(out, exist_ok=True)
    plain, instr, meta = generate(seed)
    with open(os.path.join(out, "p.c"), "w") as fh:
        fh.write(plain)
    with open(os.path.join(out, "meta.json"), "w") as fh:
        json.dump(meta, fh, indent=1)
    print(plain, end="")


if __name__ == "__main__":
    main()
