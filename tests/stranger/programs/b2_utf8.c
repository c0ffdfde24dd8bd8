/* A UTF-8 decoder over an input byte string (up to its first zero byte):
   counts code points, rejects bad sequences, overlong forms and
   surrogates.
   big_cp is dead: a two-, three- or four-byte sequence carries at most
   11, 16 or 21 bits and four-byte values above 0x10FFFF are rejected. */
int utf8_count(const unsigned char *s) {
  int i = 0, n = 0;
  unsigned maxcp = 0;
  while (s[i] != 0 && n < 8) {
    unsigned c = s[i], cp;
    int len, k;
    if (c < 0x80) {
      cp = c;
      len = 1;
    } else if ((c & 0xE0) == 0xC0) {
      cp = c & 0x1F;
      len = 2;
    } else if ((c & 0xF0) == 0xE0) {
      cp = c & 0x0F;
      len = 3;
    } else if ((c & 0xF8) == 0xF0) {
      cp = c & 0x07;
      len = 4;
    } else {
      return -1;                                /*@ bad_lead */
    }
    for (k = 1; k < len; k++) {
      if ((s[i + k] & 0xC0) != 0x80)
        return -2;
      cp = (cp << 6) | (s[i + k] & 0x3F);
    }
    if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000))
      return -3;                                /*@ overlong */
    if ((cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
      return -4;
    if (cp > maxcp)
      maxcp = cp;
    i += len;
    n++;
  }
  if (n == 2 && maxcp == 0x20AC)
    return 1;                                   /*@ euro_pair */
  if (maxcp > 0x10FFFF)
    return 2;                                   /*@ big_cp */
  if (n == 1 && maxcp >= 0x10000 && i == 4)
    return 3;                                   /*@ astral */
  return 0;
}

/* Prefix sums of an input array: finds a window of length 3 summing to
   target.  window_beyond is dead: the start index j stays below n - 2. */
int window3(const int *a, int n, int target) {
  int pre[9];
  int j;
  if (n < 3 || n > 8)
    return -1;
  pre[0] = 0;
  for (j = 0; j < n; j++)
    pre[j + 1] = pre[j] + a[j];
  for (j = 0; j + 3 <= n; j++)
    if (pre[j + 3] - pre[j] == target)
      break;
  if (j + 3 <= n && j == 4 && target == 60)
    return 1;                                   /*@ window_at4 */
  if (j + 3 <= n && j > n - 3)
    return 2;                                   /*@ window_beyond */
  return 0;
}
