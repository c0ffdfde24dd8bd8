/* parse.c - the translation unit: libclang parse, diagnostics, top level.
 *
 * fe_parse_file() runs clang on the file (data model, user arguments),
 * turns clang errors into FeErrors, then converts the top level in two
 * passes: declarations first (functions in source order, globals with their
 * initializers), then function bodies, so that calls and globals are known
 * before any body refers to them.  Also the shared helpers of the frontend:
 * locations, diagnostics, the depth guard, children of a cursor.
 * Never lets a libclang object escape: the index and TU die here.
 */
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fe.h"

/* ---- locations and diagnostics ------------------------------------------- */
static const char *file_name(FeCtx *c, CXFile f) {
  if (!f) return c->path;
  if (c->main_file && clang_File_isEqual(f, c->main_file)) return c->path;
  CXString s = clang_getFileName(f);
  const char *n = clang_getCString(s);
  const char *r = NULL;
  for (int i = 0; i < c->nunits && n && !r; i++) /* the main file of another unit */
    if (c->units[i].clang_name && strcmp(c->units[i].clang_name, n) == 0) r = c->units[i].path;
  for (int i = 0; i < c->nfiles && n && !r; i++)
    if (strcmp(c->files[i], n) == 0) r = c->files[i];
  if (!r) {
    r = fe_strdup(c->A, n ? n : "?");
    fe_push(c->A, (void ***)&c->files, &c->nfiles, (void *)r);
  }
  clang_disposeString(s);
  return r;
}

IrLoc fe_loc_of(FeCtx *c, CXSourceLocation l) {
  CXFile f = NULL;
  unsigned line = 0, col = 0;
  clang_getExpansionLocation(l, &f, &line, &col, NULL);
  return (IrLoc){file_name(c, f), (int)line, (int)col};
}

IrLoc fe_loc(FeCtx *c, CXCursor cur) { return fe_loc_of(c, clang_getCursorLocation(cur)); }

void fe_unsupported(FeCtx *c, IrLoc loc, const char *fmt, ...) {
  IrDiag **slot = c->fn ? &c->fn->unsupported : c->global ? &c->global->unsupported : NULL;
  if (!slot || *slot) return;
  IrDiag *d = fe_alloc(c->A, sizeof *d);
  va_list ap;
  va_start(ap, fmt);
  d->message = fe_vfmt(c->A, fmt, ap);
  va_end(ap);
  d->loc = loc;
  *slot = d;
}

bool fe_failed(FeCtx *c) {
  return c->fn ? c->fn->unsupported != NULL : c->global ? c->global->unsupported != NULL : false;
}

bool fe_enter(FeCtx *c, CXCursor cur) {
  if (++c->depth <= FE_MAX_DEPTH) return true;
  fe_unsupported(c, fe_loc(c, cur), "unsupported: nesting deeper than %d", FE_MAX_DEPTH);
  return false;
}

void fe_leave(FeCtx *c) { c->depth--; }

bool fe_in_system_header(CXCursor cur) {
  return clang_Location_isInSystemHeader(clang_getCursorLocation(cur)) != 0;
}

char *fe_spelling(FeCtx *c, CXCursor cur) {
  CXString s = clang_getCursorSpelling(cur);
  const char *p = clang_getCString(s);
  char *r = fe_strdup(c->A, p ? p : "");
  clang_disposeString(s);
  return r;
}

/* A field's name; "" for the member an anonymous struct or union is
   (clang 19 spells it by its type). */
char *fe_field_name(FeCtx *c, CXCursor field) {
  CXCursor record = clang_getTypeDeclaration(clang_getCursorType(field));
  if (!clang_Cursor_isNull(record) && clang_Cursor_isAnonymousRecordDecl(record)) return fe_strdup(c->A, "");
  return fe_spelling(c, field);
}

typedef struct KidsAcc {
  CXCursor *k;
  int n, cap;
} KidsAcc;

static enum CXChildVisitResult add_kid(CXCursor cur, CXCursor parent, CXClientData data) {
  (void)parent;
  KidsAcc *a = data;
  if (a->n == a->cap) {
    a->cap = a->cap ? a->cap * 2 : 8;
    CXCursor *k = realloc(a->k, sizeof(CXCursor) * (size_t)a->cap);
    if (!k) abort();
    a->k = k;
  }
  a->k[a->n++] = cur;
  return CXChildVisit_Continue;
}

