/* Parsing "0x..." strings and counting words. Witnesses in bf3/r3_hexin_bf.c.
   two_big is dead: with two digits v = 16 * d1 + d2 <= 255.
   too_many_words is dead: each word but the last is followed by a space, so
   words <= (len + 1) / 2 (also checked over all strings of length <= 9 over
   {'a', ' '}). */
int parse_hex(const char *s) {
  unsigned int v = 0;
  int n = 0;
  if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
    return -1;
  s += 2;
  while (*s != '\0') {
    char c = *s;
    int d;
    if (c >= '0' && c <= '9')
      d = c - '0';
    else if (c >= 'a' && c <= 'f')
      d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F')
      d = c - 'A' + 10;
    else
      return -2;
    v = v * 16 + (unsigned int)d;
    n++;
    s++;
    if (n > 8)
      return -3;
  }
  if (v == 0xBEEFu)
    return 1;                                   /*@ beef */
  if (n == 2 && v > 255)
    return 2;                                   /*@ two_big */
  if (n == 8 && v == 0xFFFFFFFFu)
    return 3;                                   /*@ all_f */
  return 0;
}

int words(const char *s) {
  int w = 0, len = 0, in = 0;
  while (s[len] != '\0') {
    if (s[len] == ' ')
      in = 0;
    else if (!in) {
      in = 1;
      w++;
    }
    len++;
  }
  if (w == 3 && len == 7)
    return 1;                                   /*@ three_in7 */
  if (w > (len + 1) / 2)
    return 2;                                   /*@ too_many_words */
  return 0;
}
