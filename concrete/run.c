/* run.c - the concrete interpreter: executes the compiled IR (compile.c) on
 * plain int64 values, with x86-64 arithmetic (a signed overflow traps
 * unless --wrapv: ISO C, or wraps: gcc -fwrapv) and the translation's
 * memory model and objective.
 *
 * Values are stored as the solver stores them: a signed or narrower
 * unsigned type as its value, unsigned 64-bit as its bit pattern, a pointer
 * as its location number.  Frame slots live on one value stack with a
 * "written" byte each; memory is memory.c's location arrays.  Whatever ends
 * the path (the objective, a trap, abort, an uncontrolled read, a budget)
 * leaves the recursion with one longjmp, so the common path carries no
 * status codes.  Nothing is allocated while running except when memory or
 * the value stack grow.
 *
 * Must never take a branch, read a value or survive an operation that the
 * translation would treat differently (see docs/decisions.md, "Concrete
 * mode", for the few places where it is more precise than the model).
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "cx_float.h"
#include "cx_internal.h"
#include "cx_native.h"
#include "inka/arith.h"

typedef enum { SIG_NEXT, SIG_BREAK, SIG_CONTINUE, SIG_RETURN } Signal;

typedef struct Run {
  CxProgram *c;
  CxMemory *m;
  int64_t fb;             /* the current frame's first slot on the stack */
  const CxFrame *frame;   /* the current call, linked to its callers' */
  uint64_t steps, max_steps, ops;
  int depth, max_depth;
  const int64_t *nondet;
  int nnondet, nused;
  uint32_t *hits;
  int nlines;
  void (*on_event)(void *ctx, const IrStmt *s, int outcome);
  void *event_ctx;
  int64_t (*nondet_value)(void *ctx, int k, const IrStmt *call);
  void *nondet_ctx;
  void (*on_compare)(void *ctx, const void *site, int param, int64_t value);
  void (*on_probe)(void *ctx, const void *site, int param, int64_t value);
  void *compare_ctx;
  struct Probe *probe;    /* exit probes' saved state (NULL until the first) */
  int line;               /* the statement running */
  bool in_assume;
  int64_t retval;
  bool retdef;
  CxResult *res;
  jmp_buf stop;
} Run;

static _Noreturn void stop(Run *r, CxOutcome o, const char *reason) {
  if (r->in_assume && o == CX_TRAP) { /* the translation refuses such an --assume */
    o = CX_ABANDONED;
    reason = "an --assume expression that may trap";
  }
  r->res->outcome = o;
  r->res->reason = reason;
  r->res->line = r->line;
  longjmp(r->stop, 1);
}

static _Noreturn void end(Run *r, CxEnd how) {
  r->res->end = how;
  stop(r, CX_ENDED, NULL);
}

static _Noreturn void trap(Run *r, const char *why) { stop(r, CX_TRAP, why); }

/* ---- Values ------------------------------------------------------------------ */
static inline int64_t wrap(int64_t v, int bits, bool is_signed) { return op_c_wrap((OpCType){bits, is_signed}, v); }

static inline int64_t type_min(const CxExpr *e) {
  return e->is_signed ? (e->bits >= 64 ? INT64_MIN : -((int64_t)1 << (e->bits - 1))) : 0;
}

static int64_t eval(Run *r, const CxExpr *e);

static inline bool truth(Run *r, const CxExpr *e) { return eval(r, e) != 0; }

/* ---- Memory -------------------------------------------------------------------- */
static inline int64_t load(Run *r, int64_t l) {
  CxMemory *m = r->m;
  if (l < 0 || l >= m->frontier || l >= m->cap || !m->def[l]) stop(r, CX_UNINIT, "a read of memory that no test controls");
  return m->val[l];
}

static inline void store(Run *r, int64_t l, int64_t v, bool def) {
  CxMemory *m = r->m;
  if (l < 0 || l >= m->frontier || l >= m->cap) stop(r, CX_ABANDONED, "a store outside every object");
  m->val[l] = v;
  m->def[l] = def;
}

/* q = p + k * i, trapping when q leaves p's object (one past the end is
   inside; from NULL or no object only + 0 is). */
static int64_t pointer_add(Run *r, int64_t p, int64_t k, int64_t i) {
  __int128 q = (__int128)p + (__int128)k * i;
  const CxObject *o = cx_mem_object_at(r->m, p);
  int64_t lo = o ? o->base : p, hi = o ? o->base + o->ncells : p;
  if (q < lo || q > hi) trap(r, "pointer arithmetic leaves its object");
  return (int64_t)q;
}

static inline int64_t checked(Run *r, int64_t l) {
  if (!cx_mem_valid(r->m, l, false)) trap(r, "an access through a NULL, dangling or out-of-bounds pointer");
  return l;
}

/* ---- Expressions ------------------------------------------------------------------ */
static int64_t divide(Run *r, const CxExpr *e, int64_t x, int64_t y) {
  if (y == 0) trap(r, "a division by zero");
  if (e->u64) return (int64_t)(e->op == X_DIV ? (uint64_t)x / (uint64_t)y : (uint64_t)x % (uint64_t)y);
  if (e->is_signed && y == -1 && x == type_min(e)) trap(r, "INT_MIN / -1");
  return wrap(e->op == X_DIV ? x / y : x % y, e->bits, e->is_signed);
}

/* ISO C: a signed result the type cannot hold is undefined (e->overflow_traps);
   the operands are values of the type, so 128 bits hold the exact result. */
static int64_t no_overflow(Run *r, const CxExpr *e, __int128 exact) {
  if (e->overflow_traps && exact != (__int128)wrap((int64_t)exact, e->bits, e->is_signed))
    trap(r, "a signed integer overflow");
  return wrap((int64_t)exact, e->bits, e->is_signed);
}

