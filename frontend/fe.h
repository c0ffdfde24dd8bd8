/* fe.h - what the files of frontend/ share, and nothing else includes.
 *
 * The conversion context (FeCtx) carries everything one parse needs: the
 * libclang translation unit, the IR arena, the type and declaration tables
 * and the state of the function being converted.  There is no global
 * mutable state: two parses never share anything.
 *
 * Conventions inside frontend/:
 *   - conversion functions never return NULL for an expression: after a
 *     diagnostic they return a harmless constant so callers need no checks;
 *   - the first construct outside the subset is recorded with fe_unsupported()
 *     on the current function (or global) and conversion goes on;
 *   - recursion goes through fe_enter()/fe_leave(), which cap the depth.
 */
#ifndef INKA_FE_H
#define INKA_FE_H

#include <clang-c/Index.h>
#include <stdarg.h>
#include <stddef.h>

#include "inka/frontend.h"
#include "inka/ir.h"

#define FE_MAX_DEPTH 256
#define FE_MAX_INIT_ELEMS (1 << 16)

/* ---- arena.c: the IR arena, growable arrays, strings ---------------------- */
typedef struct IrArena IrArena;
IrArena *fe_arena_new(void);
void fe_arena_free(IrArena *a);
void fe_arena_set_saved(IrArena *a, void *p);
void *fe_arena_saved(const IrArena *a);
void *fe_alloc(IrArena *a, size_t n); /* zeroed; never NULL (aborts on OOM) */
char *fe_strdup(IrArena *a, const char *s);
char *fe_fmt(IrArena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
char *fe_vfmt(IrArena *a, const char *fmt, va_list ap);
/* Appends p to the arena-owned array *arr of *n elements. */
void fe_push(IrArena *a, void ***arr, int *n, void *p);

/* A malloc'd growing string (for error texts and dumps). */
typedef struct FeBuf {
  char *s;
  size_t len, cap;
} FeBuf;
void fe_buf_add(FeBuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---- guard.c: inputs that would overflow clang's stack ------------------- */
bool fe_too_deep(const char *path, FeBuf *err);

/* ---- map.c: hash maps keyed by libclang cursors ------------------------- */
typedef struct FeMapEntry {
  CXCursor key;
  unsigned hash;
  void *value;
  bool used;
} FeMapEntry;
typedef struct FeMap {
  FeMapEntry *slots;
  size_t cap, n;
} FeMap;
void *fe_map_get(const FeMap *m, CXCursor key);
void fe_map_put(FeMap *m, CXCursor key, void *value);
void fe_map_free(FeMap *m);

/* ---- the conversion context ---------------------------------------------- */
typedef struct FeFunc {   /* frontend-side data of one IrFunction */
  IrFunction *fn;
  CXCursor def;           /* the definition, when has_def */
  int unit;               /* the translation unit of def (FeCtx.units) */
  bool has_def;
  bool translated;
} FeFunc;

typedef struct FeGlobal { /* frontend-side data of one global */
  IrVar *var;             /* NULL when its type or initializer is unsupported */
  IrDiag *unsupported;
} FeGlobal;

typedef struct FeUnion {  /* a union type's members (unions.c) */
  IrType *type;           /* the STRUCT with is_union, one field: members[rep] or the carrier */
  const char **names;
  IrType **types;
  CXCursor *decls;        /* the FieldDecls, canonical */
  int n, rep;             /* rep: the member that is the cell (-1: a carrier of its own) */
  bool carrier;           /* the members are views of one integer cell */
} FeUnion;

typedef struct FeView {   /* a scalar part of a carrier union (unions.c) */
  IrExpr *value;          /* the expression reading it (what the lowering returned) */
  IrExpr *cell;           /* the carrier, an lvalue */
  IrExpr *off;            /* the part's first bit, an int expression */
  IrType *type;           /* the part's type */
  IrType *shift_type;     /* the carrier's unsigned type, at least unsigned int */
} FeView;

/* One translation unit of the program (a file given, with its arguments). */
typedef struct FeUnit {
  CXTranslationUnit tu;
  CXFile main_file;
  const char *path;       /* as given: the IrLoc.file of its lines */
  const char *clang_name; /* the main file's name as clang spells it */
} FeUnit;

/* A definition with external linkage, when there are several units: what a
   declaration of the name in another unit stands for. */
typedef struct FeExtern {
  const char *name;
  CXCursor def;
  int unit;
  bool is_function;
  bool has_init;          /* a variable: initialized (else a tentative definition) */
} FeExtern;

typedef struct FeCtx {
  IrProgram *prog;
  IrArena *A;
  CXTranslationUnit tu;   /* the unit being converted: units[unit] */
  CXFile main_file;
  const char *path;       /*   its path */
  FeUnit *units;
  int nunits, unit;
  FeExtern **externs;     /* with several units: external definitions by name */
  int nexterns;
  const char **struct_usrs; /* with several units: struct types by USR, so that */
  IrType **usr_types;       /*   a struct of a shared header is one type, */
  const char **usr_layouts; /*   when the layouts agree (NULL: not defined yet) */
  int nusr;
  const char *check_file; /* FeOptions.check_file, or the first file */
  /* interned types (types.c) */
  IrType **types;
  int ntypes;
  FeMap struct_types;     /* canonical struct decl cursor -> IrType */
  const char **fnptr_keys; /* function pointer types, by the spelling of the */
  IrType **fnptr_types;    /*   canonical function type (types.c) */
  int nfnptr;
  FeMap union_uses;       /* canonical UnionDecl -> what the file accesses (unions.c) */
  FeUnion **unions;
  int nunions;
  FeView **views;         /* every view built, so that a store into one is found */
  int nviews;
  IrType **fn_id_types;    /* the function pointer type of each id (fnptr.c) */
  /* declarations (parse.c) */
  FeMap funcs;            /* canonical FunctionDecl -> FeFunc */
  FeMap globals;          /* canonical VarDecl -> FeGlobal */
  FeMap sysdefs;          /* canonical FunctionDecl -> definition in a system header */
  CXCursor **libc_defs;   /* definitions of the library models (libc.c) */
  int nlibc;
  FeFunc **ffuncs;        /* parallel to prog->funcs */
  int nffuncs;
  /* file names seen, for IrLoc.file */
  const char **files;
  int nfiles;
  /* the function being converted (stmt.c, expr.c) */
  IrFunction *fn;
  FeGlobal *global;       /* the global whose initializer is being converted */
  FeMap locals;           /* VarDecl -> IrVar */
  int ntemps;
  int depth;
  int loop_depth;
  /* labels and jumps of the function being converted (jumps.c) */
  struct FeLabel **labels;
  int nlabels;
  int break_label;        /* a `break` here goes to this label (a switch's end); -1: a loop's break */
  /* set by fe_parse_expr: no statements may be emitted */
  bool pure_only;
  CXCursor decayed_literal;  /* the conversion of the string literal being read to a
                               pointer (clang evaluates a literal only through it), or none */
  /* set by fe_parse_expr: globals and structs are the program's, by name */
  bool reuse_program;
  bool no_stubs;          /* FeOptions.no_stubs */
} FeCtx;

/* What a parse leaves for fe_parse_expr (in the program's arena). */
typedef struct FeSavedUnit {
  const char *path;
  const char **args; /* the clang arguments, as given to clang */
  int nargs;
} FeSavedUnit;
typedef struct FeSaved {
  FeSavedUnit *units; /* one per file of the program */
  int nunits;
  bool stub32;       /* the empty gnu/stubs-32.h was supplied */
  IrType **types;    /* the interned types */
  int ntypes;
} FeSaved;
extern const char fe_stub32_path[];
/* library models (libc.c) */
extern const char fe_libc_path[], fe_libc_models[];
extern const unsigned long fe_libc_models_len;
void fe_libc_note(FeCtx *c, CXCursor def);
bool fe_libc_model(FeCtx *c, const char *name, CXCursor *def);
/* A call of the model `name` (which must exist) with room for nargs
   arguments, for the caller to fill. */
IrStmt *fe_model_call(FeCtx *c, const char *name, int nargs, IrLoc loc);
bool fe_libc_bytes_ok(FeCtx *c, CXCursor model, CXCursor call);
CXCursor fe_libc_unconverted(FeCtx *c, CXCursor e); /* the pointer an argument was before void * */
/* memcells.c: memset/memcpy/memmove on cells that are not chars; NULL
   after a diagnostic or when !want_value */
bool fe_mem_cells_name(const char *name);
IrExpr *fe_mem_cells_call(FeCtx *c, CXCursor call, const char *name, bool want_value, IrBlock *out);
/* overflow.c: __builtin_add_overflow, _sub_, _mul_ (type-generic) */
bool fe_overflow_name(const char *name);
IrExpr *fe_overflow_call(FeCtx *c, CXCursor call, const char *name, bool want_value, IrBlock *out);
void fe_clang_args(const FeOptions *opt, const char ***args, int *nargs, bool *stub32);

/* diagnostics (parse.c) */
bool fe_format_errors(CXTranslationUnit tu, const char *path, bool presumed, FeBuf *b);
IrLoc fe_loc(FeCtx *c, CXCursor cur);
IrLoc fe_loc_of(FeCtx *c, CXSourceLocation l);
void fe_unsupported(FeCtx *c, IrLoc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
bool fe_failed(FeCtx *c);       /* has the current function/global a diagnostic? */
bool fe_enter(FeCtx *c, CXCursor cur); /* depth guard: false (and a diagnostic) when too deep */
void fe_leave(FeCtx *c);
bool fe_in_system_header(CXCursor cur);
bool fe_const_type(CXType t);
char *fe_spelling(FeCtx *c, CXCursor cur); /* arena copy of clang_getCursorSpelling */
char *fe_field_name(FeCtx *c, CXCursor field); /* "" for an anonymous struct or union member */

/* children (parse.c) */
typedef struct FeKids {
  CXCursor *k;
  int n;
} FeKids;
FeKids fe_kids(FeCtx *c, CXCursor cur); /* arena array of the direct children */
CXCursor fe_strip(CXCursor cur);        /* through ParenExpr */

/* several units (parse.c): the unit a cursor belongs to; makes unit u the
   one being converted, returning the previous; the definition of a
   declaration, in its own unit or (external linkage) in the one defining
   the name; null when none. */
int fe_unit_of(FeCtx *c, CXCursor cur);
int fe_use_unit(FeCtx *c, int u);
CXCursor fe_definition(FeCtx *c, CXCursor decl);

/* declarations (parse.c) */
FeFunc *fe_func_for(FeCtx *c, CXCursor decl); /* creates the entry on first use */
FeGlobal *fe_global_for(FeCtx *c, CXCursor decl);

/* ---- types.c --------------------------------------------------------------- */
char *fe_declarator(IrArena *A, const IrType *t, const char *name); /* "int (*p)[4]" */
/* NULL with a diagnostic in *why (arena string) when outside the subset. */
IrType *fe_type(FeCtx *c, CXType t, const char **why);
IrType *fe_type_int(FeCtx *c, const char *spelling, int bits, bool is_signed);
IrType *fe_type_void(FeCtx *c);
IrType *fe_type_bool(FeCtx *c);
IrType *fe_type_ptr(FeCtx *c, IrType *base);
IrType *fe_type_array(FeCtx *c, IrType *base, int64_t count);
IrType *fe_type_float(FeCtx *c, int bits);
IrType *fe_type_of(FeCtx *c, CXCursor cur);
/* The type of pointers to functions of clang function type fn (IrType.fnptr). */
IrType *fe_type_fnptr_of(FeCtx *c, CXType fn, const char **why);
IrType *fe_param_type(FeCtx *c, IrType *t); /* array parameters are pointers */ /* cursor's type; on failure a diagnostic and int */
IrType *fe_param_ctype(FeCtx *c, CXType t, const char **why); /* a parameter's clang type as C adjusts it (`int a[]` is int *); NULL and *why when unsupported */
IrType *fe_type_int_(FeCtx *c);             /* int */
IrType *fe_type_ptrdiff(FeCtx *c);          /* long (LP64) / int (ILP32) */
bool fe_is_scalar(const IrType *t);
bool fe_is_arith(const IrType *t);
bool fe_is_integer(const IrType *t);        /* INT or BOOL */

/* ---- tokens.c: operators, and the parts of a for ------------------------------- */
/* The spelling of a binary (or compound assignment) operator, in buf ("+",
   "<<=", ","); NULL for what C does not have. */
const char *fe_binop(CXCursor op, char *buf, size_t n);
/* The spelling of a unary operator ("++", "&", "__extension__"); *postfix for
   x++ and x--. */
const char *fe_unop(CXCursor op, bool *postfix, char *buf, size_t n);
/* Classifies the children of a ForStmt: part[i] = 0 init, 1 cond, 2 inc, 3 body. */
bool fe_for_parts(FeCtx *c, CXCursor stmt, FeKids kids, int *part);

/* ---- expr.c ------------------------------------------------------------------ */
IrExpr *fe_expr(FeCtx *c, CXCursor e, IrBlock *out);     /* value or lvalue form */
void fe_effect(FeCtx *c, CXCursor e, IrBlock *out);      /* evaluated for effects only */
IrExpr *fe_cast(FeCtx *c, IrType *to, IrExpr *e, IrLoc loc); /* explicit conversion */
IrExpr *fe_op(FeCtx *c, IrExprKind k, IrType *t, IrExpr *a, IrExpr *b, IrLoc loc); /* a[0] = a, a[1] = b */
IrExpr *fe_int_const(FeCtx *c, IrType *t, int64_t v, IrLoc loc);
IrExpr *fe_zero(FeCtx *c, IrType *t, IrLoc loc);         /* 0, 0.0 or NULL of scalar t */
IrExpr *fe_var_expr(FeCtx *c, IrVar *v, IrLoc loc);
IrExpr *fe_dummy(FeCtx *c, IrLoc loc);                   /* int 0, after a diagnostic */
void fe_assign(FeCtx *c, IrExpr *lhs, IrExpr *rhs, IrLoc loc, IrBlock *out); /* structs field-wise */
IrVar *fe_temp(FeCtx *c, IrType *t, IrLoc loc);
IrExpr *fe_struct_temp(FeCtx *c, IrType *t, IrLoc loc, IrBlock *out); /* in memory, with its DECL */
/* Emits call statement s into out; with want_value, its result in a fresh
   temporary (in memory for a struct): that value, else NULL. */
IrExpr *fe_emit_call(FeCtx *c, IrStmt *s, bool want_value, IrLoc loc, IrBlock *out);
IrStmt *fe_stmt_new(FeCtx *c, IrStmtKind k, IrLoc loc);
void fe_emit(FeCtx *c, IrBlock *b, IrStmt *s);
int64_t fe_wrap(const IrType *t, int64_t v);             /* v converted to integer type t */
bool fe_eval_int(CXCursor e, int64_t *v);                /* a clang integer constant */

/* ---- stmt.c ------------------------------------------------------------------ */
void fe_function_body(FeCtx *c, FeFunc *f);
IrVar *fe_local_var(FeCtx *c, CXCursor decl, IrVarKind kind); /* registers a param/local */

/* ---- init.c: initializers of locals (statements) and globals (IrInit) --------- */
void fe_local_init(FeCtx *c, IrExpr *lv, CXCursor init, IrBlock *out);
IrInit *fe_global_init(FeCtx *c, IrType *t, CXCursor init);
void fe_zero_fill(FeCtx *c, IrExpr *lv, IrLoc loc, IrBlock *out); /* lv = 0, every scalar of it */

/* ---- strings.c: string literals ----------------------------------------------- */
bool fe_string_bytes(FeCtx *c, CXCursor lit, const char **bytes, int64_t *n); /* NUL included */
IrVar *fe_string_literal(FeCtx *c, CXCursor lit); /* NULL after a diagnostic */

/* ---- calls.c: builtins by name ------------------------------------------------ */
IrBuiltin fe_builtin(const char *name, bool *is_builtin);
bool fe_is_setjmp(const char *name);

/* ---- stubs.c: functions declared but not defined ------------------------------ */
bool fe_is_stub(FeCtx *c, CXCursor decl);   /* calls to it are stub calls */
void fe_collect_stubs(FeCtx *c);            /* fills prog->stubs */
/* A stub call: arguments into temporaries, then the result as an input; the
   value (a temporary) when want_value and the result is not void. */
IrExpr *fe_stub_call(FeCtx *c, CXCursor call, CXCursor decl, bool want_value, IrBlock *out);
/* output.c: printf, puts, putchar whose result is ignored (a skip). */
bool fe_is_output(FeCtx *c, CXCursor decl, const char *name);
IrExpr *fe_output_call(FeCtx *c, CXCursor call, const char *name, bool want_value, IrBlock *out);

/* ---- jumps.c: labels, goto and switch's break, eliminated after conversion ----------
 * During conversion a label is a pseudo statement (IR_ST_SKIP, callee_name
 * fe_pseudo_label, nargs the label id) and so is a goto (fe_pseudo_goto);
 * fe_lower_jumps() replaces them with flag variables, guards and loops. */
typedef struct FeLabel {
  const char *name;       /* for messages ("switch" for a switch's end) */
  IrLoc loc;
  IrVar *flag;            /* set by a goto, cleared at the label */
  int ngotos;
  bool user;              /* a C label (not a switch's end) */
  bool shares_line;       /* its statement starts on the label's line */
} FeLabel;
extern const char fe_pseudo_label[], fe_pseudo_goto[];
int fe_label_new(FeCtx *c, const char *name, IrLoc loc);
int fe_label_of(FeCtx *c, CXCursor label_stmt); /* creates it on first use */
void fe_emit_label(FeCtx *c, int id, IrLoc loc, IrBlock *out);
void fe_emit_goto(FeCtx *c, int id, IrLoc loc, IrBlock *out);
void fe_lower_jumps(FeCtx *c, IrFunction *fn); /* after the body is converted */

/* ---- switch.c ------------------------------------------------------------------- */
/* assume.c: the function length(p) of --pre contracts is called */
extern const char fe_length_name[];

/* rte.c: --check's sites on one line become explicit checks (ir.h) */
void fe_check_sites(FeCtx *c, unsigned kinds, int line, const char *leak_root);
/* leak.c: --check leak, the allocations of the main file (on `line`, 0:
   all) as sites, checked where a run of root (NULL: main) ends */
void fe_leak_sites(FeCtx *c, const char *root, int line);
/* Are the sites of file checked: with --at (at_line) the line's file, else
   every file of the program (never a header)? */
bool fe_checked_file(const FeCtx *c, const char *file, bool at_line);

void fe_switch(FeCtx *c, CXCursor cur, IrBlock *out);
void fe_stmt_into(FeCtx *c, CXCursor s, IrBlock *out);

/* ---- bitfield.c: values stored into bit-fields --------------------------------- */
const IrField *fe_bitfield_of(const IrExpr *lv); /* the bit-field lv names, or NULL */
IrExpr *fe_bitfield_store(FeCtx *c, const IrField *f, IrExpr *v, IrLoc loc); /* v (of the cell's type) to f's width */
int64_t fe_bitfield_const(const IrField *f, int64_t v);

/* ---- unions.c: unions of one representative member, or views of a carrier ------- */
void fe_scan_unions(FeCtx *c);    /* before any type is built */
bool fe_union_type(FeCtx *c, IrType *st, CXCursor def, const char **why);
IrExpr *fe_union_member(FeCtx *c, IrExpr *base, const char *name, IrLoc loc);
bool fe_union_has_member(FeCtx *c, const IrType *t, const char *name); /* a member of that name */
bool fe_same_representation(const IrType *a, const IrType *b);
bool fe_union_is_carrier(FeCtx *c, const IrType *t);
IrExpr *fe_union_cell(FeCtx *c, IrExpr *obj, IrLoc loc); /* the one cell of a union object */
/* e (a member access or subscript) as a view of a carrier union, or NULL
   when it is none (nothing lowered then). */
IrExpr *fe_union_view(FeCtx *c, CXCursor e, IrLoc loc, IrBlock *out);
const FeView *fe_view_of(FeCtx *c, const IrExpr *e);   /* the view e reads, or NULL */
/* Rewrites s (an assignment to a view's value) into a store into its carrier. */
void fe_view_store(FeCtx *c, const FeView *v, IrStmt *s);
/* Initializers of member k (0, or the one a designator names: its index
   by name in a carrier union, else -1): its place in the union object obj
   (a view, or the cell itself), its type, and the constant carrier for a
   constant of member k. */
int fe_union_member_index(FeCtx *c, const IrType *t, const char *name);
IrExpr *fe_union_member_place(FeCtx *c, IrExpr *obj, int k, IrLoc loc);
IrType *fe_union_member_type(FeCtx *c, const IrType *t, int k);
IrInit *fe_union_carrier_init(FeCtx *c, const IrType *t, int k, IrInit *init, IrLoc loc);

/* ---- fnptr.c: function pointers as function ids ------------------------------ */
extern const char fe_pseudo_dispatch[], fe_bad_fnptr_call[];
IrExpr *fe_function_id(FeCtx *c, CXCursor decl, IrLoc loc); /* a function designator: its id */
IrExpr *fe_indirect_call(FeCtx *c, CXCursor call, bool want_value, IrBlock *out);
void fe_lower_dispatch(FeCtx *c); /* after every body: placeholders -> if-chains */

/* ---- reach.c ------------------------------------------------------------------- */
void fe_link_calls(IrProgram *p); /* callees lists; undefined callees -> unsupported */

#endif
