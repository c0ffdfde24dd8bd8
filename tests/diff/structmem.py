#!/usr/bin/env python3
"""Random differential test of structured memory: arrays of structs, structs
holding arrays, 2-D arrays, read and written through symbolic indices and
struct pointers, against a brute force run by gcc.

Each program (seeded) is `int f(struct E *t, int k, int j)` where struct E
is `{ int a; int b; }` (two cells) or `{ int a; int v[2]; }` (three cells):
  - t is an input object (an array of struct E of any length, or NULL);
  - a local `struct E loc[3]`, a global `struct E g[3]` and a local
    `int m[2][3]`, written in full at the start (the globals are inputs of
    the function under test otherwise), then written and read at symbolic
    indices (k, j, k & 1, j + 1, a loop counter ...);
  - a struct pointer p = t + OFF or loc + OFF, read as p[IDX].f;
  - loops over the arrays (bounds constant or k & 3);
  - marked lines `r += ID;` under conditions over loaded values: the
    targets, reachable or dead.
Every load of a cell is masked (`& 3`, or `& 1` for the three-cell struct),
so the program sees an input cell only through its low bits: the brute
force over cell values 0..3 (0..1) is complete for them.  k and j are
assumed in [-1, 2] (--assume), so indices may be out of bounds: an access
outside its object ends the run like abort() (inka-ng's semantics), checked
in the brute force's version of the program; inner indices (v[..] and the
second index of m) are always within their array.

The brute force (one gcc build per program) runs f on every input: t NULL
or of 1 to 3 elements with every cell value, k and j in [-1, 2], and
records the marks run.  Each mark is then asked of inka-ng (`--reach
p.c:LINE --assume ... --json`):
  REACHABLE    its inputs (the JSON input memory, cells not given read 0)
               are replayed by the same build: the mark must run;
               (each query with no option, --no-concrete, --no-sat or
               both, by seed and mark);
  UNREACHABLE  WRONG when the brute force ran the mark (an input object of
               more than 3 elements cannot help: no index reaches past 2);
  UNKNOWN      counted.
The last line is "N passed, N failed" (one per query).

Environment: INKA (./inka-ng), STRUCT_COUNT (programs, 12), STRUCT_SEED (1),
STRUCT_TIMEOUT (seconds per query, 5), STRUCT_VERBOSE=1 (one line per
query), STRUCT_KEEP=1 (keep the work directory).
"""
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import campaign  # noqa: E402

INKA = os.path.abspath(os.environ.get("INKA", "./inka-ng"))
COUNT = int(os.environ.get("STRUCT_COUNT", "12"))
SEED = int(os.environ.get("STRUCT_SEED", "1"))
TIMEOUT = float(os.environ.get("STRUCT_TIMEOUT", "5"))
VERBOSE = os.environ.get("STRUCT_VERBOSE", "") not in ("", "0")
KEEP = os.environ.get("STRUCT_KEEP", "") not in ("", "0")
FAILDIR = os.path.join(HERE, "structmem-failures")
KJ = range(-1, 3)
TMAX = 3  # elements of t the brute force tries (indices reach 2 at most)
# Each query runs in one of these modes (by seed and mark): the whole tool,
# the search alone (no concrete runs), without the bit-precise check.
MODES = [(), ("--no-concrete",), ("--no-sat",), ("--no-concrete", "--no-sat")]