FeKids fe_kids(FeCtx *c, CXCursor cur) {
  KidsAcc a = {NULL, 0, 0};
  clang_visitChildren(cur, add_kid, &a);
  FeKids r = {fe_alloc(c->A, sizeof(CXCursor) * (size_t)(a.n ? a.n : 1)), a.n};
  if (a.n) memcpy(r.k, a.k, sizeof(CXCursor) * (size_t)a.n);
  free(a.k);
  return r;
}

static enum CXChildVisitResult first_kid(CXCursor cur, CXCursor parent, CXClientData data) {
  (void)parent;
  *(CXCursor *)data = cur;
  return CXChildVisit_Break;
}

CXCursor fe_strip(CXCursor cur) {
  while (clang_getCursorKind(cur) == CXCursor_ParenExpr) {
    CXCursor inner = clang_getNullCursor();
    clang_visitChildren(cur, first_kid, &inner);
    if (clang_Cursor_isNull(inner)) break;
    cur = inner;
  }
  return cur;
}

/* ---- several translation units -------------------------------------------- */
int fe_unit_of(FeCtx *c, CXCursor cur) {
  CXTranslationUnit tu = clang_Cursor_getTranslationUnit(cur);
  for (int i = 0; i < c->nunits; i++)
    if (c->units[i].tu == tu) return i;
  return c->unit;
}

int fe_use_unit(FeCtx *c, int u) {
  int was = c->unit;
  if (u < 0 || u >= c->nunits) return was;
  c->unit = u;
  c->tu = c->units[u].tu;
  c->main_file = c->units[u].main_file;
  c->path = c->units[u].path;
  return was;
}

static FeExtern *find_extern(const FeCtx *c, const char *name) {
  for (int i = 0; i < c->nexterns; i++)
    if (strcmp(c->externs[i]->name, name) == 0) return c->externs[i];
  return NULL;
}

CXCursor fe_definition(FeCtx *c, CXCursor decl) {
  CXCursor def = clang_getCursorDefinition(decl);
  enum CXCursorKind k = clang_getCursorKind(decl);
  if (c->nunits < 2 || (k != CXCursor_FunctionDecl && k != CXCursor_VarDecl)) return def;
  if (clang_getCursorLinkage(decl) != CXLinkage_External) return def;
  if (k == CXCursor_FunctionDecl && !clang_Cursor_isNull(def)) return def;
  CXString sp = clang_getCursorSpelling(decl);
  FeExtern *e = find_extern(c, clang_getCString(sp));
  clang_disposeString(sp);
  if (!e || e->is_function != (k == CXCursor_FunctionDecl)) return def;
  return e->def;
}

/* The external definitions of every unit, by name (in one unit, a
   variable's definition with an initializer wins over tentative ones); two
   units defining one name (a tentative definition included, as gcc links
   by default: -fno-common) is an error in the second, as the linker would
   say. */
typedef struct ExternScan {
  FeCtx *c;
  FeBuf *err;
} ExternScan;

