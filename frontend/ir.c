/* ir.c - the helpers every reader of the IR uses (include/inka/ir.h), and
 * the readable dump (`inka-ng --dump-ir`, the frontend's golden tests).
 *
 * Dump format, stable because it is golden-tested: a function header in C,
 * then one statement per line as "LINE: text" with two spaces of
 * indentation per nesting level; expressions in C syntax, fully
 * parenthesized below the top, with every conversion as a C cast.
 * Never modifies the IR (ir_decl only allocates its string).
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fe.h"

/* ---- The loops around a statement ------------------------------------------ */
typedef struct LoopPath {
  const IrStmt **loops;
  int n, cap;
} LoopPath;

static void path_push(LoopPath *lp, const IrStmt *s) {
  if (lp->n == lp->cap) {
    lp->cap = lp->cap ? 2 * lp->cap : 8;
    lp->loops = realloc(lp->loops, sizeof *lp->loops * (size_t)lp->cap);
    if (!lp->loops) abort();
  }
  lp->loops[lp->n++] = s;
}

/* The loops around target in b, outermost first (the target itself when it
   is a loop); false if it is not inside b. */
static bool find_loops(const IrBlock *b, const IrStmt *target, LoopPath *lp) {
  for (int i = 0; i < b->n; i++) {
    const IrStmt *s = b->stmts[i];
    if (s == target) {
      if (s->kind == IR_ST_WHILE) path_push(lp, s);
      return true;
    }
    bool loop = s->kind == IR_ST_WHILE;
    if (loop) path_push(lp, s);
    if (find_loops(&s->then, target, lp) || find_loops(&s->els, target, lp) || find_loops(&s->pre, target, lp) ||
        find_loops(&s->body, target, lp) || find_loops(&s->step, target, lp))
      return true;
    if (loop) lp->n--;
  }
  return false;
}

int ir_loops_around(const IrProgram *p, const IrStmt *target, const IrStmt ***loops) {
  LoopPath lp = {0};
  for (int f = 0; f < p->nfuncs && lp.n == 0; f++) {
    const IrFunction *fn = p->funcs[f];
    if (fn->defined && !find_loops(&fn->body, target, &lp)) lp.n = 0;
  }
  *loops = lp.loops;
  return lp.n;
}

IrFunction *ir_find_function(const IrProgram *p, const char *name) {
  if (!p || !name) return NULL;
  for (int i = 0; i < p->nfuncs; i++)
    if (strcmp(p->funcs[i]->name, name) == 0) return p->funcs[i];
  return NULL;
}

bool ir_is_lvalue(const IrExpr *e) {
  return e && (e->kind == IR_VAR || e->kind == IR_DEREF || e->kind == IR_FIELD || e->kind == IR_INDEX);
}

bool ir_is_call_to(const IrStmt *s, const char *want) {
  if (s->kind != IR_ST_CALL || !want) return false;
  if (s->callee_name && strcmp(s->callee_name, want) == 0) return true;
  if (s->builtin == IR_BI_ASSERT && (strcmp(want, "assert") == 0 || strcmp(want, "__assert_fail") == 0)) return true;
  return s->builtin == IR_BI_ERROR && (strcmp(want, "reach_error") == 0 || strcmp(want, "__VERIFIER_error") == 0);
}

bool ir_takes_pointers(const IrFunction *fn) {
  for (int i = 0; i < fn->nparams; i++)
    if (fn->params[i]->type->kind == IR_TY_PTR) return true;
  return false;
}

const char *ir_decl(IrProgram *p, const IrType *t, const char *name) {
  return fe_declarator(p->arena, t, name);
}

/* ---- finding statements -------------------------------------------------------- */
static IrStmt *find_loop(const IrBlock *b, int line);
static IrStmt *find_any(const IrBlock *b, int line);