class Gen:
    """One program: lines of the plain text (for inka-ng) and of the checked
    text (for the brute force), built side by side."""

    def __init__(self, seed):
        self.r = random.Random(seed)
        self.three = self.r.random() < 0.4  # struct { int a; int v[2]; }
        self.mask = 1 if self.three else 3
        self.plain, self.checked, self.marks = [], [], []
        self.p_base = None  # "t" or "loc" once p is set
        self.loop_var = False

    # ---- indices ------------------------------------------------------------
    def outer_index(self):
        """An index that may fall outside its array (0 .. 2 when in bounds)."""
        c = ["0", "1", "2", "k", "j", "(k & 1)", "(j & 1)", "(j - 1)", "(1 - k)"]
        if self.loop_var:
            c += ["i", "i", "(2 - i)"]
        return self.r.choice(c)

    def inner_index(self, n):
        """An index surely within an inner array of n (2 or 3) elements."""
        c = ["0", "1", "(k & 1)", "(j & 1)"]
        if n == 3:
            c += ["2", "(k == 2 ? 2 : 0)"]
        if self.loop_var:
            c += ["(i & 1)"]
        return self.r.choice(c)

    # ---- places: (plain, checked) -----------------------------------------------
    def field(self):
        if self.three and self.r.random() < 0.6:
            i = self.inner_index(2)
            return f".v[{i}]", f".v[{i}]"
        f = "a" if self.three else self.r.choice("ab")
        return "." + f, "." + f

    def place(self, allow_t=True):
        kinds = ["loc", "g", "m"] + (["t", "t"] if allow_t else []) + (["p"] if self.p_base else [])
        k = self.r.choice(kinds)
        if k == "m":
            i, i2 = self.outer_index(), self.inner_index(3)
            return f"m[{i}][{i2}]", f"m[CHK({i}, 2)][{i2}]"
        fp, fc = self.field()
        i = self.outer_index()
        if k == "t":
            return f"t[{i}]{fp}", f"t[CHKT({i})]{fc}"
        if k == "p":
            n = "TLEN" if self.p_base == "t" else "3"
            i = self.r.choice(["0", "1", "(k & 1)", "(j & 1)", "(j - 1)", "-1"])
            return f"p[{i}]{fp}", f"{self.p_base}[CHK(p_off + ({i}), {n})]{fc}"
        return f"{k}[{i}]{fp}", f"{k}[CHK({i}, 3)]{fc}"

    def load(self):
        p, c = self.place()
        return f"({p} & {self.mask})", f"({c} & {self.mask})"

    def value(self):
        r = self.r.random()
        if r < 0.25:
            v = str(self.r.randint(0, 3))
            return v, v
        if r < 0.35:
            return "k", "k"
        if r < 0.45:
            return "s", "s"
        a = self.load()
        if r < 0.7:
            return a
        b = self.load()
        op = self.r.choice(["+", "-", "^"])
        return f"({a[0]} {op} {b[0]})", f"({a[1]} {op} {b[1]})"

    def atom(self):
        a = self.load()
        r = self.r.random()
        if r < 0.4:
            b = self.load()
            op = self.r.choice(["==", "!=", "<", ">="])
            return f"{a[0]} {op} {b[0]}", f"{a[1]} {op} {b[1]}"
        if r < 0.55:
            c = self.r.randint(0, 4)
            return f"s == {c}", f"s == {c}"
        c = self.r.randint(0, self.mask + 1)
        op = self.r.choice(["==", "!=", ">"])
        return f"{a[0]} {op} {c}", f"{a[1]} {op} {c}"

    def cond(self):
        atoms = [self.atom() for _ in range(self.r.choice([1, 2, 2, 3]))]
        return " && ".join(a[0] for a in atoms), " && ".join(a[1] for a in atoms)

    # ---- statements -------------------------------------------------------------
    def emit(self, plain, checked=None):
        self.plain.append(plain)
        self.checked.append(plain if checked is None else checked)

    def mark(self, ind):
        mid = len(self.marks)
        self.marks.append(len(self.plain) + 1)  # its line in p.c
        self.emit(f"{ind}r += {mid + 1};", f"{ind}HIT({mid}); r += {mid + 1};")

    def target(self, ind):
        c = self.cond()
        self.emit(f"{ind}if ({c[0]}) {{", f"{ind}if ({c[1]}) {{")
        self.mark(ind + "  ")
        self.emit(f"{ind}}}")

    def pinned(self, ind):
        """Every element an index may name is pinned by a condition, then the
        index's element is asked to differ: dead unless the index reaches an
        element not pinned or a store moved one.  (A load reading another
        field's cell for t[k].f makes it reachable.)"""
        arr = self.r.choice(["t", "t", "t", "loc", "g"])
        fp, fc = self.field()
        c = self.r.randint(0, self.mask)
        idx = self.r.choice(["(k & 1)", "(j & 1)", "k", "j"])
        pins = ["0", "1"] + (["2"] if idx in ("k", "j") and self.r.random() < 0.7 else [])
        op, neg = self.r.choice([("==", "!="), ("!=", "==")])
        m = self.r.choice([self.mask, 2, 6])  # 6: bit 2 is 0 in every brute-force input

        def at(i):
            chk = f"CHKT({i})" if arr == "t" else f"CHK({i}, 3)"
            return f"({arr}[{i}]{fp} & {m})", f"({arr}[{chk}]{fc} & {m})"

        conds = [(f"{at(i)[0]} {op} {c & m}", f"{at(i)[1]} {op} {c & m}") for i in pins]
        self.r.shuffle(conds)
        conds.append((f"{at(idx)[0]} {neg} {c & m}", f"{at(idx)[1]} {neg} {c & m}"))
        if self.p_base == arr and self.r.random() < 0.3:  # through the struct pointer
            pc = f"({self.p_base}[CHK(p_off + 0, {'TLEN' if arr == 't' else '3'})]{fc} & {m})"
            conds.append((f"(p[0]{fp} & {m}) {op} {c & m}", f"{pc} {op} {c & m}"))
        self.emit(f"{ind}if ({' && '.join(x[0] for x in conds)}) {{", f"{ind}if ({' && '.join(x[1] for x in conds)}) {{")
        self.mark(ind + "  ")
        self.emit(f"{ind}}}")

    def store(self, ind):
        p = self.place()
        v = self.value()
        self.emit(f"{ind}{p[0]} = {v[0]};", f"{ind}{p[1]} = {v[1]};")

    def set_p(self, ind):
        base = self.r.choice(["t", "loc"])
        off = self.r.choice(["0", "1", "(k & 1)", "(j & 1)"])
        n = "TLEN" if base == "t" else "3"
        self.emit(f"{ind}p = {base} + {off};", f"{ind}p_off = CHKP({off}, {n});")
        self.p_base = base

    def loop(self, ind):
        bound = self.r.choice(["2", "3", "(k & 3)", "(j & 3)"])
        self.emit(f"{ind}for (i = 0; i < {bound}; i++) {{")
        self.loop_var = True
        for _ in range(self.r.randint(1, 2)):
            r = self.r.random()
            if r < 0.4:
                v = self.load()
                self.emit(f"{ind}  s += {v[0]};", f"{ind}  s += {v[1]};")
            elif r < 0.7:
                self.store(ind + "  ")
            else:
                self.target(ind + "  ")
        self.loop_var = False
        self.emit(f"{ind}}}")

    def program(self):
        st = "struct E { int a; int v[2]; };" if self.three else "struct E { int a; int b; };"
        self.emit(st)
        self.emit("struct E g[3];")
        self.emit("int f(struct E *t, int k, int j) {")
        self.emit("  struct E loc[3];")
        self.emit("  int m[2][3];")
        self.emit("  int r = 0, s = 0, i;")
        self.emit("  struct E *p = 0;", "  int p_off = 0;")
        if self.r.random() < 0.8:
            self.emit("  if (!t) return -1;")
        fields = ["v[0]", "v[1]"] if self.three else ["b"]
        inits = " ".join(f"loc[i].{f} = {self.r.randint(0, 3)}; g[i].{f} = i;" for f in fields)
        self.emit(f"  for (i = 0; i < 3; i++) {{ loc[i].a = i & {self.mask}; g[i].a = {self.r.randint(0, 3)}; {inits} }}")
        self.emit(f"  for (i = 0; i < 3; i++) {{ m[0][i] = i; m[1][i] = {self.r.randint(0, 3)}; }}")
        for _ in range(self.r.randint(5, 9)):
            r = self.r.random()
            if r < 0.2:
                self.store("  ")
            elif r < 0.32:
                self.set_p("  ")
            elif r < 0.5:
                self.loop("  ")
            elif r < 0.7:
                self.pinned("  ")
            else:
                self.target("  ")
        self.target("  ")
        self.emit("  return r;")
        self.emit("}")
        return "\n".join(self.plain) + "\n"


