/* ir.h - the typed, structured intermediate representation of a C program.
 *
 * The frontend (frontend/) builds it from the clang AST; everything past the
 * frontend reads only this (docs/design.md §3).  The IR is structured, not a
 * CFG: blocks, if, while, break/continue, return.  Expressions are free of
 * side effects: assignments, calls, ++/--, and short-circuit evaluation that
 * could trap or has effects are lowered into statements, each keeping the
 * source position of the C construct it came from.
 *
 * Every implicit C conversion is explicit in the IR (IR_CAST), so the
 * operands of an arithmetic operator have the operator's type, exactly as C's
 * usual arithmetic conversions left them.
 *
 * All IR memory belongs to the IrProgram (one arena); fe_program_free()
 * releases it all.  Nothing here depends on libclang.
 */
#ifndef INKA_IR_H
#define INKA_IR_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef struct IrType IrType;
typedef struct IrExpr IrExpr;
typedef struct IrStmt IrStmt;
typedef struct IrVar IrVar;
typedef struct IrFunction IrFunction;
typedef struct IrInit IrInit;

typedef struct IrLoc {
  const char *file; /* as clang spells it (the path given on the command line) */
  int line, col;    /* 1-based; 0 when unknown */
} IrLoc;

/* ---- Types ---------------------------------------------------------------
 * Interned: two IrType pointers are equal iff the types are the same (after
 * typedefs are looked through; enums become their underlying integer type). */
typedef enum {
  IR_TY_VOID,
  IR_TY_BOOL,   /* _Bool: 0 or 1, 8 bits of storage */
  IR_TY_INT,    /* every C integer type, with its width and signedness */
  IR_TY_FLOAT,  /* float (bits 32) and double (bits 64); long double unsupported */
  IR_TY_PTR,
  IR_TY_STRUCT,
  IR_TY_ARRAY,  /* fixed size, or (variable) a variable length array */
} IrTypeKind;

typedef struct IrField {
  const char *name;
  IrType *type;
  int64_t offset; /* bytes from the start of the struct (a bit-field: of the
                     byte holding its first bit) */
  int bit_width;  /* a bit-field's width (1..32), 0 for other members.  A
                     bit-field is a cell of its own, of the type its value
                     promotes to (`type`: int below 32 bits); the frontend
                     converts every value stored there to the field's width
                     (declared: unsigned modulo 2^w, signed wrapped into w
                     bits as gcc does, _Bool != 0) */
  IrType *declared; /* bit-field: its declared type (unsigned int, int, _Bool...) */
  bool hidden;      /* a union's carrier that is none of its members, named
                       "(bits)" (frontend/unions.c): no C code can name it */
} IrField;

struct IrType {
  IrTypeKind kind;
  int64_t size;       /* sizeof, in bytes, in the chosen data model; 0 for void */
  int64_t align;
  int bits;           /* INT/BOOL/FLOAT/PTR: width in bits (BOOL: 1) */
  bool is_signed;     /* INT: signedness (plain char is signed) */
  const char *spelling; /* C spelling usable in a declaration: "unsigned int",
                           "struct node *", "int [4]" (arrays: see ir_decl) */
  IrType *base;       /* PTR: pointee; ARRAY: element type */
  int64_t count;      /* ARRAY: number of elements (0 when variable) */
  bool variable;      /* ARRAY: a variable length array (a local whose DECL
                         statement evaluates the length, IrStmt.rhs) */
  const char *tag;    /* STRUCT: tag name ("node" for struct node), or NULL */
  IrField *fields;    /* STRUCT */
  int nfields;
  bool complete;      /* STRUCT: false while only declared */
  bool is_union;      /* STRUCT: a union, modelled as a struct of one cell:
                         its representative member (frontend/unions.c) */
  bool fnptr;         /* INT: a pointer to a function (spelling: its C type,
                         "int (*)(int)").  The frontend lowers such a value
                         to the id of a function of the file (IrProgram.fn_ids:
                         1, 2, ...; 0 is NULL) and a call through it to a
                         dispatch on the id, so that everything past the
                         frontend sees an unsigned integer of pointer width */
};