static int64_t shift(Run *r, const CxExpr *e, int64_t x, int64_t y) {
  if (y < 0 || y >= e->bits) trap(r, "a shift by a negative or too large count");
  if (e->op == X_SHL && e->overflow_traps) {
    if (x < 0) trap(r, "a left shift of a negative value");
    return no_overflow(r, e, (__int128)x << y);
  }
  if (e->op == X_SHL) return wrap((int64_t)((uint64_t)x << y), e->bits, e->is_signed);
  if (e->u64) return (int64_t)((uint64_t)x >> y);
  return x >> y; /* arithmetic for signed values, logical for narrow unsigned (>= 0) ones */
}

/* The floating-point nodes (cx_float.h): keys in, keys (or ints) out. */
static int64_t eval_float(Run *r, const CxExpr *e) {
  int64_t x = eval(r, e->a), y;
  int fb = e->fbits;
  switch ((CxExprOp)e->op) {
  case X_FNEG: return cx_float_neg(fb, x);
  case X_FABS: return cx_float_abs(x);
  case X_FSQRT: return cx_float_sqrt(fb, x);
  case X_FTRUTH: return cx_float_truth(x);
  case X_F2F: return cx_float_convert((int)e->k, fb, x);
  case X_I2F: return cx_float_from_int(fb, x, e->k2 != 0);
  case X_F2I:
    if (!cx_float_to_int(fb, x, e->bits, e->is_signed, &y)) trap(r, "a float converted to an integer type that cannot hold it");
    return y;
  case X_FCLASS: return cx_float_class(fb, (CxFloatClass)e->k, x);
  case X_F2BITS:
    if (fp_key_is_nan(cx_format(fb), x)) stop(r, CX_ABANDONED, "the bits of a NaN (C does not fix them)");
    return (int64_t)fp_key_to_bits(cx_format(fb), x);
  case X_BITS2F: {
    const FpFormat *f = cx_format(fb);
    uint64_t mag = (uint64_t)x & (fp_key_to_bits(f, -1) - 1); /* without the sign */
    if (mag > (uint64_t)f->inf_key && !(mag & (UINT64_C(1) << (f->prec - 2))))
      stop(r, CX_ABANDONED, "a signaling NaN made from bits (the model has one NaN)");
    return fp_key_of_bits(f, (uint64_t)x);
  }
  default: break;
  }
  y = eval(r, e->b);
  switch ((CxExprOp)e->op) {
  case X_FADD: return cx_float_binary(fb, CX_FADD, x, y);
  case X_FSUB: return cx_float_binary(fb, CX_FSUB, x, y);
  case X_FMUL: return cx_float_binary(fb, CX_FMUL, x, y);
  case X_FDIV: return cx_float_binary(fb, CX_FDIV, x, y);
  default: break;
  }
  double a = cx_key_value(fb, x), b = cx_key_value(fb, y); /* exact; NaN unordered, -0 == +0 */
  switch ((CxExprOp)e->op) {
  case X_FLT: return a < b;
  case X_FLE: return a <= b;
  case X_FGT: return a > b;
  case X_FGE: return a >= b;
  case X_FEQ: return a == b;
  case X_FNE: return a != b;
  default: break;
  }
  assert(!"unknown float expression");
  stop(r, CX_ABANDONED, "internal: unknown float expression");
}

/* The inverse of 1 (odd) modulo 2^64 (Newton's iteration). */
static uint64_t odd_inverse(uint64_t a) {
  uint64_t x = a; /* correct to 3 bits */
  for (int i = 0; i < 5; i++) x *= 2 - a * x;
  return x;
}

/* The value of the parameter under side (compile.c simple_param) that
   makes side's value v; its slot in *slot. */
static int64_t inverse(const CxExpr *side, int64_t v, int *slot) {
  for (;;) {
    uint64_t u = (uint64_t)v;
    const CxExpr *inner;
    switch ((CxExprOp)side->op) {
    case X_SLOT:
      *slot = side->slot;
      return wrap(v, side->bits, side->is_signed);
    case X_CAST: inner = side->a; break;
    case X_NEG: inner = side->a, u = 0 - u; break;
    case X_BITNOT: inner = side->a, u = ~u; break;
    default: {
      bool left = side->a->op == X_CONST; /* the constant on the left */
      inner = left ? side->b : side->a;
      uint64_t k = (uint64_t)(left ? side->a->k : side->b->k);
      switch ((CxExprOp)side->op) {
      case X_ADD: u -= k; break;
      case X_SUB: u = left ? k - u : u + k; break;
      case X_XOR: u ^= k; break;
      default: /* X_MUL: the quotient when k divides v (also right after a widening
                  conversion), else exact modulo 2^64 for an odd k, else a quotient */
        if (k && (int64_t)k != -1 && v % (int64_t)k == 0) u = (uint64_t)(v / (int64_t)k);
        else if (k & 1) u *= odd_inverse(k);
        else if (k) u = (uint64_t)(v / (int64_t)k);
        break;
      }
    }
    }
    v = wrap((int64_t)u, inner->bits, inner->is_signed);
    side = inner;
  }
}

/* A comparison of x (left) and y (right) with a side marked (e->cmp). */
void cx_report_compare(const CxExpr *e, int64_t x, int64_t y,
                       void (*on_compare)(void *ctx, const void *site, int param, int64_t value), void *ctx) {
  int slot;
  if (e->cmp & 1) {
    int64_t v = inverse(e->a, y, &slot);
    on_compare(ctx, e, slot, v);
  }
  if (e->cmp & 2) {
    int64_t v = inverse(e->b, x, &slot);
    on_compare(ctx, e, slot, v);
  }
}

static void compared(Run *r, const CxExpr *e, int64_t x, int64_t y) {
  cx_report_compare(e, x, y, r->on_compare, r->compare_ctx);
}

