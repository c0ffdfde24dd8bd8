/* macros.c - a function body's tokens as the parser saw them: macros expanded.
 *
 * The source tokens of a range are expanded the way the C preprocessor
 * does, from the definitions clang recorded (the TU is parsed with a
 * detailed preprocessing record): a source token is an invocation exactly
 * when clang recorded an expansion there (so #undef, redefinitions and
 * a function-like name without '(' are clang's own answer); a token of a
 * macro body is expanded by name, only when the name has a single
 * definition in the translation unit.  Arguments are expanded before
 * substitution, the result is rescanned with the macro disabled.  Directive
 * lines and the groups #if skipped are dropped; `#x` and __FILE__,
 * __LINE__ and their kind become a literal token (whose text nobody reads:
 * literals are clang's).  An invocation written in the source that fails
 * becomes one opaque token, which only its statement cannot match.  What the
 * expander does not reproduce exactly fails: an #include inside the
 * range, '##' in a body, variadic macros,
 * a rescan that would take its '(' from the tokens after the invocation.
 * Mistakes cannot go unnoticed anyway: opmatch.c checks every leaf of the
 * AST against the stream.
 */
#include <stdlib.h>
#include <string.h>

#include "macros.h"

#define MAX_DEPTH 64
#define MAX_TOKENS (1 << 16)

static void push_tok(FeMToks *m, FeMTok t) {
  if (m->n == m->cap) {
    m->cap = m->cap ? 2 * m->cap : 64;
    m->t = realloc(m->t, sizeof *m->t * (size_t)m->cap);
    if (!m->t) abort();
  }
  m->t[m->n++] = t;
}

void fe_mtoks_free(FeMToks *m) {
  free(m->t);
  *m = (FeMToks){0};
}

/* ---- what clang recorded ----------------------------------------------------- */
static enum CXChildVisitResult collect(CXCursor cur, CXCursor parent, CXClientData data) {
  (void)parent;
  FeMacros *M = data;
  enum CXCursorKind k = clang_getCursorKind(cur);
  if (k == CXCursor_MacroDefinition) {
    M->defs = realloc(M->defs, sizeof *M->defs * (size_t)(M->ndefs + 1));
    if (!M->defs) abort();
    CXString s = clang_getCursorSpelling(cur);
    const char *n = clang_getCString(s);
    M->defs[M->ndefs].name = strdup(n ? n : "");
    M->defs[M->ndefs++].cur = cur;
    clang_disposeString(s);
  } else if (k == CXCursor_MacroExpansion) {
    CXFile f = NULL;
    unsigned off = 0, end = 0;
    clang_getSpellingLocation(clang_getCursorLocation(cur), &f, NULL, NULL, &off);
    clang_getSpellingLocation(clang_getRangeEnd(clang_getCursorExtent(cur)), NULL, NULL, NULL, &end);
    if (!f) return CXChildVisit_Continue;
    M->exps = realloc(M->exps, sizeof *M->exps * (size_t)(M->nexps + 1));
    if (!M->exps) abort();
    M->exps[M->nexps++] = (FeMExp){f, off, end, clang_getCursorReferenced(cur)};
  }
  return CXChildVisit_Continue;
}

FeMacros *fe_macros(FeCtx *c) {
  if (c->macros) return c->macros;
  FeMacros *M = calloc(1, sizeof *M);
  if (!M) abort();
  clang_visitChildren(clang_getTranslationUnitCursor(c->tu), collect, M);
  c->macros = M;
  return M;
}


void fe_macros_free(FeCtx *c) {
  FeMacros *M = c->macros;
  if (!M) return;
  for (int i = 0; i < M->ndefs; i++) free((char *)M->defs[i].name);
  free(M->defs);
  free(M->exps);
  free(M->win);
  fe_map_free(&M->ops);
  fe_map_free(&M->done);
  free(M);
  c->macros = NULL;
}

/* The definition recorded as expanded at offset off of f (null cursor if
   none), and where the invocation ends. */
