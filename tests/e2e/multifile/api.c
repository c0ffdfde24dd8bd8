#include "lexer.h"

/* "a+b" or "a?b" (b <= 0), parsed and summed */
int evaluate(int a, int b) {
  char buf[4];
  int r = 0, errors;
  if (a < 0 || a > 9 || b < -9 || b > 9) return -4;
  buf[0] = (char)('0' + a);
  buf[1] = b > 0 ? '+' : '?';
  buf[2] = (char)('0' + (b < 0 ? -b : b));
  buf[3] = 0;
  errors = parse_sum(buf, &r);
  if (errors == -3)
    return -3; /* @api-too-long: with MAX_TOKENS 2, "a+b" is too long */
  if (errors != 0) {
    if (b > 0)
      return -2; /* @never: only '?' is a bad character, and only when b <= 0 */
    return -1;
  }
  return r;
}