static int64_t eval(Run *r, const CxExpr *e) {
  r->ops++;
  if (e->op >= X_FADD) return eval_float(r, e);
  int64_t x, y;
  switch ((CxExprOp)e->op) {
  case X_CONST: return e->k;
  case X_SLOT:
    if (!r->c->stack_def[r->fb + e->slot]) stop(r, CX_UNINIT, "a read of a variable before it is assigned");
    return r->c->stack[r->fb + e->slot];
  case X_GLOBAL:
    if (!r->c->globals_def[e->slot]) stop(r, CX_UNINIT, "a read of a global no test controls");
    return r->c->globals[e->slot];
  case X_LOAD: /* a cell written through a pointer of the other signedness: the same bits, read as e's type */
    x = load(r, eval(r, e->a));
    return e->bits < 64 ? wrap(x, e->bits, e->is_signed) : x;
  case X_SLOT_ADDR:
    if (!r->c->stack_def[r->fb + e->slot]) stop(r, CX_ABANDONED, "the address of a variable outside its lifetime");
    return r->c->stack[r->fb + e->slot];
  case X_SHIFT: return eval(r, e->a) + e->k;
  case X_INDEX:
    x = eval(r, e->a);
    y = eval(r, e->b);
    if (y < 0 || y >= e->k2) trap(r, "an array index out of bounds");
    return x + e->k * y;
  case X_DEREF: return checked(r, eval(r, e->a));
  case X_DEREF_ADD:
    x = eval(r, e->a);
    y = eval(r, e->b);
    return checked(r, pointer_add(r, x, e->k, y));
  case X_PTR_ADD:
    x = eval(r, e->a);
    y = eval(r, e->b);
    return pointer_add(r, x, e->k, y);
  case X_LENGTH: {
    x = eval(r, e->a);
    const CxObject *o = x ? cx_mem_object_at(r->m, x) : NULL;
    if (x && (!o || x < o->base || x >= o->base + o->ncells))
      stop(r, CX_ABANDONED, "length() of a pointer outside every object");
    return x ? (o->base + o->ncells - x) / e->k : 0;
  }
  case X_PTR_DIFF:
    x = eval(r, e->a);
    y = eval(r, e->b);
    if ((x - y) % e->k != 0) stop(r, CX_ABANDONED, "a pointer difference that is not a whole number of elements");
    return wrap((x - y) / e->k, e->bits, e->is_signed);
  case X_CAST: return wrap(eval(r, e->a), e->bits, e->is_signed);
  case X_TO_BOOL: return eval(r, e->a) != 0;
  case X_NEG:
    if (e->overflow_traps) return no_overflow(r, e, -(__int128)eval(r, e->a));
    return wrap((int64_t)(0 - (uint64_t)eval(r, e->a)), e->bits, e->is_signed);
  case X_BITNOT: return wrap(~eval(r, e->a), e->bits, e->is_signed);
  case X_LNOT: return eval(r, e->a) == 0;
  case X_LAND: return truth(r, e->a) && truth(r, e->b);
  case X_LOR: return truth(r, e->a) || truth(r, e->b);
  case X_COND: return truth(r, e->a) ? eval(r, e->b) : eval(r, e->c);
  default: break;
  }
  x = eval(r, e->a);
  y = eval(r, e->b);
  if (e->cmp && r->on_compare) compared(r, e, x, y);
  switch ((CxExprOp)e->op) {
  case X_ADD:
    if (e->overflow_traps) return no_overflow(r, e, (__int128)x + y);
    return wrap((int64_t)((uint64_t)x + (uint64_t)y), e->bits, e->is_signed);
  case X_SUB:
    if (e->overflow_traps) return no_overflow(r, e, (__int128)x - y);
    return wrap((int64_t)((uint64_t)x - (uint64_t)y), e->bits, e->is_signed);
  case X_MUL:
    if (e->overflow_traps) return no_overflow(r, e, (__int128)x * y);
    return wrap((int64_t)((uint64_t)x * (uint64_t)y), e->bits, e->is_signed);
  case X_DIV: case X_REM: return divide(r, e, x, y);
  case X_SHL: case X_SHR: return shift(r, e, x, y);
  case X_AND: return x & y;
  case X_OR: return x | y;
  case X_XOR: return x ^ y;
  case X_LT: return x < y;
  case X_LE: return x <= y;
  case X_GT: return x > y;
  case X_GE: return x >= y;
  case X_EQ: return x == y;
  case X_NE: return x != y;
  case X_ULT: return (uint64_t)x < (uint64_t)y;
  case X_ULE: return (uint64_t)x <= (uint64_t)y;
  case X_UGT: return (uint64_t)x > (uint64_t)y;
  case X_UGE: return (uint64_t)x >= (uint64_t)y;
  default: break;
  }
  assert(!"unknown compiled expression");
  stop(r, CX_ABANDONED, "internal: unknown expression");
}

/* ---- Frames ------------------------------------------------------------------------ */
/* l = v; a place in memory is at location `at`, computed by the caller. */
static void assign_at(Run *r, const CxLhs *l, int64_t at, int64_t v, bool def) {
  CxProgram *c = r->c;
  switch (l->kind) {
  case L_NONE: return;
  case L_SLOT:
    c->stack[r->fb + l->slot] = v;
    c->stack_def[r->fb + l->slot] = def;
    return;
  case L_GLOBAL:
    c->globals[l->slot] = v;
    c->globals_def[l->slot] = def;
    return;
  case L_MEM: store(r, at, v, def); return;
  }
}

static void assign(Run *r, const CxLhs *l, int64_t v, bool def) {
  assign_at(r, l, l->kind == L_MEM ? eval(r, l->addr) : 0, v, def);
}

/* A struct's n cells from location src to location dst (a read of a cell
   nobody wrote is uncontrolled, as in the translation). */