static CXCursor recorded(FeMacros *M, CXFile f, unsigned off, unsigned *end) {
  (void)f; /* the window holds the expansions of the stream's file only */
  int lo = 0, hi = M->nwin - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    const FeMExp *e = &M->exps[M->win[mid]];
    if (e->off == off) {
      if (end) *end = e->end;
      return e->def;
    }
    if (e->off < off) lo = mid + 1;
    else hi = mid - 1;
  }
  return clang_getNullCursor();
}

/* The expansions recorded in [from, to) of f, sorted by offset, for recorded(). */
static void set_window(FeMacros *M, CXFile f, unsigned from, unsigned to) {
  free(M->win);
  M->win = malloc(sizeof *M->win * (size_t)(M->nexps + 1));
  if (!M->win) abort();
  M->nwin = 0;
  for (int i = 0; i < M->nexps; i++)
    if (M->exps[i].off >= from && M->exps[i].off < to && clang_File_isEqual(M->exps[i].file, f))
      M->win[M->nwin++] = i;
  for (int i = 1; i < M->nwin; i++) /* clang records them in order: nearly sorted */
    for (int j = i; j > 0 && M->exps[M->win[j - 1]].off > M->exps[M->win[j]].off; j--) {
      int t = M->win[j];
      M->win[j] = M->win[j - 1];
      M->win[j - 1] = t;
    }
}

/* The single definition named s; *ambiguous when there are several. */
static CXCursor by_name(FeMacros *M, const char *s, bool *ambiguous) {
  CXCursor r = clang_getNullCursor();
  int n = 0;
  for (int i = 0; i < M->ndefs; i++)
    if (strcmp(M->defs[i].name, s) == 0) {
      r = M->defs[i].cur;
      n++;
    }
  *ambiguous = n > 1;
  return n == 1 ? r : clang_getNullCursor();
}

/* ---- definitions ------------------------------------------------------------ */
typedef struct Def {
  const char *name;
  bool fnlike;
  const char *params[64];
  int nparams;
  FeMToks body;
} Def;

static bool is_ident(const FeMTok *t) { return t->kind == CXToken_Identifier || t->kind == CXToken_Keyword; }
static bool is(const FeMTok *t, const char *s) { return t->kind == CXToken_Punctuation && strcmp(t->s, s) == 0; }

/* Raw tokens of a range: spelling offsets in its file, comments dropped. */
static void raw_tokens(FeCtx *c, CXSourceRange r, bool source, FeMToks *out) {
  CXToken *toks = NULL;
  unsigned nt = 0;
  clang_tokenize(c->tu, r, &toks, &nt);
  for (unsigned i = 0; i < nt; i++) {
    CXTokenKind k = clang_getTokenKind(toks[i]);
    if (k == CXToken_Comment) continue;
    unsigned off = 0;
    clang_getSpellingLocation(clang_getTokenLocation(c->tu, toks[i]), NULL, NULL, NULL, &off);
    CXString s = clang_getTokenSpelling(c->tu, toks[i]);
    const char *p = clang_getCString(s);
    FeMTok t = {fe_strdup(c->A, p ? p : ""), k, off, source ? (int)off : -1, source, false};
    clang_disposeString(s);
    push_tok(out, t);
  }
  if (toks) clang_disposeTokens(c->tu, toks, nt);
}

/* The index of the parameter t names; -1 if none. */
static int param(const Def *d, const FeMTok *t) {
  if (!d->fnlike || t->kind != CXToken_Identifier) return -1;
  for (int j = 0; j < d->nparams; j++)
    if (strcmp(d->params[j], t->s) == 0) return j;
  return -1;
}

