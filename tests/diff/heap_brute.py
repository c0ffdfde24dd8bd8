#!/usr/bin/env python3
"""Brute force over input memories for the heap differential test (issue 11).

harness(meta, instr) writes a C program (h.c) that holds the instrumented
function of heap_gen.py and enumerates every input memory of a bounded size:

  - up to MAXOBJ (3) objects, each of one type the parameters can reach
    (struct node, struct point, int array, char array);
  - a struct object has one element; an array object has a length 0..MAXLEN
    (4), the array lengths adding up to at most MAXCELLS;
  - each pointer parameter and each `next` field is NULL or one of the
    objects of its type (always the start of the object, as the tool's input
    pointers are);
  - each int cell takes a value of V (-2..2 plus every constant c of the
    program with c-1 and c+1), a plain int parameter a value of V, a length
    parameter n a value of 0..4 (any other returns at once), a char a value
    of {'\\0', 'a', 'b'} plus the program's char constants.

Memories that differ only by the numbering of the objects, or that hold an
object no parameter reaches, are run once (canonical form: the objects of a
type are numbered in the order a walk from the parameters meets them, and
every object is met).  If the whole enumeration would exceed LIMIT runs,
choose() shrinks it in a fixed order (fewer array cells, then a smaller V)
and says so: the domain checked is part of the output.

Each marker's reach is also counted over the memories the program's --pre
expression holds of (it compares parameters only), and over the acyclic
memories (no object
reaches itself: what --acyclic allows) and over the unshared ones (acyclic,
and no object has two pointers to it, parameters and cells counted: what
--no-alias allows).  Both are subsets of what the tool's option allows (the
tool looks only at the pointer cells the path reads), so an UNREACHABLE
under the option is wrong when the subset reaches the marker.

Each run writes the memory into a static arena (objects apart from each other,
exact sizes), calls f under setjmp, and records which markers ran.  A run ends
  - at a NULL dereference: a trap, the tool's path ends there too;
  - at an access outside every object (an array read past its length):
    the brute force cannot say what the value is, since the tool chooses
    input arrays at least as long as what the path reads.  Choice: the run
    ends there and the markers it ran before count as reached -- they are,
    by the same memory with a longer array (the length of an input object
    is observable only through such an access);
  - after STEPS loop iterations (a cyclic list walked by an unbounded loop):
    the markers it ran before count, they are a prefix of a real run.
So "reached" is sound: every marker the brute force reaches is reachable by
an input memory of the tool's domain, and an UNREACHABLE verdict on it is
wrong.  A marker the brute force does not reach may still be reachable by a
larger memory or larger values.

hi.c is the same instrumented function with a recorder (the marker ids that
ran, printed to stderr at exit as "HITS id ..."), to be included by a copy of
an emitted driver instead of p.c: it tells a gcov blind spot from a driver
that does not reach the line.
"""
import os
import subprocess

LIMIT = int(os.environ.get("HEAP_LIMIT", "4000000"))
STEPS = 40
T_NODE, T_POINT, T_INT, T_CHAR, T_TREE = range(5)
KIND_TYPE = {"node": T_NODE, "point": T_POINT, "points": T_POINT, "ints": T_INT, "chars": T_CHAR, "tree": T_TREE}
TYPE_NAME = ["node", "point", "int", "char", "tree"]
# what each marker's count is over: every memory; the acyclic ones (for
# --acyclic); those where no object has two pointers to it, parameters
# included (for --no-alias), acyclic too; those the program's --pre
# expression (meta "pre") holds of
CLASSES = ["reached", "acyclic", "unshared", "pre"]
CTYPE = {"node": "struct node *", "point": "struct point *", "points": "struct point *", "ints": "int *",
         "chars": "const char *", "tree": "struct tree *"}