HARNESS = r"""
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static jmp_buf trap;
static int TLEN;
static unsigned char hit[NMARKS];
#define HIT(n) (hit[n] = 1)
static int CHK(int i, int n) { if (i < 0 || i >= n) longjmp(trap, 1); return i; }
static int CHKP(int i, int n) { if (i < 0 || i > n) longjmp(trap, 1); return i; }
static struct E *T_;
static int CHKT(int i) { if (!T_ || i < 0 || i >= TLEN) longjmp(trap, 1); return i; }
BODY
static struct E arr[64];
static void run(int len, int k, int j) {
  TLEN = len;
  T_ = len ? arr : NULL;
  if (!setjmp(trap)) f(T_, k, j);
}
int main(int argc, char **argv) {
  if (argc > 1) { /* replay: len k j cells... */
    int len = atoi(argv[1]), k = atoi(argv[2]), j = atoi(argv[3]);
    int *cells = (int *)arr;
    for (int c = 4; c < argc; c++) cells[c - 4] = atoi(argv[c]);
    run(len, k, j);
    for (int n = 0; n < NMARKS; n++) if (hit[n]) printf("%d\n", n);
    return 0;
  }
  int per = sizeof(struct E) / sizeof(int);
  for (int len = 0; len <= TMAX; len++) {
    int ncells = len * per;
    long total = 1;
    for (int c = 0; c < ncells; c++) total *= VMAX + 1;
    for (long w = 0; w < total; w++) {
      long x = w;
      int *cells = (int *)arr;
      for (int c = 0; c < ncells; c++) { cells[c] = (int)(x % (VMAX + 1)); x /= VMAX + 1; }
      for (int k = -1; k <= 2; k++)
        for (int j = -1; j <= 2; j++) {
          for (int c = 0; c < ncells; c++) { long y = w; for (int d = 0; d < c; d++) y /= VMAX + 1; cells[c] = (int)(y % (VMAX + 1)); }
          memset(&g, 0, sizeof g);
          run(len, k, j);
        }
    }
  }
  for (int n = 0; n < NMARKS; n++) if (hit[n]) printf("%d\n", n);
  return 0;
}
"""


