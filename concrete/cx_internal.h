/* cx_internal.h - what the files of concrete/ share: the compiled form of
 * the IR (compile.c builds it, run.c executes it) and the run's memory
 * (memory.c).  Nothing outside concrete/ includes it.
 *
 * The compiled form is the IR with everything resolved that does not depend
 * on values: frame slots, type widths, strides, field offsets in cells,
 * object bases of globals, which statement is the target, the callee's
 * compiled body.  Expressions stay trees (evaluated recursively), but every
 * node is one small switch case with no lookup and no allocation.
 */
#ifndef INKA_CX_INTERNAL_H
#define INKA_CX_INTERNAL_H

#include <setjmp.h>

#include "inka/concrete.h"

typedef struct CxExpr CxExpr;
typedef struct CxStmt CxStmt;
typedef struct CxFunc CxFunc;

typedef enum {
  /* values */
  X_CONST,        /* k */
  X_SLOT,         /* frame slot `slot` (an SSA local or parameter) */
  X_GLOBAL,       /* SSA global `slot` */
  X_LOAD,         /* the cell at location a */
  /* locations (lvalues and &lvalue) */
  X_SLOT_ADDR,    /* the object of an address-taken local: its base, held in slot */
  X_SHIFT,        /* a + k (a field: k cells) */
  X_INDEX,        /* a + k * b, trap unless 0 <= b < k2 (array index) */
  X_DEREF,        /* a, trap unless a valid access */
  X_DEREF_ADD,    /* a + k * b: trap unless inside a's object, then unless a valid access */
  X_PTR_ADD,      /* a + k * b: trap unless inside a's object */
  X_PTR_DIFF,     /* (a - b) / k, of the result type */
  X_LENGTH,       /* length(a) of a --pre contract: elements of k cells from a to its object's end */
  /* arithmetic on the node's type (bits, sign) */
  X_CAST,         /* wrap a to the type */
  X_TO_BOOL,      /* a != 0 */
  X_NEG, X_BITNOT, X_LNOT,
  X_ADD, X_SUB, X_MUL, X_DIV, X_REM, X_SHL, X_SHR, X_AND, X_OR, X_XOR,
  X_LT, X_LE, X_GT, X_GE, X_EQ, X_NE,  /* signed (and narrow unsigned) order */
  X_ULT, X_ULE, X_UGT, X_UGE,          /* unsigned 64-bit order */
  X_LAND, X_LOR, X_COND,
  /* floating point (cx_float.h): values are keys; fbits is the format of
     the operands (32 or 64) */
  X_FADD, X_FSUB, X_FMUL, X_FDIV, X_FNEG, X_FABS, X_FSQRT,
  X_FLT, X_FLE, X_FGT, X_FGE, X_FEQ, X_FNE, /* int 0/1 */
  X_FTRUTH,       /* a != 0.0 (int 0/1) */
  X_F2F,          /* a of format k converted to fbits */
  X_I2F,          /* a, an integer of k bits (u64: k2 != 0), to fbits */
  X_F2I,          /* a of format fbits truncated to the node's integer type; trap where undefined */
  X_FCLASS,       /* a classification (CxFloatClass k) of a, of format fbits */
  X_F2BITS,       /* the bits of a, of format fbits (the node's unsigned type);
                     a NaN abandons the run (its bits are not the model's) */
  X_BITS2F,       /* the value of format fbits whose bits are a */
} CxExprOp;

struct CxExpr {
  uint8_t op;         /* CxExprOp */
  uint8_t bits;       /* the result type's width (pointers: 64) */
  bool is_signed;
  bool u64;           /* unsigned 64-bit: division, shift right on the pattern */
  bool overflow_traps; /* + - * << unary - of a signed type without --wrapv: an
                          overflow is undefined (ISO C) and traps */
  uint8_t fbits;      /* float ops: the operands' format; 0 elsewhere (a float-typed
                         node has bits 64 and is_signed, so generic code never wraps a key) */
  uint8_t cmp;        /* integer comparisons of the function under test: bit 0 (1) the
                         left side, bit 1 (2) the right side is a simple function of a
                         parameter (compile.c simple_param; CxRunOptions.on_compare) */
  int slot;
  int line;
  int64_t k, k2;
  CxExpr *a, *b, *c;
};