static bool load_def(FeCtx *c, CXCursor cur, Def *d) {
  memset(d, 0, sizeof *d);
  if (clang_Cursor_isMacroBuiltin(cur)) return false;
  FeMToks all = {0};
  raw_tokens(c, clang_getCursorExtent(cur), false, &all);
  bool ok = all.n >= 1 && is_ident(&all.t[0]);
  int i = 1;
  if (ok) d->name = all.t[0].s;
  d->fnlike = clang_Cursor_isMacroFunctionLike(cur) != 0;
  if (ok && d->fnlike) {
    ok = i < all.n && is(&all.t[i], "(");
    i++;
    while (ok && i < all.n && !is(&all.t[i], ")")) {
      ok = is_ident(&all.t[i]) && d->nparams < 64; /* "..." is punctuation: variadic is refused */
      if (ok) d->params[d->nparams++] = all.t[i].s;
      i++;
      if (ok && i < all.n && is(&all.t[i], ",")) i++;
    }
    ok = ok && i < all.n;
    i++;
  }
  for (; ok && i < all.n; i++) {
    /* '#' must name a parameter (stringified: substitute()) */
    if (is(&all.t[i], "#") || is(&all.t[i], "%:")) ok = d->fnlike && i + 1 < all.n && param(d, &all.t[i + 1]) >= 0;
    if (is(&all.t[i], "##") || is(&all.t[i], "%:%:") || strcmp(all.t[i].s, "__VA_ARGS__") == 0) ok = false;
    if (ok) push_tok(&d->body, all.t[i]);
  }
  fe_mtoks_free(&all);
  if (!ok) fe_mtoks_free(&d->body);
  return ok;
}

/* ---- expansion ---------------------------------------------------------------- */
typedef struct Hide {
  const char *names[MAX_DEPTH + 1];
  int n;
} Hide;

static bool hidden(const Hide *h, const char *s) {
  for (int i = 0; i < h->n; i++)
    if (strcmp(h->names[i], s) == 0) return true;
  return false;
}

static bool expand(FeCtx *c, CXFile f, const FeMTok *in, int n, Hide *h, FeMToks *out);

/* The definition an identifier token invokes, or a null cursor; *fail when
   the expander cannot tell. */
static CXCursor invoked(FeCtx *c, CXFile f, const FeMTok *t, const Hide *h, bool *fail) {
  if (!is_ident(t) || t->noexp) return clang_getNullCursor();
  if (t->src >= 0) return recorded(fe_macros(c), f, (unsigned)t->src, NULL);
  if (hidden(h, t->s)) return clang_getNullCursor();
  bool amb = false;
  CXCursor d = by_name(fe_macros(c), t->s, &amb);
  if (amb) *fail = true;
  /* defined later in the file: not a macro at the invocation */
  CXFile df = NULL;
  unsigned off = 0;
  if (!clang_Cursor_isNull(d)) clang_getSpellingLocation(clang_getCursorLocation(d), &df, NULL, NULL, &off);
  if (df && clang_File_isEqual(df, f) && off > t->anchor) return clang_getNullCursor();
  return d;
}

/* Substitutes the (expanded) arguments into d's body; every token gets anchor. */
static bool substitute(FeCtx *c, CXFile f, const Def *d, const FeMTok *in, const int *abeg, const int *aend,
                       unsigned anchor, Hide *h, FeMToks *out) {
  bool ok = true;
  for (int i = 0; ok && i < d->body.n; i++) {
    const FeMTok *b = &d->body.t[i];
    int k = param(d, b);
    if (is(b, "#") || is(b, "%:")) { /* #x: a string literal (its text is never read) */
      push_tok(out, (FeMTok){"\"#\"", CXToken_Literal, anchor, -1, false, true});
      i++;
      continue;
    }
    if (k < 0) {
      FeMTok t = *b;
      t.anchor = anchor;
      t.src = -1;
      t.top = false;
      push_tok(out, t);
      continue;
    }
    FeMToks arg = {0};
    ok = expand(c, f, in + abeg[k], aend[k] - abeg[k], h, &arg);
    for (int j = 0; ok && j < arg.n; j++) {
      FeMTok t = arg.t[j];
      t.anchor = anchor;
      t.top = false;
      push_tok(out, t);
    }
    fe_mtoks_free(&arg);
  }
  return ok && out->n <= MAX_TOKENS;
}

