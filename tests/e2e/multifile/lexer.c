#include "lexer.h"

int lexer_errors = 0;

/* a static function of the same name as parser.c's, of another type */
static int classify(char c) {
  if (c >= '0' && c <= '9') return TK_NUM;
  if (c == '+') return TK_PLUS;
  if (c == '-') return TK_MINUS;
  if (c == 0) return TK_END;
  return TK_BAD;
}

int next_token(const char *s, int *pos, struct token *t) {
  int k = classify(s[*pos]);
  t->kind = k;
  t->value = 0;
  if (k == TK_NUM) {
    while (s[*pos] >= '0' && s[*pos] <= '9') {
      t->value = t->value * 10 + (s[*pos] - '0');
      (*pos)++;
    }
  } else if (k == TK_BAD) {
    lexer_errors++; /* @bad-char */
    (*pos)++;
  } else if (k != TK_END) {
    (*pos)++;
  }
  return k;
}