static IrStmt *find_loop_in(IrStmt *s, int line) {
  IrStmt *r = NULL;
  if (s->kind == IR_ST_WHILE && s->loc.line == line) return s;
  switch (s->kind) {
  case IR_ST_IF:
    if ((r = find_loop(&s->then, line))) return r;
    return find_loop(&s->els, line);
  case IR_ST_WHILE:
    if ((r = find_loop(&s->pre, line))) return r;
    if ((r = find_loop(&s->body, line))) return r;
    return find_loop(&s->step, line);
  case IR_ST_BLOCK: return find_loop(&s->body, line);
  default: return NULL;
  }
}

static IrStmt *find_loop(const IrBlock *b, int line) {
  for (int i = 0; i < b->n; i++) {
    IrStmt *r = find_loop_in(b->stmts[i], line);
    if (r) return r;
  }
  return NULL;
}

static IrStmt *find_any_in(IrStmt *s, int line) {
  if (s->loc.line == line) return s;
  IrStmt *r = NULL;
  switch (s->kind) {
  case IR_ST_IF:
    if ((r = find_any(&s->then, line))) return r;
    return find_any(&s->els, line);
  case IR_ST_WHILE:
    if ((r = find_any(&s->pre, line))) return r;
    if ((r = find_any(&s->body, line))) return r;
    return find_any(&s->step, line);
  case IR_ST_BLOCK: return find_any(&s->body, line);
  default: return NULL;
  }
}

static IrStmt *find_any(const IrBlock *b, int line) {
  for (int i = 0; i < b->n; i++) {
    IrStmt *r = find_any_in(b->stmts[i], line);
    if (r) return r;
  }
  return NULL;
}

IrStmt *ir_find_stmt_at_line(const IrFunction *fn, int line) {
  if (!fn) return NULL;
  IrStmt *s = find_loop(&fn->body, line);
  return s ? s : find_any(&fn->body, line);
}

/* ---- expressions ------------------------------------------------------------------ */
static void dump_expr(FILE *out, const IrExpr *e, bool top);

static void dump_int(FILE *out, const IrExpr *e) {
  const IrType *t = e->type;
  const char *sp = t->spelling;
  if (t->kind == IR_TY_BOOL) {
    fprintf(out, "(_Bool)%" PRId64, e->ival);
  } else if (strcmp(sp, "int") == 0) {
    fprintf(out, "%" PRId64, e->ival);
  } else if (strcmp(sp, "unsigned int") == 0) {
    fprintf(out, "%" PRIu64 "u", (uint64_t)e->ival & 0xffffffffu);
  } else if (strcmp(sp, "long") == 0) {
    fprintf(out, "%" PRId64 "L", e->ival);
  } else if (strcmp(sp, "unsigned long") == 0) {
    fprintf(out, "%" PRIu64 "UL", t->bits == 64 ? (uint64_t)e->ival : (uint64_t)e->ival & 0xffffffffu);
  } else if (strcmp(sp, "long long") == 0) {
    fprintf(out, "%" PRId64 "LL", e->ival);
  } else if (strcmp(sp, "unsigned long long") == 0) {
    fprintf(out, "%" PRIu64 "ULL", (uint64_t)e->ival);
  } else if (t->is_signed) {
    fprintf(out, "(%s)%" PRId64, sp, e->ival);
  } else {
    fprintf(out, "(%s)%" PRIu64, sp, (uint64_t)e->ival);
  }
}

