/* Set 5, class 15: wildcard matching with two recursive calls under ||
   over two input strings.  Reachable (p = "*", s = "a").  REACHABLE only
   after 17.6 s (330k trials); the full glob of r5_wildcard.c (with strlen
   guards) times out on its reachable targets. */
#include <stddef.h>
static int match(const char *p, const char *s) {
  if (*p == '\0')
    return *s == '\0';
  if (*p == '*')
    return match(p + 1, s) || (*s != '\0' && match(p, s + 1));
  if (*s == '\0')
    return 0;
  if (*p == '?' || *p == *s)
    return match(p + 1, s + 1);
  return 0;
}
int glob(const char *p, const char *s) {
  if (p == NULL || s == NULL)
    return -1;
  if (match(p, s) && p[0] == '*' && s[0] == 'a')
    return 1;
  return 0;
}
