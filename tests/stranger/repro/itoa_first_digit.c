/* A string built in a local buffer from digits of an input. */
static int itoa10(int v, char *out) {
  char tmp[12];
  int n = 0, k = 0;
  while (v > 0) {
    tmp[n++] = (char)('0' + v % 10);
    v /= 10;
  }
  while (n > 0)
    out[k++] = tmp[--n];
  out[k] = '\0';
  return k;
}

int digits(int v) {
  char s[12];
  int len;
  if (v <= 0)
    return -1;
  len = itoa10(v, s);
  if (s[len - 1] == '5' && s[0] == '9' && len == 3)
    return 3;                                   /*@ nine_five */
  return 0;
}
