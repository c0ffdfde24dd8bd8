/* GNU case ranges, with plain labels, fall-through and a default. */
int grade(int score) {
  switch (score) {
  case 90 ... 100:
    return 4;                                   /* line 5 */
  case 80 ... 89:
  case 79:
    return 3;                                   /* line 8 */
  case -5 ... -1:
    score = -score;                             /* line 10: falls through */
  case 1 ... 2:
    return score + 100;                         /* line 12 */
  case 5 ... 3:                                 /* empty range: never */
    return 7;                                   /* line 14 */
  default:
    return 0;                                   /* line 16 */
  }
}

int kind(unsigned char c, int n) {
  int k = 0;
  switch (c) {
  case 'a' ... 'z': k = 1; break;
  case 'A' ... 'Z': k = 2; break;
  case '0' ... '9': k = 3; break;
  }
  if (k == 2 && n == 1)
    return 1;                                   /* line 28 */
  if (k == 0 && c > 'z' && n == 2)
    return 2;                                   /* line 30 */
  if (k == 3 && c > '9')
    return 3;                                   /* line 32: never */
  return 0;
}

int wide(unsigned u) {
  switch (u) {
  case 0x80000000u ... 0xffffffffu:
    return 1;                                   /* line 39 */
  case 1 ... 0x7fffffff:
    return 2;                                   /* line 41 */
  }
  return 0;                                     /* line 43 */
}
