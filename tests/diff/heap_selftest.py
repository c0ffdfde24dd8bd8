#!/usr/bin/env python3
"""Checks of the heap differential test's own oracle (heap.py --selftest).

1. Hand-written functions with known answers (the acceptance heap-input
   cases and the corners of the brute force: out-of-bounds reads, NULL
   traps, endless walks over cyclic lists, aliasing writes): the brute force
   must reach exactly the markers said reachable within its domain.
2. Witness replay: for HEAP_SELFTEST_COUNT generated programs, every marker
   the brute force reaches is replayed on the plain program: a driver mallocs
   the witness memory (exact sizes), calls f, and gcov must count the marked
   line (or, for a gcov blind spot, the instrumented copy must run it).  This
   checks that the instrumented function the brute force runs behaves as the
   program inka-ng reads, and the driver/gcov checks of heap.py themselves.
Last line: "N passed, N failed".
"""
import os
import re
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import heap  # noqa: E402
import heap_brute  # noqa: E402
import heap_gen  # noqa: E402
from heap_gen import E, elem, elem_field, field, fmt  # noqa: E402

COUNT = int(os.environ.get("HEAP_SELFTEST_COUNT", "5"))


def hand(sig, body):
    """A Gen holding f(sig) with body(g, expected) emitting the statements;
    expected collects (mark id, reachable within the brute force's domain)."""
    g = heap_gen.Gen(0)
    g.sig = sig
    params = ", ".join("%s%s%s" % (heap_gen.CTYPE[k], "" if heap_gen.CTYPE[k].endswith("*") else " ", n)
                       for n, k in sig)
    g.depth = 0
    g.emit("int f(%s) {" % params)
    g.depth = 1
    g.emit("int r = 0;")
    expected = {}
    body(g, expected)
    g.emit("return r;", mark=True)
    g.depth = 0
    g.emit("}")
    return g, expected


def mark_if(g, expected, cond, reach, consts=()):
    g.consts |= set(consts)
    g.open(fmt("if ({}) {{", cond))
    g.emit("r += 1;", mark=True)
    expected[g.nmark] = reach
    g.close()


L, A, B, S, P, Q, C = E("l"), E("a"), E("b"), E("s"), E("p"), E("q"), E("c")


def val(x):
    return field(x, "node", "val")


def nxt(x):
    return field(x, "node", "next")


def ex_lists(g, x):
    g.emit("struct node *c = l;")
    g.emit("int n = 0;")
    g.loop_open("while (c != NULL) {")
    g.emit("n++;")
    g.emit_e(fmt("c = {};", nxt(C)))
    g.close()
    mark_if(g, x, E("n == 3"), True, (3,))
    mark_if(g, x, E("n == 4"), False, (4,))          # 4 nodes: more than 3 objects
    mark_if(g, x, fmt("l != NULL && {} != NULL && {} > 0 && {} == {} + 1", nxt(L), val(L), val(nxt(L)), val(L)),
            True, (0, 1))


def ex_cycles(g, x):
    # (all memories, acyclic ones, unshared ones)
    mark_if(g, x, fmt("l != NULL && {} == l", nxt(L)), (True, False, False))
    mark_if(g, x, fmt("l != NULL && {} != l && {} != NULL && {} == l", nxt(L), nxt(L), nxt(nxt(L))),
            (True, False, False))
    mark_if(g, x, fmt("l != NULL && {} != NULL && {} == NULL", nxt(L), nxt(nxt(L))), True)
    # an endless walk: nothing after it runs
    g.open(fmt("if (l != NULL && {} == l) {{", nxt(L)))
    g.emit("struct node *c = l;")
    g.loop_open("while (c != NULL) {")
    g.emit_e(fmt("c = {};", nxt(C)))
    g.close()
    g.emit("r += 1;", mark=True)
    x[g.nmark] = False
    g.close()
    # a NULL dereference ends the run: the marker after it never runs
    g.open("if (l == NULL) {")
    g.emit_e(fmt("r += {};", val(L)))
    g.emit("r += 1;", mark=True)
    x[g.nmark] = False
    g.close()


def ex_arrays(g, x):
    g.emit("if (n < 0 || n > 4) return -1;")
    g.emit("int c = 0;")
    g.loop_open("for (int i = 0; i < n; i++) {")
    g.emit_e(fmt("if ({} < 0) c++;", elem(A, E("i"), "int")))
    g.close()
    mark_if(g, x, E("c == 2 && n == 3"), True, (2, 3))
    mark_if(g, x, E("c == 4 && n == 4"), True, (4,))
    mark_if(g, x, fmt("{} == 1", elem(A, E("3"), "int")), True, (1,))    # needs length 4
    g.emit("r += 1;", mark=True)         # before a read past length 4: reached
    x[g.nmark] = True
    mark_if(g, x, fmt("{} == 1", elem(A, E("4"), "int")), False)         # needs length 5


