/* A recursive-descent evaluator for a calculator's command line:
     expr := term { ('+' | '-') term },  term := factor { '*' factor },
     factor := digit | '(' expr ')'
   over an input string, with the cursor and the error flag in globals
   and a nesting limit of 8.  bf5/r5_lang_rdp_bf.c runs every string of
   length <= 3 over all 255 non-zero bytes, every string of length <= 7
   over "0129+-*()" and the witnesses.
   answer3: reachable, value 42 in 3 characters: "6*7" or "7*6".
   nested3: reachable, nesting depth 3 with value 5, e.g. "(((5)))".
   big3: dead, a string of at most 3 characters evaluates to at most 81
     ("9*9"): one digit gives <= 9, "(d)" <= 9, two digits need an
     operator between them.
   neg2: dead, a negative value needs a '-' between two factors: at
     least 3 characters.
   unbalanced: dead, after a successful parse every '(' was matched, the
     depth is back to 0.
   deep8: dead, a successful parse that nests 8 deep has 8 '(' closed by
     8 ')' around at least one digit: 17 characters, over the 16 allowed
     (bf5 also runs every string of length <= 16 over "(1)").
   deep7: reachable, "(((((((1)))))))" (15 characters).
   long_sum: reachable, value 40 from 13 characters, "(9*4)+(2*2)+0". */
#include <stddef.h>
#include <string.h>

static const char *pos;
static int depth, maxdepth, err;

static int expr(void);

static int factor(void) {
  int v;
  if (*pos >= '0' && *pos <= '9')
    return *pos++ - '0';
  if (*pos == '(') {
    pos++;
    depth++;
    if (depth > maxdepth)
      maxdepth = depth;
    if (depth > 8) {
      err = 1;
      return 0;
    }
    v = expr();
    if (err || *pos != ')') {
      err = 1;
      return 0;
    }
    pos++;
    depth--;
    return v;
  }
  err = 1;
  return 0;
}

static int term(void) {
  int v = factor();
  while (!err && *pos == '*') {
    pos++;
    v *= factor();
  }
  return v;
}

static int expr(void) {
  int v = term(), w;
  char op;
  while (!err && (*pos == '+' || *pos == '-')) {
    op = *pos++;
    w = term();
    v = op == '+' ? v + w : v - w;
  }
  return v;
}

int eval(const char *s) {
  int v, len;
  if (s == NULL)
    return -1;
  len = (int)strlen(s);
  if (len > 16)
    return -1;
  pos = s;
  depth = maxdepth = err = 0;
  v = expr();
  if (err || *pos != '\0')
    return -2;
  if (v > 81 && len <= 3)
    return 1;                                   /*@ big3 */
  if (v < 0 && len <= 2)
    return 2;                                   /*@ neg2 */
  if (depth != 0)
    return 3;                                   /*@ unbalanced */
  if (maxdepth >= 8)
    return 4;                                   /*@ deep8 */
  if (v == 42 && len == 3)
    return 5;                                   /*@ answer3 */
  if (maxdepth == 3 && v == 5)
    return 6;                                   /*@ nested3 */
  if (v == 40 && len == 13)
    return 7;                                   /*@ long_sum */
  if (maxdepth == 7)
    return 8;                                   /*@ deep7 */
  return 0;
}
