/* guard.c - keeps inputs that would overflow clang's own stack away from it.
 *
 * libclang parses on an 8 MB thread and recursive descent through a few
 * thousand nested casts, unary operators, unbraced if/while/else chains or
 * assignment chains overflows it and kills the process (brackets are
 * limited by clang itself: -fbracket-depth).  Before clang runs, a rough
 * scan of the main file counts, per statement, the tokens that nest in
 * clang's parser and the operators that nest in its AST walks; beyond the
 * limits the file is rejected with a diagnostic.  Never looks into included
 * files; never rejects a statement of ordinary size.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fe.h"

enum { MAX_NEST = 1000, MAX_CHAIN = 3000, MAX_OPS = 20000 };

static bool is_keyword_at(const char *s, size_t i, size_t n, const char *kw) {
  size_t k = strlen(kw);
  if (i + k > n || memcmp(s + i, kw, k) != 0) return false;
  if (i > 0 && (isalnum((unsigned char)s[i - 1]) || s[i - 1] == '_')) return false;
  return i + k == n || !(isalnum((unsigned char)s[i + k]) || s[i + k] == '_');
}

/* the next significant character after position i starts "else" */
static bool else_follows(const char *s, size_t i, size_t n) {
  while (i < n && isspace((unsigned char)s[i])) i++;
  return is_keyword_at(s, i, n, "else");
}

bool fe_too_deep(const char *path, FeBuf *err) {
  FILE *f = fopen(path, "rb");
  if (!f) return false;
  char *s = NULL;
  size_t n = 0, cap = 0, got;
  char chunk[65536];
  while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) {
    if (n + got > cap) {
      cap = (n + got) * 2;
      char *ns = realloc(s, cap);
      if (!ns) abort();
      s = ns;
    }
    memcpy(s + n, chunk, got);
    n += got;
  }
  fclose(f);
  int nest = 0, chain = 0, ops = 0, line = 1;
  char prev = ';'; /* the previous significant character */
  bool bad = false;
  for (size_t i = 0; i < n && !bad; i++) {
    char c = s[i];
    if (c == '\n') { line++; continue; }
    if (isspace((unsigned char)c)) continue;
    if (c == '/' && i + 1 < n && s[i + 1] == '/') {
      while (i < n && s[i] != '\n') i++;
      i--;
      continue;
    }
    if (c == '/' && i + 1 < n && s[i + 1] == '*') {
      for (i += 2; i + 1 < n && !(s[i] == '*' && s[i + 1] == '/'); i++)
        if (s[i] == '\n') line++;
      i++;
      continue;
    }
    if (c == '"' || c == '\'') {
      for (i++; i < n && s[i] != c && s[i] != '\n'; i++)
        if (s[i] == '\\') i++;
      prev = 'x';
      continue;
    }
    if (c == '#' && (prev == ';' || prev == '{' || prev == '}')) { /* a directive: skip the line */
      while (i < n && s[i] != '\n') {
        if (s[i] == '\\' && i + 1 < n && s[i + 1] == '\n') { i++; line++; }
        i++;
      }
      i--;
      continue;
    }
    if (c == ';' || c == '{' || c == '}') {
      if (c != '{') nest = ops = 0;
      if (c != '{' && !else_follows(s, i + 1, n)) chain = 0; /* else-if chains nest too */
      prev = c;
      continue;
    }
    if (isalpha((unsigned char)c) || c == '_') {
      if (is_keyword_at(s, i, n, "if") || is_keyword_at(s, i, n, "while") || is_keyword_at(s, i, n, "for") ||
          is_keyword_at(s, i, n, "do") || is_keyword_at(s, i, n, "else") || is_keyword_at(s, i, n, "switch")) {
        nest++;
        chain++;
      }
      while (i + 1 < n && (isalnum((unsigned char)s[i + 1]) || s[i + 1] == '_')) i++;
      prev = 'x';
    } else if (c == '(' || c == '!' || c == '~' || c == '?') {
      nest++;
      prev = c;
    } else if (strchr("+-*&", c) && strchr("(=,?:!~+-*/%&|^<>[;{}", prev)) {
      nest++; /* a prefix operator */
      prev = c;
    } else if (c == '=' && !strchr("=<>!", prev) && !(i + 1 < n && s[i + 1] == '=')) {
      nest++; /* assignments chain to the right */
      prev = c;
    } else if (strchr("+-*/%<>=&|^,:", c)) {
      ops++;
      prev = c;
    } else {
      prev = c;
    }
    if (nest > MAX_NEST || chain > MAX_CHAIN || ops > MAX_OPS) {
      fe_buf_add(err, "%s:%d: error: statement too deeply nested for the parser (over %d nested constructs, %d chained ifs or %d operators)\n",
                 path, line, MAX_NEST, MAX_CHAIN, MAX_OPS);
      bad = true;
    }
  }
  free(s);
  return bad;
}
