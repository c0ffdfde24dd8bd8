/* native_emit.c - the compiled form of a program (cx_internal.h) written as
 * C that gcc compiles into the native form of its runs (native.c).
 *
 * The emitted code does exactly what run.c does, statement by statement:
 * the same steps counted at the same places, the same line recorded, the
 * same evaluation order (every expression node becomes one temporary, in
 * the interpreter's order, so that of two traps the same one comes first),
 * the same traps and uncontrolled reads with the same reasons, the same
 * --iter counters and objective checks.  Frame slots become C locals, each
 * with its "written" flag; memory stays the interpreter's (the host's
 * arrays), so objects, their cells and the memory a run leaves are the
 * interpreter's own.  What is rare or needs the memory's objects (making an
 * object, pointer arithmetic and access checks, nondet values beyond those
 * given, compared values) is a call to the host.
 *
 * Covered: integer programs (every integer operation, comparisons, logic,
 * conditionals, casts), locals and parameters in slots or in memory
 * (arrays and structs of fixed size, pointers to them), SSA and in-memory
 * globals, pointer arithmetic, differences and accesses, calls between the
 * functions of the program (recursive ones check the C stack at each call:
 * below the host's floor the run gives up and is interpreted), nondet
 * integers, assume, assert,
 * abort, exit, reach_error, the objective (target statement, loop, call,
 * --iter) and --assume preconditions.  Everything else is not emitted (the
 * interpreter runs it): floats, heap (malloc, free, heap checks), variable
 * length arrays, length(), structs passed or returned by value.
 */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cx_native.h"

typedef struct Emit {
  const CxProgram *c;
  FILE *out;
  int tmp;                 /* temporaries made */
  int label;               /* labels made */
  const CxFunc *fn;        /* being emitted */
  const char *why;         /* the first reason the program is not emitted */
  CxNativeSites *sites;
  /* the loops around the statement being emitted (innermost last) */
  int loop_break[64], loop_continue[64], loop_iter[64];
  bool in_pre_or_step[64]; /* break and continue leave the loop there */
  int nloops;
} Emit;

static void out(Emit *E, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vfprintf(E->out, fmt, ap);
  va_end(ap);
}

static bool refuse(Emit *E, const char *why) {
  if (!E->why) E->why = why;
  return false;
}

static int push_site(const void ***list, int *n, const void *p) {
  *list = realloc(*list, sizeof **list * (size_t)(*n + 1));
  if (!*list) abort();
  (*list)[*n] = p;
  return (*n)++;
}

static int func_index(const CxProgram *c, const CxFunc *f) {
  for (int i = 0; i < c->prog->nfuncs; i++)
    if (c->funcs[i] == f) return i;
  return -1;
}

/* ---- Expressions ---------------------------------------------------------------
 * ex() emits the statements computing e into a fresh temporary and returns
 * its number (-1: not emitted). */
static int ex(Emit *E, const CxExpr *e);

static int fresh(Emit *E) { return E->tmp++; }

/* v as a C constant of type int64_t (hex: INT64_MIN has no decimal literal). */
typedef struct Lit {
  char s[48];
} Lit;
static Lit lit(int64_t v) {
  Lit l;
  snprintf(l.s, sizeof l.s, "((int64_t)0x%llxull)", (unsigned long long)v);
  return l;
}

/* wrap(v) to e's type, as op_c_wrap */
static void wrap_text(char *buf, size_t len, const char *v, int bits, bool is_signed) {
  if (bits >= 64) snprintf(buf, len, "(%s)", v);
  else if (is_signed) snprintf(buf, len, "((int64_t)((uint64_t)(%s) << %d) >> %d)", v, 64 - bits, 64 - bits);
  else snprintf(buf, len, "((int64_t)((uint64_t)(%s) & 0x%llxull))", v, (unsigned long long)((1ull << bits) - 1));
}

static int wrapped(Emit *E, const CxExpr *e, const char *v) {
  char w[512];
  wrap_text(w, sizeof w, v, e->bits, e->is_signed);
  int t = fresh(E);
  out(E, "int64_t t%d = %s;\n", t, w);
  return t;
}