static enum CXChildVisitResult scan_extern(CXCursor cur, CXCursor parent, CXClientData data) {
  (void)parent;
  ExternScan *x = data;
  FeCtx *c = x->c;
  enum CXCursorKind k = clang_getCursorKind(cur);
  if ((k != CXCursor_FunctionDecl && k != CXCursor_VarDecl) || fe_in_system_header(cur) ||
      clang_getCursorLinkage(cur) != CXLinkage_External)
    return CXChildVisit_Continue;
  bool is_fn = k == CXCursor_FunctionDecl;
  bool has_init = !is_fn && !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(cur));
  if (is_fn ? !clang_isCursorDefinition(cur) : !has_init && clang_Cursor_getStorageClass(cur) == CX_SC_Extern)
    return CXChildVisit_Continue;
  char *name = fe_spelling(c, cur);
  FeExtern *e = find_extern(c, name);
  if (e && e->is_function && is_fn && clang_Cursor_isFunctionInlined(cur) && clang_Cursor_isFunctionInlined(e->def))
    return CXChildVisit_Continue; /* an inline function of a header: one definition per file is the rule */
  if (e && e->unit != c->unit) { /* (a tentative definition too: gcc links with -fno-common) */
    if (!x->err->s) {
      IrLoc l = fe_loc(c, cur);
      fe_buf_add(x->err, "%s:%d:%d: error: '%s' is defined in %s too\n", l.file, l.line, l.col, name,
                 c->units[e->unit].path);
    }
    return CXChildVisit_Continue;
  }
  if (e && !(has_init && !e->has_init)) return CXChildVisit_Continue;
  if (!e) {
    e = fe_alloc(c->A, sizeof *e);
    fe_push(c->A, (void ***)&c->externs, &c->nexterns, e);
  }
  *e = (FeExtern){name, cur, c->unit, is_fn, has_init};
  return CXChildVisit_Continue;
}

static bool collect_externs(FeCtx *c, FeBuf *err) {
  ExternScan x = {c, err};
  for (int u = 0; u < c->nunits && !err->s; u++) {
    fe_use_unit(c, u);
    clang_visitChildren(clang_getTranslationUnitCursor(c->tu), scan_extern, &x);
  }
  fe_use_unit(c, 0);
  return err->s == NULL;
}

/* ---- declarations ----------------------------------------------------------- */
/* const, or an array of const (the canonical array type forgets it) */
bool fe_const_type(CXType t) {
  CXType ct = clang_getCanonicalType(t);
  if (ct.kind == CXType_ConstantArray || ct.kind == CXType_IncompleteArray) {
    CXType e = clang_getArrayElementType(t);
    if (e.kind == CXType_Invalid) e = clang_getArrayElementType(ct);
    return fe_const_type(e);
  }
  return clang_isConstQualifiedType(t) || clang_isConstQualifiedType(ct);
}

/* The function's signature: return type and parameters of `decl`. */
static void signature(FeCtx *c, IrFunction *fn, CXCursor decl) {
  IrFunction *saved = c->fn;
  c->fn = fn;
  CXType ft = clang_getCursorType(decl);
  const char *why = "type";
  fn->ret = fe_type(c, clang_getResultType(ft), &why);
  if (!fn->ret) {
    fe_unsupported(c, fe_loc(c, decl), "unsupported: %s", why);
    fn->ret = fe_type_int_(c);
  }
  int n = clang_Cursor_getNumArguments(decl);
  fn->params = NULL;
  fn->nparams = 0;
  for (int i = 0; i < n; i++) {
    CXCursor pc = clang_Cursor_getArgument(decl, (unsigned)i);
    IrVar *v = fe_alloc(c->A, sizeof *v);
    v->name = fe_spelling(c, pc);
    if (!*v->name) v->name = fe_fmt(c->A, "arg%d", i);
    v->kind = IR_VAR_PARAM;
    v->index = i;
    v->loc = fe_loc(c, pc);
    v->is_const = fe_const_type(clang_getCursorType(pc));
    v->type = fe_param_ctype(c, clang_getCursorType(pc), &why);
    if (!v->type) {
      fe_unsupported(c, v->loc, "unsupported: %s", why);
      v->type = fe_type_int_(c);
    }
    v->address_taken = v->type->kind == IR_TY_STRUCT; /* a struct parameter is a copy in memory */
    fe_push(c->A, (void ***)&fn->params, &fn->nparams, v);
  }
  c->fn = saved;
}

