#!/usr/bin/env python3
"""Differential test of trip counts linked through lists
(translate/list_length.c, translate/trip_count.c): random programs that
build a list from the input n (pushing in front, or appending through a
tail pointer) and then walk it, asked for iteration K of the walk with the
model alone (--no-concrete).  Random mutations break the shapes the
analysis relies on, or keep them: a break in the builder, a continue, a
cell that points to itself, a second push in one iteration, the tail moved
before the link, the head set from a copy of the new cell, a pointer store between the builder and the walk, a walk
that skips a cell or starts at the tail.  The truth comes from gcc: the
program runs for every n of [-1, 12] with a counter on the walk's line
(stopped once it reaches K, so cycles end).  REACHABLE must validate,
UNREACHABLE must be true; UNKNOWN is counted, never a failure.

Typed programs (about half, by seed: see typed) give n, the counters i
and m, and the sum s random integer types (8 to 64 bits, signed and
unsigned, size_t); a negative n of a signed type keeps m signed and the
walk's comparison signed, so the builder still ends.

usage: lists.py [COUNT] [SEED]  (env INKA, LISTS_TIMEOUT, LISTS_JOBS);
prints "N passed, N failed" last.
"""
import concurrent.futures, os, random, subprocess, sys, tempfile

from answers import Tally, ask_reach
import inttypes as it

INKA = os.environ.get("INKA", "./inka-ng")
TIMEOUT = os.environ.get("LISTS_TIMEOUT", "10")
LO, HI = -1, 12


def program(rng):
    """(C text with the walk line marked /* T */, K)"""
    cap = rng.randint(2, 9)
    append = rng.random() < 0.5
    muts = {m for m in ("break", "continue", "selfcycle", "twopush", "tailfirst", "copy", "between", "skip", "fromtail",
                                  "guard")
            if rng.random() < 0.15}
    b = ["#include <stdlib.h>", "struct cell { int key; struct cell *next; };", "int f(int n) {",
         "  struct cell *head = NULL, *tail = NULL;", "  int i;"]
    if "guard" in muts:
        b.append(f"  if (n > {cap}) return -1;")
        b.append("  int m = n;")
    else:
        b.append(f"  int m = n < {cap} ? n : {cap};")
    b.append("  for (i = 0; i < m; i++) {")
    if "continue" in muts:
        b.append(f"    if (i == {rng.randint(0, cap)}) continue;")
    b += ["    struct cell *c = malloc(sizeof *c);", "    c->key = i;"]
    if append:
        b.append("    c->next = NULL;")
        if "tailfirst" in muts:
            b += ["    if (!head) head = c;", "    tail = c;", "    tail->next = c;"]
        elif "copy" in muts:
            b += ["    if (!head) head = tail = c;", "    else {", "      tail->next = c;", "      tail = c;", "    }"]
        else:
            b += ["    if (tail) tail->next = c; else head = c;", "    tail = c;"]
    else:
        b += ["    c->next = head;", "    head = c;", "    if (!tail) tail = c;"]
    if "selfcycle" in muts:
        b.append(f"    if (i == {rng.randint(0, cap)}) c->next = c;")
    if "twopush" in muts:
        b += [f"    if (i == {rng.randint(0, cap)}) {{", "      struct cell *d = malloc(sizeof *d);", "      d->key = 7;",
              "      d->next = head;", "      head = d;", "    }"]
    if "break" in muts:
        b.append(f"    if (i == {rng.randint(0, cap)}) break;")
    b.append("  }")
    if "between" in muts:
        b.append(f"  if (n == {rng.randint(0, cap)} && head) head->next = head;")
    start = "tail" if "fromtail" in muts else "head"
    b += ["  int s = 0;", f"  struct cell *p = {start};", "  while (p) {", "    s += p->key; /* T */", "    p = p->next;"]
    if "skip" in muts:
        b.append(f"    if (p && p->key == {rng.randint(0, cap)}) p = p->next;")
    b += ["  }", "  return s;", "}", ""]
    return "\n".join(b), rng.randint(1, cap + 3)


def typed(seed, text):
    """The text with random integer types for n, i, m and s, for half of
    the seeds (a draw of its own: the untyped programs stay those of before)."""
    rng = random.Random(f"{seed}:typed")
    if rng.random() >= 0.5:
        return text
    tn, ts = it.pick(rng), it.pick(rng)
    while True:
        tm, ti = it.pick(rng), it.pick(rng)
        if not tn.signed or (tm.signed and it.common(ti, tm).signed):
            break
    text = text.replace("int f(int n) {", f"int f({tn.name} n) {{").replace("  int i;", f"  {ti.name} i;")
    text = text.replace("  int m = n", f"  {tm.name} m = n").replace("  int s = 0;", f"  {ts.name} s = 0;")
    return it.HEADERS + text


def truth(text, k, d):
    bf = text.replace("    s += p->key; /* T */", "    if (++bf_hits >= BF_N) longjmp(bf_jump, 1); s += p->key;")
    drv = ("#include <setjmp.h>\n#include <stdio.h>\nstatic jmp_buf bf_jump;\nstatic long bf_hits;\n"
           f"#define BF_N {k}\n{bf}\nint main(void) {{\n  for (int n = {LO}; n <= {HI}; n++) {{\n"
           "    bf_hits = 0;\n    if (setjmp(bf_jump)) { puts(\"hit\"); return 0; }\n    f(n);\n  }\n"
           "  puts(\"none\");\n  return 0;\n}\n")
    with open(os.path.join(d, "bf.c"), "w") as f:
        f.write(drv)
    r = subprocess.run(f"gcc -O1 -fwrapv -w -o {d}/bf {d}/bf.c && {d}/bf", shell=True, capture_output=True, text=True,
                       timeout=60)
    return "reachable" if r.stdout.startswith("hit") else "unreachable"


def one(seed):
    rng = random.Random(seed)
    text, k = program(rng)
    text = typed(seed, text)
    with tempfile.TemporaryDirectory() as d:
        want = truth(text, k, d)
        src = os.path.join(d, "p.c")
        with open(src, "w") as f:
            f.write(text)
        line = next(no for no, t in enumerate(text.splitlines(), 1) if "/* T */" in t)
        got, _ = ask_reach(INKA, src, line, TIMEOUT, ("--iter", str(k), "--no-concrete"))
    return want, got, f"seed {seed}, --iter {k}", text


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    tally = Tally()
    with concurrent.futures.ThreadPoolExecutor(int(os.environ.get("LISTS_JOBS", "2"))) as ex:
        for want, got, what, text in ex.map(one, range(seed * 100000, seed * 100000 + count)):
            tally.add(want, got, what, text)
    tally.print_counts()
    return tally.finish()


if __name__ == "__main__":
    sys.exit(main())