/* An exact result (__int128 text) that traps unless the type holds it. */
static int no_overflow(Emit *E, const CxExpr *e, const char *exact) {
  int x = fresh(E);
  out(E, "__int128 x%d = %s;\n", x, exact);
  char v[64], w[512];
  snprintf(v, sizeof v, "(int64_t)x%d", x);
  wrap_text(w, sizeof w, v, e->bits, e->is_signed);
  int t = fresh(E);
  out(E, "int64_t t%d = %s;\n", t, w);
  out(E, "if (__builtin_expect(x%d != (__int128)t%d, 0)) stop_run(R, %d, %d);\n", x, t, CX_TRAP, CXN_OVERFLOW);
  return t;
}

static int64_t type_min(const CxExpr *e) {
  return e->is_signed ? (e->bits >= 64 ? INT64_MIN : -((int64_t)1 << (e->bits - 1))) : 0;
}

static int binary(Emit *E, const CxExpr *e, int a, int b) {
  char s[256];
  int t;
  switch ((CxExprOp)e->op) {
  case X_ADD: case X_SUB: case X_MUL: {
    char op = e->op == X_ADD ? '+' : e->op == X_SUB ? '-' : '*';
    if (e->overflow_traps) {
      snprintf(s, sizeof s, "(__int128)t%d %c (__int128)t%d", a, op, b);
      return no_overflow(E, e, s);
    }
    snprintf(s, sizeof s, "(uint64_t)t%d %c (uint64_t)t%d", a, op, b);
    return wrapped(E, e, s);
  }
  case X_DIV: case X_REM: {
    char op = e->op == X_DIV ? '/' : '%';
    out(E, "if (__builtin_expect(t%d == 0, 0)) stop_run(R, %d, %d);\n", b, CX_TRAP, CXN_DIV_ZERO);
    t = fresh(E);
    if (e->u64) {
      out(E, "int64_t t%d = (int64_t)((uint64_t)t%d %c (uint64_t)t%d);\n", t, a, op, b);
      return t;
    }
    if (e->is_signed)
      out(E, "if (__builtin_expect(t%d == -1 && t%d == %s, 0)) stop_run(R, %d, %d);\n", b, a, lit(type_min(e)).s,
          CX_TRAP, CXN_INT_MIN_DIV);
    /* (INT64_MIN / -1, the one quotient C leaves undefined here, trapped above) */
    out(E, "int64_t t%d = t%d %c t%d;\n", t, a, op, b);
    snprintf(s, sizeof s, "t%d", t);
    return wrapped(E, e, s);
  }
  case X_SHL: case X_SHR:
    out(E, "if (__builtin_expect(t%d < 0 || t%d >= %d, 0)) stop_run(R, %d, %d);\n", b, b, e->bits, CX_TRAP,
        CXN_SHIFT_COUNT);
    if (e->op == X_SHL && e->overflow_traps) {
      out(E, "if (__builtin_expect(t%d < 0, 0)) stop_run(R, %d, %d);\n", a, CX_TRAP, CXN_SHIFT_NEGATIVE);
      snprintf(s, sizeof s, "(__int128)t%d << t%d", a, b);
      return no_overflow(E, e, s);
    }
    if (e->op == X_SHL) {
      snprintf(s, sizeof s, "(uint64_t)t%d << t%d", a, b);
      return wrapped(E, e, s);
    }
    t = fresh(E);
    if (e->u64) out(E, "int64_t t%d = (int64_t)((uint64_t)t%d >> t%d);\n", t, a, b);
    else out(E, "int64_t t%d = t%d >> t%d;\n", t, a, b);
    return t;
  default: break;
  }
  const char *op = NULL;
  bool u = false;
  switch ((CxExprOp)e->op) {
  case X_AND: op = "&"; break;
  case X_OR: op = "|"; break;
  case X_XOR: op = "^"; break;
  case X_LT: op = "<"; break;
  case X_LE: op = "<="; break;
  case X_GT: op = ">"; break;
  case X_GE: op = ">="; break;
  case X_EQ: op = "=="; break;
  case X_NE: op = "!="; break;
  case X_ULT: op = "<", u = true; break;
  case X_ULE: op = "<=", u = true; break;
  case X_UGT: op = ">", u = true; break;
  case X_UGE: op = ">=", u = true; break;
  default: return refuse(E, "an expression outside what is emitted"), -1;
  }
  t = fresh(E);
  if (u) out(E, "int64_t t%d = (uint64_t)t%d %s (uint64_t)t%d;\n", t, a, op, b);
  else out(E, "int64_t t%d = t%d %s t%d;\n", t, a, op, b);
  return t;
}