/* ---- Variables ----------------------------------------------------------- */
typedef enum { IR_VAR_GLOBAL, IR_VAR_PARAM, IR_VAR_LOCAL } IrVarKind;

struct IrVar {
  const char *name;     /* source name; lowered temporaries are "tmp.N" (not C
                           identifiers, so they never clash); a function's static
                           local is a global named "f.x" */
  IrType *type;
  IrVarKind kind;
  int index;            /* position in IrFunction.params/locals or IrProgram.globals */
  bool address_taken;   /* &v appears, or v is an array or struct: v lives in memory */
  bool is_const;        /* declared const (static const tables) */
  bool is_temp;         /* introduced by lowering */
  IrInit *init;         /* GLOBAL: initializer, NULL means zero-initialized.
                           LOCAL: always NULL (initializers become statements). */
  IrVar *vla_length;    /* a variable length array: the temporary holding the
                           length its declaration computed (for sizeof) */
  IrLoc loc;
};

/* Constant initializer of a global, recursively for arrays and structs.
 * Elements/fields not listed are zero. */
typedef enum { IR_INIT_INT, IR_INIT_FLOAT, IR_INIT_NULL, IR_INIT_ADDR, IR_INIT_LIST } IrInitKind;
struct IrInit {
  IrInitKind kind;
  IrType *type;
  int64_t ival;        /* INT (also BOOL, enum constants) */
  double fval;         /* FLOAT */
  IrVar *addr_of;      /* ADDR: &global (address of the whole object) */
  int64_t addr_cell;   /* ADDR: the cell of addr_of where the address points
                          (&g[4], &g.f), counting one cell per scalar as the
                          translation does (tr_cells); 0: the start */
  IrInit **elems;      /* LIST: one per array element / struct field, in order; */
  int nelems;          /*   an entry may be NULL (zero) and nelems may be short */
};

/* ---- Expressions ---------------------------------------------------------
 * Side-effect free.  Lvalue forms (VAR, DEREF, FIELD, INDEX) denote a place;
 * used as an operand they denote the value stored there (C's lvalue-to-rvalue
 * conversion), as the operand of ADDR_OF or the target of an assignment they
 * denote the place itself.  An array-typed lvalue is never used as a value:
 * the frontend writes decay as ADDR_OF(INDEX(a, 0)). */
typedef enum {
  IR_INT_CONST,   /* ival, of type (int, pointer NULL is IR_NULL) */
  IR_FLOAT_CONST, /* fval, of type float/double (a float constant is exactly representable) */
  IR_NULL,        /* null pointer constant of pointer type */
  IR_VAR,         /* lvalue: var */
  IR_DEREF,       /* lvalue: *a[0] (a[0] of pointer type) */
  IR_FIELD,       /* lvalue: a[0].fields[field]  (p->f is FIELD(DEREF(p), f)) */
  IR_INDEX,       /* lvalue: a[0][a[1]], a[0] an array-typed lvalue (p[i] on a
                     pointer is DEREF(PTR_ADD(p, i))) */
  IR_ADDR_OF,     /* &a[0], a[0] an lvalue */
  IR_CAST,        /* (type)a[0]: int<->int, int<->float, float<->float,
                     ptr<->ptr, scalar->_Bool (!= 0) */
  IR_BITCAST,     /* (type)a[0] as the same bits, never a conversion of the
                     value: a float type and the unsigned integer type of its
                     width, either way (a union's float member read from or
                     written into the union's carrier, frontend/unions.c) */
  /* unary, operand of the result type (LNOT: operand scalar, result int) */
  IR_NEG, IR_BITNOT, IR_LNOT,
  /* binary arithmetic: both operands of the result type, except shifts whose
     right operand keeps its own (promoted) type */
  IR_ADD, IR_SUB, IR_MUL, IR_DIV, IR_REM, IR_SHL, IR_SHR, IR_BAND, IR_BOR, IR_BXOR,
  /* comparisons: operands of one (arithmetic or pointer) type; result int 0/1 */
  IR_LT, IR_LE, IR_GT, IR_GE, IR_EQ, IR_NE,
  /* logical and/or on scalars, result int 0/1.  Only where evaluating the right
     operand unconditionally is harmless (no effects, cannot trap); otherwise
     the frontend lowers && and || into if statements. */
  IR_LAND, IR_LOR,
  /* a[0] ? a[1] : a[2], same harmlessness condition as LAND */
  IR_COND,
  /* pointer arithmetic: PTR_ADD(p, i) = p + i elements (i any integer type);
     PTR_DIFF(p, q) = (p - q) in elements, of type ptrdiff_t */
  IR_PTR_ADD, IR_PTR_DIFF,
  /* length(a[0]) of a --pre contract: the elements of a[0]'s pointee type
     from the pointer a[0] to the end of its object (0 for NULL), of type
     ptrdiff_t; nowhere else in a program */
  IR_LENGTH,
} IrExprKind;

