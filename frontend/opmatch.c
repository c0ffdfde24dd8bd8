/* opmatch.c - operators of macro bodies: the AST walked along the expanded tokens.
 *
 * A function's body is matched against its expanded token stream
 * (macros.c) the way a printer would print it: a binary operator is its
 * left operand's tokens, one operator token, its right operand's tokens; a
 * prefix operator precedes its operand (C's grammar: a postfix expression
 * never starts with an operator token, so the next token tells prefix from
 * postfix); a cast, a call, a subscript, a statement have their fixed
 * punctuation.  Each leaf is checked (a name against the declaration it
 * refers to, a literal against a literal token, a token of a macro argument
 * against the position clang gives the leaf), each node starts at the
 * position clang gives it, and a node written without macros is skipped by
 * its source extent.  The operator token met at an operator node's place is
 * its operator: since clang parsed exactly this stream into exactly this
 * tree, the place is forced.  A statement that does not match leaves no
 * operator behind (the function's other statements still do), so its
 * operators stay refused.
 */
#include <stdlib.h>
#include <string.h>

#include "macros.h"

typedef struct Rec {
  CXCursor cur;
  FeMacroOp op;
} Rec;

typedef struct M {
  FeCtx *c;
  CXFile file;
  FeMTok *t;
  int n, p;
  Rec *recs;
  int nrecs, caprecs;
  int depth;
} M;

static void record(M *m, CXCursor cur, const char *op, bool unary, bool postfix) {
  if (m->nrecs == m->caprecs) {
    m->caprecs = m->caprecs ? 2 * m->caprecs : 32;
    m->recs = realloc(m->recs, sizeof *m->recs * (size_t)m->caprecs);
    if (!m->recs) abort();
  }
  m->recs[m->nrecs++] = (Rec){cur, {op, unary, postfix}};
}

/* ---- positions ---------------------------------------------------------------- */
static bool in_macro(CXSourceLocation l) {
  CXFile f1 = NULL, f2 = NULL;
  unsigned o1 = 0, o2 = 0;
  clang_getExpansionLocation(l, &f1, NULL, NULL, &o1);
  clang_getSpellingLocation(l, &f2, NULL, NULL, &o2);
  return o1 != o2 || !f1 || !f2 || !clang_File_isEqual(f1, f2);
}

typedef struct Span {
  unsigned b, e;   /* expansion offsets of the extent */
  bool mb, me;     /* begin / end inside a macro */
} Span;

static bool span(M *m, CXCursor cur, Span *s) {
  CXSourceRange r = clang_getCursorExtent(cur);
  CXFile fb = NULL, fe = NULL;
  clang_getExpansionLocation(clang_getRangeStart(r), &fb, NULL, NULL, &s->b);
  clang_getExpansionLocation(clang_getRangeEnd(r), &fe, NULL, NULL, &s->e);
  s->mb = in_macro(clang_getRangeStart(r));
  s->me = in_macro(clang_getRangeEnd(r));
  return fb && fe && clang_File_isEqual(fb, m->file) && clang_File_isEqual(fe, m->file) && s->b <= s->e;
}

static const FeMTok *cur_tok(M *m) { return m->p < m->n ? &m->t[m->p] : NULL; }

static bool punct(M *m, const char *s) {
  const FeMTok *t = cur_tok(m);
  if (!t || t->kind != CXToken_Punctuation || strcmp(t->s, s) != 0) return false;
  m->p++;
  return true;
}

static bool word(M *m, const char *s) {
  const FeMTok *t = cur_tok(m);
  if (!t || (t->kind != CXToken_Keyword && t->kind != CXToken_Identifier) || strcmp(t->s, s) != 0) return false;
  m->p++;
  return true;
}

static void skip_to(M *m, unsigned end) {
  while (m->p < m->n && m->t[m->p].anchor < end) m->p++;
}

/* A node written without macros: its tokens are the source's, by position. */
static bool clean(M *m, const Span *s) {
  if (s->mb || s->me || s->e <= s->b || m->p >= m->n || !m->t[m->p].top) return false;
  for (int i = m->p; i < m->n && m->t[i].anchor < s->e; i++)
    if (!m->t[i].top) return false;
  return true;
}

/* Tokens up to the parenthesis closing the one just consumed. */
static bool skip_balanced(M *m, const char *open, const char *close) {
  int depth = 1;
  for (; m->p < m->n; m->p++) {
    const FeMTok *t = &m->t[m->p];
    if (t->kind == CXToken_Comment) return false; /* an opaque invocation (macros.c) */
    if (t->kind != CXToken_Punctuation) continue;
    if (strcmp(t->s, open) == 0) depth++;
    else if (strcmp(t->s, close) == 0 && --depth == 0) {
      m->p++;
      return true;
    }
  }
  return false;
}