PRELUDE = r"""
#include <assert.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node { int val; struct node *next; };
struct point { int x, y; };
struct tree { int val; struct tree *left, *right; };

#define NMARK %(nmark)d
#define MAXOBJ 3
#define MAXLEN 4
static jmp_buf hb_env;
static unsigned long hb_steps;
static unsigned char hb_hit[NMARK + 1];
#define HIT(k) (hb_hit[k] = 1)
#define STEP() do { if (++hb_steps > %(steps)d) longjmp(hb_env, 3); } while (0)

enum { T_NODE, T_POINT, T_INT, T_CHAR, T_TREE };
static const size_t hb_esize[5] = {sizeof(struct node), sizeof(struct point), sizeof(int), sizeof(char),
                                   sizeof(struct tree)};
/* objects: 64 bytes apart at least, so no object starts one past another's end */
static char hb_arena[MAXOBJ][MAXLEN * 32 + 128] __attribute__((aligned(16)));
static int hb_nobj, hb_otype[MAXOBJ], hb_olen[MAXOBJ];
#define BASE(o) (hb_arena[o] + 64)

/* The address of element i of the object p points into, or the end of the
   run: 1 for a NULL dereference, 2 for an access outside every object. */
static void *ck(const void *p, long i, size_t sz) {
  if (p == NULL) longjmp(hb_env, 1);
  uintptr_t a = (uintptr_t)p + (uintptr_t)(i * (long)sz);
  for (int o = 0; o < hb_nobj; o++) {
    uintptr_t b = (uintptr_t)BASE(o), e = b + (uintptr_t)hb_olen[o] * hb_esize[hb_otype[o]];
    if (a >= b && a + sz <= e && (a - b) %% hb_esize[hb_otype[o]] == 0) return (void *)a;
  }
  longjmp(hb_env, 2);
}
"""