struct IrExpr {
  IrExprKind kind;
  IrType *type;
  IrLoc loc;
  int64_t ival;   /* INT_CONST: the value, sign- or zero-extended from the
                     type's width (an unsigned 64-bit value is its bit pattern) */
  double fval;    /* FLOAT_CONST */
  IrVar *var;     /* VAR */
  int field;      /* FIELD: index into the struct type's fields */
  IrExpr *a[3];   /* operands */
};

/* ---- Statements ---------------------------------------------------------- */
typedef struct IrBlock {
  IrStmt **stmts;
  int n;
} IrBlock;

/* Calls to functions the frontend knows by name. */
typedef enum {
  IR_BI_NONE,        /* a call to a function defined in the file (callee) */
  IR_BI_MALLOC,      /* lhs = malloc(args[0] bytes).  stmt->type is the pointer
                        type the program converts the result to (T * for
                        `t = malloc(...)` with t a T *, or `(T *)malloc(...)`),
                        so the allocated cells are of type stmt->type->base;
                        void * when the result is never converted.  lhs, when
                        present, has type stmt->type (no IR_CAST around it). */
  IR_BI_CALLOC,      /* lhs = calloc(args[0], args[1]); stmt->type as for malloc */
  IR_BI_REALLOC,     /* lhs = realloc(args[0], args[1]); stmt->type as for malloc;
                        args[0] is the pointer as the program holds it (as free's) */
  IR_BI_FREE,        /* free(args[0]); args[0] is the pointer as the program
                        holds it (its conversion to void * is dropped) */
  IR_BI_NONDET,      /* lhs = __VERIFIER_nondet_<type>(): a fresh input; the
                        call's type is stmt->type (lhs may be NULL).  Also a
                        call to a stub: a function the file declares but does
                        not define (callee_name is its name, see IrStub); its
                        arguments were evaluated by assignments just before */
  IR_BI_ASSUME,      /* __VERIFIER_assume(args[0]): the path ends when false */
  IR_BI_ABORT,       /* abort(): the path ends */
  IR_BI_EXIT,        /* exit(args[0]): the path ends */
  IR_BI_ASSERT,      /* assert(args[0]): when false, a failure (target of
                        --reach-call assert) and the path ends */
  IR_BI_ERROR,       /* reach_error() or __VERIFIER_error() when the file does
                        not define it in the subset: a target, then the path ends */
  IR_BI_FABS,        /* lhs = fabs(args[0]) (fabs, fabsf of math.h, when the
                        file does not define them); stmt->type is the result
                        type, args[0] has it too */
  IR_BI_SQRT,        /* lhs = sqrt(args[0]) (sqrt, sqrtf), as fabs */
  IR_BI_CHECK_HEAP,  /* --check free, bounds, uninit (frontend/rte.c):
                        args[0] a pointer p (IR_USE_READ: a local variable,
                        never evaluated), args[1] an IrCheckUse constant, and
                        for IR_USE_BOUNDS args[2] an element count k (of the
                        pointer type stmt->type).  Where that use is an
                        error (freeing anything but NULL or a live heap
                        block; an access into a freed block; an access to
                        p + k outside p's object, p not NULL; a read of the
                        variable before it is assigned), a target
                        (callee_name is a check call's), then the path
                        ends; otherwise it does nothing.  IR_USE_LEAK and
                        IR_USE_LEAK_EXIT (args[2] an allocation line L):
                        the run ends here, and a block allocated on line L
                        is still allocated and unreachable (args[0]: the
                        returned value, a root; see frontend/leak.c) */
  IR_BI_ALLOC_LINE,  /* --check leak (frontend/leak.c): lhs (long long) = the
                        line of the allocation that made the live heap block
                        args[0] points into, 0 when it points to no such
                        block (NULL, a freed block, an input object, a
                        variable) */
  IR_BI_FP_CLASS,    /* lhs = a classification of math.h on a float or
                        double args[0]: callee_name is __builtin_isnan,
                        __builtin_isinf, __builtin_isinf_sign (-1, 0, 1),
                        __builtin_isfinite or __builtin_isnormal; int result */
} IrBuiltin;