/* A leaf token of the source or of a macro argument stands where clang says
   the leaf is spelled (libclang 14 gives a macro body's tokens no place of
   their own: the node's start, checked against the token's anchor, is all
   there is). */
static bool leaf_pos(M *m, CXCursor cur, const FeMTok *t) {
  CXSourceLocation l = clang_getCursorLocation(cur);
  if (t->src < 0) return true;
  CXFile f = NULL;
  unsigned off = 0;
  clang_getSpellingLocation(l, &f, NULL, NULL, &off);
  return f && clang_File_isEqual(f, m->file) && off == (unsigned)t->src;
}

static bool is_expr_kind(CXCursor k) { return clang_isExpression(clang_getCursorKind(k)) != 0; }

/* The children that are expressions or statements (types and refs left out). */
static FeKids code_kids(M *m, CXCursor cur) {
  FeKids k = fe_kids(m->c, cur);
  int j = 0;
  for (int i = 0; i < k.n; i++) {
    enum CXCursorKind kk = clang_getCursorKind(k.k[i]);
    if (clang_isExpression(kk) || clang_isStatement(kk) || kk == CXCursor_VarDecl) k.k[j++] = k.k[i];
  }
  k.n = j;
  return k;
}

static bool expr(M *m, CXCursor cur);
static bool stmt(M *m, CXCursor cur);
static bool trailing_semicolon(M *m, CXCursor cur);

static const char *const binary_ops[] = {"*", "/", "%", "+", "-", "<<", ">>", "<", ">", "<=", ">=", "==", "!=",
                                         "&", "^", "|", "&&", "||", "=", ",", NULL};
static const char *const assign_ops[] = {"*=", "/=", "%=", "+=", "-=", "<<=", ">>=", "&=", "^=", "|=", NULL};
static const char *const prefix_ops[] = {"++", "--", "&", "*", "+", "-", "~", "!", NULL};

static const char *op_token(M *m, const char *const *set) {
  const FeMTok *t = cur_tok(m);
  if (!t || t->kind != CXToken_Punctuation) return NULL;
  for (int i = 0; set[i]; i++)
    if (strcmp(set[i], t->s) == 0) {
      m->p++;
      return t->s;
    }
  return NULL;
}

/* ---- expressions ------------------------------------------------------------------ */
static bool binary(M *m, CXCursor cur, const char *const *set) {
  FeKids k = code_kids(m, cur);
  if (k.n != 2 || !expr(m, k.k[0])) return false;
  const char *op = op_token(m, set);
  if (!op) return false;
  record(m, cur, op, false, false);
  return expr(m, k.k[1]);
}

static bool unary(M *m, CXCursor cur) {
  FeKids k = code_kids(m, cur);
  if (k.n != 1) return false;
  const char *op = op_token(m, prefix_ops);
  static const char *const keywords[] = {"__extension__", "__real__", "__imag__", "__real", "__imag", NULL};
  for (int i = 0; !op && keywords[i]; i++)
    if (word(m, keywords[i])) op = keywords[i];
  if (op) {
    record(m, cur, op, true, false);
    return expr(m, k.k[0]);
  }
  if (!expr(m, k.k[0])) return false;
  static const char *const postfix_ops[] = {"++", "--", NULL};
  op = op_token(m, postfix_ops);
  if (!op) return false;
  record(m, cur, op, true, true);
  return true;
}

static bool name_leaf(M *m, CXCursor cur) {
  const FeMTok *t = cur_tok(m);
  if (!t || t->kind != CXToken_Identifier) return false;
  CXString s = clang_getCursorSpelling(cur);
  const char *n = clang_getCString(s);
  bool ok = n && strcmp(n, t->s) == 0 && leaf_pos(m, cur, t);
  clang_disposeString(s);
  if (ok) m->p++;
  return ok;
}

/* "..." (with a prefix L, u, U, u8) rather than '...' or a number */
static bool string_token(const FeMTok *t) {
  const char *q = strchr(t->s, '"'), *a = strchr(t->s, '\'');
  return t->kind == CXToken_Literal && q && (!a || q < a);
}

static bool literal(M *m, CXCursor cur, bool string) {
  const FeMTok *t = cur_tok(m);
  if (string && (word(m, "__func__") || word(m, "__FUNCTION__") || word(m, "__PRETTY_FUNCTION__"))) return true;
  if (!t || t->kind != CXToken_Literal || !leaf_pos(m, cur, t) || string_token(t) != string) return false;
  m->p++;
  while (string && m->p < m->n && string_token(&m->t[m->p])) m->p++;
  return true;
}