ENUM = r"""
/* ---- the enumeration ---- */
static const int hb_types[] = {%(types)s};   /* object types this program can have */
#define NTYPES %(ntypes)d
static const int hb_isarr[5] = {%(isarr)s};   /* per type: objects of 0..maxlen elements (else 1) */
static const int hb_ptype[] = {%(ptype)s};   /* per parameter: type of a pointer, -1 int, -2 length */
#define NPARAM %(nparam)d
static void *hb_pp[NPARAM + 1];
static long hb_ip[NPARAM + 1];
static int hb_call(void) { return f(%(args)s); }
static int hb_pre(void) {   /* the --pre expression of the program */
%(decls)s
  return %(pre)s;
}

/* the cells of one element of each type: an int, a char or a pointer (to target) */
enum { F_INT, F_CHAR, F_PTR };
struct fdesc { int type, kind, off, target; const char *name; };
static const struct fdesc hb_fields[] = {
  {T_NODE, F_INT, offsetof(struct node, val), 0, "val"},
  {T_NODE, F_PTR, offsetof(struct node, next), T_NODE, "next"},
  {T_POINT, F_INT, offsetof(struct point, x), 0, "x"},
  {T_POINT, F_INT, offsetof(struct point, y), 0, "y"},
  {T_INT, F_INT, 0, 0, ""},
  {T_CHAR, F_CHAR, 0, 0, ""},
  {T_TREE, F_INT, offsetof(struct tree, val), 0, "val"},
  {T_TREE, F_PTR, offsetof(struct tree, left), T_TREE, "left"},
  {T_TREE, F_PTR, offsetof(struct tree, right), T_TREE, "right"},
};
#define NFIELDS ((int)(sizeof hb_fields / sizeof hb_fields[0]))

static long V[64], VN[64], VC[64];
static int nV, nVN, nVC, maxobj, maxlen, maxcells, mode_count;
static int cnt[NTYPES], first[NTYPES];
static double total;
#define NCLASS 4
static unsigned long runs, ends[4], reached[NCLASS][NMARK + 1];   /* all, acyclic, unshared, --pre memories */
static char witness[NCLASS][NMARK + 1][800];

/* slots of one shape: pointers first (outer digits), then values */
enum { S_PARAM_PTR, S_PTR, S_PARAM_INT, S_CELL_INT, S_CELL_CHAR };
struct slot { int kind, o, elem, field, radix; };   /* o: the object, or the parameter */
static struct slot sl[128];
static int nsl, nptr, dig[128];

static int tindex(int t) { for (int u = 0; u < NTYPES; u++) if (hb_types[u] == t) return u; return -1; }

static int obj_of(int t, int d) { return d == 0 ? -1 : first[tindex(t)] + d - 1; }

static void *ptrval(int t, int d) { return d == 0 ? NULL : BASE(obj_of(t, d)); }

static char *cell(const struct slot *q) {
  return BASE(q->o) + q->elem * hb_esize[hb_otype[q->o]] + hb_fields[q->field].off;
}

/* Canonical: a breadth-first walk from the parameters (in order, then the
   pointer cells of the objects met, in order) meets every object, and the
   objects of one type in the order of their numbers. */
static int seen[MAXOBJ], order[MAXOBJ], nseen, nextid[NTYPES];
static int visit(int o) {
  if (o < 0 || seen[o]) return 1;
  int u = tindex(hb_otype[o]);
  if (o != first[u] + nextid[u]) return 0;
  nextid[u]++; seen[o] = 1; order[nseen++] = o;
  return 1;
}
static int canonical(void) {
  memset(seen, 0, sizeof seen); memset(nextid, 0, sizeof nextid); nseen = 0;
  for (int s = 0; s < nptr; s++)
    if (sl[s].kind == S_PARAM_PTR && !visit(obj_of(hb_ptype[sl[s].o], dig[s]))) return 0;
  for (int k = 0; k < nseen; k++)
    for (int s = 0; s < nptr; s++)
      if (sl[s].kind == S_PTR && sl[s].o == order[k] && !visit(obj_of(hb_fields[sl[s].field].target, dig[s])))
        return 0;
  return nseen == hb_nobj;
}

/* Of a canonical pointer configuration: is the memory acyclic (no object
   reaches itself), is it free of sharing (every object has one pointer to
   it, parameters and cells counted)? */
static int is_acyclic, is_unshared;
static void shape_flags(void) {
  int reach[MAXOBJ][MAXOBJ] = {{0}}, indeg[MAXOBJ] = {0};
  for (int s = 0; s < nptr; s++) {
    int t = sl[s].kind == S_PARAM_PTR ? hb_ptype[sl[s].o] : hb_fields[sl[s].field].target;
    int o = obj_of(t, dig[s]);
    if (o < 0) continue;
    indeg[o]++;
    if (sl[s].kind == S_PTR) reach[sl[s].o][o] = 1;
  }
  for (int k = 0; k < hb_nobj; k++)
    for (int i = 0; i < hb_nobj; i++)
      for (int j = 0; j < hb_nobj; j++)
        if (reach[i][k] && reach[k][j]) reach[i][j] = 1;
  is_acyclic = is_unshared = 1;
  for (int o = 0; o < hb_nobj; o++) {
    if (reach[o][o]) is_acyclic = 0;
    if (indeg[o] > 1) is_unshared = 0;
  }
  if (!is_acyclic) is_unshared = 0;
}

static void describe(char *buf, size_t size) {
  size_t k = 0;
  for (int s = 0; s < nsl && k < size; s++) {
    const struct slot *q = &sl[s];
    int d = dig[s];
    if (q->kind == S_PARAM_PTR) {
      int o = obj_of(hb_ptype[q->o], d);
      k += o < 0 ? snprintf(buf + k, size - k, "p%%d=NULL ", q->o) : snprintf(buf + k, size - k, "p%%d=o%%d ", q->o, o);
      continue;
    }
    if (q->kind == S_PARAM_INT) {
      k += snprintf(buf + k, size - k, "p%%d=%%ld ", q->o, hb_ptype[q->o] == -2 ? VN[d] : V[d]);
      continue;
    }
    const struct fdesc *fd = &hb_fields[q->field];
    k += snprintf(buf + k, size - k, "o%%d", q->o);
    if (hb_isarr[hb_otype[q->o]]) k += snprintf(buf + k, size - k, "[%%d]", q->elem);
    if (*fd->name) k += snprintf(buf + k, size - k, ".%%s", fd->name);
    if (q->kind == S_PTR) {
      int o = obj_of(fd->target, d);
      k += o < 0 ? snprintf(buf + k, size - k, "=NULL ") : snprintf(buf + k, size - k, "=o%%d ", o);
    } else {
      k += snprintf(buf + k, size - k, "=%%ld ", q->kind == S_CELL_CHAR ? VC[d] : V[d]);
    }
  }
  if (k < size)
    for (int o = 0; o < hb_nobj && k < size; o++)
      k += snprintf(buf + k, size - k, "|o%%d:%%d[%%d]", o, hb_otype[o], hb_olen[o]);
}

static void run_one(void) {
  for (int s = 0; s < nsl; s++) {
    const struct slot *q = &sl[s];
    int d = dig[s];
    switch (q->kind) {
    case S_PARAM_PTR: hb_pp[q->o] = ptrval(hb_ptype[q->o], d); break;
    case S_PTR: *(void **)cell(q) = ptrval(hb_fields[q->field].target, d); break;
    case S_PARAM_INT: hb_ip[q->o] = hb_ptype[q->o] == -2 ? VN[d] : V[d]; break;
    case S_CELL_INT: *(int *)cell(q) = (int)V[d]; break;
    case S_CELL_CHAR: *cell(q) = (char)VC[d]; break;
    }
  }
  int pre = hb_pre();
  memset(hb_hit, 0, sizeof hb_hit);
  hb_steps = 0;
  int st = setjmp(hb_env);
  if (st == 0)
    hb_call();
  runs++;
  ends[st]++;
  for (int m = 1; m <= NMARK; m++) {
    if (!hb_hit[m]) continue;
    for (int c = 0; c < NCLASS; c++) {
      if ((c == 1 && !is_acyclic) || (c == 2 && !is_unshared) || (c == 3 && !pre)) continue;
      if (reached[c][m]++ == 0) describe(witness[c][m], sizeof witness[c][m]);
    }
  }
}

static int incr(int from, int to) {  /* mixed-radix increment of dig[from..to); 0 on wrap */
  for (int s = to - 1; s >= from; s--) {
    if (++dig[s] < sl[s].radix) return 1;
    dig[s] = 0;
  }
  return 0;
}

static void add_cells(int pass) {  /* pass 0: pointer cells, 1: value cells */
  for (int o = 0; o < hb_nobj; o++)
    for (int i = 0; i < hb_olen[o]; i++)
      for (int f = 0; f < NFIELDS; f++) {
        const struct fdesc *fd = &hb_fields[f];
        if (fd->type != hb_otype[o] || (fd->kind == F_PTR) != (pass == 0)) continue;
        assert(nsl < 128);
        if (fd->kind == F_PTR) sl[nsl++] = (struct slot){S_PTR, o, i, f, 1 + cnt[tindex(fd->target)]};
        else if (fd->kind == F_INT) sl[nsl++] = (struct slot){S_CELL_INT, o, i, f, nV};
        else sl[nsl++] = (struct slot){S_CELL_CHAR, o, i, f, nVC};
      }
}

static void shape(void) {
  nsl = 0;
  for (int j = 0; j < NPARAM; j++)
    if (hb_ptype[j] >= 0) sl[nsl++] = (struct slot){S_PARAM_PTR, j, 0, 0, 1 + cnt[tindex(hb_ptype[j])]};
  add_cells(0);
  nptr = nsl;
  for (int j = 0; j < NPARAM; j++)
    if (hb_ptype[j] < 0) sl[nsl++] = (struct slot){S_PARAM_INT, j, 0, 0, hb_ptype[j] == -2 ? nVN : nV};
  add_cells(1);
  memset(dig, 0, sizeof dig);
  do {
    if (!canonical()) continue;
    shape_flags();
    if (mode_count) {
      double n = 1;
      for (int s = nptr; s < nsl; s++) n *= sl[s].radix;
      total += n;
      continue;
    }
    for (int s = nptr; s < nsl; s++) dig[s] = 0;
    do run_one(); while (incr(nptr, nsl));
  } while (incr(0, nptr));
}

static void lengths(int o, int cells) {
  if (o == hb_nobj) { shape(); return; }
  if (!hb_isarr[hb_otype[o]]) { hb_olen[o] = 1; lengths(o + 1, cells); return; }
  for (int len = 0; len <= maxlen && cells + len <= maxcells; len++) {
    hb_olen[o] = len;
    lengths(o + 1, cells + len);
  }
}

static void counts(int u, int left) {
  if (u == NTYPES) {
    hb_nobj = 0;
    for (int v = 0; v < NTYPES; v++) {
      first[v] = hb_nobj;
      for (int i = 0; i < cnt[v]; i++) hb_otype[hb_nobj++] = hb_types[v];
    }
    lengths(0, 0);
    return;
  }
  for (int c = 0; c <= left; c++) { cnt[u] = c; counts(u + 1, left - c); }
}

static int parse_list(const char *s, long *out) {
  int n = 0;
  while (*s && n < 64) {
    char *end;
    out[n++] = strtol(s, &end, 10);
    if (end == s) break;
    s = *end == ',' ? end + 1 : end;
  }
  return n;
}

/* usage: h count|run MAXOBJ MAXLEN MAXCELLS V VN VC (lists: comma-separated) */
int main(int argc, char **argv) {
  if (argc != 8) { fprintf(stderr, "usage: h count|run MAXOBJ MAXLEN MAXCELLS V VN VC\n"); return 2; }
  mode_count = strcmp(argv[1], "count") == 0;
  maxobj = atoi(argv[2]); maxlen = atoi(argv[3]); maxcells = atoi(argv[4]);
  if (maxobj > MAXOBJ || maxlen > MAXLEN) { fprintf(stderr, "too large\n"); return 2; }
  nV = parse_list(argv[5], V); nVN = parse_list(argv[6], VN); nVC = parse_list(argv[7], VC);
  counts(0, maxobj);
  if (mode_count) { printf("%%.0f\n", total); return 0; }
  printf("runs %%lu returned %%lu null %%lu oob %%lu steps %%lu\n", runs, ends[0], ends[1], ends[2], ends[3]);
  for (int m = 1; m <= NMARK; m++)
    for (int c = 0; c < NCLASS; c++)
      printf("m %%d %%d %%lu %%s\n", m, c, reached[c][m], reached[c][m] ? witness[c][m] : "-");
  return 0;
}
"""