/* The truth of e as a 0/1 temporary. */
static int truth(Emit *E, const CxExpr *e) {
  int a = ex(E, e);
  if (a < 0) return -1;
  int t = fresh(E);
  out(E, "int64_t t%d = t%d != 0;\n", t, a);
  return t;
}

static int logic(Emit *E, const CxExpr *e) {
  int t = fresh(E);
  out(E, "int64_t t%d;\n{\n", t);
  int a = truth(E, e->a);
  if (a < 0) return -1;
  if (e->op == X_COND) {
    out(E, "if (t%d) {\n", a);
    int b = ex(E, e->b);
    if (b < 0) return -1;
    out(E, "t%d = t%d;\n} else {\n", t, b);
    int c = ex(E, e->c);
    if (c < 0) return -1;
    out(E, "t%d = t%d;\n}\n}\n", t, c);
    return t;
  }
  out(E, e->op == X_LAND ? "if (!t%d) t%d = 0; else {\n" : "if (t%d) t%d = 1; else {\n", a, t);
  int b = truth(E, e->b);
  if (b < 0) return -1;
  out(E, "t%d = t%d;\n}\n}\n", t, b);
  return t;
}

/* The value of frame slot `slot` in a temporary; the run stops (outcome,
   why) where the slot holds nothing yet. */
static int slot_value(Emit *E, int slot, int outcome, int why) {
  out(E, "if (__builtin_expect(!d%d, 0)) stop_run(R, %d, %d);\n", slot, outcome, why);
  int t = fresh(E);
  out(E, "int64_t t%d = v%d;\n", t, slot);
  return t;
}