FeFunc *fe_func_for(FeCtx *c, CXCursor decl) {
  if (c->nunits > 1 && clang_Cursor_isNull(clang_getCursorDefinition(decl))) {
    CXCursor elsewhere = fe_definition(c, decl); /* another unit's, for an external name */
    if (!clang_Cursor_isNull(elsewhere)) decl = elsewhere;
  }
  CXCursor key = clang_getCanonicalCursor(decl);
  FeFunc *f = fe_map_get(&c->funcs, key);
  if (f) return f;
  int was = fe_use_unit(c, fe_unit_of(c, decl));
  f = fe_alloc(c->A, sizeof *f);
  f->fn = fe_alloc(c->A, sizeof *f->fn);
  f->fn->name = fe_spelling(c, decl);
  f->fn->loc = fe_loc(c, decl);
  signature(c, f->fn, decl);
  CXCursor def = fe_map_get(&c->sysdefs, key) ? *(CXCursor *)fe_map_get(&c->sysdefs, key)
                                               : clang_getCursorDefinition(decl);
  if (clang_Cursor_isNull(def)) fe_libc_model(c, f->fn->name, &def); /* strlen, memcmp, ... */
  if (!clang_Cursor_isNull(def) && clang_getCursorKind(def) == CXCursor_FunctionDecl) {
    f->def = def;
    f->unit = fe_unit_of(c, def);
    f->has_def = true;
    f->fn->defined = true;
  }
  fe_use_unit(c, was);
  fe_map_put(&c->funcs, key, f);
  fe_push(c->A, (void ***)&c->prog->funcs, &c->prog->nfuncs, f->fn);
  fe_push(c->A, (void ***)&c->ffuncs, &c->nffuncs, f);
  return f;
}

FeGlobal *fe_global_for(FeCtx *c, CXCursor decl) {
  CXCursor elsewhere = fe_definition(c, decl); /* the defining unit's, for an external name */
  if (c->nunits > 1 && !clang_Cursor_isNull(elsewhere)) decl = elsewhere;
  CXCursor key = clang_getCanonicalCursor(decl);
  FeGlobal *g = fe_map_get(&c->globals, key);
  if (g) return g;
  int was = fe_use_unit(c, fe_unit_of(c, decl));
  g = fe_alloc(c->A, sizeof *g);
  fe_map_put(&c->globals, key, g);
  IrVar *v = fe_alloc(c->A, sizeof *v);
  v->name = fe_spelling(c, decl);
  CXCursor parent = clang_getCursorSemanticParent(decl);
  if (clang_getCursorKind(parent) == CXCursor_FunctionDecl)
    v->name = fe_fmt(c->A, "%s.%s", fe_spelling(c, parent), v->name);
  v->kind = IR_VAR_GLOBAL;
  v->loc = fe_loc(c, decl);
  v->is_const = fe_const_type(clang_getCursorType(decl));
  const char *why = "type";
  v->type = fe_type(c, clang_getCursorType(decl), &why);
  IrFunction *saved_fn = c->fn;
  FeGlobal *saved_g = c->global;
  c->fn = NULL;
  c->global = g;
  if (!v->type) {
    fe_unsupported(c, v->loc, "unsupported: %s", why);
  } else if (v->type->kind == IR_TY_VOID || (v->type->kind == IR_TY_STRUCT && !v->type->complete)) {
    fe_unsupported(c, v->loc, "unsupported: variable of incomplete type");
  } else {
    v->address_taken = v->type->kind == IR_TY_STRUCT || v->type->kind == IR_TY_ARRAY;
    g->var = v;
  }
  /* the initializer, wherever it is among the redeclarations */
  CXCursor def = clang_getCursorDefinition(decl);
  if (clang_Cursor_isNull(def)) def = decl;
  CXCursor init = clang_Cursor_getVarDeclInitializer(def);
  if (g->var && !clang_Cursor_isNull(init)) v->init = fe_global_init(c, v->type, init);
  if (g->unsupported) g->var = NULL;
  else {
    v->index = c->prog->nglobals;
    fe_push(c->A, (void ***)&c->prog->globals, &c->prog->nglobals, v);
  }
  c->fn = saved_fn;
  c->global = saved_g;
  fe_use_unit(c, was);
  return g;
}

