/* String routines from <string.h> and <ctype.h> over input strings. */
#include <ctype.h>
#include <string.h>

int words(const char *s) {
  int i, n = 0, in = 0;
  if (strlen(s) > 12)
    return -1;
  for (i = 0; s[i] != '\0'; i++) {
    if (isspace((unsigned char)s[i]))
      in = 0;
    else if (!in) {
      in = 1;
      n++;
    }
  }
  if (n == 3 && strlen(s) == 7)
    return 1;                                   /*@ three_words */
  if (n > 7)
    return 2;                                   /*@ too_many */
  return 0;
}

int keyword(const char *s) {
  static const char *const kw[] = {"if", "else", "while", "for"};
  int k;
  for (k = 0; k < 4; k++)
    if (strcmp(s, kw[k]) == 0)
      break;
  if (k == 2)
    return 1;                                   /*@ is_while */
  if (k < 4 && strlen(s) > 5)
    return 2;                                   /*@ long_kw */
  return 0;
}

int hexval(const char *s) {
  int v = 0, i;
  for (i = 0; i < 4 && isxdigit((unsigned char)s[i]); i++)
    v = v * 16 + (isdigit((unsigned char)s[i]) ? s[i] - '0' : tolower((unsigned char)s[i]) - 'a' + 10);
  if (v == 0xbeef && i == 4)
    return 1;                                   /*@ beef */
  if (v > 0xffff)
    return 2;                                   /*@ too_big */
  return 0;
}
