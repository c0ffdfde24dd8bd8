/* Keyword tables: string literals, const arrays, char arithmetic. */
static const char *const keywords[] = {"if", "else", "while", "return"};
static const char digits[] = "0123456789abcdef";

static int same(const char *a, const char *b) {
  int i = 0;
  while (a[i] && a[i] == b[i])
    i++;
  return a[i] == b[i];
}

int keyword_of(int k, int j) {
  char word[8] = "whale";
  if (k < 0 || k > 3 || j < 0 || j > 4)
    return -1;
  word[j] = 'i';
  if (same(keywords[k], word))
    return k;
  return -2;
}

int hex(int v) {
  char out[3];
  if (v < 0 || v > 255)
    return -1;
  out[0] = digits[v / 16];
  out[1] = digits[v % 16];
  out[2] = '\0';
  if (out[0] == 'c' && out[1] - '0' == 7)
    return 1;
  if (out[0] == 'g')
    return 2;
  return 0;
}