def build(gen, work):
    body = "\n".join(gen.checked)
    body = body.replace("int f(struct E *t,", "static int f(struct E *t,")
    text = HARNESS.replace("BODY", body)
    text = text.replace("NMARKS", str(max(1, len(gen.marks)))).replace("TMAX", str(TMAX)).replace("VMAX", str(gen.mask))
    # struct E must come before its uses in the harness
    st = gen.checked[0]
    text = st + "\n" + text.replace(st + "\n", "", 1)
    src, exe = os.path.join(work, "h.c"), os.path.join(work, "h")
    with open(src, "w") as fh:
        fh.write(text)
    subprocess.run(["gcc", "-O1", "-fwrapv", "-w", "-o", exe, src], check=True)
    return exe


def replay(exe, js, gen):
    """The marks run by inka-ng's inputs (None when they cannot be read)."""
    vals = {i["name"]: i["value"] for i in js.get("inputs", [])}
    k, j, t = vals.get("k"), vals.get("j"), vals.get("t")
    if not isinstance(k, int) or not isinstance(j, int):
        return None
    per = 3 if gen.three else 2
    cells, length = [], 0
    if isinstance(t, dict) and "ref" in t:
        obj = js.get("input_memory", {}).get(t["ref"])
        if not obj:
            return None
        length = int(obj.get("count", 1))
        if length > 64 or length < 1:
            return None
        cells = [0] * (length * per)
        names = ["a", "v[0]", "v[1]"] if gen.three else ["a", "b"]
        for key, v in obj.get("fields", {}).items():
            idx, name = key[1:].split("].", 1)
            cells[int(idx) * per + names.index(name)] = int(v)
    elif t not in (0, None, "NULL") and t != {"null": True}:
        return None
    out = subprocess.run([exe, str(length), str(k), str(j)] + [str(c) for c in cells],
                         capture_output=True, text=True, timeout=30).stdout
    return {int(x) for x in out.split()}