/* ---- the top level --------------------------------------------------------- */
static enum CXChildVisitResult top_level(CXCursor cur, CXCursor parent, CXClientData data) {
  (void)parent;
  FeCtx *c = data;
  enum CXCursorKind k = clang_getCursorKind(cur);
  if (k == CXCursor_FunctionDecl) {
    char *name = fe_spelling(c, cur);
    bool is_builtin = false;
    fe_builtin(name, &is_builtin);
    if (is_builtin) {
      if (clang_isCursorDefinition(cur) && !fe_in_system_header(cur))
        fe_push(c->A, (void ***)&c->prog->defined_builtins, &c->prog->ndefined_builtins, (void *)name);
      return CXChildVisit_Continue;
    }
    if (fe_in_system_header(cur)) {
      if (clang_isCursorDefinition(cur)) {
        CXCursor *d = fe_alloc(c->A, sizeof *d);
        *d = cur;
        fe_map_put(&c->sysdefs, clang_getCanonicalCursor(cur), d);
        fe_libc_note(c, cur);
      }
      return CXChildVisit_Continue;
    }
    FeFunc *f = fe_func_for(c, cur);
    if (clang_isCursorDefinition(cur)) {
      f->def = cur;
      f->unit = c->unit;
      f->has_def = true;
      f->fn->defined = true;
    }
  } else if (k == CXCursor_VarDecl && !fe_in_system_header(cur)) {
    fe_global_for(c, cur);
  }
  return CXChildVisit_Continue;
}

static void convert_program(FeCtx *c) {
  for (int u = 0; u < c->nunits; u++) {
    fe_use_unit(c, u);
    fe_scan_unions(c);
  }
  for (int u = 0; u < c->nunits; u++) {
    fe_use_unit(c, u);
    clang_visitChildren(clang_getTranslationUnitCursor(c->tu), top_level, c);
  }
  for (int i = 0; i < c->nffuncs; i++) { /* the list grows as calls find callees */
    FeFunc *f = c->ffuncs[i];
    if (f->has_def && !f->translated) {
      f->translated = true;
      fe_use_unit(c, f->unit);
      fe_function_body(c, f);
    }
  }
  fe_use_unit(c, 0);
  fe_lower_dispatch(c);
  fe_link_calls(c->prog);
  for (int u = 0; u < c->nunits; u++) {
    fe_use_unit(c, u);
    fe_collect_stubs(c);
  }
  fe_use_unit(c, 0);
}

/* ---- clang ----------------------------------------------------------------- */
static void add_arg(const char ***args, int *n, const char *a) {
  const char **na = realloc(*args, sizeof(char *) * (size_t)(*n + 1));
  if (!na) abort();
  na[(*n)++] = a;
  *args = na;
}

static bool is_dir(const char *p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool exists(const char *p) { return access(p, F_OK) == 0; }

static void format_error(CXDiagnostic d, const char *path, bool presumed, FeBuf *b) {
  CXSourceLocation l = clang_getDiagnosticLocation(d);
  CXString fn = {0}, msg = clang_getDiagnosticSpelling(d);
  const char *fs = NULL;
  unsigned line = 0, col = 0;
  if (presumed) {
    clang_getPresumedLocation(l, &fn, &line, &col);
    fs = clang_getCString(fn);
  } else {
    CXFile f = NULL;
    clang_getExpansionLocation(l, &f, &line, &col, NULL);
    if (f) {
      fn = clang_getFileName(f);
      fs = clang_getCString(fn);
    }
  }
  if (fs && *fs && line)
    fe_buf_add(b, "%s:%u:%u: error: %s\n", fs, line, col, clang_getCString(msg));
  else
    fe_buf_add(b, "%s: error: %s\n", path, clang_getCString(msg));
  if (fs) clang_disposeString(fn);
  clang_disposeString(msg);
}

/* The first of clang's errors, formatted like a compiler's, and how many
   more there are (a binary file gives dozens: the first is the one to
   read); false when there are none.  `presumed` honours #line
   (fe_parse_expr's "<assume>" text). */
bool fe_format_errors(CXTranslationUnit tu, const char *path, bool presumed, FeBuf *b) {
  unsigned n = clang_getNumDiagnostics(tu), errors = 0;
  for (unsigned i = 0; i < n; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && errors++ == 0) format_error(d, path, presumed, b);
    clang_disposeDiagnostic(d);
  }
  if (errors > 1) fe_buf_add(b, "%s: note: %u more error%s not shown\n", path, errors - 1, errors > 2 ? "s" : "");
  return errors > 0;
}

