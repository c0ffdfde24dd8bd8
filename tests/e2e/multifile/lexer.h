/* A small expression parser split over three files (tests/e2e/multifile.sh). */
#ifndef LEXER_H
#define LEXER_H

struct token {
  int kind;
  int value;
};

enum { TK_NUM = 1, TK_PLUS, TK_MINUS, TK_END, TK_BAD };

extern int lexer_errors; /* defined in lexer.c, counted by parse_sum */

int next_token(const char *s, int *pos, struct token *t);
int parse_sum(const char *s, int *out);
int evaluate(int a, int b);

#endif