/* __FILE__, __LINE__ and the like: one literal token. */
static bool builtin(const FeMTok *in, int i, FeMToks *out, int *next) {
  static const char *const strings[] = {"__FILE__", "__BASE_FILE__", "__FILE_NAME__", "__DATE__", "__TIME__",
                                        "__TIMESTAMP__", NULL};
  static const char *const numbers[] = {"__LINE__", "__COUNTER__", "__INCLUDE_LEVEL__", NULL};
  const char *lit = NULL;
  for (int j = 0; strings[j]; j++)
    if (strcmp(in[i].s, strings[j]) == 0) lit = "\"\"";
  for (int j = 0; numbers[j]; j++)
    if (strcmp(in[i].s, numbers[j]) == 0) lit = "0";
  if (!lit) return false;
  push_tok(out, (FeMTok){lit, CXToken_Literal, in[i].anchor, -1, false, true});
  *next = i + 1;
  return true;
}

/* One invocation at in[i] (a name naming def): its expansion into out, the
   index after it in *next. */
static bool invocation(FeCtx *c, CXFile f, const FeMTok *in, int n, int i, CXCursor def, Hide *h,
                       FeMToks *out, int *next) {
  if (h->n >= MAX_DEPTH) return false;
  if (clang_Cursor_isMacroBuiltin(def)) return builtin(in, i, out, next);
  Def d;
  if (!load_def(c, def, &d)) return false;
  bool ok = strcmp(d.name, in[i].s) == 0;
  int abeg[64], aend[64], nargs = 0, j = i + 1;
  if (ok && d.fnlike) {
    ok = j < n && is(&in[j], "(");
    int depth = 0, start = ++j;
    for (; ok && j < n; j++) {
      if (is(&in[j], "(")) depth++;
      else if (is(&in[j], ")") && depth > 0) depth--;
      else if (depth == 0 && (is(&in[j], ",") || is(&in[j], ")"))) {
        if (nargs == 64) ok = false;
        else {
          abeg[nargs] = start;
          aend[nargs++] = j;
          start = j + 1;
        }
        if (is(&in[j], ")")) break;
      }
    }
    ok = ok && j < n; /* the closing parenthesis is in the range */
    if (ok && d.nparams == 0 && nargs == 1 && aend[0] == abeg[0]) nargs = 0;
    ok = ok && nargs == d.nparams;
    j++;
  }
  FeMToks sub = {0};
  if (ok) ok = substitute(c, f, &d, in, abeg, aend, in[i].anchor, h, &sub);
  if (ok) {
    h->names[h->n++] = d.name;
    size_t before = (size_t)out->n;
    ok = expand(c, f, sub.t, sub.n, h, out);
    h->n--;
    /* the name of a function-like macro ending the expansion would take
       its '(' from what follows: not reproduced */
    if (ok && (size_t)out->n > before && j < n && is(&in[j], "(")) {
      bool fail = false;
      CXCursor last = invoked(c, f, &out->t[out->n - 1], h, &fail);
      if (fail || (!clang_Cursor_isNull(last) && clang_Cursor_isMacroFunctionLike(last))) ok = false;
    }
  }
  fe_mtoks_free(&sub);
  fe_mtoks_free(&d.body);
  *next = j;
  return ok;
}

static bool expand(FeCtx *c, CXFile f, const FeMTok *in, int n, Hide *h, FeMToks *out) {
  for (int i = 0; i < n;) {
    bool fail = false;
    if (is_ident(&in[i]) && in[i].src < 0 && !in[i].noexp && builtin(in, i, out, &i)) continue;
    CXCursor def = invoked(c, f, &in[i], h, &fail);
    if (fail) return false;
    if (clang_Cursor_isNull(def) || (clang_Cursor_isMacroFunctionLike(def) && in[i].src < 0 &&
                                     (i + 1 >= n || !is(&in[i + 1], "(")))) {
      if (i + 1 >= n && in[i].src < 0 && !clang_Cursor_isNull(def)) return false; /* '(' may follow */
      FeMTok t = in[i];
      if (is_ident(&t) && t.src < 0 && hidden(h, t.s)) t.noexp = true;
      push_tok(out, t);
      i++;
      continue;
    }
    int next = i + 1, mark = out->n;
    if (!invocation(c, f, in, n, i, def, h, out, &next)) {
      /* an invocation written in the source that cannot be reproduced
         stands as one opaque token: the statement holding it matches
         nothing, the others still do */
      unsigned end = 0;
      if (!in[i].top) return false;
      recorded(fe_macros(c), f, (unsigned)in[i].src, &end);
      out->n = mark;
      FeMTok t = {"", CXToken_Comment, in[i].anchor, -1, false, true};
      push_tok(out, t);
      for (next = i + 1; next < n && in[next].anchor < end; next++) continue;
    }
    i = next;
    if (out->n > MAX_TOKENS) return false;
  }
  return true;
}