static void copy_cells(Run *r, int64_t dst, int64_t src, int64_t n) {
  for (int64_t i = 0; i < n; i++) store(r, dst + i, load(r, src + i), true);
}

/* Room for n more slots above the current top. */
static void reserve_stack(Run *r, int64_t n) {
  CxProgram *c = r->c;
  if (c->sp + n <= c->stack_cap) return;
  int64_t cap = c->stack_cap ? c->stack_cap : 1024;
  while (cap < c->sp + n) cap *= 2;
  int64_t *s = realloc(c->stack, sizeof *s * (size_t)cap);
  uint8_t *d = s ? realloc(c->stack_def, (size_t)cap) : NULL;
  if (s) c->stack = s;
  if (!d) stop(r, CX_BUDGET, "out of memory for frames");
  c->stack_def = d;
  c->stack_cap = cap;
}

static int64_t new_object(Run *r, CxObjKind kind, int64_t ncells, bool zeroed, const char *name, const IrType *type,
                          int64_t count, int line) {
  r->steps += (uint64_t)ncells; /* initializing the cells is work */
  if (r->steps > r->max_steps) stop(r, CX_BUDGET, "the step budget ran out");
  int o = cx_mem_new_object(r->m, kind, ncells, zeroed);
  if (o < 0) stop(r, CX_BUDGET, "the concrete memory is exhausted");
  CxObject *obj = &r->m->objs[o];
  obj->name = name;
  obj->type = type;
  obj->count = count;
  obj->line = line;
  return obj->base;
}

/* Pushes f's frame with its parameters (objects for those whose address is
   taken, made in order as the translation makes them); returns the caller's
   frame base. */
static int64_t push_frame(Run *r, const CxFunc *f, const int64_t *args, CxFrame *link) {
  CxProgram *c = r->c;
  reserve_stack(r, f->nslots + 1);
  int64_t saved = r->fb;
  r->fb = c->sp;
  *link = (CxFrame){.f = f, .fb = r->fb, .up = r->frame};
  r->frame = link;
  c->sp += f->nslots;
  memset(c->stack_def + r->fb, 0, (size_t)f->nslots);
  for (int i = 0; i < f->nparams; i++) {
    int64_t v = args[i];
    if (f->param_in_memory[i]) {
      const IrVar *p = f->ir->params[i];
      int64_t base = new_object(r, CX_OBJ_LOCAL, f->param_cells[i], false, p->name, p->type, 1, p->loc.line);
      if (p->type->kind == IR_TY_STRUCT) copy_cells(r, base, v, f->param_cells[i]); /* v: the argument's place */
      else store(r, base, v, true);
      v = base;
    }
    c->stack[r->fb + i] = v;
    c->stack_def[r->fb + i] = 1;
  }
  return saved;
}

static void pop_frame(Run *r, const CxFunc *f, int64_t saved) {
  r->c->sp -= f->nslots;
  r->fb = saved;
  r->frame = r->frame->up;
}

/* ---- Statements ------------------------------------------------------------------------ */
static bool objective_now(const Run *r) {
  const CxProgram *c = r->c;
  for (int j = 0; j < c->niter; j++)
    if (c->iter[j] != c->want_iter[j]) return false;
  return true;
}

static Signal block(Run *r, const CxBlock *b);

static void step(Run *r) {
  if (++r->steps > r->max_steps) stop(r, CX_BUDGET, "the step budget ran out");
}

static Signal call(Run *r, const CxStmt *s) {
  int64_t args[s->nargs + 1];
  for (int i = 0; i < s->nargs; i++) args[i] = eval(r, s->args[i]);
  /* the place of the result before the call, as gcc (and the translation) computes it */
  int64_t at = s->lhs.kind == L_MEM ? eval(r, s->lhs.addr) : 0;
  const CxFunc *f = s->callee;
  if (r->depth >= r->max_depth) stop(r, CX_BUDGET, "the call depth budget ran out");
  r->depth++;
  CxFrame link;
  int64_t saved = push_frame(r, f, args, &link);
  int64_t scratch = 0;
  if (f->ret_cells && s->lhs.kind != L_NONE) { /* a zeroed result until a return, as the translation makes it */
    const IrFunction *fn = f->ir;
    scratch = new_object(r, CX_OBJ_LOCAL, f->ret_cells, true, fn->name, fn->ret, 1, s->src_line);
  }
  if (s->objective && objective_now(r)) stop(r, CX_REACHED, NULL);
  r->retdef = false;
  block(r, &f->body);
  int64_t v = r->retval;
  bool def = r->retdef && f->has_value;
  if (scratch) copy_cells(r, at, r->retdef ? v : scratch, f->ret_cells); /* a struct result */
  r->retdef = false; /* (a return of this callee says nothing of the caller's) */
  pop_frame(r, f, saved);
  r->depth--;
  if (!f->ret_cells) assign_at(r, &s->lhs, at, v, def);
  return SIG_NEXT;
}

/* malloc, calloc as the C library does them (the translation's allocate,
   translate/stmt.c): more than PTRDIFF_MAX bytes, calloc's product
   included, gives NULL; more than 2^20 elements abandons the run (a real
   malloc may give it or not); bytes / sizeof(T) elements otherwise. */
static void allocate(Run *r, const CxStmt *s) {
  int64_t n = eval(r, s->args[s->moves]), m = s->zeroed ? eval(r, s->args[1]) : 1;
  if (s->reason) stop(r, CX_ABANDONED, s->reason);
  uint64_t mask = s->bits >= 64 ? UINT64_MAX : ((uint64_t)1 << s->bits) - 1; /* values of size_t */
  unsigned __int128 bytes = (unsigned __int128)((uint64_t)n & mask) * ((uint64_t)m & mask);
  if (bytes > (mask >> 1)) { /* above PTRDIFF_MAX: the library refuses it */
    assign(r, &s->lhs, 0, true);
    return;
  }
  int64_t size = s->type->size;
  if (bytes / (uint64_t)size > (1 << 20)) stop(r, CX_ABANDONED, "an allocation larger than the model handles");
  int64_t count = (int64_t)(bytes / (uint64_t)size);
  assign(r, &s->lhs, new_object(r, CX_OBJ_HEAP, count * s->cells, s->zeroed, NULL, s->type, count, s->src_line), true);
}