def ex_alias(g, x):
    g.emit("if (n < 1 || n > 4) return -1;")
    g.emit_e(fmt("{} = 1;", elem(A, E("0"), "int")))
    mark_if(g, x, fmt("{} == 2", elem(B, E("0"), "int")), True, (1, 2))
    mark_if(g, x, fmt("a == b && {} != 1", elem(B, E("0"), "int")), False)
    mark_if(g, x, E("a == b && a != NULL"), (True, True, False))
    mark_if(g, x, fmt("a != b && {} == 1", elem(B, E("0"), "int")), True)


def ex_points(g, x):
    px, py, qx, qy = field(P, "point", "x"), field(P, "point", "y"), field(Q, "point", "x"), field(Q, "point", "y")
    mark_if(g, x, fmt("p != q && {} == {} && {} == {} && {} > 1", px, qx, py, qy, px), True, (1,))
    mark_if(g, x, fmt("p == q && {} != {}", px, qx), False)
    g.emit_e(fmt("{} = 7;", px))
    mark_if(g, x, fmt("{} != 7", qx), True, (7,))
    mark_if(g, x, fmt("p == q && {} != 7", qx), False)


def ex_strings(g, x):
    s0, s1, s2 = elem(S, E("0"), "char"), elem(S, E("1"), "char"), elem(S, E("2"), "char")
    g.chars |= {"a", "b"}
    mark_if(g, x, fmt("{} == 'a' && {} == 'b' && {} == '\\0'", s0, s1, s2), True)
    g.emit("int n = 0;")
    g.loop_open(fmt("while ({} != '\\0') {{", elem(S, E("n"), "char")))
    g.emit("n++;")
    g.close()
    mark_if(g, x, E("n == 3"), True, (3,))
    mark_if(g, x, E("n == 4"), False, (4,))          # 5 chars with the '\0'


def ex_trees(g, x):
    T = E("t")
    lf, rt, vl = (lambda y: field(y, "tree", "left")), (lambda y: field(y, "tree", "right")), \
        (lambda y: field(y, "tree", "val"))
    mark_if(g, x, fmt("t != NULL && {} != NULL && {} == {}", lf(T), lf(T), rt(T)), (True, True, False))  # sharing
    mark_if(g, x, fmt("t != NULL && {} == t && {} == t", lf(T), rt(T)), (True, False, False))  # cycles
    mark_if(g, x, fmt("t != NULL && {} != NULL && {} != NULL && {} != {} && {} != t && {} != t",
                      lf(T), rt(T), lf(T), rt(T), lf(T), rt(T)), True)                      # 3 nodes
    # 4 distinct nodes: more than 3 objects
    mark_if(g, x, fmt("t != NULL && {} != NULL && {} != NULL && {} != NULL && {} != {} && {} != t && {} != t "
                      "&& {} != t && {} != {} && {} != {}", lf(T), rt(T), lf(lf(T)), lf(T), rt(T), lf(T), rt(T),
                      lf(lf(T)), lf(lf(T)), lf(T), lf(lf(T)), rt(T)), False)
    g.emit_e(fmt("if (t != NULL && {} != NULL) {} = 5;", lf(T), vl(lf(T))))
    mark_if(g, x, fmt("t != NULL && {} != NULL && {} == 5", rt(T), vl(rt(T))), True, (5,))
    mark_if(g, x, fmt("t != NULL && {} == {} && {} != NULL && {} != 5", lf(T), rt(T), rt(T), vl(rt(T))), False)


def ex_point_arrays(g, x):
    g.emit("if (n < 0 || n > 4) return -1;")
    g.emit("int c = 0;")
    g.loop_open("for (int i = 0; i < n; i++) {")
    g.emit_e(fmt("if ({} < {}) c++;", elem_field(E("ps"), E("i"), "point", "x"),
                 elem_field(E("ps"), E("i"), "point", "y")))
    g.close()
    mark_if(g, x, E("c == 3"), True, (3,))
    g.emit_e(fmt("if (n > 1) {} = 3;", elem_field(E("ps"), E("1"), "point", "x")))
    mark_if(g, x, fmt("p != NULL && {} == 3", field(E("p"), "point", "x")), True, (3,))
    mark_if(g, x, fmt("p == ps && {} == 3", field(E("p"), "point", "x")), (True, True, False))
    mark_if(g, x, fmt("{} == 1", elem_field(E("ps"), E("4"), "point", "y")), False, (1,))   # length 5


HAND = [
    ("trees", [("t", "tree")], ex_trees),
    ("point_arrays", [("ps", "points"), ("p", "point"), ("n", "len")], ex_point_arrays),
    ("lists", [("l", "node")], ex_lists),
    ("cycles", [("l", "node")], ex_cycles),
    ("arrays", [("a", "ints"), ("n", "len")], ex_arrays),
    ("alias", [("a", "ints"), ("b", "ints"), ("n", "len")], ex_alias),
    ("points", [("p", "point"), ("q", "point")], ex_points),
    ("strings", [("s", "chars")], ex_strings),
]