static bool list(M *m, FeKids k, int from, const char *close, bool trailing) {
  for (int i = from; i < k.n; i++) {
    if (i > from && !punct(m, ",")) return false;
    if (!expr(m, k.k[i])) return false;
  }
  if (trailing && k.n > from) punct(m, ",");
  return punct(m, close);
}

static bool structural_expr(M *m, CXCursor cur) {
  FeKids k;
  switch (clang_getCursorKind(cur)) {
  case CXCursor_BinaryOperator: return binary(m, cur, binary_ops);
  case CXCursor_CompoundAssignOperator: return binary(m, cur, assign_ops);
  case CXCursor_UnaryOperator: return unary(m, cur);
  case CXCursor_ParenExpr:
    k = code_kids(m, cur);
    return k.n == 1 && punct(m, "(") && expr(m, k.k[0]) && punct(m, ")");
  case CXCursor_ConditionalOperator:
    k = code_kids(m, cur);
    return k.n == 3 && expr(m, k.k[0]) && punct(m, "?") && expr(m, k.k[1]) && punct(m, ":") && expr(m, k.k[2]);
  case CXCursor_UnexposedExpr: /* an implicit conversion: its operand's tokens */
    k = code_kids(m, cur);
    return k.n == 1 && expr(m, k.k[0]);
  case CXCursor_DeclRefExpr: return name_leaf(m, cur);
  case CXCursor_IntegerLiteral:
  case CXCursor_FloatingLiteral:
  case CXCursor_CharacterLiteral: return literal(m, cur, false);
  case CXCursor_StringLiteral: return literal(m, cur, true);
  case CXCursor_CStyleCastExpr:
    k = code_kids(m, cur);
    return k.n >= 1 && punct(m, "(") && skip_balanced(m, "(", ")") && expr(m, k.k[k.n - 1]);
  case CXCursor_CallExpr:
    k = code_kids(m, cur);
    return k.n >= 1 && expr(m, k.k[0]) && punct(m, "(") && list(m, k, 1, ")", false);
  case CXCursor_ArraySubscriptExpr:
    k = code_kids(m, cur);
    return k.n == 2 && expr(m, k.k[0]) && punct(m, "[") && expr(m, k.k[1]) && punct(m, "]");
  case CXCursor_MemberRefExpr: {
    k = code_kids(m, cur);
    if (k.n != 1 || !expr(m, k.k[0]) || !(punct(m, ".") || punct(m, "->"))) return false;
    return name_leaf(m, cur);
  }
  case CXCursor_UnaryExpr: { /* sizeof / _Alignof: a constant, only its extent matters */
    const FeMTok *t = cur_tok(m);
    if (!t || t->kind != CXToken_Keyword) return false;
    m->p++;
    k = code_kids(m, cur);
    if (k.n == 1 && is_expr_kind(k.k[0])) return expr(m, k.k[0]);
    return k.n == 0 && punct(m, "(") && skip_balanced(m, "(", ")");
  }
  case CXCursor_StmtExpr:
    k = code_kids(m, cur);
    return k.n == 1 && punct(m, "(") && stmt(m, k.k[0]) && punct(m, ")");
  case CXCursor_InitListExpr: {
    k = code_kids(m, cur);
    const FeMTok *t = m->p + 1 < m->n ? &m->t[m->p + 1] : NULL;
    if (t && (strcmp(t->s, ".") == 0 || strcmp(t->s, "[") == 0)) return false; /* designators */
    return punct(m, "{") && list(m, k, 0, "}", true);
  }
  default: return false;
  }
}

/* One level deeper at cur, which must start at the current token: its
   span in *s; false (the depth restored) when it does not. */
static bool enter(M *m, CXCursor cur, Span *s) {
  const FeMTok *t = cur_tok(m);
  if (++m->depth > FE_MAX_DEPTH || !span(m, cur, s) || !t || t->anchor != s->b) {
    m->depth--;
    return false;
  }
  return true;
}

static bool expr(M *m, CXCursor cur) {
  Span s;
  if (!enter(m, cur, &s)) return false;
  bool ok;
  if (clean(m, &s)) {
    skip_to(m, s.e);
    ok = true;
  } else {
    ok = structural_expr(m, cur);
  }
  m->depth--;
  return ok;
}

