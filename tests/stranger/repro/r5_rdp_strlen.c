/* Set 5, class 15: a recursive-descent parser (factor -> '(' expr ')')
   over an input string with the cursor in a global.  Reachable ("6*7").
   Without the two strlen lines inka-ng answers REACHABLE in 0.07 s; with
   them UNKNOWN at 30 s (60k unfoldings, 10k concrete runs); without the
   parentheses (no recursion) it stays fast with the guard. */
#include <stddef.h>
#include <string.h>
static const char *pos;
static int err;
static int expr(void);
static int factor(void) {
  int v;
  if (*pos >= '0' && *pos <= '9')
    return *pos++ - '0';
  if (*pos == '(') {
    pos++;
    v = expr();
    if (err || *pos != ')') {
      err = 1;
      return 0;
    }
    pos++;
    return v;
  }
  err = 1;
  return 0;
}
static int expr(void) {
  int v = factor();
  while (!err && *pos == '*') {
    pos++;
    v *= factor();
  }
  return v;
}
int eval(const char *s) {
  int v;
  if (s == NULL)
    return -1;
  if (strlen(s) > 16)
    return -1;
  pos = s;
  err = 0;
  v = expr();
  if (err || *pos != '\0')
    return -2;
  if (v == 42)
    return 1;
  return 0;
}
