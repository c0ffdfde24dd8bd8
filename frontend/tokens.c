/* tokens.c - what libclang 14 does not tell: operator spellings, for parts.
 *
 * libclang 14 exposes neither the opcode of a BinaryOperator/UnaryOperator
 * nor which of a ForStmt's init/cond/inc are present.  Both are read back
 * from the source tokens, between the operands' spelling positions.  When
 * the operator is spelled inside a macro body there are no such tokens: the
 * functions then return NULL/false and the caller reports it; they never
 * guess.
 */
#include <string.h>

#include "fe.h"
#include "macros.h"

typedef struct Pos {
  CXFile file;
  unsigned off;
  bool ok;
} Pos;

static Pos spelling_pos(CXSourceLocation l) {
  Pos p = {NULL, 0, false};
  clang_getSpellingLocation(l, &p.file, NULL, NULL, &p.off);
  p.ok = p.file != NULL;
  return p;
}

static bool is_macro(CXSourceLocation l) {
  CXFile f1 = NULL, f2 = NULL;
  unsigned o1 = 0, o2 = 0;
  clang_getExpansionLocation(l, &f1, NULL, NULL, &o1);
  clang_getSpellingLocation(l, &f2, NULL, NULL, &o2);
  return o1 != o2 || !f1 || !f2 || !clang_File_isEqual(f1, f2);
}

/* The tokens that start in [from, to) of one file, joined into buf (one
   token expected); the number of tokens. */
static int tokens_between(FeCtx *c, Pos from, Pos to, char *buf, size_t n) {
  buf[0] = 0;
  if (!from.ok || !to.ok || !clang_File_isEqual(from.file, to.file) || from.off >= to.off) return 0;
  CXSourceRange r = clang_getRange(clang_getLocationForOffset(c->tu, from.file, from.off),
                                   clang_getLocationForOffset(c->tu, to.file, to.off));
  CXToken *toks = NULL;
  unsigned nt = 0;
  clang_tokenize(c->tu, r, &toks, &nt);
  int count = 0;
  for (unsigned i = 0; i < nt; i++) {
    Pos tp = spelling_pos(clang_getTokenLocation(c->tu, toks[i]));
    if (!tp.ok || tp.off < from.off || tp.off >= to.off) continue;
    if (clang_getTokenKind(toks[i]) == CXToken_Comment) continue;
    CXString s = clang_getTokenSpelling(c->tu, toks[i]);
    const char *t = clang_getCString(s);
    if (count == 0 && t && strlen(t) < n) strcpy(buf, t);
    clang_disposeString(s);
    count++;
  }
  if (toks) clang_disposeTokens(c->tu, toks, nt);
  return count;
}

static const char *const binops[] = {"*", "/", "%", "+", "-", "<<", ">>", "<", ">", "<=", ">=", "==", "!=",
                                     "&", "^", "|", "&&", "||", "=", "*=", "/=", "%=", "+=", "-=", "<<=",
                                     ">>=", "&=", "^=", "|=", ",", NULL};

static bool member(const char *s, const char *const *set) {
  for (int i = 0; set[i]; i++)
    if (strcmp(s, set[i]) == 0) return true;
  return false;
}

/* The operator opmatch.c found for op, copied into buf, if it is of the
   expected arity. */
static const char *from_macro(FeCtx *c, CXCursor op, bool unary, bool *postfix, char *buf, size_t n) {
  const FeMacroOp *m = fe_macro_op(c, op);
  if (!m || m->unary != unary || strlen(m->op) >= n) return NULL;
  strcpy(buf, m->op);
  if (postfix) *postfix = m->postfix;
  return buf;
}

static const char *binop_tokens(FeCtx *c, CXCursor op, CXCursor lhs, CXCursor rhs, char *buf, size_t n) {
  Pos from = spelling_pos(clang_getRangeEnd(clang_getCursorExtent(lhs)));
  Pos to = spelling_pos(clang_getRangeStart(clang_getCursorExtent(rhs)));
  if (tokens_between(c, from, to, buf, n) != 1 || !member(buf, binops)) return NULL;
  /* "a , b" between two arguments of a function-like macro is the argument
     separator, not the operator (which is in the macro body) */
  if (strcmp(buf, ",") == 0 &&
      (is_macro(clang_getCursorLocation(op)) || is_macro(clang_getCursorLocation(lhs)) ||
       is_macro(clang_getCursorLocation(rhs))))
    return NULL;
  return buf;
}