typedef enum { L_NONE, L_SLOT, L_GLOBAL, L_MEM } CxLhsKind;

typedef struct CxLhs {
  CxLhsKind kind;
  int slot;           /* SLOT, GLOBAL */
  CxExpr *addr;       /* MEM: the location */
} CxLhs;

typedef struct CxBlock {
  CxStmt **s;
  int n;
} CxBlock;

typedef enum {
  S_SKIP, S_DECL_SLOT, S_DECL_MEM, S_ASSIGN, S_CALL, S_NONDET, S_ASSUME, S_ASSERT, S_ABORT, S_EXIT, S_ERROR,
  S_MALLOC, S_FREE, S_CHECK_HEAP, S_ALLOC_LINE, S_IF, S_WHILE, S_BREAK, S_CONTINUE, S_RETURN, S_BLOCK,
} CxStmtKind;

struct CxStmt {
  uint8_t kind;       /* CxStmtKind */
  bool target;        /* the --reach target (not a loop): the objective when it starts */
  bool objective;     /* a call that is the --reach-call objective */
  bool loop_target;   /* WHILE: the --reach target */
  bool do_while;
  int line;           /* for line_hits; 0 outside the main file */
  int obj_index;      /* WHILE: position among the --iter loops, or -1 */
  int slot;           /* DECL_SLOT, DECL_MEM: the frame slot */
  CxLhs lhs;          /* ASSIGN, CALL, NONDET, MALLOC (CALL of a struct result: MEM, its place) */
  CxExpr *e;          /* ASSIGN rhs, RETURN value (a struct: its location), IF/WHILE condition,
                         ASSUME/ASSERT/FREE/CHECK_HEAP argument */
  CxExpr **args;      /* CALL (a struct argument: its location), MALLOC (1 or 2) */
  int nargs;
  CxFunc *callee;     /* CALL */
  uint8_t bits;       /* NONDET: the value's type */
  bool is_signed;
  bool is_float;      /* NONDET: a float or double (a key, never wrapped) */
  const IrType *type; /* DECL_MEM: the variable's type; MALLOC: the element type */
  const IrVar *var;   /* DECL_MEM */
  int src_line;       /* the statement's line in whatever file */
  const IrStmt *ir;   /* the IR statement (for CxRunOptions.on_event) */
  int64_t cells;      /* DECL_MEM: cells of the type; MALLOC, CHECK_HEAP: cells per element */
  bool zeroed;        /* MALLOC: calloc */
  bool moves;         /* MALLOC: realloc (args[0] the old block, args[1] the size) */
  uint8_t use;        /* CHECK_HEAP: IrCheckUse (args[2]: the element count of bounds) */
  const char *reason; /* MALLOC: why it cannot run (NULL: it can) */
  CxBlock a, b, c, d; /* IF: then, else; WHILE: pre, body, step; BLOCK: body (a) */
  /* WHILE at the top of the function under test whose condition compares a
     value with a parameter the function never writes (run.c, exit probes):
     probe_param is its slot, probe_rest the statements after the loop,
     probe_shift what the other side's value v gives the parameter to fail
     the check (v + probe_shift); probe_left: the parameter is the left side;
     probe: 0 none, +1 a larger parameter runs the loop longer (v < p, v <=
     p, v != p), -1 a smaller one (v > p, v >= p). */
  int8_t probe;
  bool probe_left;
  int probe_param;
  int8_t probe_shift;
  CxBlock probe_rest;
};

struct CxFunc {
  const IrFunction *ir;
  int nslots;         /* parameters then locals */
  int nparams;
  bool *param_in_memory; /* per parameter: address taken (it lives in an object) */
  const IrType **param_type;
  int64_t *param_cells;
  bool has_value;     /* returns a scalar */
  int64_t ret_cells;  /* returns a struct of that many cells (its location is the value), else 0 */
  bool compiled;      /* its body is complete (false while compiling it: recursion) */
  CxBlock body;
};

/* ---- Memory (memory.c) --------------------------------------------------
 * Location l is val[l] (the cell's value), def[l] (written?) and obj[l]
 * (the object whose frame [header, cells, gap] holds l, or -1).  An
 * object's header holds 1 while a heap block is allocated, 0 once freed. */
