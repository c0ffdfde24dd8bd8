/* strings.c - string literals as anonymous constant char arrays.
 *
 * Each occurrence of a literal in the code is a global object "str.N" (not
 * a C identifier, so it never clashes) of type char[len + 1], const, with
 * the literal's bytes as its initializer; the expression denotes that array
 * (used as a value it decays to the address of its first char, as in C).
 * A literal initializing a char array is copied into it instead (init.c,
 * through fe_string_bytes).  The bytes are decoded from the literal's
 * tokens (embedded NULs and \\u escapes, as UTF-8, included): the tokens of
 * its extent, or, for a literal spelled in a macro's body, the literal
 * tokens that follow its spelling location there, taken when their bytes
 * fill the literal's array exactly; else clang's evaluation of the literal
 * (a stringified argument, __FILE__) when it has no embedded NUL.  Wide and
 * Unicode literals are outside the subset.
 */
#include <stdlib.h>
#include <string.h>

#include "fe.h"

/* \\u or \\U with its `digits` hex digits at tok[*i + 1]: the code point's
   UTF-8 bytes onto b, *i on the last digit. */
static bool utf8_escape(const char *tok, size_t n, size_t *i, int digits, FeBuf *b) {
  unsigned long cp = 0;
  for (int k = 0; k < digits; k++) {
    char h = *i + 1 < n - 1 ? tok[++*i] : 0;
    if (!h || !strchr("0123456789abcdefABCDEF", h)) return false;
    cp = cp * 16 + (unsigned long)(h <= '9' ? h - '0' : (h | 0x20) - 'a' + 10);
  }
  if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
  if (cp < 0x80) {
    fe_buf_add(b, "%c", (char)cp);
  } else if (cp < 0x800) {
    fe_buf_add(b, "%c%c", (char)(0xC0 | cp >> 6), (char)(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    fe_buf_add(b, "%c%c%c", (char)(0xE0 | cp >> 12), (char)(0x80 | (cp >> 6 & 0x3F)), (char)(0x80 | (cp & 0x3F)));
  } else {
    fe_buf_add(b, "%c%c%c%c", (char)(0xF0 | cp >> 18), (char)(0x80 | (cp >> 12 & 0x3F)),
               (char)(0x80 | (cp >> 6 & 0x3F)), (char)(0x80 | (cp & 0x3F)));
  }
  return true;
}

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
      } else if (e == 'u' || e == 'U') { /* a universal character name, as UTF-8 */
        if (!utf8_escape(tok, n, &i, e == 'u' ? 4 : 8, b)) return false;
        continue;
      } else {
        return false; /* unknown escapes */
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

enum { SPELLED_SPAN = 4096 }; /* bytes of a macro body read after a literal's start */

/* A literal spelled in a macro body: the string literal tokens that follow
   its spelling location (adjacent in the body, so adjacent in every
   expansion: one literal).  A literal that continues with a macro argument
   or another macro has more bytes than these, so the caller takes them only
   when they fill the literal's array exactly. */
static bool spelled_bytes(FeCtx *c, CXCursor lit, FeBuf *b) {
  CXFile f = NULL;
  unsigned off = 0;
  clang_getSpellingLocation(clang_getRangeStart(clang_getCursorExtent(lit)), &f, NULL, NULL, &off);
  size_t size = 0;
  if (!f || !clang_getFileContents(c->tu, f, &size) || off >= size) return false;
  unsigned end = size - off > SPELLED_SPAN ? off + SPELLED_SPAN : (unsigned)size;
  CXToken *toks = NULL;
  unsigned nt = 0;
  clang_tokenize(c->tu, clang_getRange(clang_getLocationForOffset(c->tu, f, off), clang_getLocationForOffset(c->tu, f, end)),
                 &toks, &nt);
  unsigned used = 0;
  bool ok = true;
  for (; used < nt && ok && clang_getTokenKind(toks[used]) == CXToken_Literal; used++) {
    CXString sp = clang_getTokenSpelling(c->tu, toks[used]);
    const char *t = clang_getCString(sp);
    ok = t && t[0] == '"' && decode_token(t, b);
    clang_disposeString(sp);
  }
  if (toks) clang_disposeTokens(c->tu, toks, nt);
  return ok && used > 0;
}

/* The bytes of a literal clang evaluates through its conversion to a
   pointer (c->decayed_literal): its text ends at the first NUL, so taken
   when the array holds exactly that text and its NUL (a stringified
   argument, __FILE__). */
static bool evaluated_bytes(FeCtx *c, int64_t count, FeBuf *b) {
  if (!clang_isExpression(clang_getCursorKind(c->decayed_literal))) return false; /* none (a zeroed cursor) */
  CXEvalResult r = clang_Cursor_Evaluate(c->decayed_literal);
  if (!r) return false;
  const char *text = clang_EvalResult_getKind(r) == CXEval_StrLiteral ? clang_EvalResult_getAsStr(r) : NULL;
  bool ok = text && (int64_t)strlen(text) + 1 == count;
  if (ok) fe_buf_add(b, "%s", text);
  clang_EvalResult_dispose(r);
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
  if (!ok) { /* the array holds the bytes and the NUL */
    b.len = 0;
    ok = spelled_bytes(c, lit, &b) && (int64_t)b.len + 1 == t->count;
    if (!ok) {
      b.len = 0;
      ok = evaluated_bytes(c, t->count, &b);
    }
    if (ok) fe_buf_add(&b, "%c", 0);
  }
  if (ok) { /* initializing char s[N], the literal has type char[N]: cut or pad */
    char *copy = fe_alloc(c->A, (size_t)t->count);
    if (b.len) memcpy(copy, b.s, b.len < (size_t)t->count ? b.len : (size_t)t->count);
    *bytes = copy;
    *n = t->count;
  }
  free(b.s);
  if (!ok) fe_unsupported(c, loc, "unsupported: a string literal whose bytes are not all in one macro body (stringified, pasted or joined with a macro argument)");
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