typedef enum {
  IR_ST_ASSIGN,   /* lhs = rhs  (lhs an lvalue expr, rhs side-effect free;
                     never of struct or array type: the frontend copies
                     those field by field) */
  IR_ST_CALL,     /* [lhs =] callee(args) or a builtin */
  IR_ST_IF,       /* if (cond) then else els */
  IR_ST_WHILE,    /* see below */
  IR_ST_BREAK,    /* leaves the innermost loop */
  IR_ST_CONTINUE, /* goes to the innermost loop's step, then its condition */
  IR_ST_RETURN,   /* return [value]; a struct value is an lvalue of the
                     function's struct type: the place it is copied from */
  IR_ST_BLOCK,    /* { body }: a C compound statement */
  IR_ST_DECL,     /* the lifetime of local var begins here (its value is
                     indeterminate until assigned); re-executed in each
                     iteration of an enclosing loop */
  IR_ST_SKIP,     /* a statement without effect (";", "x;", a label), kept so
                     its line can be a target; callee_name non-NULL: a call to
                     a stub returning void (it does nothing, see IrStub) */
} IrStmtKind;

/* IR_ST_WHILE executes
 *     loop { [unless first iteration of a do-while:] { pre; if (!cond) exit; } body; step }
 * `pre` holds the side effects of the C condition (lowered), `cond` its value.
 * C `for (init; c; inc) s` is: init statements, then WHILE(cond=c, body=s, step=inc);
 * `continue` runs step.  `do s while (c)` is WHILE with is_do_while set.
 * A missing condition (for(;;)) is the constant 1. */
struct IrStmt {
  IrStmtKind kind;
  IrLoc loc;           /* where the C statement starts (loops: the keyword) */
  IrExpr *lhs;         /* ASSIGN, CALL (may be NULL) */
  IrExpr *rhs;         /* ASSIGN; RETURN value (NULL for void); DECL of a
                          variable length array: its length (ptrdiff type) */
  IrExpr *cond;        /* IF, WHILE: a scalar (integer, float or pointer) as in
                          C, true when != 0 */
  IrBlock then, els;   /* IF */
  IrBlock pre, body, step; /* WHILE (body also for BLOCK) */
  bool is_do_while;    /* WHILE */
  bool goto_loop;      /* WHILE: made by the frontend from a label and the
                          gotos back to it (a do-while on the label's flag);
                          --iter does not count its iterations */
  IrBuiltin builtin;   /* CALL */
  IrFunction *callee;  /* CALL with IR_BI_NONE */
  const char *callee_name; /* CALL: the name as written (also for builtins) */
  IrType *type;        /* CALL: the called function's return type (malloc and
                          calloc: the converted pointer type, see IR_BI_MALLOC) */
  IrExpr **args;       /* CALL.  A struct argument (only to a function of
                          the file, IR_BI_NONE) is an lvalue of the
                          parameter's type: the place its cells are copied
                          from into the callee's parameter object.  A call
                          returning a struct has a struct lvalue lhs (or
                          none): the returned cells are copied there. */
  int nargs;
  IrVar *var;          /* DECL */
};