/* ---- statements ---------------------------------------------------------------------- */
static bool needs_semicolon(CXCursor cur) {
  switch (clang_getCursorKind(cur)) {
  case CXCursor_DoStmt:
  case CXCursor_ReturnStmt:
  case CXCursor_BreakStmt:
  case CXCursor_ContinueStmt:
  case CXCursor_GotoStmt: return true;
  default: return clang_isExpression(clang_getCursorKind(cur)) != 0;
  }
}

/* int x = e, *y, z[4] = {...}; -- declarators skipped, initializers matched */
static bool decl_stmt(M *m, CXCursor cur) {
  FeKids k = fe_kids(m->c, cur);
  for (int i = 0; i < k.n; i++) {
    if (clang_getCursorKind(k.k[i]) != CXCursor_VarDecl) return false;
    FeKids vk = code_kids(m, k.k[i]);
    int depth = 0;
    for (;; m->p++) {
      const FeMTok *t = cur_tok(m);
      if (!t || t->kind == CXToken_Comment) return false;
      if (t->kind != CXToken_Punctuation) continue;
      if (strchr("([{", t->s[0]) && t->s[1] == 0) depth++;
      else if (strchr(")]}", t->s[0]) && t->s[1] == 0) depth--;
      else if (depth == 0 && (strcmp(t->s, "=") == 0 || strcmp(t->s, ",") == 0 || strcmp(t->s, ";") == 0)) break;
    }
    if (punct(m, "=") && (vk.n == 0 || !expr(m, vk.k[vk.n - 1]))) return false;
    if (!punct(m, i + 1 < k.n ? "," : ";")) return false;
  }
  return k.n > 0;
}

static bool compound(M *m, CXCursor cur) {
  FeKids k = code_kids(m, cur);
  if (!punct(m, "{")) return false;
  for (int i = 0; i < k.n; i++) {
    int mark = m->nrecs, at = m->p;
    if (stmt(m, k.k[i])) continue;
    /* this statement's operators stay unknown; the next ones are matched */
    Span s;
    if (!span(m, k.k[i], &s)) return false;
    m->nrecs = mark;
    m->p = at;
    skip_to(m, s.e);
    if (trailing_semicolon(m, k.k[i]) && !punct(m, ";")) return false;
  }
  return punct(m, "}");
}

static bool for_stmt(M *m, CXCursor cur) {
  FeKids k = code_kids(m, cur);
  int part[4];
  if (k.n > 4 || !fe_for_parts(m->c, cur, k, part) || !word(m, "for") || !punct(m, "(")) return false;
  int i = 0;
  for (int p = 0; p < 3; p++) {
    bool decl = false;
    if (i < k.n && part[i] == p) {
      decl = clang_getCursorKind(k.k[i]) == CXCursor_DeclStmt;
      if (!(decl ? decl_stmt(m, k.k[i]) : expr(m, k.k[i]))) return false;
      i++;
    }
    if (!decl && !punct(m, p < 2 ? ";" : ")")) return false;
  }
  return i == k.n - 1 && part[i] == 3 && stmt(m, k.k[i]);
}

static bool structural_stmt(M *m, CXCursor cur) {
  FeKids k = code_kids(m, cur);
  switch (clang_getCursorKind(cur)) {
  case CXCursor_CompoundStmt: return compound(m, cur);
  case CXCursor_DeclStmt: return decl_stmt(m, cur);
  case CXCursor_NullStmt: return punct(m, ";");
  case CXCursor_IfStmt:
    if (k.n < 2 || k.n > 3 || !word(m, "if") || !punct(m, "(") || !expr(m, k.k[0]) || !punct(m, ")") ||
        !stmt(m, k.k[1]))
      return false;
    return k.n == 2 || (word(m, "else") && stmt(m, k.k[2]));
  case CXCursor_WhileStmt:
    return k.n == 2 && word(m, "while") && punct(m, "(") && expr(m, k.k[0]) && punct(m, ")") && stmt(m, k.k[1]);
  case CXCursor_SwitchStmt:
    return k.n == 2 && word(m, "switch") && punct(m, "(") && expr(m, k.k[0]) && punct(m, ")") && stmt(m, k.k[1]);
  case CXCursor_DoStmt:
    return k.n == 2 && word(m, "do") && stmt(m, k.k[0]) && word(m, "while") && punct(m, "(") && expr(m, k.k[1]) &&
           punct(m, ")");
  case CXCursor_ForStmt: return for_stmt(m, cur);
  case CXCursor_ReturnStmt: return k.n <= 1 && word(m, "return") && (k.n == 0 || expr(m, k.k[0]));
  case CXCursor_BreakStmt: return word(m, "break");
  case CXCursor_ContinueStmt: return word(m, "continue");
  case CXCursor_CaseStmt:
    if (k.n == 3) /* GNU's case lo ... hi: */
      return word(m, "case") && expr(m, k.k[0]) && punct(m, "...") && expr(m, k.k[1]) && punct(m, ":") &&
             stmt(m, k.k[2]);
    return k.n == 2 && word(m, "case") && expr(m, k.k[0]) && punct(m, ":") && stmt(m, k.k[1]);
  case CXCursor_DefaultStmt: return k.n == 1 && word(m, "default") && punct(m, ":") && stmt(m, k.k[0]);
  case CXCursor_LabelStmt: return k.n == 1 && name_leaf(m, cur) && punct(m, ":") && stmt(m, k.k[0]);
  case CXCursor_GotoStmt: {
    const FeMTok *t = m->p + 1 < m->n ? &m->t[m->p + 1] : NULL;
    if (!word(m, "goto") || !t || t->kind != CXToken_Identifier) return false;
    m->p++;
    return true;
  }
  default: return clang_isExpression(clang_getCursorKind(cur)) && structural_expr(m, cur);
  }
}

