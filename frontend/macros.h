/* macros.h - operators spelled inside macro bodies (macros.c, opmatch.c).
 *
 * libclang 14 maps every location inside a macro body to the invocation, so
 * the operator of a BinaryOperator/UnaryOperator written in a macro body
 * cannot be read back from the source between its operands (tokens.c).
 * macros.c rebuilds the token stream the parser saw: a function body's
 * source tokens with its macros expanded from their definitions;
 * opmatch.c walks the function's AST along that stream, in token order,
 * and gives each operator node the token standing where C's grammar puts
 * its operator.  Every leaf and every source position is checked on the
 * way, and a statement that does not match exactly gets no operator at all
 * (its operators stay refused): an operator is never guessed.
 */
#ifndef INKA_FE_MACROS_H
#define INKA_FE_MACROS_H

#include "fe.h"

/* A token of the expanded stream. */
typedef struct FeMTok {
  const char *s;     /* spelling (arena) */
  CXTokenKind kind;
  unsigned anchor;   /* offset in the body's file: its own (top), or the outermost invocation's */
  int src;           /* offset where it is spelled in that file; -1 for a token of a macro body */
  bool top;          /* a source token outside any invocation */
  bool noexp;        /* a macro's own name inside its expansion: never expanded again */
} FeMTok;

typedef struct FeMToks {
  FeMTok *t;         /* malloc'd */
  int n, cap;
} FeMToks;

/* The operator found for an operator node. */
typedef struct FeMacroOp {
  const char *op;
  bool unary, postfix;
} FeMacroOp;

/* What clang recorded of the preprocessor, and what opmatch.c found. */
typedef struct FeMDef {
  const char *name;
  CXCursor cur;
} FeMDef;

typedef struct FeMExp {
  CXFile file;
  unsigned off, end; /* the invocation, name to closing parenthesis */
  CXCursor def;
} FeMExp;

typedef struct FeMacros {
  FeMDef *defs;   /* every #define clang recorded */
  int ndefs;
  FeMExp *exps;   /* every expansion clang recorded */
  int nexps;
  int *win;       /* those of the stream being built, by offset (macros.c) */
  int nwin;
  FeMap ops;  /* operator cursor -> FeMacroOp */
  FeMap done; /* function bodies matched (opmatch.c) */
  const IrFunction *fn; /* the last function asked for, and its body */
  CXCursor body;
} FeMacros;

/* macros.c: the tokens of [from, to) in file f, macros expanded; false when
   some part is outside what the expander reproduces exactly (an #include,
   ##, variadic macros, an ambiguous definition, ...). */
bool fe_macro_stream(FeCtx *c, CXFile f, unsigned from, unsigned to, FeMToks *out);
void fe_mtoks_free(FeMToks *m);
FeMacros *fe_macros(FeCtx *c); /* created on first use */
void fe_macros_free(FeCtx *c);

/* opmatch.c: the operator of an operator node spelled in a macro body, or
   NULL when the function's tokens do not match its AST exactly. */
const FeMacroOp *fe_macro_op(FeCtx *c, CXCursor op);

#endif