/* ---- Diagnostics --------------------------------------------------------- */
typedef struct IrDiag {
  IrLoc loc;
  const char *message; /* e.g. "unsupported: goto" (printed as file:line:col: error: message) */
} IrDiag;

/* ---- Functions and program ----------------------------------------------- */
struct IrFunction {
  const char *name;
  IrType *ret;
  IrVar **params;
  int nparams;
  IrVar **locals;      /* every local and temporary of the body, including
                          those of nested blocks (names may repeat across scopes) */
  int nlocals;
  IrBlock body;
  bool defined;        /* has a body in this file */
  IrLoc loc;
  IrLoc end;           /* the closing brace: falling off the end "returns" here */
  /* When the function uses a construct outside the subset, the first such
     construct; the function is then unusable but the rest of the program is
     fine unless the function under test can reach it. */
  IrDiag *unsupported;
  IrFunction **callees; /* the defined functions its body calls (no duplicates) */
  int ncallees;
};

typedef enum { IR_LP64, IR_ILP32 } IrDataModel;

/* A function the file declares (outside system headers) but does not define,
 * referenced somewhere in the file.  Calls to it are stubs: each result is an
 * input (IR_BI_NONDET), nothing is written through its pointer arguments.  A
 * test driver defines each one, so that the whole file links. */
typedef enum { IR_STUB_VOID, IR_STUB_SCALAR, IR_STUB_OTHER } IrStubKind;
typedef struct IrStub {
  const char *name;
  const char *ret;      /* C spelling of the return type (usable before a name) */
  const char *params;   /* "(int, char *)", "(void)", "()" */
  IrStubKind kind;      /* what its body returns: nothing, a served value, zero */
} IrStub;

typedef struct IrProgram {
  const char *path;      /* the main file: the objective's (lines of other
                            files are not objectives' lines) */
  const char **files;    /* every file of the program (files[0] first given) */
  int nfiles;
  IrDataModel model;
  bool wrapv;            /* signed arithmetic wraps (gcc -fwrapv); false: ISO C,
                            a signed overflow (+ - * unary - << of int, long,
                            long long) is a runtime error that ends the path */
  IrFunction **funcs;    /* in source order; declared-only functions too */
  int nfuncs;
  IrVar **globals;       /* including static locals, in source order */
  int nglobals;
  const char **defined_builtins; /* builtins the file defines (reach_error, a
                                    __VERIFIER_* function): their bodies are not
                                    translated, but a test driver must not
                                    define them again */
  int ndefined_builtins;
  IrStub **stubs;        /* functions declared, not defined, referenced */
  int nstubs;
  IrFunction **fn_ids;   /* functions whose address the program takes:
                            fn_ids[k - 1] is the function of id k (IrType.fnptr) */
  int nfn_ids;
  unsigned check_kinds;   /* --check: the kinds of run-time error (IrRteKind)
                            whose sites the frontend lowered into explicit
                            checks (frontend/rte.c), on check_line (0: on
                            every line of the main file) */
  int check_line;
  struct IrCheckSite **check_sites; /* in source order */
  const IrFunction *leak_root; /* --check leak: the function whose run ends
                                  where leaks are checked (--function, else
                                  main); NULL without leak sites */
  int ncheck_sites;
  struct IrArena *arena; /* owns every IR object */
} IrProgram;

/* Kinds of run-time error (--check): undefined behaviour of ISO C, and
 * misuse of the heap.  A site of a checked kind becomes an explicit check
 * before the statement that evaluates it:
 *     if (the operation would go wrong) IR_CHECK_CALL();
 * a call of the error builtin (IR_BI_ERROR: a target, then the path ends;
 * IR_BI_CHECK_HEAP for the heap errors, which no expression can state),
 * so that finding inputs that trigger a site is reaching that call
 * (IrObjective.target_call), and proving no input can is proving it
 * unreachable: every engine answers it as it answers --reach-call. */
