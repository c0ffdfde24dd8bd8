/* String literals, char arrays initialized from literals, strlen-like loops. */
static const char *const words[] = { "alpha", "beta", "gamma", "delta", "epsilon" };

static int len(const char *s) {
  const char *p = s;
  while (*p)
    p++;
  return (int)(p - s);
}

int word(int k, char c) {
  char buf[] = "hello";
  if (k < 0 || k > 4)
    return -1;
  buf[0] = c;
  if (len(words[k]) == 7 && words[k][1] == 'p')
    return 1;                                   /*@ epsilon */
  if (buf[0] == 'j' && buf[4] == 'o' && len(buf) == 5)
    return 2;                                   /*@ jello */
  if (c == '\0' && len(buf) != 0)
    return 3;                                   /*@ empty_nonzero */
  return 0;
}