static int ex(Emit *E, const CxExpr *e) {
  if (E->why) return -1;
  if (e->op >= X_FADD) return refuse(E, "floating point"), -1;
  int t, a, b;
  switch ((CxExprOp)e->op) {
  case X_CONST:
    t = fresh(E);
    out(E, "int64_t t%d = %s;\n", t, lit(e->k).s);
    return t;
  case X_SLOT: return slot_value(E, e->slot, CX_UNINIT, CXN_UNINIT_VAR);
  case X_GLOBAL:
    out(E, "if (__builtin_expect(!R->gdef[%d], 0)) stop_run(R, %d, %d);\n", e->slot, CX_UNINIT, CXN_UNINIT_GLOBAL);
    t = fresh(E);
    out(E, "int64_t t%d = R->g[%d];\n", t, e->slot);
    return t;
  case X_LOAD:
    if ((a = ex(E, e->a)) < 0) return -1;
    t = fresh(E);
    out(E, "int64_t t%d = load(R, t%d);\n", t, a);
    if (e->bits >= 64) return t;
    {
      char s[32];
      snprintf(s, sizeof s, "t%d", t);
      return wrapped(E, e, s);
    }
  case X_SLOT_ADDR: return slot_value(E, e->slot, CX_ABANDONED, CXN_ADDR_LIFETIME);
  case X_SHIFT:
    if ((a = ex(E, e->a)) < 0) return -1;
    t = fresh(E);
    out(E, "int64_t t%d = (int64_t)((uint64_t)t%d + (uint64_t)%s);\n", t, a, lit(e->k).s);
    return t;
  case X_INDEX:
    if ((a = ex(E, e->a)) < 0 || (b = ex(E, e->b)) < 0) return -1;
    out(E, "if (__builtin_expect(t%d < 0 || t%d >= %s, 0)) stop_run(R, %d, %d);\n", b, b, lit(e->k2).s, CX_TRAP,
        CXN_INDEX);
    t = fresh(E);
    out(E, "int64_t t%d = (int64_t)((uint64_t)t%d + (uint64_t)%s * (uint64_t)t%d);\n", t, a, lit(e->k).s, b);
    return t;
  case X_DEREF:
    if ((a = ex(E, e->a)) < 0) return -1;
    t = fresh(E);
    out(E, "int64_t t%d = R->checked(R, t%d);\n", t, a);
    return t;
  case X_DEREF_ADD: case X_PTR_ADD:
    if ((a = ex(E, e->a)) < 0 || (b = ex(E, e->b)) < 0) return -1;
    t = fresh(E);
    if (e->op == X_PTR_ADD) out(E, "int64_t t%d = R->ptr_add(R, t%d, %s, t%d);\n", t, a, lit(e->k).s, b);
    else out(E, "int64_t t%d = R->checked(R, R->ptr_add(R, t%d, %s, t%d));\n", t, a, lit(e->k).s, b);
    return t;
  case X_PTR_DIFF: {
    if ((a = ex(E, e->a)) < 0 || (b = ex(E, e->b)) < 0) return -1;
    int d = fresh(E);
    out(E, "int64_t t%d = (int64_t)((uint64_t)t%d - (uint64_t)t%d);\n", d, a, b);
    out(E, "if (__builtin_expect(t%d %% %s != 0, 0)) stop_run(R, %d, %d);\n", d, lit(e->k).s, CX_ABANDONED,
        CXN_PTR_DIFF);
    char s[64];
    snprintf(s, sizeof s, "t%d / %s", d, lit(e->k).s);
    return wrapped(E, e, s);
  }
  case X_LENGTH: return refuse(E, "length() of a --pre contract"), -1;
  case X_CAST: {
    if ((a = ex(E, e->a)) < 0) return -1;
    char s[32];
    snprintf(s, sizeof s, "t%d", a);
    return wrapped(E, e, s);
  }
  case X_TO_BOOL: case X_LNOT:
    if ((a = ex(E, e->a)) < 0) return -1;
    t = fresh(E);
    out(E, "int64_t t%d = t%d %s 0;\n", t, a, e->op == X_TO_BOOL ? "!=" : "==");
    return t;
  case X_NEG: {
    if ((a = ex(E, e->a)) < 0) return -1;
    char s[64];
    if (e->overflow_traps) {
      snprintf(s, sizeof s, "-(__int128)t%d", a);
      return no_overflow(E, e, s);
    }
    snprintf(s, sizeof s, "0 - (uint64_t)t%d", a);
    return wrapped(E, e, s);
  }
  case X_BITNOT: {
    if ((a = ex(E, e->a)) < 0) return -1;
    char s[32];
    snprintf(s, sizeof s, "~t%d", a);
    return wrapped(E, e, s);
  }
  case X_LAND: case X_LOR: case X_COND: return logic(E, e);
  default: break;
  }
  if ((a = ex(E, e->a)) < 0 || (b = ex(E, e->b)) < 0) return -1;
  if (e->cmp) {
    int site = push_site((const void ***)&E->sites->compare, &E->sites->ncompare, e);
    out(E, "if (R->compare_on) R->compared(R, %d, t%d, t%d);\n", site, a, b);
  }
  return binary(E, e, a, b);
}

/* ---- Statements ------------------------------------------------------------------ */
static bool block(Emit *E, const CxBlock *b);

/* The objective's --iter numbers all match (a C condition). */
static void objective_now(Emit *E) {
  out(E, "(1");
  for (int j = 0; j < E->c->niter; j++) out(E, " && R->iter[%d] == %d", j, E->c->want_iter[j]);
  out(E, ")");
}

static void reached_if_now(Emit *E) {
  out(E, "if (");
  objective_now(E);
  out(E, ") stop_run(R, %d, 0);\n", CX_REACHED);
}

/* lhs = temporary v (its "written" flag: the C expression def); a place in
   memory is temporary at. */
static void assign_at(Emit *E, const CxLhs *l, int at, int v, const char *def) {
  switch (l->kind) {
  case L_NONE: return;
  case L_SLOT: out(E, "v%d = t%d; d%d = %s;\n", l->slot, v, l->slot, def); return;
  case L_GLOBAL: out(E, "R->g[%d] = t%d; R->gdef[%d] = %s;\n", l->slot, v, l->slot, def); return;
  case L_MEM: out(E, "store(R, t%d, t%d, %s);\n", at, v, def); return;
  }
}

static bool assign(Emit *E, const CxLhs *l, int v) {
  int at = -1;
  if (l->kind == L_MEM && (at = ex(E, l->addr)) < 0) return false;
  assign_at(E, l, at, v, "1");
  return true;
}

