/* String routines over input strings. */
static int my_strcmp(const char *s, const char *t) {
  while (*s && *s == *t) {
    s++;
    t++;
  }
  return (unsigned char)*s - (unsigned char)*t;
}

static int my_strlen(const char *s) {
  int n = 0;
  while (s[n])
    n++;
  return n;
}

int compare(const char *s, const char *t) {
  int c = my_strcmp(s, t);
  if (c == 0 && s != t && my_strlen(s) == 3)
    return 1;                                   /*@ equal3 */
  if (c < 0 && my_strlen(s) == 2 && my_strlen(t) == 2 && s[0] == 'k')
    return 2;                                   /*@ less_k */
  if (c == 0 && my_strlen(s) != my_strlen(t))
    return 3;                                   /*@ eq_difflen */
  return 0;
}

int count_char(const char *s, char ch) {
  int i, n = 0;
  for (i = 0; s[i] != '\0'; i++)
    if (s[i] == ch)
      n++;
  if (n == 3 && ch == 'a' && i == 5)
    return 1;                                   /*@ three_a */
  return 0;
}
