#include "lexer.h"

#ifndef MAX_TOKENS
#define MAX_TOKENS 2
#endif

/* the sign a token gives: a static function of the same name as lexer.c's */
static int classify(int kind) {
  if (kind == TK_PLUS) return 1;
  if (kind == TK_MINUS)
    return -1; /* @minus */
  return 0;
}

int parse_sum(const char *s, int *out) {
  int pos = 0, sign = 1, total = 0, n;
  struct token t;
  for (n = 0; n < MAX_TOKENS; n++) {
    int k = next_token(s, &pos, &t);
    if (k == TK_END) break;
    if (k == TK_NUM) total += sign * t.value;
    else if (classify(k)) sign = classify(k);
    else if (lexer_errors > 0)
      return -1; /* @counted: lexer.c counted the bad character, seen through extern */
    else
      return -5; /* @unseen: never, the count is one variable of lexer.c */
  }
  if (n == MAX_TOKENS)
    return -3; /* @too-long: 3 tokens and the end need MAX_TOKENS > 3 (8 with the project's flags) */
  *out = total;
  return lexer_errors;
}