/* realloc(p, n) (translate/stmt.c, reallocate): malloc(n) for p NULL; else
   p must be a live heap block's start (a trap otherwise, as for free) of
   the result's element type; n == 0 abandons (the library's choice); past
   PTRDIFF_MAX gives NULL and keeps p; else a new block with p's first
   min(old, new) elements, p freed. */
static void reallocate(Run *r, const CxStmt *s) {
  int64_t p = eval(r, s->args[0]);
  if (p == 0) {
    allocate(r, s);
    return;
  }
  if (!cx_mem_valid(r->m, p, true)) trap(r, "a realloc of something that is not a live heap block");
  const CxObject *o = cx_mem_object_at(r->m, p);
  if (o->kind != CX_OBJ_HEAP) stop(r, CX_ABANDONED, "a realloc of an input object");
  if (s->reason) stop(r, CX_ABANDONED, s->reason);
  if (o->type != s->type) stop(r, CX_ABANDONED, "a realloc to another element type");
  uint64_t mask = s->bits >= 64 ? UINT64_MAX : ((uint64_t)1 << s->bits) - 1;
  uint64_t bytes = (uint64_t)eval(r, s->args[1]) & mask;
  if (bytes == 0) stop(r, CX_ABANDONED, "a realloc to size 0 (what it does is the library's choice)");
  if (bytes > (mask >> 1)) { /* refused: p is kept */
    assign(r, &s->lhs, 0, true);
    return;
  }
  if (bytes / (uint64_t)s->type->size > (1 << 20)) stop(r, CX_ABANDONED, "an allocation larger than the model handles");
  int64_t count = (int64_t)(bytes / (uint64_t)s->type->size), kept = o->count < count ? o->count : count;
  int64_t from = o->base;
  int64_t to = new_object(r, CX_OBJ_HEAP, count * s->cells, false, NULL, s->type, count, s->src_line);
  memcpy(r->m->val + to, r->m->val + from, sizeof *r->m->val * (size_t)(kept * s->cells));
  memcpy(r->m->def + to, r->m->def + from, (size_t)(kept * s->cells));
  r->m->val[from - 1] = 0; /* freed */
  assign(r, &s->lhs, to, true);
}

/* A variable length array of the length its declaration computes: a length
   below 1 (undefined behaviour) or past CX_VLA_CELLS cells (beyond any
   stack) ends the path as a trap, as the translation's does (its
   TR_SIZED_CELLS). */
enum { CX_VLA_CELLS = 1 << 24 };

static int64_t new_vla(Run *r, const CxStmt *s) {
  int64_t n = eval(r, s->e), per = s->cells > 0 ? s->cells : 1;
  int64_t most = CX_VLA_CELLS / per;
  if (n < 1 || n > (most < 1 ? 1 : most)) trap(r, "a variable length array of a length below 1 or beyond any stack");
  return new_object(r, CX_OBJ_LOCAL, n * s->cells, false, s->var->name, s->type, n, s->var->loc.line);
}

static void release(Run *r, const CxStmt *s) {
  int64_t p = eval(r, s->e);
  if (p == 0) return; /* free(NULL) */
  if (!cx_mem_valid(r->m, p, true)) trap(r, "a free of something that is not a live heap block");
  r->m->val[p - 1] = 0;
}

/* --check free, bounds, uninit: is the pointer unfit to be freed (not NULL,
   not a live heap block), accessed (in a freed block), or p + k outside p's
   object (p not NULL); is the variable unassigned? */
static bool heap_error(Run *r, const CxStmt *s) {
  if (s->use == IR_USE_READ) return !r->c->stack_def[r->fb + s->e->slot]; /* a variable, not read */
  int64_t p = eval(r, s->e);
  switch ((IrCheckUse)s->use) {
  case IR_USE_FREE: return p != 0 && !cx_mem_valid(r->m, p, true);
  case IR_USE_BOUNDS: return p != 0 && cx_mem_outside(r->m, p, s->cells, eval(r, s->args[2]));
  case IR_USE_LEAK: case IR_USE_LEAK_EXIT: {
    int leaked = cx_leaked(r->c, p, (int)eval(r, s->args[2]), s->use == IR_USE_LEAK_EXIT ? r->frame : NULL);
    if (leaked < 0) stop(r, CX_BUDGET, "out of memory deciding a leak");
    return leaked;
  }
  default: return cx_mem_dangling(r->m, p);
  }
}

/* ---- Exit probes -------------------------------------------------------------------------
 * A loop at the top of the function under test whose condition compares a
 * value v with a parameter p that the function never writes (`for (i = 0;
 * i < n; i++)`, marked by compile.c mark_probes): at each check that
 * passes, the run asks what the statements after the loop would do had p
 * been the value that fails this check (n' = i), on a copy of this run's
 * state with p = n'.  If that meets the objective, (p, n') is offered to
 * on_probe (label/concrete.c queues it like a compared value): a candidate, which only a full run of
 * its own can confirm (p may have been read before the loop, in the guards
 * usually, and the copy is then not exactly what that run computes).  So
 * one run with n = 100,000 tries every shorter length: the checksum of the
 * first n' bytes of a stream that equals a constant, which a sweep over n
 * and the stream's seed would need billions of steps to meet.  A probe
 * runs with the hooks off, at most PROBE_STEPS steps; all of a run's probes
 * at most twice the run's own steps plus PROBE_FREE (copying the state
 * counts, a step per 16 cells), and the first probe stopped by its step
 * budget ends probing for the run (the rest of the function is long: a
 * second loop that the objective is in, as in Josephus, where probing made
 * runs seven times slower).  A state larger than PROBE_CELLS memory cells is
 * not probed. */