/* The --iter counters of the loops being left by a return are restored, as
   run.c's loop() does on its way out. */
static void restore_iters(Emit *E) {
  for (int i = E->nloops - 1; i >= 0; i--)
    if (E->loop_iter[i] >= 0) out(E, "R->iter[%d] = saved%d;\n", E->loop_iter[i], E->loop_break[i]);
}

static bool call(Emit *E, const CxStmt *s) {
  const CxFunc *f = s->callee;
  int fi = func_index(E->c, f);
  if (fi < 0 || f->ret_cells) return refuse(E, "a struct returned by value");
  for (int i = 0; i < f->nparams; i++)
    if (f->param_type[i]->kind == IR_TY_STRUCT) return refuse(E, "a struct passed by value");
  bool in_memory = false;
  for (int i = 0; i < f->nparams; i++) in_memory |= f->param_in_memory[i];
  if (s->objective && in_memory) return refuse(E, "an objective call whose parameters live in memory");
  int args[s->nargs + 1];
  for (int i = 0; i < s->nargs; i++)
    if ((args[i] = ex(E, s->args[i])) < 0) return false;
  int at = -1;
  if (s->lhs.kind == L_MEM && (at = ex(E, s->lhs.addr)) < 0) return false;
  out(E, "if (__builtin_expect(R->depth >= R->max_depth, 0)) stop_run(R, %d, %d);\n", CX_BUDGET, CXN_DEPTH);
  out(E, "R->depth++;\n");
  if (s->objective) reached_if_now(E);
  int v = fresh(E);
  out(E, "uint8_t rd%d = 0;\nint64_t t%d = f%d(R, 0", v, v, fi);
  for (int i = 0; i < f->nparams; i++) out(E, ", t%d", args[i]);
  out(E, ", &rd%d);\nR->depth--;\n", v);
  char def[32];
  snprintf(def, sizeof def, f->has_value ? "rd%d" : "0", v);
  assign_at(E, &s->lhs, at, v, def);
  return true;
}

static bool nondet(Emit *E, const CxStmt *s) {
  if (s->is_float) return refuse(E, "a nondet float");
  int site = push_site((const void ***)&E->sites->nondet, &E->sites->nnondet, s);
  int t = fresh(E);
  out(E, "int64_t t%d = R->nused < R->nnondet ? R->nondet[R->nused] : R->more_nondet(R, %d);\nR->nused++;\n", t, site);
  int v;
  if (s->bits == 1) {
    v = fresh(E);
    out(E, "int64_t t%d = t%d != 0;\n", v, t);
  } else {
    char w[256], x[32];
    snprintf(x, sizeof x, "t%d", t);
    wrap_text(w, sizeof w, x, s->bits, s->is_signed);
    v = fresh(E);
    out(E, "int64_t t%d = %s;\n", v, w);
  }
  return assign(E, &s->lhs, v);
}

/* The statement's number for on_event. */
static int event_site(Emit *E, const CxStmt *s) {
  for (int i = E->sites->nevent - 1; i >= 0; i--)
    if (E->sites->event[i] == s) return i;
  return push_site((const void ***)&E->sites->event, &E->sites->nevent, s);
}

/* on_event of a decided condition (temporary go) */
static void decided(Emit *E, const CxStmt *s, int go) {
  out(E, "if (__builtin_expect(R->event_on, 0)) R->event(R, %d, (int)t%d);\n", event_site(E, s), go);
}

