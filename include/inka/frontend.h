/* frontend.h - libclang to IR (docs/design.md §3).
 *
 * fe_parse_file parses a C file with the user's clang arguments and builds
 * the whole IrProgram.  Constructs outside the subset do not fail the parse:
 * they mark the function (or global) that holds them (IrFunction.unsupported)
 * so that only code the function under test can reach is rejected
 * (fe_check_reachable).  Nothing outside frontend/ includes clang headers.
 */
#ifndef INKA_FRONTEND_H
#define INKA_FRONTEND_H

#include "inka/ir.h"

/* One file of a program of several files: its path and the clang
   arguments it is compiled with (-I, -D, -std=, ...). */
typedef struct FeSource {
  const char *path;
  const char *const *args;
  int nargs;
} FeSource;

typedef struct FeOptions {
  IrDataModel model;          /* LP64 (default) or ILP32 (-m32 semantics) */
  const char *const *clang_args; /* extra arguments after "--" (-I, -D, -std=) */
  int nclang_args;
  bool no_stubs;              /* a call to a declared, undefined function is
                                 unsupported instead of a stub */
  bool wrapv;                 /* signed overflow wraps (gcc -fwrapv); else it
                                 is undefined behaviour and ends the path */
  unsigned check_kinds;       /* --check: IrRteKind sites on check_line become */
  int check_line;             /*   explicit checks (frontend/rte.c) */
  const char *check_function; /* --check leak: the function whose run ends
                                 where leaks are checked (NULL: main) */
  const char *check_file;     /* the file of check_line (NULL: the first file) */
} FeOptions;

/* Diagnostics the frontend reports, already formatted like a compiler's
   ("file:line:col: error: message"), one per line. */
typedef struct FeErrors {
  char *text;   /* malloc'd, NULL when none */
} FeErrors;

/* Parses `path`.  Returns NULL on a parse error (clang's errors in *err) or an
   unreadable file; otherwise the program (free with fe_program_free). */
IrProgram *fe_parse_file(const char *path, const FeOptions *opt, FeErrors *err);
/* A program of several files, each parsed with its own arguments (the
   options' clang_args are ignored): one IrProgram holding the functions and
   globals of all of them.  A declaration with external linkage resolves to
   the file that defines the name; `static` names of different files stay
   distinct objects; two files defining one external name is an error.
   IrProgram.files lists the paths, path is the first. */
IrProgram *fe_parse_files(const FeSource *sources, int nsources, const FeOptions *opt, FeErrors *err);
void fe_program_free(IrProgram *p);
void fe_errors_free(FeErrors *err);

/* Checks that every function reachable from fn through calls is in the
   subset and defined (or a known builtin).  Returns the first offending
   diagnostic, or NULL when all is supported. */
const IrDiag *fe_check_reachable(const IrProgram *p, const IrFunction *fn);

/* Parses a C expression (for --assume) in the scope of fn's parameters and the
   program's globals.  Returns NULL with a message in *err on error.  The
   expression is typed and side-effect free like any IR expression. */
IrExpr *fe_parse_expr(IrProgram *p, const IrFunction *fn, const char *text, FeErrors *err);

#endif