const char *fe_binop(FeCtx *c, CXCursor op, CXCursor lhs, CXCursor rhs, char *buf, size_t n) {
  if (binop_tokens(c, op, lhs, rhs, buf, n)) return buf;
  const char *r = from_macro(c, op, false, NULL, buf, n);
  return r && member(r, binops) ? r : NULL;
}

static const char *const prefix_ops[] = {"++", "--", "&", "*", "+", "-", "~", "!", "__extension__",
                                         "__real__", "__imag__", "__real", "__imag", NULL};
static const char *const postfix_ops[] = {"++", "--", NULL};

const char *fe_unop(FeCtx *c, CXCursor op, CXCursor sub, bool *postfix, char *buf, size_t n) {
  CXSourceRange ro = clang_getCursorExtent(op), rs = clang_getCursorExtent(sub);
  Pos ostart = spelling_pos(clang_getRangeStart(ro)), sstart = spelling_pos(clang_getRangeStart(rs));
  Pos oend = spelling_pos(clang_getRangeEnd(ro)), send = spelling_pos(clang_getRangeEnd(rs));
  if (tokens_between(c, ostart, sstart, buf, n) == 1 && member(buf, prefix_ops)) {
    *postfix = false;
    return buf;
  }
  if (tokens_between(c, send, oend, buf, n) == 1 && member(buf, postfix_ops)) {
    *postfix = true;
    return buf;
  }
  const char *r = from_macro(c, op, true, postfix, buf, n);
  return r && member(r, *postfix ? postfix_ops : prefix_ops) ? r : NULL;
}

/* for ( init ; cond ; inc ) body: the two semicolons at parenthesis depth 1
   after the keyword, then each child by where it starts. */
bool fe_for_parts(FeCtx *c, CXCursor stmt, FeKids kids, int *part) {
  CXSourceRange r = clang_getCursorExtent(stmt);
  if (is_macro(clang_getRangeStart(r))) goto by_count;
  CXToken *toks = NULL;
  unsigned nt = 0;
  clang_tokenize(c->tu, r, &toks, &nt);
  unsigned semi[2] = {0, 0}, close = 0;
  int nsemi = 0, depth = 0;
  bool found = false;
  for (unsigned i = 0; i < nt && !found; i++) {
    CXString s = clang_getTokenSpelling(c->tu, toks[i]);
    const char *t = clang_getCString(s);
    Pos tp = spelling_pos(clang_getTokenLocation(c->tu, toks[i]));
    if (t && strcmp(t, "(") == 0) depth++;
    else if (t && strcmp(t, ")") == 0) {
      if (--depth == 0) {
        close = tp.off;
        found = nsemi == 2;
      }
    } else if (t && strcmp(t, ";") == 0 && depth == 1 && nsemi < 2) {
      semi[nsemi++] = tp.off;
    }
    clang_disposeString(s);
  }
  if (toks) clang_disposeTokens(c->tu, toks, nt);
  if (!found) goto by_count;
  for (int i = 0; i < kids.n; i++) {
    unsigned off = 0;
    clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(kids.k[i])), NULL, NULL, NULL, &off);
    part[i] = off < semi[0] ? 0 : off < semi[1] ? 1 : off < close ? 2 : 3;
  }
  /* sanity: each part at most once, in order, body last */
  for (int i = 0; i < kids.n; i++)
    if ((i > 0 && part[i] <= part[i - 1]) || (i == kids.n - 1) != (part[i] == 3)) goto by_count;
  return true;
by_count:
  if (kids.n == 4) {
    for (int i = 0; i < 4; i++) part[i] = i;
    return true;
  }
  if (kids.n == 1) {
    part[0] = 3;
    return true;
  }
  return false;
}