static void dump_float(FILE *out, const IrExpr *e) {
  double v = e->fval;
  const char *suffix = e->type->bits == 32 ? "f" : "";
  if (isnan(v)) { fprintf(out, "NAN%s", suffix); return; }
  if (isinf(v)) { fprintf(out, "%sINFINITY%s", v < 0 ? "-" : "", suffix); return; }
  char buf[64];
  snprintf(buf, sizeof buf, "%.17g", v);
  for (int prec = 1; prec <= 17; prec++) { /* the shortest text that reads back */
    snprintf(buf, sizeof buf, "%.*g", prec, v);
    if (e->type->bits == 32 ? (float)strtod(buf, NULL) == (float)v : strtod(buf, NULL) == v) break;
  }
  if (strpbrk(buf, "eE") && fabs(v) >= 1e-4 && fabs(v) < 1e15) /* plain decimals read better */
    for (int prec = 0; prec <= 20; prec++) {
      snprintf(buf, sizeof buf, "%.*f", prec, v);
      if (e->type->bits == 32 ? (float)strtod(buf, NULL) == (float)v : strtod(buf, NULL) == v) break;
    }
  if (!strpbrk(buf, ".eEn")) strcat(buf, ".0");
  fprintf(out, "%s%s", buf, suffix);
}

static const char *binop_text(IrExprKind k) {
  switch (k) {
  case IR_ADD: return "+"; case IR_SUB: return "-"; case IR_MUL: return "*"; case IR_DIV: return "/";
  case IR_REM: return "%"; case IR_SHL: return "<<"; case IR_SHR: return ">>"; case IR_BAND: return "&";
  case IR_BOR: return "|"; case IR_BXOR: return "^"; case IR_LT: return "<"; case IR_LE: return "<=";
  case IR_GT: return ">"; case IR_GE: return ">="; case IR_EQ: return "=="; case IR_NE: return "!=";
  case IR_LAND: return "&&"; case IR_LOR: return "||"; case IR_PTR_ADD: return "+"; case IR_PTR_DIFF: return "-";
  default: return "?";
  }
}

static void dump_expr(FILE *out, const IrExpr *e, bool top) {
  if (!e) {
    fputs("<null>", out);
    return;
  }
  switch (e->kind) {
  case IR_INT_CONST: dump_int(out, e); return;
  case IR_FLOAT_CONST: dump_float(out, e); return;
  case IR_NULL: fputs("NULL", out); return;
  case IR_VAR: fputs(e->var->name, out); return;
  case IR_DEREF: fputs("*", out); dump_expr(out, e->a[0], false); return;
  case IR_FIELD:
    if (e->a[0]->kind == IR_DEREF) {
      dump_expr(out, e->a[0]->a[0], false);
      fprintf(out, "->%s", e->a[0]->type->fields[e->field].name);
    } else {
      dump_expr(out, e->a[0], false);
      fprintf(out, ".%s", e->a[0]->type->fields[e->field].name);
    }
    return;
  case IR_INDEX:
    dump_expr(out, e->a[0], false);
    fputs("[", out);
    dump_expr(out, e->a[1], true);
    fputs("]", out);
    return;
  case IR_ADDR_OF: fputs("&", out); dump_expr(out, e->a[0], false); return;
  case IR_LENGTH: fputs("length(", out); dump_expr(out, e->a[0], true); fputs(")", out); return;
  case IR_CAST: fprintf(out, "(%s)", e->type->spelling); dump_expr(out, e->a[0], false); return;
  case IR_BITCAST: fprintf(out, "bits(%s)", e->type->spelling); dump_expr(out, e->a[0], false); return;
  case IR_NEG: fputs("-", out); dump_expr(out, e->a[0], false); return;
  case IR_BITNOT: fputs("~", out); dump_expr(out, e->a[0], false); return;
  case IR_LNOT: fputs("!", out); dump_expr(out, e->a[0], false); return;
  case IR_COND:
    if (!top) fputs("(", out);
    dump_expr(out, e->a[0], false);
    fputs(" ? ", out);
    dump_expr(out, e->a[1], false);
    fputs(" : ", out);
    dump_expr(out, e->a[2], false);
    if (!top) fputs(")", out);
    return;
  default:
    if (!top) fputs("(", out);
    dump_expr(out, e->a[0], false);
    fprintf(out, " %s ", binop_text(e->kind));
    dump_expr(out, e->a[1], false);
    if (!top) fputs(")", out);
    return;
  }
}

