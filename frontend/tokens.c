/* tokens.c - operator spellings (from libclang) and the parts of a for.
 *
 * libclang names the opcode of a BinaryOperator, a CompoundAssignOperator
 * and a UnaryOperator itself, wherever the operator is spelled (a macro
 * body included).  It does not say which of a ForStmt's init, cond and inc
 * are present: those are read back from the statement's source tokens.
 */
#include <string.h>

#include "fe.h"

/* s copied into buf; NULL when it does not fit or is empty. */
static const char *copied(CXString s, char *buf, size_t n) {
  const char *t = clang_getCString(s);
  const char *r = t && t[0] && strlen(t) < n ? strcpy(buf, t) : NULL;
  clang_disposeString(s);
  return r;
}

const char *fe_binop(CXCursor op, char *buf, size_t n) {
  enum CXBinaryOperatorKind k = clang_getCursorBinaryOperatorKind(op);
  if (k == CXBinaryOperator_Invalid || k == CXBinaryOperator_PtrMemD || k == CXBinaryOperator_PtrMemI ||
      k == CXBinaryOperator_Cmp)
    return NULL;
  return copied(clang_getBinaryOperatorKindSpelling(k), buf, n);
}

const char *fe_unop(CXCursor op, bool *postfix, char *buf, size_t n) {
  enum CXUnaryOperatorKind k = clang_getCursorUnaryOperatorKind(op);
  if (k == CXUnaryOperator_Invalid || k == CXUnaryOperator_Coawait) return NULL;
  *postfix = k == CXUnaryOperator_PostInc || k == CXUnaryOperator_PostDec;
  return copied(clang_getUnaryOperatorKindSpelling(k), buf, n);
}

static bool is_macro(CXSourceLocation l) {
  CXFile f1 = NULL, f2 = NULL;
  unsigned o1 = 0, o2 = 0;
  clang_getExpansionLocation(l, &f1, NULL, NULL, &o1);
  clang_getSpellingLocation(l, &f2, NULL, NULL, &o2);
  return o1 != o2 || !f1 || !f2 || !clang_File_isEqual(f1, f2);
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
    unsigned off = 0;
    clang_getSpellingLocation(clang_getTokenLocation(c->tu, toks[i]), NULL, NULL, NULL, &off);
    if (t && strcmp(t, "(") == 0) depth++;
    else if (t && strcmp(t, ")") == 0) {
      if (--depth == 0) {
        close = off;
        found = nsemi == 2;
      }
    } else if (t && strcmp(t, ";") == 0 && depth == 1 && nsemi < 2) {
      semi[nsemi++] = off;
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
