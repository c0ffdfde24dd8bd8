/* strings.c - string literals as anonymous constant char arrays.
 *
 * Each occurrence of a literal in the code is a global object "str.N" (not
 * a C identifier, so it never clashes) of type char[len + 1], const, with
 * the literal's bytes as its initializer; the expression denotes that array
 * (used as a value it decays to the address of its first char, as in C).
 * A literal initializing a char array is copied into it instead (init.c,
 * through fe_string_bytes).  The bytes are decoded from the literal's
 * tokens; wide and Unicode literals, \\u escapes and literals spelled by a
 * macro are outside the subset.
 */
#include <stdlib.h>
#include <string.h>

#include "fe.h"

/* Decodes the escapes of one narrow literal token ("..." with its quotes)
   onto b; false when it is not one. */
static bool decode_token(const char *tok, FeBuf *b) {
  size_t n = strlen(tok);
  if (n < 2 || tok[0] != '"' || tok[n - 1] != '"') return false;
  for (size_t i = 1; i + 1 < n; i++) {
    unsigned ch = (unsigned char)tok[i];
    if (ch == '\\' && i + 2 < n) {
      char e = tok[++i];
      static const char from[] = "ntrabfv\\'\"?", to[] = "\n\t\r\a\b\f\v\\'\"?";
      const char *simple = e ? strchr(from, e) : NULL;
      if (simple) {
        ch = (unsigned char)to[simple - from];
      } else if (e >= '0' && e <= '7') {
        ch = 0;
        for (int k = 0; k < 3 && i + 1 < n && tok[i] >= '0' && tok[i] <= '7'; k++, i++) ch = ch * 8 + (unsigned)(tok[i] - '0');
        i--;
      } else if (e == 'x') {
        ch = 0;
        size_t start = ++i;
        for (; i + 1 < n && strchr("0123456789abcdefABCDEF", tok[i]); i++)
          ch = ch * 16 + (unsigned)(tok[i] <= '9' ? tok[i] - '0' : (tok[i] | 0x20) - 'a' + 10);
        if (i == start) return false;
        i--;
      } else {
        return false; /* \u, \U and unknown escapes */
      }
    }
    fe_buf_add(b, "%c", (char)(ch & 0xff)); /* a NUL counts too */
  }
  return true;
}

/* The bytes of the literal from its tokens (adjacent literals are joined). */
static bool token_bytes(FeCtx *c, CXCursor lit, FeBuf *b) {
  CXToken *toks = NULL;
  unsigned nt = 0;
  clang_tokenize(c->tu, clang_getCursorExtent(lit), &toks, &nt);
  bool ok = nt > 0;
  for (unsigned i = 0; i < nt && ok; i++) {
    CXString sp = clang_getTokenSpelling(c->tu, toks[i]);
    ok = clang_getTokenKind(toks[i]) == CXToken_Literal && decode_token(clang_getCString(sp), b);
    clang_disposeString(sp);
  }
  if (toks) clang_disposeTokens(c->tu, toks, nt);
  return ok;
}

/* The bytes of a narrow string literal, NUL included, and their number (the
   literal's array type says how many). */
bool fe_string_bytes(FeCtx *c, CXCursor lit, const char **bytes, int64_t *n) {
  IrLoc loc = fe_loc(c, lit);
  const char *why = NULL;
  IrType *t = fe_type(c, clang_getCursorType(lit), &why);
  if (!t || t->kind != IR_TY_ARRAY || t->base->size != 1) {
    fe_unsupported(c, loc, "unsupported: wide or Unicode string literal");
    return false;
  }
  FeBuf b = {0};
  bool ok = token_bytes(c, lit, &b);
  if (ok) { /* initializing char s[N], the literal has type char[N]: cut or pad */
    char *copy = fe_alloc(c->A, (size_t)t->count);
    if (b.len) memcpy(copy, b.s, b.len < (size_t)t->count ? b.len : (size_t)t->count);
    *bytes = copy;
    *n = t->count;
  }
  free(b.s);
  if (!ok) fe_unsupported(c, loc, "unsupported: string literal written with a macro or an unusual escape");
  return ok;
}

IrVar *fe_string_literal(FeCtx *c, CXCursor lit) {
  IrLoc loc = fe_loc(c, lit);
  if (c->pure_only) {
    fe_unsupported(c, loc, "unsupported: string literal in an expression of the command line");
    return NULL;
  }
  const char *bytes;
  int64_t n;
  if (!fe_string_bytes(c, lit, &bytes, &n)) return NULL;
  IrType *t = fe_type_of(c, lit);
  IrVar *v = fe_alloc(c->A, sizeof *v);
  v->name = fe_fmt(c->A, "str.%d", c->prog->nglobals);
  v->type = t;
  v->kind = IR_VAR_GLOBAL;
  v->is_const = true;
  v->address_taken = true;
  v->loc = loc;
  IrInit *init = fe_alloc(c->A, sizeof *init);
  init->kind = IR_INIT_LIST;
  init->type = t;
  for (int64_t i = 0; i < n; i++) {
    IrInit *e = NULL;
    if (bytes[i]) {
      e = fe_alloc(c->A, sizeof *e);
      e->kind = IR_INIT_INT;
      e->type = t->base;
      e->ival = fe_wrap(t->base, (unsigned char)bytes[i]);
    }
    fe_push(c->A, (void ***)&init->elems, &init->nelems, e);
  }
  v->init = init;
  v->index = c->prog->nglobals;
  fe_push(c->A, (void ***)&c->prog->globals, &c->prog->nglobals, v);
  return v;
}