def run_program(seed, tally):
    gen = Gen(seed)
    text = gen.program()
    work = tempfile.mkdtemp(prefix="structmem")
    try:
        with open(os.path.join(work, "p.c"), "w") as fh:
            fh.write(text)
        exe = build(gen, work)
        truth = {int(x) for x in subprocess.run([exe], capture_output=True, text=True, timeout=600).stdout.split()}
        for mid, line in enumerate(gen.marks):
            mode = MODES[(seed + mid) % len(MODES)]
            cmd = [INKA, "--reach", f"p.c:{line}", "--assume", "k >= -1", "--assume", "k <= 2",
                   "--assume", "j >= -1", "--assume", "j <= 2", "--timeout", str(TIMEOUT), "--json", *mode, "p.c"]
            t0 = time.time()
            try:
                r = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT + 30, cwd=work)
                st, out, err = r.returncode, r.stdout, r.stderr
            except subprocess.TimeoutExpired:
                st, out, err = None, "", ""
            want = "reachable" if mid in truth else "unreachable"
            verdict, why = classify(st, out, err, exe, gen, mid)
            tally.add(want, verdict, why, seed, line, text, cmd)
            if VERBOSE:
                print(f"seed {seed} line {line}: want {want}, got {verdict} {why or ''} {' '.join(mode)} {time.time() - t0:.2f}s", flush=True)
    finally:
        if not KEEP:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print("kept", work)


def classify(st, out, err, exe, gen, mid):
    if st is None:
        return "error", "did not stop"
    if st == 2:
        return ("unsupported", err.strip()[-200:]) if "unsupported" in err else ("error", err.strip()[-500:])
    if st not in (0, 1, 3):
        return "error", f"exit {st}: {err.strip()[-500:]}"
    try:
        js = json.loads(out)
    except ValueError:
        return "error", "no JSON"
    v = js.get("verdict")
    if v == "reachable":
        ran = replay(exe, js, gen)
        if ran is None:
            return "error", "inputs not replayable: " + json.dumps(js.get("inputs")) + json.dumps(js.get("input_memory"))
        if mid not in ran:
            return "reachable-not-replayed", json.dumps(js.get("inputs")) + " " + json.dumps(js.get("input_memory"))
    return v, None


class Tally:
    def __init__(self):
        self.count, self.passed, self.failed, self.fails = {}, 0, 0, []

    def add(self, want, got, why, seed, line, text, cmd):
        key = (want, got)
        self.count[key] = self.count.get(key, 0) + 1
        # a REACHABLE answer was replayed (classify): right even where the
        # brute force, bounded to cell values 0..3, found no input
        ok = got == want or got in ("unknown", "unsupported", "reachable")
        if ok:
            self.passed += 1
            return
        self.failed += 1
        self.fails.append((seed, line, want, got, why))
        d = os.path.join(FAILDIR, f"seed{seed}")
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "p.c"), "w") as fh:
            fh.write(text)
        with open(os.path.join(d, f"line{line}.txt"), "w") as fh:
            fh.write(" ".join(cmd) + f"\nwant {want}, got {got}\n{why or ''}\n")
        print(f"FAIL seed {seed} line {line}: want {want}, got {got} {why or ''}", flush=True)


def main():
    tally = Tally()
    t0 = time.time()
    for seed in range(SEED, SEED + COUNT):
        run_program(seed, tally)
    q = sum(tally.count.values())
    by = {}
    for (want, got), n in tally.count.items():
        by[got] = by.get(got, 0) + n
    print(f"{COUNT} programs, {q} queries in {time.time() - t0:.0f}s: " +
          ", ".join(f"{g} {n}" for g, n in sorted(by.items())))
    for (want, got), n in sorted(tally.count.items()):
        print(f"  {want} -> {got}: {n}")
    print(f"{tally.passed} passed, {tally.failed} failed")
    return 1 if tally.failed else 0


if __name__ == "__main__":
    sys.exit(main())