/* clang's extent of `if (c) return 1;` ends before the ';' of the inner statement */
static bool trailing_semicolon(M *m, CXCursor cur) {
  if (needs_semicolon(cur)) return true;
  switch (clang_getCursorKind(cur)) {
  case CXCursor_IfStmt:
  case CXCursor_WhileStmt:
  case CXCursor_ForStmt:
  case CXCursor_SwitchStmt:
  case CXCursor_CaseStmt:
  case CXCursor_DefaultStmt:
  case CXCursor_LabelStmt: {
    FeKids k = code_kids(m, cur);
    return k.n > 0 && trailing_semicolon(m, k.k[k.n - 1]);
  }
  default: return false;
  }
}

static bool stmt(M *m, CXCursor cur) {
  Span s;
  if (!enter(m, cur, &s)) return false;
  bool ok;
  if (clean(m, &s)) {
    skip_to(m, s.e);
    ok = trailing_semicolon(m, cur) == needs_semicolon(cur) || punct(m, ";");
  } else {
    ok = structural_stmt(m, cur);
  }
  m->depth--;
  return ok && (!needs_semicolon(cur) || punct(m, ";"));
}

/* ---- per function ----------------------------------------------------------------------- */
static CXCursor body_of(FeCtx *c) {
  FeMacros *M = fe_macros(c);
  if (M->fn == c->fn) return M->body;
  M->fn = c->fn;
  M->body = clang_getNullCursor();
  for (int i = 0; i < c->nffuncs; i++) {
    FeFunc *f = c->ffuncs[i];
    if (f->fn != c->fn || !f->has_def) continue;
    FeKids k = fe_kids(c, f->def);
    for (int j = k.n - 1; j >= 0; j--)
      if (clang_getCursorKind(k.k[j]) == CXCursor_CompoundStmt) return M->body = k.k[j];
  }
  return M->body;
}

static void match_function(FeCtx *c, CXCursor body) {
  fe_map_put(&fe_macros(c)->done, body, (void *)1);
  M m = {.c = c};
  CXSourceRange r = clang_getCursorExtent(body);
  unsigned from = 0, to = 0;
  CXFile f2 = NULL;
  if (in_macro(clang_getRangeStart(r)) || in_macro(clang_getRangeEnd(r))) return;
  clang_getSpellingLocation(clang_getRangeStart(r), &m.file, NULL, NULL, &from);
  clang_getSpellingLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &to);
  if (!m.file || !f2 || !clang_File_isEqual(m.file, f2)) return;
  FeMToks toks = {0};
  if (!fe_macro_stream(c, m.file, from, to, &toks)) return;
  m.t = toks.t;
  m.n = toks.n;
  if (stmt(&m, body) && m.p == m.n) {
    for (int i = 0; i < m.nrecs; i++) {
      FeMacroOp *op = fe_alloc(c->A, sizeof *op);
      *op = m.recs[i].op;
      op->op = fe_strdup(c->A, op->op);
      fe_map_put(&fe_macros(c)->ops, m.recs[i].cur, op);
    }
  }
  free(m.recs);
  fe_mtoks_free(&toks);
}

const FeMacroOp *fe_macro_op(FeCtx *c, CXCursor op) {
  if (!c->fn || !c->tu || c->nffuncs == 0) return NULL;
  CXCursor body = body_of(c);
  if (clang_Cursor_isNull(body)) return NULL;
  if (!fe_map_get(&fe_macros(c)->done, body)) match_function(c, body);
  return fe_map_get(&fe_macros(c)->ops, op);
}