static bool loop(Emit *E, const CxStmt *s) {
  if (E->nloops >= 64) return refuse(E, "loops nested too deep");
  int id = E->label++, j = s->obj_index;
  if (s->loop_target && E->c->niter == 0) out(E, "stop_run(R, %d, 0);\n", CX_REACHED);
  /* (exit probes, s->probe, are the interpreter's: native.c interprets runs
     with on_probe when the program has a probe loop) */
  out(E, "{\n");
  if (j >= 0) out(E, "int saved%d = R->iter[%d];\n", id, j);
  out(E, "for (uint64_t k%d = 1;; k%d++) {\n", id, id);
  int n = E->nloops++;
  E->loop_break[n] = id;
  E->loop_continue[n] = id;
  E->loop_iter[n] = j;
  E->in_pre_or_step[n] = true;
  if (s->do_while) out(E, "if (k%d > 1) {\n", id);
  else out(E, "{\n");
  out(E, "if (__builtin_expect(++R->steps > R->max_steps, 0)) stop_run(R, %d, %d);\n", CX_BUDGET, CXN_STEPS);
  if (!block(E, &s->a)) return false;
  int go = truth(E, s->e);
  if (go < 0) return false;
  decided(E, s, go);
  out(E, "if (!t%d) goto brk%d;\n}\n", go, id);
  if (j >= 0) {
    out(E, "R->iter[%d] = (int)k%d;\n", j, id);
    if (s->loop_target) reached_if_now(E);
  }
  E->in_pre_or_step[n] = false;
  out(E, "{\n");
  if (!block(E, &s->b)) return false;
  out(E, "}\ncont%d:;\n", id);
  E->in_pre_or_step[n] = true;
  if (!block(E, &s->c)) return false;
  out(E, "}\nbrk%d:;\n", id);
  E->nloops--;
  if (j >= 0) out(E, "R->iter[%d] = saved%d;\n", j, id);
  out(E, "}\n");
  return true;
}

static bool stmt(Emit *E, const CxStmt *s) {
  if (E->why) return false;
  out(E, "if (__builtin_expect(++R->steps > R->max_steps, 0)) stop_run(R, %d, %d);\n", CX_BUDGET, CXN_STEPS);
  out(E, "R->line = %d;\n", s->line);
  if (s->line > 0)
    out(E, "if (__builtin_expect(R->hits != 0, 0) && %d < R->nlines) R->hits[%d]++;\n", s->line, s->line);
  out(E, "if (__builtin_expect(R->event_on, 0)) R->event(R, %d, -1);\n", event_site(E, s));
  if (s->target) reached_if_now(E);
  int t;
  switch ((CxStmtKind)s->kind) {
  case S_SKIP: return true;
  case S_DECL_SLOT: out(E, "d%d = 0;\n", s->slot); return true;
  case S_DECL_MEM: {
    if (s->e) return refuse(E, "a variable length array");
    int site = push_site((const void ***)&E->sites->decl, &E->sites->ndecl, s);
    out(E, "v%d = R->new_object(R, %d); d%d = 1;\n", s->slot, site, s->slot);
    return true;
  }
  case S_ASSIGN: return (t = ex(E, s->e)) >= 0 && assign(E, &s->lhs, t);
  case S_CALL: out(E, "{\n"); if (!call(E, s)) return false; out(E, "}\n"); return true;
  case S_NONDET: out(E, "{\n"); if (!nondet(E, s)) return false; out(E, "}\n"); return true;
  case S_ASSUME:
    out(E, "{\n");
    if ((t = truth(E, s->e)) < 0) return false;
    out(E, "if (!t%d) stop_run(R, %d, %d);\n}\n", t, CX_ENDED, CX_END_ASSUME);
    return true;
  case S_ASSERT:
    out(E, "{\n");
    if ((t = truth(E, s->e)) < 0) return false;
    out(E, "if (!t%d) {\n", t);
    if (s->objective) reached_if_now(E);
    out(E, "stop_run(R, %d, %d);\n}\n}\n", CX_ENDED, CX_END_ASSERT);
    return true;
  case S_ABORT: case S_EXIT: case S_ERROR:
    out(E, "{\n");
    for (int i = 0; i < s->nargs; i++)
      if (ex(E, s->args[i]) < 0) return false;
    if (s->kind == S_ERROR && s->objective) reached_if_now(E);
    out(E, "stop_run(R, %d, %d);\n}\n", CX_ENDED,
        s->kind == S_ABORT ? CX_END_ABORT : s->kind == S_EXIT ? CX_END_EXIT : CX_END_ERROR);
    return true;
  case S_MALLOC: return refuse(E, "malloc");
  case S_FREE: return refuse(E, "free");
  case S_CHECK_HEAP: return refuse(E, "a heap check");
  case S_ALLOC_LINE: return refuse(E, "a leak count");
  case S_IF:
    out(E, "{\n");
    if ((t = truth(E, s->e)) < 0) return false;
    decided(E, s, t);
    out(E, "if (t%d) {\n", t);
    if (!block(E, &s->a)) return false;
    out(E, "} else {\n");
    if (!block(E, &s->b)) return false;
    out(E, "}\n}\n");
    return true;
  case S_WHILE: return loop(E, s);
  case S_BREAK: case S_CONTINUE: {
    if (!E->nloops) return refuse(E, "a break or continue outside a loop");
    int n = E->nloops - 1;
    bool leave = s->kind == S_BREAK || E->in_pre_or_step[n];
    out(E, "goto %s%d;\n", leave ? "brk" : "cont", leave ? E->loop_break[n] : E->loop_continue[n]);
    return true;
  }
  case S_RETURN:
    out(E, "{\n");
    if (s->e) {
      if ((t = ex(E, s->e)) < 0) return false;
      restore_iters(E);
      out(E, "*rd = %d;\nreturn t%d;\n}\n", E->fn->has_value, t);
    } else {
      restore_iters(E);
      out(E, "*rd = 0;\nreturn 0;\n}\n");
    }
    return true;
  case S_BLOCK: out(E, "{\n"); if (!block(E, &s->a)) return false; out(E, "}\n"); return true;
  }
  return refuse(E, "a statement outside what is emitted");
}