/* The end of the logical line starting at off (backslash-newlines joined). */
static unsigned line_end(const char *buf, size_t size, unsigned off) {
  size_t i = off;
  while (i < size && buf[i] != '\n') i++;
  while (i < size && i > 0 && (buf[i - 1] == '\\' || (buf[i - 1] == '\r' && i > 1 && buf[i - 2] == '\\'))) {
    i++;
    while (i < size && buf[i] != '\n') i++;
  }
  return (unsigned)i;
}

/* Drops what the preprocessor consumed: directive lines and the groups
   #if skipped.  false for a directive that brings tokens (#include). */
static bool drop_directives(FeCtx *c, CXFile f, FeMToks *raw) {
  size_t size = 0;
  const char *buf = clang_getFileContents(c->tu, f, &size);
  CXSourceRangeList *skipped = clang_getSkippedRanges(c->tu, f);
  bool ok = buf != NULL;
  int j = 0;
  unsigned drop_until = 0;
  for (int i = 0; ok && i < raw->n; i++) {
    FeMTok t = raw->t[i];
    if (t.anchor < drop_until) continue;
    bool at_line_start = true; /* only blanks before it on its line */
    for (unsigned k = t.anchor; k > 0 && buf[k - 1] != '\n'; k--)
      if (buf[k - 1] != ' ' && buf[k - 1] != '\t') at_line_start = false;
    if ((is(&t, "#") || is(&t, "%:")) && at_line_start) {
      const FeMTok *d = i + 1 < raw->n ? &raw->t[i + 1] : NULL;
      if (d && (strcmp(d->s, "include") == 0 || strcmp(d->s, "include_next") == 0 || strcmp(d->s, "import") == 0 ||
                strcmp(d->s, "embed") == 0))
        ok = false;
      drop_until = line_end(buf, size, t.anchor);
      continue;
    }
    bool in_skipped = false;
    for (unsigned r = 0; skipped && r < skipped->count && !in_skipped; r++) {
      unsigned b = 0, e = 0;
      clang_getSpellingLocation(clang_getRangeStart(skipped->ranges[r]), NULL, NULL, NULL, &b);
      clang_getSpellingLocation(clang_getRangeEnd(skipped->ranges[r]), NULL, NULL, NULL, &e);
      in_skipped = b <= t.anchor && t.anchor < e;
    }
    if (!in_skipped) raw->t[j++] = t;
  }
  raw->n = j;
  if (skipped) clang_disposeSourceRangeList(skipped);
  return ok;
}

bool fe_macro_stream(FeCtx *c, CXFile f, unsigned from, unsigned to, FeMToks *out) {
  FeMToks raw = {0};
  raw_tokens(c, clang_getRange(clang_getLocationForOffset(c->tu, f, from), clang_getLocationForOffset(c->tu, f, to)),
             true, &raw);
  int keep = 0; /* tokens past `to` (clang_tokenize may extend the range) */
  while (keep < raw.n && raw.t[keep].anchor < to) keep++;
  raw.n = keep;
  Hide h = {.n = 0};
  set_window(fe_macros(c), f, from, to);
  bool ok = drop_directives(c, f, &raw) && expand(c, f, raw.t, raw.n, &h, out);
  fe_mtoks_free(&raw);
  if (!ok) fe_mtoks_free(out);
  return ok;
}