enum { PROBE_STEPS = 4096, PROBE_FREE = 1 << 14, PROBE_CELLS = 1 << 12 };

typedef struct Probe {
  int64_t *slots, *val, *globals;
  uint8_t *slots_def, *def, *globals_def;
  int *iter;
  uint64_t steps;         /* spent by this run's probes */
  bool off;               /* a probe ran out of steps: no more in this run */
  CxResult res;
} Probe;

static Probe *probe_state(Run *r) {
  if (r->probe) return r->probe;
  const CxProgram *c = r->c;
  Probe *p = calloc(1, sizeof *p);
  if (!p) return NULL;
  int64_t n = c->entry->nslots + 1, g = c->nglobals + 1;
  p->slots = malloc(sizeof *p->slots * (size_t)n);
  p->slots_def = malloc((size_t)n);
  p->val = malloc(sizeof *p->val * PROBE_CELLS);
  p->def = malloc(PROBE_CELLS);
  p->globals = malloc(sizeof *p->globals * (size_t)g);
  p->globals_def = malloc((size_t)g);
  p->iter = malloc(sizeof *p->iter * (size_t)(c->niter + 1));
  r->probe = p;
  if (!p->slots || !p->slots_def || !p->val || !p->def || !p->globals || !p->globals_def || !p->iter) return NULL;
  return p;
}

static void probe_free(Probe *p) {
  if (!p) return;
  free(p->slots), free(p->slots_def), free(p->val), free(p->def);
  free(p->globals), free(p->globals_def), free(p->iter), free(p);
}

/* Runs b under its own stop: true when it met the objective.  (Nothing
   here is modified between setjmp and longjmp.) */
static bool run_rest(Run *r, const CxBlock *b) {
  if (setjmp(r->stop) == 0) {
    block(r, b);
    return false;
  }
  return r->res->outcome == CX_REACHED;
}

/* Copies what a probe may change -- the frame's slots, memory up to
   `cells`, globals, --iter counters -- into p (save) or back from it. */
static void move_state(Run *r, Probe *p, int64_t cells, bool save) {
  CxProgram *c = r->c;
  CxMemory *m = r->m;
  int nslots = c->entry->nslots;
#define MOVE(run, kept, n) (save ? memcpy(kept, run, sizeof *(kept) * (size_t)(n)) : memcpy(run, kept, sizeof *(kept) * (size_t)(n)))
  MOVE(c->stack + r->fb, p->slots, nslots);
  MOVE(c->stack_def + r->fb, p->slots_def, nslots);
  MOVE(m->val, p->val, cells);
  MOVE(m->def, p->def, cells);
  MOVE(c->globals, p->globals, c->nglobals);
  MOVE(c->globals_def, p->globals_def, c->nglobals);
  MOVE(c->iter, p->iter, c->niter);
#undef MOVE
}

/* Runs s->probe_rest with the parameter set to fail this check; true when
   that met the objective.  Everything the probe changed is put back. */
static bool probe_rest(Run *r, const CxStmt *s, int64_t value) {
  CxProgram *c = r->c;
  CxMemory *m = r->m;
  Probe *p = probe_state(r);
  if (!p) return false;
  int nobjs = m->nobjs;
  int64_t cells = m->frontier, sp = c->sp;
  move_state(r, p, cells, true);
  Run saved = *r;
  r->hits = NULL;
  r->on_event = NULL;
  r->on_compare = NULL;
  r->on_probe = NULL;
  r->nondet_value = NULL; /* a nondet call beyond the given values ends the probe */
  r->res = &p->res;
  r->max_steps = r->steps + PROBE_STEPS < r->max_steps ? r->steps + PROBE_STEPS : r->max_steps;
  c->stack[r->fb + s->probe_param] = value;
  p->res = (CxResult){.outcome = CX_RETURNED}; /* unless a stop says otherwise */
  bool met = run_rest(r, &s->probe_rest);
  p->steps += r->steps - saved.steps + (uint64_t)(cells + c->entry->nslots) / 16;
  p->off = p->res.outcome == CX_BUDGET;
  *r = saved; /* (p lives outside the Run) */
  cx_mem_truncate(m, nobjs);
  c->sp = sp;
  move_state(r, p, cells, false);
  return met;
}

/* At a check of loop s that passed: probe the exit with the parameter's
   failing value, when the run may afford it.  Never inlined: its saved
   state would enlarge the frame of every statement of a deep recursion. */
static __attribute__((noinline)) void probe_exit(Run *r, const CxStmt *s) {
  if (r->depth > 0 || r->m->frontier > PROBE_CELLS) return;
  if (r->probe && (r->probe->off || r->probe->steps > 2 * r->steps + PROBE_FREE)) return;
  const CxExpr *other = s->probe_left ? s->e->b : s->e->a;
  const CxExpr *param = s->probe_left ? s->e->a : s->e->b;
  int64_t v; /* (other is pure: it was just evaluated) */
  if (__builtin_add_overflow(eval(r, other), (int64_t)s->probe_shift, &v) || v != wrap(v, param->bits, param->is_signed))
    return;
  if (v == r->c->stack[r->fb + s->probe_param]) return; /* this run itself */
  if (probe_rest(r, s, v)) r->on_probe(r->compare_ctx, s, s->probe_param, v);
}

