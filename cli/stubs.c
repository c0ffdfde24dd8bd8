/* stubs.c - the warning that names the stubs the function under test may
 * call: functions the file declares but does not define, whose results the
 * search treats as inputs (frontend/stubs.c).  The user must know that the
 * test runs them as stubs, not as the real functions.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct Names {
  const char *name[64];
  int n;
  bool more;
} Names;

static void add(Names *ns, const char *name) {
  for (int i = 0; i < ns->n; i++)
    if (!strcmp(ns->name[i], name)) return;
  if (ns->n == 64) ns->more = true;
  else ns->name[ns->n++] = name;
}

/* A call to a stub of p (a skip also stands for a library output call,
   frontend/output.c, which is no stub). */
static bool is_stub_call(const IrProgram *p, const IrStmt *s) {
  if (!s->callee_name) return false;
  if (s->kind == IR_ST_SKIP) {
    for (int i = 0; i < p->nstubs; i++)
      if (!strcmp(p->stubs[i]->name, s->callee_name)) return true;
    return false;
  }
  return s->kind == IR_ST_CALL && s->builtin == IR_BI_NONDET && strncmp(s->callee_name, "__VERIFIER_", 11) != 0;
}

static void scan(const IrProgram *p, const IrBlock *b, Names *ns) {
  for (int i = 0; i < b->n; i++) {
    const IrStmt *s = b->stmts[i];
    if (is_stub_call(p, s)) add(ns, s->callee_name);
    scan(p, &s->then, ns);
    scan(p, &s->els, ns);
    scan(p, &s->pre, ns);
    scan(p, &s->body, ns);
    scan(p, &s->step, ns);
  }
}

void cli_warn_stubs(FILE *out, const IrProgram *p, const IrFunction *fn) {
  Names ns = {{0}, 0, false};
  const IrFunction **seen = calloc((size_t)p->nfuncs + 1, sizeof *seen);
  if (!seen) return;
  int nseen = 0;
  seen[nseen++] = fn;
  for (int i = 0; i < nseen; i++) { /* fn and every function it calls, transitively */
    scan(p, &seen[i]->body, &ns);
    for (int k = 0; k < seen[i]->ncallees; k++) {
      bool known = false;
      for (int j = 0; j < nseen && !known; j++) known = seen[j] == seen[i]->callees[k];
      if (!known && nseen < p->nfuncs) seen[nseen++] = seen[i]->callees[k];
    }
  }
  free(seen);
  if (!ns.n) return;
  fprintf(out, "inka-ng: warning: stubbed functions (declared but not defined in the file; each result is an "
               "input, nothing is written through their pointer arguments; --no-stubs refuses them):");
  for (int i = 0; i < ns.n; i++) fprintf(out, "%s %s", i ? "," : "", ns.name[i]);
  fprintf(out, "%s\n", ns.more ? ", ..." : "");
}