/* ---- statements ----------------------------------------------------------------- */
static void dump_block(FILE *out, const IrBlock *b, int depth);
static void var_decl(FILE *out, const IrVar *v);

static void prefix(FILE *out, int line, int depth) {
  if (line > 0) fprintf(out, "%4d: ", line);
  else fputs("      ", out);
  for (int i = 0; i < depth; i++) fputs("  ", out);
}

static const char *builtin_name(const IrStmt *s) {
  if (s->builtin == IR_BI_ASSERT) return "assert";
  return s->callee_name ? s->callee_name : "?";
}

static void dump_call(FILE *out, const IrStmt *s) {
  if (s->lhs) {
    dump_expr(out, s->lhs, true);
    fputs(" = ", out);
  }
  if ((s->builtin == IR_BI_MALLOC || s->builtin == IR_BI_CALLOC || s->builtin == IR_BI_REALLOC) && s->type && s->type->kind == IR_TY_PTR &&
      s->type->base->kind != IR_TY_VOID)
    fprintf(out, "(%s)", s->type->spelling);
  fputs(builtin_name(s), out);
  fputs("(", out);
  for (int i = 0; i < s->nargs; i++) {
    if (i) fputs(", ", out);
    dump_expr(out, s->args[i], true);
  }
  fputs(")", out);
}

static void dump_stmt(FILE *out, const IrStmt *s, int depth) {
  prefix(out, s->loc.line, depth);
  switch (s->kind) {
  case IR_ST_ASSIGN:
    dump_expr(out, s->lhs, true);
    fputs(" = ", out);
    dump_expr(out, s->rhs, true);
    fputs("\n", out);
    return;
  case IR_ST_CALL: dump_call(out, s); fputs("\n", out); return;
  case IR_ST_IF:
    fputs("if (", out);
    dump_expr(out, s->cond, true);
    fputs(")\n", out);
    dump_block(out, &s->then, depth + 1);
    if (s->els.n) {
      prefix(out, 0, depth);
      fputs("else\n", out);
      dump_block(out, &s->els, depth + 1);
    }
    return;
  case IR_ST_WHILE: {
    fputs(s->is_do_while ? "do-while (" : "while (", out);
    dump_expr(out, s->cond, true);
    fputs(")\n", out);
    bool labels = s->pre.n || s->step.n;
    if (s->pre.n) {
      prefix(out, 0, depth + 1);
      fputs("pre:\n", out);
      dump_block(out, &s->pre, depth + 2);
    }
    if (labels) {
      prefix(out, 0, depth + 1);
      fputs("body:\n", out);
    }
    dump_block(out, &s->body, depth + 1 + labels);
    if (s->step.n) {
      prefix(out, 0, depth + 1);
      fputs("step:\n", out);
      dump_block(out, &s->step, depth + 2);
    }
    return;
  }
  case IR_ST_BREAK: fputs("break\n", out); return;
  case IR_ST_CONTINUE: fputs("continue\n", out); return;
  case IR_ST_RETURN:
    fputs("return", out);
    if (s->rhs) {
      fputs(" ", out);
      dump_expr(out, s->rhs, true);
    }
    fputs("\n", out);
    return;
  case IR_ST_BLOCK:
    fputs("{\n", out);
    dump_block(out, &s->body, depth + 1);
    prefix(out, 0, depth);
    fputs("}\n", out);
    return;
  case IR_ST_DECL:
    fputs("decl ", out);
    var_decl(out, s->var);
    if (s->rhs) { /* a variable length array's length */
      fputs(" length ", out);
      dump_expr(out, s->rhs, true);
    }
    fputs("\n", out);
    return;
  case IR_ST_SKIP:
    if (s->callee_name) fprintf(out, "skip /* stub %s() */\n", s->callee_name);
    else fputs("skip\n", out);
    return;
  }
  fputs("?\n", out);
}