static bool block(Emit *E, const CxBlock *b) {
  for (int i = 0; i < b->n; i++)
    if (!stmt(E, b->s[i])) return false;
  return true;
}

/* ---- Functions -------------------------------------------------------------------- */
static void signature(Emit *E, int fi, const CxFunc *f) {
  out(E, "static int64_t f%d(CxNativeRun *R, int top", fi);
  for (int i = 0; i < f->nparams; i++) out(E, ", int64_t a%d", i);
  out(E, ", uint8_t *rd)");
}

static bool function(Emit *E, int fi, const CxFunc *f) {
  E->fn = f;
  signature(E, fi, f);
  out(E, " {\n(void)top;\n");
  if (E->sites->recursive) /* the C stack, not the interpreter's: the host gives up below its floor */
    out(E, "if (__builtin_expect((uintptr_t)__builtin_frame_address(0) < R->stack_floor, 0)) stop_run(R, %d, 0);\n",
        CXN_OUTCOME_STACK);
  for (int i = 0; i < f->nslots; i++)
    out(E, "int64_t v%d = 0; uint8_t d%d = %d;\n", i, i, i < f->nparams);
  for (int i = 0; i < f->nparams; i++) {
    if (f->param_type[i]->kind == IR_TY_STRUCT) return refuse(E, "a struct passed by value");
    if (f->param_in_memory[i]) {
      E->sites->pfunc = realloc(E->sites->pfunc, sizeof *E->sites->pfunc * (size_t)(E->sites->nparam + 1));
      E->sites->pindex = realloc(E->sites->pindex, sizeof *E->sites->pindex * (size_t)(E->sites->nparam + 1));
      if (!E->sites->pfunc || !E->sites->pindex) abort();
      E->sites->pfunc[E->sites->nparam] = f;
      E->sites->pindex[E->sites->nparam] = i;
      out(E, "v%d = R->param_object(R, %d, a%d);\n", i, E->sites->nparam++, i);
    } else {
      out(E, "v%d = a%d;\n", i, i);
    }
  }
  if (f == E->c->entry && E->c->nassumes) {
    out(E, "if (top) {\nR->in_assume = 1;\n");
    for (int i = 0; i < E->c->nassumes; i++) {
      out(E, "{\n");
      int t = truth(E, E->c->assumes[i]);
      if (t < 0) return false;
      out(E, "if (!t%d) stop_run(R, %d, %d);\n}\n", t, CX_ENDED, CX_END_ASSUME);
    }
    out(E, "R->in_assume = 0;\n}\n");
  }
  out(E, "*rd = 0;\n");
  if (!block(E, &f->body)) return false;
  out(E, "return 0;\n}\n\n");
  return true;
}

/* Does a call chain from f come back to a function on it?  (state: 0 not
   seen, 1 on the chain, 2 done) */
static bool recursive(const CxProgram *c, const CxBlock *b, uint8_t *state);