static Signal loop(Run *r, const CxStmt *s) {
  CxProgram *c = r->c;
  int j = s->obj_index, saved = j >= 0 ? c->iter[j] : 0;
  if (s->loop_target && c->niter == 0) stop(r, CX_REACHED, NULL); /* the loop statement runs */
  Signal sig = SIG_NEXT;
  for (int k = 1;; k++) {
    if (k > 1 || !s->do_while) {
      step(r);
      if ((sig = block(r, &s->a)) != SIG_NEXT) break; /* the condition's side effects */
      bool go = truth(r, s->e);
      if (r->on_event) r->on_event(r->event_ctx, s->ir, go);
      if (!go) break;
      if (s->probe && r->on_probe) probe_exit(r, s);
    }
    if (j >= 0) {
      c->iter[j] = k;
      if (s->loop_target && objective_now(r)) stop(r, CX_REACHED, NULL);
    }
    sig = block(r, &s->b);
    if (sig == SIG_BREAK || sig == SIG_RETURN) break;
    if ((sig = block(r, &s->c)) != SIG_NEXT) break;
  }
  if (j >= 0) c->iter[j] = saved;
  return sig == SIG_RETURN ? SIG_RETURN : SIG_NEXT;
}

static Signal statement(Run *r, const CxStmt *s) {
  CxProgram *c = r->c;
  r->ops++;
  step(r);
  r->line = s->line;
  if (r->hits && s->line > 0 && s->line < r->nlines) r->hits[s->line]++;
  if (r->on_event) r->on_event(r->event_ctx, s->ir, -1);
  if (s->target && objective_now(r)) stop(r, CX_REACHED, NULL); /* the target starts */
  switch ((CxStmtKind)s->kind) {
  case S_SKIP: return SIG_NEXT;
  case S_DECL_SLOT: c->stack_def[r->fb + s->slot] = 0; return SIG_NEXT;
  case S_DECL_MEM:
    if (s->e) { /* a variable length array */
      c->stack[r->fb + s->slot] = new_vla(r, s);
      c->stack_def[r->fb + s->slot] = 1;
      return SIG_NEXT;
    }
    c->stack[r->fb + s->slot] = new_object(r, CX_OBJ_LOCAL, s->cells, false, s->var->name, s->type, 1, s->var->loc.line);
    c->stack_def[r->fb + s->slot] = 1;
    return SIG_NEXT;
  case S_ASSIGN: assign(r, &s->lhs, eval(r, s->e), true); return SIG_NEXT;
  case S_CALL: return call(r, s);
  case S_NONDET: {
    int64_t v;
    if (r->nused < r->nnondet) v = r->nondet[r->nused];
    else if (r->nondet_value) v = r->nondet_value(r->nondet_ctx, r->nused, s->ir);
    else stop(r, CX_NEED_NONDET, "more nondet values than given");
    r->nused++;
    if (s->is_float && !cx_key_valid(s->bits, v)) stop(r, CX_ABANDONED, "a nondet value that is not a float key");
    v = s->bits == 1 ? v != 0 : s->is_float ? v : wrap(v, s->bits, s->is_signed);
    assign(r, &s->lhs, v, true);
    return SIG_NEXT;
  }
  case S_ASSUME:
    if (!truth(r, s->e)) end(r, CX_END_ASSUME);
    return SIG_NEXT;
  case S_ASSERT:
    if (truth(r, s->e)) return SIG_NEXT;
    if (s->objective && objective_now(r)) stop(r, CX_REACHED, NULL);
    end(r, CX_END_ASSERT);
  case S_ABORT:
  case S_EXIT:
  case S_ERROR:
    for (int i = 0; i < s->nargs; i++) eval(r, s->args[i]);
    if (s->kind == S_ERROR && s->objective && objective_now(r)) stop(r, CX_REACHED, NULL);
    end(r, s->kind == S_ABORT ? CX_END_ABORT : s->kind == S_EXIT ? CX_END_EXIT : CX_END_ERROR);
  case S_MALLOC:
    if (s->moves) reallocate(r, s);
    else allocate(r, s);
    return SIG_NEXT;
  case S_FREE: release(r, s); return SIG_NEXT;
  case S_ALLOC_LINE: {
    int64_t p = eval(r, s->e);
    const CxObject *o = cx_mem_object_at(r->m, p);
    bool live = o && o->kind == CX_OBJ_HEAP && p >= o->base && p < o->base + o->ncells && !cx_mem_dangling(r->m, p);
    assign(r, &s->lhs, live ? o->line : 0, true);
    return SIG_NEXT;
  }
  case S_CHECK_HEAP:
    /* a leak check of another site: the run has not ended (a leak is no
       undefined behaviour), it ends at the statement after */
    if ((s->use == IR_USE_LEAK || s->use == IR_USE_LEAK_EXIT) && !s->objective) return SIG_NEXT;
    if (!heap_error(r, s)) return SIG_NEXT;
    if (s->objective && objective_now(r)) stop(r, CX_REACHED, NULL);
    end(r, CX_END_ERROR);
  case S_IF: {
    bool go = truth(r, s->e);
    if (r->on_event) r->on_event(r->event_ctx, s->ir, go);
    return block(r, go ? &s->a : &s->b);
  }
  case S_WHILE: return loop(r, s);
  case S_BREAK: return SIG_BREAK;
  case S_CONTINUE: return SIG_CONTINUE;
  case S_RETURN:
    r->retdef = s->e != NULL;
    if (s->e) r->retval = eval(r, s->e);
    return SIG_RETURN;
  case S_BLOCK: return block(r, &s->a);
  }
  assert(!"unknown compiled statement");
  stop(r, CX_ABANDONED, "internal: unknown statement");
}

static Signal block(Run *r, const CxBlock *b) {
  for (int i = 0; i < b->n; i++) {
    Signal sig = statement(r, b->s[i]);
    if (sig != SIG_NEXT) return sig;
  }
  return SIG_NEXT;
}

