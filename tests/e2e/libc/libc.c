/* Library functions the frontend models (frontend/libc.c): each target
   needs the real behaviour of the call, checked against glibc by the
   driver's replay. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

int strings(const char *s, const char *t) {
  char buf[16];
  if (strlen(s) > 6 || strlen(t) > 6)
    return -1;
  if (strcmp(s, t) == 0 && s != t && strlen(s) == 3)
    return 1;                                   /* line 13: equal strings */
  if (strncmp(s, "ab", 2) == 0 && strcmp(s, "ab") > 0)
    return 2;                                   /* line 15: longer than its prefix */
  strcpy(buf, s);
  buf[15] = 0;
  if (strlen(buf) == 5 && strchr(buf, 'q') == buf + 4 && strrchr(buf, 'q') == buf + 4)
    return 3;                                   /* line 19: one q, last */
  if (strcmp(s, t) == 0 && strlen(s) != strlen(t))
    return 4;                                   /* line 21: unreachable */
  return 0;
}

int bytes(int k) {
  char a[8], b[8];
  memset(a, 'x', sizeof a);
  memcpy(b, a, sizeof b);
  if (k < 0 || k > 7)
    return -1;
  b[k] = 'y';
  if (memcmp(a, b, 8) < 0 && k == 6)
    return 1;                                   /* line 33: 'x' < 'y' */
  if (memcmp(a, b, 8) == 0)
    return 2;                                   /* line 35: unreachable */
  return 0;
}

int classes(int c, int x) {
  if (isdigit(c) && isxdigit(c + 49) && toupper(c + 49) == 'A')
    return 1;                                   /* line 41: c == '0' */
  if (isdigit(c) == 1)
    return 2;                                   /* line 43: glibc's isdigit gives 2048 */
  if (abs(x) == 7 && x < 0 && isspace(c) && !isblank(c))
    return 3;                                   /* line 45 */
  return 0;
}

int ints(int *p) {
  memset(p, 0, 4 * sizeof *p);                  /* line 50: int cells (memcells.c) */
  return p[0];
}