def parse_witness(w):
    """Raw witness words -> (params {index: text}, objects [(type, len)],
    cells [(obj, element, ".field" or "", text)])."""
    params, objs, cells = {}, [], []
    for word in w.split():
        if word.startswith("|"):
            for o in word[1:].split("|"):
                _, rest = o.split(":")
                t, ln = rest.rstrip("]").split("[")
                objs.append((int(t), int(ln)))
            continue
        lhs, rhs = word.split("=")
        if lhs.startswith("p"):
            params[int(lhs[1:])] = rhs
            continue
        m = re.match(r"o(\d+)(?:\[(\d+)\])?(?:\.(\w+))?$", lhs)
        cells.append((int(m.group(1)), int(m.group(2) or 0), "." + m.group(3) if m.group(3) else "", rhs))
    return params, objs, cells


def replay_driver(meta, prog, w):
    """C text of a driver that builds the witness memory with malloc (exact
    sizes) and calls f."""
    params, objs, cells = parse_witness(w)
    ctype = ["struct node", "struct point", "int", "char", "struct tree"]
    out = ['#include "%s"' % prog, "#include <stdlib.h>", "int main(void) {"]
    for o, (t, ln) in enumerate(objs):
        out.append("  %s *o%d = malloc(sizeof(%s) * %d);" % (ctype[t], o, ctype[t], max(ln, 1)))
    for o, i, f, v in cells:
        out.append("  o%d[%d]%s = %s;" % (o, i, f, v))
    out.append("  f(%s);" % ", ".join(params[j] for j in range(len(meta["params"]))))
    out.append("  return 0;")
    out.append("}")
    return "\n".join(out) + "\n"


def replay(d, meta, res, fails):
    """Replays every reached marker's witness; returns the number of checks."""
    n = 0
    for mk in meta["marks"]:
        cnt, w = res["reached"][mk["id"]]
        if not cnt:
            continue
        n += 1
        qdir = os.path.join(d, "r%d" % mk["id"])
        os.makedirs(qdir, exist_ok=True)
        with open(os.path.join(qdir, "d.c"), "w") as fh:
            fh.write(replay_driver(meta, os.path.join(d, "p.c"), w))
        c, _ = heap.gcov_count(qdir, mk["line"])
        if isinstance(c, str) or c == 0:
            hits = heap.driver_hits(d, qdir)
            if isinstance(hits, str) or mk["id"] not in hits:
                fails.append("%s: the witness of marker m%d (line %d) does not reach it when replayed "
                             "(gcov: %s, instrumented: %s): %s" % (d, mk["id"], mk["line"], c, hits, w))
    return n


def main():
    tmp = tempfile.mkdtemp(prefix="inka-heapself.")
    passed, fails = 0, []
    try:
        for name, sig, body in HAND:
            g, expected = hand(sig, body)
            plain, instr, lines = g.render()
            meta = {"function": "f", "params": [{"name": n, "kind": k} for n, k in sig],
                    "consts": sorted(g.consts), "chars": sorted(g.chars), "nmark": g.nmark,
                    "marks": [{"id": m, "line": lines[m]} for m in sorted(lines)]}
            d = os.path.join(tmp, name)
            os.makedirs(d)
            with open(os.path.join(d, "p.c"), "w") as fh:
                fh.write(plain)
            res = heap_brute.run(d, meta, instr)
            if name not in ("alias", "point_arrays") and res["cfg"] != heap_brute.domains(meta)[0]:
                fails.append("%s: the brute force shrank its domain to %s" % (name, heap_brute.describe_cfg(res["cfg"])))
            for m, want in sorted(expected.items()):
                want = want if isinstance(want, tuple) else (want, want, want)
                for cls, w in zip(heap_brute.CLASSES, want):
                    got = res[cls][m][0] > 0
                    if got != w:
                        fails.append("%s: marker m%d (line %d): brute force (%s memories) %s, expected %s\n%s" % (
                            name, m, lines[m], cls, "reaches it" if got else "does not reach it",
                            "reachable" if w else "unreachable", plain))
                    else:
                        passed += 1
            k0 = len(fails)
            replay(d, meta, res, fails)
            passed += 1 if len(fails) == k0 else 0
        for seed in range(1, COUNT + 1):
            plain, instr, meta = heap_gen.generate(seed)
            d = os.path.join(tmp, "s%d" % seed)
            os.makedirs(d)
            with open(os.path.join(d, "p.c"), "w") as fh:
                fh.write(plain)
            res = heap_brute.run(d, meta, instr)
            k0 = len(fails)
            n = replay(d, meta, res, fails)
            passed += n - (len(fails) - k0)
        for f in fails:
            print("FAIL " + f)
        print("%d passed, %d failed" % (passed, len(fails)))
        return 1 if fails else 0
    finally:
        if os.environ.get("HEAP_KEEP", "") not in ("", "0"):
            print("kept %s" % tmp, file=sys.stderr)
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
