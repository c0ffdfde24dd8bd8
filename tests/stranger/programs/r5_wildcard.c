/* Shell-style wildcard matching ('?' one character, '*' any run), the
   recursive textbook version, as a configuration filter uses it on
   input strings.  bf5/r5_wildcard_bf.c runs every pattern of length <= 5
   over {a, b, x, ?, *} against every text of length <= 7 over {a, b, x},
   and the witnesses.
   len_mismatch: dead, without '*' every pattern character consumes
     exactly one text character, so a match has ls == lp.
   too_short: dead, a match consumes one text character per non-star
     pattern character: ls >= lp - stars.
   star_fails: dead, the pattern "*" matches every text.
   two_stars8: reachable, e.g. p = "a*x*b", s = "aaaxaaab".
   first_q: reachable, a match of two 3-character strings whose first
     characters differ (p[0] == '?' or '*').
   star_count: the star-counting line --iter 6 reachable (lp = 6). */
#include <stddef.h>
#include <string.h>

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
  int lp, ls, i, stars = 0, m;
  if (p == NULL || s == NULL)
    return -1;
  lp = (int)strlen(p);
  ls = (int)strlen(s);
  if (lp > 6 || ls > 8)
    return -1;
  for (i = 0; i < lp; i++)
    if (p[i] == '*')
      stars++;                                  /*@ star_count */
  m = match(p, s);
  if (m && stars == 0 && lp != ls)
    return 1;                                   /*@ len_mismatch */
  if (m && ls < lp - stars)
    return 2;                                   /*@ too_short */
  if (!m && lp == 1 && p[0] == '*')
    return 3;                                   /*@ star_fails */
  if (m && stars == 2 && lp == 5 && ls == 8 && p[2] == 'x')
    return 4;                                   /*@ two_stars8 */
  if (m && lp == 3 && ls == 3 && p[0] != s[0])
    return 5;                                   /*@ first_q */
  return 0;
}