DRIVER_PRELUDE = r"""
/* The instrumented function for a copy of an emitted driver (heap_brute.py):
   prints the markers that ran at exit. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
struct node { int val; struct node *next; };
struct point { int x, y; };
struct tree { int val; struct tree *left, *right; };
#define NMARK %(nmark)d
static unsigned char hb_hit[NMARK + 1];
static void hb_print(void) {
  fprintf(stderr, "HITS");
  for (int m = 1; m <= NMARK; m++) if (hb_hit[m]) fprintf(stderr, " %%d", m);
  fprintf(stderr, "\n");
}
static void hb_sig(int s) { (void)s; exit(0); }
__attribute__((constructor)) static void hb_init(void) {
  atexit(hb_print);
  signal(SIGSEGV, hb_sig);
}
#define HIT(k) (hb_hit[k] = 1)
#define STEP() ((void)0)
/* Objects a driver made of the JSON answer registers: then every access must
   fall inside one of them (the tool gives each input object as many
   elements as its path reads); "HB_OOB" and the end of the run otherwise. */
static struct { const char *b; size_t n; } hb_objs[256];
static int hb_nobjs;
static void hb_obj(const void *b, size_t n) {
  if (hb_nobjs < 256) { hb_objs[hb_nobjs].b = b; hb_objs[hb_nobjs].n = n; hb_nobjs++; }
}
static void *ck(const void *p, long i, size_t sz) {
  if (p == NULL) exit(0);   /* the path ends, as a NULL dereference ends it */
  const char *a = (const char *)p + i * (long)sz;
  if (hb_nobjs == 0) return (void *)a;
  for (int o = 0; o < hb_nobjs; o++)
    if (a >= hb_objs[o].b && a + sz <= hb_objs[o].b + hb_objs[o].n) return (void *)a;
  fprintf(stderr, "HB_OOB\n");
  exit(0);
}
"""


