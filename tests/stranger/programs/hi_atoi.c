/* Parsing a decimal number from an input string. */
int parse(const char *s) {
  int v = 0, neg = 0, i = 0;
  if (s[0] == '-') {
    neg = 1;
    i = 1;
  }
  if (s[i] < '0' || s[i] > '9')
    return -1;
  while (s[i] >= '0' && s[i] <= '9') {
    v = v * 10 + (s[i] - '0');
    i++;
  }
  if (s[i] != '\0')
    return -2;
  if (neg)
    v = -v;
  if (v == 1234)
    return 1;                                   /*@ got1234 */
  if (v == -77 && i == 3)
    return 2;                                   /*@ minus77 */
  if (v < 0 && !neg)
    return 3;                                   /*@ wrapped */
  return 0;
}
