/* suite_tick_solver.c - ticking objectives off where the concrete mode
 * cannot run the unit (floating point): the solver itself decides, for each
 * open objective, whether the test's own inputs meet it.
 *
 * The query is the objective's, with every parameter fixed by a
 * precondition `p == value`.  A REACHABLE answer is an execution of the
 * program on those inputs; it counts only when the answer's inputs are the
 * test's bit for bit (`x == 0.0` admits -0.0 too, and a NaN cannot be fixed
 * this way) and no nondet value was needed (the function then has no other
 * inputs: the run is the test's).  Short budgets: a query that does not
 * answer at once only leaves the objective open.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "inka/fp.h"
#include "suite.h"

enum { TICK_QUERY_MS = 200 };

static IrExpr *expr(IrExprKind k, const IrType *t) {
  IrExpr *e = calloc(1, sizeof *e);
  e->kind = k;
  e->type = (IrType *)t;
  return e;
}

/* `p == value` for each parameter; false when one cannot be written (NaN). */
static bool fix_inputs(const SuTest *t, const IrFunction *fn, const IrType *int_type, IrExpr **out) {
  for (int i = 0; i < t->ninputs; i++) {
    const IrType *ty = t->inputs[i].type;
    IrExpr *var = expr(IR_VAR, ty), *val;
    var->var = fn->params[i];
    if (ty->kind == IR_TY_FLOAT) {
      double d = fp_key_to_double(ty->bits == 32 ? &fp_binary32 : &fp_binary64, t->inputs[i].value);
      val = expr(IR_FLOAT_CONST, ty);
      val->fval = d;
      if (isnan(d)) {
        free(var);
        free(val);
        return false;
      }
    } else {
      val = expr(IR_INT_CONST, ty);
      val->ival = t->inputs[i].value;
    }
    out[i] = expr(IR_EQ, int_type);
    out[i]->a[0] = var;
    out[i]->a[1] = val;
  }
  return true;
}

static void free_fixes(IrExpr **fix, int n) {
  for (int i = 0; i < n; i++)
    if (fix[i]) {
      free(fix[i]->a[0]);
      free(fix[i]->a[1]);
      free(fix[i]);
    }
}

static bool same_inputs(const SuTest *t, const LblResult *r) {
  if (r->ninputs != t->ninputs || r->nnondet != 0) return false;
  for (int i = 0; i < t->ninputs; i++)
    if (r->inputs[i].value != t->inputs[i].value) return false;
  return true;
}

/* Does test k meet objective oi?  One short query. */
static bool meets(Suite *s, int k, int oi, IrExpr **fix, int nfix) {
  SuObjective *o = &s->objs[oi];
  const SuTest *t = &s->tests[k];
  IrExpr **all = calloc((size_t)(nfix + s->nassumes) + 1, sizeof *all);
  for (int i = 0; i < s->nassumes; i++) all[i] = s->unit_assumes[t->unit][i];
  for (int i = 0; i < nfix; i++) all[s->nassumes + i] = fix[i];
  LblQuery q = {.prog = s->prog, .fn = s->units[t->unit], .assumes = all, .nassumes = s->nassumes + nfix,
                .timeout_s = TICK_QUERY_MS / 1000.0, .max_unfold = s->opt->max_unfold, .seed = s->opt->seed,
                .no_concrete = s->opt->no_concrete, .no_sat = s->opt->no_sat, .no_alias = s->opt->no_alias, .acyclic = s->opt->acyclic, .max_memory = (size_t)s->opt->max_memory};
  bool met = false;
  int ntargets = o->kind == SU_STATEMENT ? o->nline_stmts : 1;
  for (int j = 0; j < ntargets && !met; j++) {
    q.obj.target = o->kind == SU_STATEMENT ? o->line_stmts[j] : o->target;
    if (o->observer >= 0) suite_observe_install(s, &o->observer, 1, false);
    LblResult r;
    char *err = NULL;
    bool ok = lbl_solve(&q, &r, &err);
    suite_observe_install(s, NULL, 0, false);
    free(err);
    if (!ok) break;
    met = r.verdict == LBL_REACHABLE && same_inputs(t, &r);
    lbl_result_free(&r);
  }
  free(all);
  return met;
}

int suite_tick_solver(Suite *s, int k) {
  const SuTest *t = &s->tests[k];
  const IrFunction *fn = s->units[t->unit];
  const IrType *int_type = suite_int_type(fn);
  if (t->nnondet || !int_type || t->ninputs != fn->nparams || suite_has_pointers(t)) return 0;
  IrExpr **fix = calloc((size_t)t->ninputs + 1, sizeof *fix);
  int n = 0;
  if (fix_inputs(t, fn, int_type, fix))
    for (int oi = 0; oi < s->nobjs; oi++) {
      SuObjective *o = &s->objs[oi];
      if (o->unit != t->unit || o->status == SU_COVERED || o->status == SU_DEAD) continue;
      if (oi == t->objective || !meets(s, k, oi, fix, t->ninputs)) continue;
      o->status = SU_COVERED;
      o->test = k;
      free(o->reason);
      o->reason = NULL;
      n++;
    }
  free_fixes(fix, t->ninputs);
  free(fix);
  return n;
}