static void dump_block(FILE *out, const IrBlock *b, int depth) {
  for (int i = 0; i < b->n; i++) dump_stmt(out, b->stmts[i], depth);
}

static void var_decl(FILE *out, const IrVar *v) {
  IrArena *a = fe_arena_new(); /* scratch: the dump never touches the IR's arena */
  fputs(fe_declarator(a, v->type, v->name), out);
  fe_arena_free(a);
}

void ir_dump_function(FILE *out, const IrFunction *fn) {
  if (!fn) return;
  fprintf(out, "%s%s %s(", fn->defined ? "" : "declare ", fn->ret ? fn->ret->spelling : "?", fn->name);
  for (int i = 0; i < fn->nparams; i++) {
    if (i) fputs(", ", out);
    var_decl(out, fn->params[i]);
    if (fn->params[i]->address_taken) fputs(" (mem)", out);
  }
  fputs(")\n", out);
  if (fn->unsupported)
    fprintf(out, "      !! %d:%d: %s\n", fn->unsupported->loc.line, fn->unsupported->loc.col, fn->unsupported->message);
  if (!fn->defined) return;
  if (fn->nlocals) {
    fputs("      locals: ", out);
    for (int i = 0; i < fn->nlocals; i++) {
      if (i) fputs(", ", out);
      var_decl(out, fn->locals[i]);
      if (fn->locals[i]->address_taken) fputs(" (mem)", out);
    }
    fputs("\n", out);
  }
  if (fn->ncallees) {
    fputs("      calls:", out);
    for (int i = 0; i < fn->ncallees; i++) fprintf(out, " %s", fn->callees[i]->name);
    fputs("\n", out);
  }
  dump_block(out, &fn->body, 0);
  fprintf(out, "%4d: end\n", fn->end.line);
}

static void dump_init(FILE *out, const IrInit *i) {
  if (!i) {
    fputs("0", out);
    return;
  }
  switch (i->kind) {
  case IR_INIT_INT: {
    IrExpr e = {.kind = IR_INT_CONST, .type = i->type, .ival = i->ival};
    dump_int(out, &e);
    return;
  }
  case IR_INIT_FLOAT: {
    IrExpr e = {.kind = IR_FLOAT_CONST, .type = i->type, .fval = i->fval};
    dump_float(out, &e);
    return;
  }
  case IR_INIT_NULL: fputs("NULL", out); return;
  case IR_INIT_ADDR:
    fprintf(out, "&%s", i->addr_of ? i->addr_of->name : "?");
    if (i->addr_cell) fprintf(out, " /* cell %" PRId64 " */", i->addr_cell);
    return;
  case IR_INIT_LIST:
    fputs("{", out);
    for (int k = 0; k < i->nelems; k++) {
      fputs(k ? ", " : "", out);
      dump_init(out, i->elems[k]);
    }
    fputs("}", out);
    return;
  }
}

void ir_dump_program(FILE *out, const IrProgram *p) {
  if (!p) return;
  fprintf(out, "program %s", p->nfiles > 1 ? p->files[0] : p->path);
  for (int i = 1; i < p->nfiles; i++) fprintf(out, " %s", p->files[i]); /* a program of several files */
  fprintf(out, " (%s)\n", p->model == IR_ILP32 ? "ILP32" : "LP64");
  for (int i = 0; i < p->nglobals; i++) {
    const IrVar *g = p->globals[i];
    fprintf(out, "%4d: global %s", g->loc.line, g->is_const ? "const " : "");
    var_decl(out, g);
    if (g->address_taken) fputs(" /* in memory */", out);
    if (g->init) {
      fputs(" = ", out);
      dump_init(out, g->init);
    }
    fputs("\n", out);
  }
  for (int i = 0; i < p->nfuncs; i++) {
    fputs("\n", out);
    ir_dump_function(out, p->funcs[i]);
  }
}