def object_types(meta):
    """Types of the objects a memory may hold: the pointee of each pointer
    parameter (a struct node reaches only struct nodes)."""
    ts = []
    for p in meta["params"]:
        t = KIND_TYPE.get(p["kind"])
        if t is not None and t not in ts:
            ts.append(t)
    return sorted(ts)


def harness(meta, instr):
    types = object_types(meta)
    ptype, args, decls = [], [], []
    for j, p in enumerate(meta["params"]):
        k = p["kind"]
        if k in KIND_TYPE:
            ptype.append(str(KIND_TYPE[k]))
            args.append("(%s)hb_pp[%d]" % (CTYPE[k], j))
        else:
            ptype.append("-2" if k == "len" else "-1")
            args.append("(int)hb_ip[%d]" % j)
        decls.append("  %s%s%s = %s; (void)%s;" % (CTYPE.get(k, "int"), "" if k in KIND_TYPE else " ",
                                                  p["name"], args[-1], p["name"]))
    kinds = {p["kind"] for p in meta["params"]}
    isarr = [0, int("points" in kinds), 1, 1, 0]
    return (PRELUDE % {"nmark": meta["nmark"], "steps": STEPS} + instr
            + ENUM % {"types": ", ".join(map(str, types)), "ntypes": len(types),
                      "isarr": ", ".join(map(str, isarr)), "decls": "\n".join(decls),
                      "pre": meta.get("pre") or "1",
                      "ptype": ", ".join(ptype), "nparam": len(ptype), "args": ", ".join(args)})


