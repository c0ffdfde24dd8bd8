/* reach.c - which functions a function under test can reach, and whether
 * they are all in the subset (fe_check_reachable).
 *
 * fe_link_calls() runs once after conversion: it fills each function's
 * callees (defined functions, no duplicates) and reports a call to a
 * function that is neither defined nor a builtin as the caller's
 * unsupported construct (the earliest one in the source wins).  The check
 * then walks the call graph from the function under test.  Never recurses
 * over the call graph (an explicit stack: recursion in the program is fine).
 */
#include <stdlib.h>
#include <string.h>

#include "fe.h"

static bool loc_before(IrLoc a, IrLoc b) { return a.line < b.line || (a.line == b.line && a.col < b.col); }

static void link_block(IrProgram *p, IrFunction *fn, const IrBlock *b);

static void link_stmt(IrProgram *p, IrFunction *fn, const IrStmt *s) {
  switch (s->kind) {
  case IR_ST_CALL:
    if (s->builtin != IR_BI_NONE || !s->callee) return;
    if (!s->callee->defined) {
      if (!fn->unsupported || loc_before(s->loc, fn->unsupported->loc)) {
        IrDiag *d = fe_alloc(p->arena, sizeof *d);
        d->loc = s->loc;
        d->message = fe_fmt(p->arena, "unsupported: call to undefined function '%s'", s->callee->name);
        fn->unsupported = d;
      }
      return;
    }
    for (int i = 0; i < fn->ncallees; i++)
      if (fn->callees[i] == s->callee) return;
    fe_push(p->arena, (void ***)&fn->callees, &fn->ncallees, s->callee);
    return;
  case IR_ST_IF:
    link_block(p, fn, &s->then);
    link_block(p, fn, &s->els);
    return;
  case IR_ST_WHILE:
    link_block(p, fn, &s->pre);
    link_block(p, fn, &s->body);
    link_block(p, fn, &s->step);
    return;
  case IR_ST_BLOCK: link_block(p, fn, &s->body); return;
  default: return;
  }
}

static void link_block(IrProgram *p, IrFunction *fn, const IrBlock *b) {
  for (int i = 0; i < b->n; i++) link_stmt(p, fn, b->stmts[i]);
}

void fe_link_calls(IrProgram *p) {
  for (int i = 0; i < p->nfuncs; i++)
    if (p->funcs[i]->defined) link_block(p, p->funcs[i], &p->funcs[i]->body);
}

const IrDiag *fe_check_reachable(const IrProgram *p, const IrFunction *fn) {
  if (!p || !fn) return NULL;
  const IrFunction **seen = calloc((size_t)p->nfuncs + 1, sizeof *seen);
  const IrFunction **stack = calloc((size_t)p->nfuncs + 1, sizeof *stack);
  if (!seen || !stack) abort();
  int nseen = 0, top = 0;
  const IrDiag *found = NULL;
  stack[top++] = fn;
  seen[nseen++] = fn;
  while (top && !found) {
    const IrFunction *f = stack[--top];
    if (f->unsupported) {
      found = f->unsupported;
      break;
    }
    if (!f->defined) { /* only the function under test itself can get here */
      IrDiag *d = fe_alloc(p->arena, sizeof *d);
      d->loc = f->loc;
      d->message = fe_fmt(p->arena, "unsupported: function '%s' has no body", f->name);
      found = d;
      break;
    }
    for (int i = f->ncallees - 1; i >= 0; i--) { /* so that the first callee is checked first */
      const IrFunction *g = f->callees[i];
      bool known = false;
      for (int k = 0; k < nseen && !known; k++) known = seen[k] == g;
      if (known || nseen > p->nfuncs) continue;
      seen[nseen++] = g;
      stack[top++] = g;
    }
  }
  free(seen);
  free(stack);
  return found;
}