typedef enum { CX_OBJ_GLOBAL, CX_OBJ_LOCAL, CX_OBJ_HEAP, CX_OBJ_INPUT } CxObjKind;

typedef struct CxObject {
  int64_t base, ncells;
  CxObjKind kind;
  const char *name;   /* the variable's name; NULL for a heap block */
  const IrType *type; /* the element type */
  int64_t count;      /* elements */
  int line;           /* heap: the allocation's line; others: the declaration's */
} CxObject;

typedef struct CxMemory {
  int64_t *val;
  uint8_t *def;
  int32_t *obj;
  int64_t frontier;   /* the first location no object uses (the next header) */
  int64_t cap;        /* entries of val/def/obj */
  CxObject *objs;
  int nobjs, capobjs;
} CxMemory;

enum { CX_FIRST_LOCATION = 16, CX_MAX_LOCATIONS = 1 << 25 };

void cx_mem_init(CxMemory *m);
void cx_mem_free(CxMemory *m);
/* Forgets every object from index n on (the next run starts there). */
void cx_mem_truncate(CxMemory *m, int n);
/* A new object of ncells cells; its index, or -1 when memory is exhausted. */
int cx_mem_new_object(CxMemory *m, CxObjKind kind, int64_t ncells, bool zeroed);
/* The object whose frame holds location l, or NULL. */
static inline const CxObject *cx_mem_object_at(const CxMemory *m, int64_t l) {
  if (l < 0 || l >= m->frontier || l >= m->cap) return NULL;
  int32_t o = m->obj[l];
  return o < 0 ? NULL : &m->objs[o];
}
/* May an access (a free, when for_free) use location l? */
bool cx_mem_valid(const CxMemory *m, int64_t l, bool for_free);
/* Does l lie in a heap block (or input object) that was freed? */
bool cx_mem_dangling(const CxMemory *m, int64_t l);
/* Is the element l + k * stride (stride cells) not wholly inside the object
   of l (l not NULL)? */
bool cx_mem_outside(const CxMemory *m, int64_t l, int64_t stride, int64_t k);

/* ---- Leaks (leak.c) ------------------------------------------------------ */
/* A call running: its function and first stack slot, and its caller's. */
typedef struct CxFrame {
  const CxFunc *f;
  int64_t fb;
  const struct CxFrame *up;
} CxFrame;

/* --check leak, where the run ends: is a heap block allocated on `line`
   still allocated and unreachable from the globals, the input objects,
   root (a value) and the variables of frames (at exit)?  1 yes, 0 no, -1
   out of memory (no answer). */
int cx_leaked(const CxProgram *c, int64_t root, int line, const CxFrame *frames);

/* ---- The compiled program (compile.c) ---------------------------------- */
typedef struct CxGlobalInit {
  int object;         /* index of the global's object */
  const IrVar *var;
} CxGlobalInit;

struct CxProgram {
  const IrProgram *prog;
  CxFunc *entry;
  CxFunc **funcs;     /* per prog->funcs entry: compiled, or NULL */
  int nglobals;
  int64_t *global_init; /* SSA globals' initial values */
  uint8_t *global_def;  /*   and whether they have one */
  int64_t *global_base; /* per global: its object's base, or 0 (SSA) */
  int nglobal_objects;  /* objects made before any run (globals) */
  CxMemory pristine;    /* the memory before a run: globals initialized */
  CxExpr **assumes;
  int nassumes;
  int niter;
  int *want_iter;       /* the --iter numbers */
  bool uses_nondet;
  bool has_loops;       /* a loop or a recursive call is reachable */
  /* the run (run.c) */
  CxMemory mem;
  int64_t *stack;       /* frame slots of every call alive */
  uint8_t *stack_def;
  int64_t stack_cap, sp;
  int64_t *globals;
  uint8_t *globals_def;
  int *iter;
  struct CxArena *arena;
  /* native runs (native.c) */
  struct CxNative *native;
  uint64_t interpreted_steps; /* by every interpreted run so far */
};

/* native.c */
void cx_native_free(struct CxNative *n);

/* compile.c */
void *cx_alloc(CxProgram *c, size_t size);
char *cx_error(const IrLoc *loc, const char *fmt, ...);

#endif