def driver_program(meta, instr):
    return DRIVER_PRELUDE % {"nmark": meta["nmark"]} + instr


def domains(meta):
    """Candidate configurations, most complete first: (maxobj, maxlen,
    maxcells, V, VN, VC)."""
    base = set(range(-2, 3))
    full = set(base)
    for c in meta["consts"]:
        full |= {c - 1, c, c + 1}
    small = set(range(-1, 2)) | set(meta["consts"])
    vn = list(range(0, 5))    # any other n returns at once (the early return has no marker)
    vc = [0, ord("a"), ord("b")] + sorted(ord(c) for c in meta["chars"] if c not in "ab")
    out = []
    for v in (sorted(full), sorted(small)):
        for cells in (12, 8, 6, 5, 4, 3):
            out.append((3, 4, cells, v, vn, vc))
    out.append((2, 3, 3, sorted(small), vn, vc))
    out.append((2, 2, 2, [0, 1] + [c for c in meta["consts"] if c not in (0, 1)], vn, vc))
    return out


def args_of(cfg):
    mo, ml, mc, v, vn, vc = cfg
    return [str(mo), str(ml), str(mc), ",".join(map(str, v)), ",".join(map(str, vn)), ",".join(map(str, vc))]


def run(d, meta, instr, limit=LIMIT):
    """Compile and run the harness in directory d.  Returns a dict: cfg (the
    domain used), count, stats, reached {mark: (n, witness)}."""
    with open(os.path.join(d, "h.c"), "w") as fh:
        fh.write(harness(meta, instr))
    with open(os.path.join(d, "hi.c"), "w") as fh:
        fh.write(driver_program(meta, instr))
    p = subprocess.run(["gcc", "-O1", "-fwrapv", "-w", "-o", "h", "h.c"], cwd=d, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("harness does not compile (generator bug): " + p.stderr[-2000:])
    chosen = None
    for cfg in domains(meta):
        p = subprocess.run(["./h", "count"] + args_of(cfg), cwd=d, capture_output=True, text=True, timeout=60)
        if p.returncode != 0:
            raise RuntimeError("harness count failed: " + p.stderr[-500:])
        n = float(p.stdout.strip())
        if n <= limit:
            chosen = (cfg, n)
            break
    if chosen is None:
        raise RuntimeError("no domain small enough")
    cfg, n = chosen
    p = subprocess.run(["./h", "run"] + args_of(cfg), cwd=d, capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        raise RuntimeError("harness run failed (status %s): %s" % (p.returncode, p.stderr[-500:]))
    res = {"cfg": cfg, "count": n, "stats": ""}
    for c in CLASSES:
        res[c] = {}
    for line in p.stdout.splitlines():
        w = line.split(" ", 3)
        if w[0] == "runs":
            res["stats"] = line
        elif w[0] == "m":
            w = line.split(" ", 4)
            n = int(w[3])
            res[CLASSES[int(w[2])]][int(w[1])] = (n, w[4] if n else None)
    return res


def describe_cfg(cfg):
    mo, ml, mc, v, vn, vc = cfg
    return "objects<=%d len<=%d cells<=%d ints %s n %d..%d chars %s" % (
        mo, ml, mc, "{%s}" % ",".join(map(str, v)), vn[0], vn[-1],
        "{%s}" % ",".join("\\0" if c == 0 else chr(c) for c in vc))


def explain_witness(meta, w):
    """Witness words (p0=o1 o0.0=3 ... |o0:type[len]) in the program's names."""
    if w is None:
        return None
    names = [p["name"] for p in meta["params"]]
    words, objs = [], []
    for x in w.split():
        if x.startswith("|"):
            for o in x[1:].split("|"):
                i, rest = o.split(":")
                t, ln = rest.split("[")
                objs.append("%s: %s[%s" % (i, TYPE_NAME[int(t)], ln))
        elif x.startswith("p"):
            j, val = x[1:].split("=")
            words.append("%s=%s" % (names[int(j)], val))
        else:
            words.append(x)
    return " ".join(words) + ("  (objects: %s)" % ", ".join(objs) if objs else "")