static char *unreadable(const char *path) {
  FILE *f = fopen(path, "rb");
  const char *why = NULL;
  if (!f) why = strerror(errno);
  else {
    if (is_dir(path)) why = "is a directory";
    else {
      fgetc(f);
      if (ferror(f)) why = strerror(errno);
    }
    fclose(f);
  }
  if (!why) return NULL;
  FeBuf b = {0};
  fe_buf_add(&b, "%s: error: cannot read file (%s)\n", path, why);
  return b.s;
}

const char fe_stub32_path[] = "/usr/include/x86_64-linux-gnu/gnu/stubs-32.h";

void fe_clang_args(const FeOptions *opt, const char ***args, int *nargs, bool *stub32) {
  *stub32 = false;
  add_arg(args, nargs, "-x");
  add_arg(args, nargs, "c");
  add_arg(args, nargs, "-include");
  add_arg(args, nargs, fe_libc_path);
  add_arg(args, nargs, "-fwrapv");
  add_arg(args, nargs, "-w");
  /* C89 leftovers that clang 16 made errors and gcc 12 (which builds the
     drivers) still accepts: old code and benchmark tasks are full of them */
  static const char *const c89[] = {"-Wno-error=implicit-function-declaration", "-Wno-error=implicit-int",
                                    "-Wno-error=int-conversion", "-Wno-error=incompatible-function-pointer-types"};
  for (size_t i = 0; i < sizeof c89 / sizeof c89[0]; i++) add_arg(args, nargs, c89[i]);
  if (opt->model == IR_ILP32) {
    add_arg(args, nargs, "-m32");
    /* Without the i386 multiarch headers, the x86-64 ones serve -m32 (they
       are biarch) once gnu/stubs-32.h exists; an empty one will do. */
    if (!is_dir("/usr/include/i386-linux-gnu") && is_dir("/usr/include/x86_64-linux-gnu")) {
      add_arg(args, nargs, "-isystem");
      add_arg(args, nargs, "/usr/include/x86_64-linux-gnu");
      *stub32 = !exists(fe_stub32_path);
    }
  }
  for (int i = 0; i < opt->nclang_args; i++)
    if (opt->clang_args[i]) add_arg(args, nargs, opt->clang_args[i]);
}

/* The clang arguments of one file: the run's, the file's own, and for a
   preprocessed .i gcc-only spellings clang refuses. */
static void source_args(const FeOptions *opt, const FeSource *src, const char ***args, int *nargs, bool *stub32) {
  FeOptions mine = *opt;
  mine.clang_args = src->args;
  mine.nclang_args = src->nargs;
  fe_clang_args(&mine, args, nargs, stub32);
  size_t plen = strlen(src->path);
  if (plen > 2 && strcmp(src->path + plen - 2, ".i") == 0) {
    /* gcc's preprocessed glibc headers: gcc-only spellings clang refuses */
    static const char *const gcc_only[] = {"-D_Float128=__float128", "-D_Float64=double", "-D_Float32=float",
                                           "-D_Float64x=long double", "-D_Float32x=double",
                                           "-D__malloc__(...)=__malloc__"};
    for (size_t i = 0; i < sizeof gcc_only / sizeof gcc_only[0]; i++) add_arg(args, nargs, gcc_only[i]);
  }
}

/* Parses source u into c->units[u]; false with clang's errors in b. */
static bool parse_unit(FeCtx *c, CXIndex index, const FeOptions *opt, const FeSource *src, int u, FeSaved *sv,
                       FeBuf *b) {
  const char **args = NULL;
  int nargs = 0;
  bool stub32 = false;
  source_args(opt, src, &args, &nargs, &stub32);
  struct CXUnsavedFile unsaved[2] = {{fe_libc_path, fe_libc_models, fe_libc_models_len}, {fe_stub32_path, "", 0}};
  FeUnit *unit = &c->units[u];
  unit->path = c->prog->files[u];
  enum CXErrorCode ec = clang_parseTranslationUnit2(index, src->path, args, nargs, unsaved, stub32 ? 2 : 1,
                                                    CXTranslationUnit_None, &unit->tu);
  FeSavedUnit *su = &sv->units[u];
  su->path = unit->path;
  su->args = fe_alloc(c->A, sizeof(char *) * (size_t)(nargs + 1));
  for (int i = 0; i < nargs; i++) su->args[i] = fe_strdup(c->A, args[i]);
  su->nargs = nargs;
  sv->stub32 |= stub32;
  free(args);
  if (ec != CXError_Success || !unit->tu) {
    fe_buf_add(b, "%s: error: clang could not parse the file (error %d; bad clang arguments?)\n", src->path, (int)ec);
    return false;
  }
  if (fe_format_errors(unit->tu, src->path, false, b)) return false;
  unit->main_file = clang_getFile(unit->tu, src->path);
  CXString name = clang_getFileName(unit->main_file);
  unit->clang_name = fe_strdup(c->A, clang_getCString(name) ? clang_getCString(name) : src->path);
  clang_disposeString(name);
  return true;
}