typedef enum {
  IR_RTE_OVERFLOW = 1u << 0,   /* signed + - * unary - << out of range, INT_MIN / -1 */
  IR_RTE_DIV = 1u << 1,        /* / or % by zero */
  IR_RTE_SHIFT = 1u << 2,      /* a shift by a negative amount, or by the width or more */
  IR_RTE_BOUNDS = 1u << 3,     /* an index outside its array */
  IR_RTE_NULL = 1u << 4,       /* a dereference of NULL */
  IR_RTE_FLOAT_CAST = 1u << 5, /* a float converted to an integer type that cannot hold it */
  IR_RTE_FREE = 1u << 6,       /* a free of what is not a live heap block (double free), an access
                                  into a freed block (IR_BI_CHECK_HEAP) */
  IR_RTE_UNINIT = 1u << 7,     /* a read of a local variable before it is assigned */
  IR_RTE_LEAK = 1u << 8,       /* a heap block allocated and neither freed nor reachable when the
                                  run ends (frontend/leak.c) */
} IrRteKind;
enum { IR_RTE_NKINDS = 9 };    /* the kinds above: bits 0 to IR_RTE_NKINDS - 1 */
#define IR_CHECK_CALL "__inka_check"

/* What IR_BI_CHECK_HEAP asks of its pointer. */
typedef enum {
  IR_USE_ACCESS = 0, IR_USE_FREE = 1, IR_USE_BOUNDS = 2, IR_USE_READ = 3,
  IR_USE_LEAK = 4,      /* the checked function returns: roots are the globals, the input objects, args[0] */
  IR_USE_LEAK_EXIT = 5, /* exit(): roots are the globals, the input objects, every live frame */
} IrCheckUse;

/* One site: an operation of a checked kind, and its checks. */
typedef struct IrCheckSite {
  IrRteKind kind;
  IrLoc loc;
  const IrFunction *fn;       /* the function holding it */
  const char *call;           /* the name its check calls have: IR_CHECK_CALL
                                 for the sites of one line (--at: any of them
                                 is the objective), else IR_CHECK_CALL.N, the
                                 objective of this site alone */
  const IrStmt **checks;      /* its calls, one per way to go wrong; none:
                                 safe whatever its operands */
  int nchecks;
  const char *unmodelled;     /* a site no check decides yet: what it is (no
                                 answer about it may say "proved"), or NULL */
} IrCheckSite;

/* ---- Helpers shared by every reader of the IR (frontend/ir.c) ------------ */
IrFunction *ir_find_function(const IrProgram *p, const char *name);

/* A testing objective, as the translation and the concrete mode read it. */
typedef struct IrObjective {
  const IrStmt *target;      /* --reach: the statement that must start, or NULL */
  const char *target_call;   /* --reach-call: any call to this name, or NULL */
  const int *iter;           /* --iter: iterations of the innermost niter loops */
  int niter;                 /*   around the target, outermost first; 0 = any */
} IrObjective;
/* The loops around target (the target itself when it is a loop), outermost
   first, in the function that holds it: their number, and a malloc'd array
   in *loops (the caller frees it; NULL when there are none). */
int ir_loops_around(const IrProgram *p, const IrStmt *target, const IrStmt ***loops);
/* The first statement (in source order, depth-first) of fn whose location
   starts on `line` of the main file; NULL if none. */
IrStmt *ir_find_stmt_at_line(const IrFunction *fn, int line);
/* Prints fn as readable text, each statement prefixed by its line. */
void ir_dump_function(FILE *out, const IrFunction *fn);
void ir_dump_program(FILE *out, const IrProgram *p);
/* Is the expression an lvalue form (VAR, DEREF, FIELD, INDEX)? */
bool ir_is_lvalue(const IrExpr *e);
/* A C declaration of `name` with type t ("int a[4]", "struct node *p"). */
const char *ir_decl(IrProgram *p, const IrType *t, const char *name);
/* Does fn take a pointer parameter (an input memory the test must build)? */
bool ir_takes_pointers(const IrFunction *fn);
/* Is s a call of the function named want (--reach-call)?  "assert" and
   "__assert_fail" name the assert builtin, "reach_error" and
   "__VERIFIER_error" the error builtin. */
bool ir_is_call_to(const IrStmt *s, const char *want);

#endif