/* ---- Entry ------------------------------------------------------------------------------- */
/* Memory and globals as before any run. */
void cx_reset(CxProgram *c) {
  CxMemory *m = &c->mem, *p = &c->pristine;
  if (m->nobjs < p->nobjs || (p->nobjs && m->objs[p->nobjs - 1].base != p->objs[p->nobjs - 1].base)) {
    cx_mem_free(m);
    cx_mem_init(m);
    for (int i = 0; i < p->nobjs; i++) cx_mem_new_object(m, p->objs[i].kind, p->objs[i].ncells, true);
    memcpy(m->objs, p->objs, sizeof *m->objs * (size_t)p->nobjs);
  }
  cx_mem_truncate(m, p->nobjs);
  if (p->frontier > CX_FIRST_LOCATION) {
    memcpy(m->val, p->val, sizeof *m->val * (size_t)p->frontier);
    memcpy(m->def, p->def, (size_t)p->frontier);
  }
  memcpy(c->globals, c->global_init, sizeof *c->globals * (size_t)c->nglobals);
  memcpy(c->globals_def, c->global_def, (size_t)c->nglobals);
  memset(c->iter, 0, sizeof *c->iter * (size_t)c->niter);
  c->sp = 0;
}

/* ---- The input memory --------------------------------------------------------------------- */
int64_t cx_input_location(const CxProgram *c, const CxInputObject *inputs, int j) {
  int64_t header = c->pristine.frontier; /* objects are [header][cells][gap] */
  for (int i = 0; i < j; i++) header += 1 + inputs[i].count * cx_cells(inputs[i].type) + 1;
  return header + 1;
}

static void make_inputs(Run *r, const CxInputObject *in, int n) {
  for (int j = 0; j < n; j++) {
    int64_t ncells = in[j].count * cx_cells(in[j].type);
    int64_t base = new_object(r, CX_OBJ_INPUT, ncells, false, NULL, in[j].type, in[j].count, 0);
    assert(base == cx_input_location(r->c, in, j));
    for (int64_t k = 0; k < ncells; k++) store(r, base + k, in[j].cells[k], true);
  }
}

CxOutcome cx_run(CxProgram *c, const int64_t *params, const int64_t *nondet, int nnondet, const CxRunOptions *o,
                 CxResult *res) {
  memset(res, 0, sizeof *res);
  if (cx_native_run(c, params, nondet, nnondet, o, res)) return res->outcome;
  return cx_interpret(c, params, nondet, nnondet, o, res);
}

CxOutcome cx_interpret(CxProgram *c, const int64_t *params, const int64_t *nondet, int nnondet, const CxRunOptions *o,
                       CxResult *res) {
  memset(res, 0, sizeof *res);
  cx_reset(c);
  /* on the heap: it is modified between setjmp and longjmp */
  Run *rp = malloc(sizeof *rp);
  if (!rp) {
    res->outcome = CX_BUDGET;
    res->reason = "out of memory";
    return res->outcome;
  }
  *rp = (Run){.c = c, .m = &c->mem, .nondet = nondet, .nnondet = nnondet, .res = res};
#define r (*rp)
  r.max_steps = o && o->max_steps ? o->max_steps : 1000000000;
  r.max_depth = o && o->max_depth ? o->max_depth : 10000;
  r.hits = o ? o->line_hits : NULL;
  r.nlines = o ? o->nlines : 0;
  r.on_event = o ? o->on_event : NULL;
  r.event_ctx = o ? o->event_ctx : NULL;
  r.nondet_value = o ? o->nondet_value : NULL;
  r.nondet_ctx = o ? o->nondet_ctx : NULL;
  r.on_compare = o ? o->on_compare : NULL;
  r.on_probe = o ? o->on_probe : NULL;
  r.compare_ctx = o ? o->compare_ctx : NULL;
  const CxFunc *f = c->entry;
  int64_t args[f->nparams + 1];
  for (int i = 0; i < f->nparams; i++) {
    const IrType *t = f->param_type[i];
    args[i] = t->kind == IR_TY_BOOL                                 ? params[i] != 0
              : t->kind == IR_TY_FLOAT || t->kind == IR_TY_STRUCT ? params[i] /* (a struct: the place of its value) */
                                                                  : wrap(params[i], t->bits, t->is_signed);
  }
  if (setjmp(r.stop) == 0) {
    if (o && o->ninputs) make_inputs(&r, o->inputs, o->ninputs);
    for (int i = 0; i < f->nparams; i++)
      if (f->param_type[i]->kind == IR_TY_FLOAT && !cx_key_valid(f->param_type[i]->bits, args[i]))
        stop(&r, CX_ABANDONED, "a parameter that is not a float key");
    CxFrame entry;
    push_frame(&r, f, args, &entry);
    r.in_assume = true;
    for (int i = 0; i < c->nassumes; i++)
      if (!truth(&r, c->assumes[i])) end(&r, CX_END_ASSUME);
    r.in_assume = false;
    r.retdef = false;
    Signal sig = block(&r, &f->body);
    res->outcome = CX_RETURNED;
    res->has_return = sig == SIG_RETURN && r.retdef && f->has_value;
    res->ret = res->has_return ? r.retval : 0;
    res->line = 0;
  }
  res->nondet_used = r.nused;
  res->steps = r.steps;
  c->interpreted_steps += r.steps;
  res->ops = r.ops;
  probe_free(r.probe);
#undef r
  free(rp);
  return res->outcome;
}

const char *cx_outcome_name(CxOutcome o) {
  switch (o) {
  case CX_REACHED: return "reached";
  case CX_RETURNED: return "returned";
  case CX_ENDED: return "ended";
  case CX_TRAP: return "trap";
  case CX_UNINIT: return "uninit";
  case CX_ABANDONED: return "abandoned";
  case CX_BUDGET: return "budget";
  case CX_NEED_NONDET: return "need-nondet";
  }
  return "?";
}