IrProgram *fe_parse_files(const FeSource *sources, int nsources, const FeOptions *opt, FeErrors *err) {
  FeErrors dummy;
  if (!err) err = &dummy;
  err->text = NULL;
  FeOptions defaults = {.model = IR_LP64};
  if (!opt) opt = &defaults;
  assert(nsources >= 1);
  for (int i = 0; i < nsources; i++) {
    if ((err->text = unreadable(sources[i].path))) return NULL;
    FeBuf deep = {0};
    if (fe_too_deep(sources[i].path, &deep)) {
      err->text = deep.s;
      return NULL;
    }
  }

  FeCtx ctx = {0};
  FeCtx *c = &ctx;
  IrArena *A = fe_arena_new();
  IrProgram *p = fe_alloc(A, sizeof *p);
  p->arena = A;
  for (int i = 0; i < nsources; i++)
    fe_push(A, (void ***)&p->files, &p->nfiles, fe_strdup(A, sources[i].path));
  p->path = p->files[0];
  p->model = opt->model;
  p->wrapv = opt->wrapv;
  c->prog = p;
  c->A = A;
  c->no_stubs = opt->no_stubs;
  c->check_file = p->files[0];
  for (int i = 0; i < nsources; i++)
    if (opt->check_file && strcmp(opt->check_file, sources[i].path) == 0) c->check_file = p->files[i];
  c->units = calloc((size_t)nsources, sizeof *c->units);
  if (!c->units) abort();
  c->nunits = nsources;
  FeSaved *sv = fe_alloc(A, sizeof *sv);
  sv->units = fe_alloc(A, sizeof *sv->units * (size_t)nsources);
  sv->nunits = nsources;
  fe_arena_set_saved(A, sv);

  CXIndex index = clang_createIndex(0, 0);
  FeBuf b = {0};
  bool parsed = true;
  for (int u = 0; u < nsources && parsed; u++) parsed = parse_unit(c, index, opt, &sources[u], u, sv, &b);
  if (parsed) {
    fe_use_unit(c, 0);
    if (collect_externs(c, &b)) {
      convert_program(c);
      if (opt->check_kinds) fe_check_sites(c, opt->check_kinds, opt->check_line, opt->check_function);
      sv->types = c->types;
      sv->ntypes = c->ntypes;
    }
  }
  for (int u = 0; u < nsources; u++)
    if (c->units[u].tu) clang_disposeTranslationUnit(c->units[u].tu);
  free(c->units);
  clang_disposeIndex(index);
  fe_map_free(&c->struct_types);
  fe_map_free(&c->union_uses);
  fe_map_free(&c->funcs);
  fe_map_free(&c->globals);
  fe_map_free(&c->sysdefs);
  fe_map_free(&c->locals);
  if (b.s) {
    err->text = b.s;
    fe_arena_free(A);
    return NULL;
  }
  return p;
}

IrProgram *fe_parse_file(const char *path, const FeOptions *opt, FeErrors *err) {
  FeSource src = {path ? path : "", opt ? opt->clang_args : NULL, opt ? opt->nclang_args : 0};
  return fe_parse_files(&src, 1, opt, err);
}

void fe_program_free(IrProgram *p) {
  if (p) fe_arena_free(p->arena);
}

void fe_errors_free(FeErrors *err) {
  if (!err) return;
  free(err->text);
  err->text = NULL;
}