static bool recursive_func(const CxProgram *c, const CxFunc *f, uint8_t *state) {
  int i = func_index(c, f);
  if (i < 0 || state[i] == 1) return true;
  if (state[i] == 2) return false;
  state[i] = 1;
  bool r = recursive(c, &f->body, state);
  state[i] = 2;
  return r;
}

static bool recursive(const CxProgram *c, const CxBlock *b, uint8_t *state) {
  for (int i = 0; i < b->n; i++) {
    const CxStmt *s = b->s[i];
    if (s->kind == S_CALL && recursive_func(c, s->callee, state)) return true;
    const CxBlock *sub[4] = {&s->a, &s->b, &s->c, &s->d};
    for (int j = 0; j < 4; j++)
      if (recursive(c, sub[j], state)) return true;
  }
  return false;
}

static const char PRELUDE[] =
    "static __attribute__((noreturn, cold, noinline)) void stop_run(CxNativeRun *R, int outcome, int why) {\n"
    "  R->outcome = outcome;\n  R->why = why;\n  longjmp(*R->jb, 1);\n}\n"
    "static inline int64_t load(CxNativeRun *R, int64_t l) {\n"
    "  if (__builtin_expect((uint64_t)l >= (uint64_t)R->limit || !R->def[l], 0)) stop_run(R, %d, %d);\n"
    "  return R->val[l];\n}\n"
    "static inline void store(CxNativeRun *R, int64_t l, int64_t v, uint8_t d) {\n"
    "  if (__builtin_expect((uint64_t)l >= (uint64_t)R->limit, 0)) stop_run(R, %d, %d);\n"
    "  R->val[l] = v;\n  R->def[l] = d;\n}\n\n";

char *cx_native_emit(const CxProgram *c, CxNativeSites *sites, const char **why) {
  memset(sites, 0, sizeof *sites);
  *why = NULL;
  int nf = c->prog->nfuncs;
  uint8_t *state = calloc((size_t)nf + 1, 1);
  if (!state) {
    *why = "out of memory";
    return NULL;
  }
  sites->recursive = recursive_func(c, c->entry, state);
  free(state);
  char *text = NULL;
  size_t len = 0;
  Emit E = {.c = c, .sites = sites};
  E.out = open_memstream(&text, &len);
  if (!E.out) {
    *why = "out of memory";
    return NULL;
  }
  out(&E, "/* generated by inka-ng: the native form of a program's concrete runs */\n");
  out(&E, "#include <setjmp.h>\n#include <stdint.h>\n\n%s\n\n", CX_NATIVE_STR(CX_NATIVE_ABI));
  out(&E, PRELUDE, CX_UNINIT, CXN_UNINIT_MEMORY, CX_ABANDONED, CXN_STORE_OUTSIDE);
  for (int i = 0; i < nf; i++)
    if (c->funcs[i]) {
      signature(&E, i, c->funcs[i]);
      out(&E, ";\n");
    }
  out(&E, "\n");
  bool ok = true;
  for (int i = 0; ok && i < nf; i++)
    if (c->funcs[i]) ok = function(&E, i, c->funcs[i]);
  int entry = func_index(c, c->entry);
  const CxFunc *f = c->entry;
  for (int i = 0; ok && i < f->nparams; i++)
    if (f->param_type[i]->kind != IR_TY_INT && f->param_type[i]->kind != IR_TY_BOOL &&
        f->param_type[i]->kind != IR_TY_PTR)
      ok = refuse(&E, "a parameter that is not an integer or a pointer");
  out(&E, "int64_t cx_native_entry(CxNativeRun *R, const int64_t *args, int *has_return) {\n");
  out(&E, "  uint8_t rd = 0;\n  int64_t v = f%d(R, 1", entry);
  for (int i = 0; i < f->nparams; i++) out(&E, ", args[%d]", i);
  out(&E, ", &rd);\n  *has_return = rd;\n  return v;\n}\n");
  fclose(E.out);
  if (!ok || E.why) {
    *why = E.why ? E.why : "a program outside what is emitted";
    free(text);
    cx_native_sites_free(sites);
    return NULL;
  }
  return text;
}

void cx_native_sites_free(CxNativeSites *s) {
  free(s->decl);
  free(s->pfunc);
  free(s->pindex);
  free(s->nondet);
  free(s->compare);
  free(s->event);
  memset(s, 0, sizeof *s);
}
