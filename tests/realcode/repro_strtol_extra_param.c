/* Weakness: strtol's ERANGE is found in 0.3 s for f(const char *s) alone,
   but an unused int parameter makes `inka-ng --reach 13` run
   out of its 30 s budget (UNKNOWN); the same happens to parse_int of
   text.c (T:parse_erange). */
#include <stdlib.h>
#include <errno.h>

int g(const char *s, int unused) {
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (errno == ERANGE)
    return 1; /* T:erange_two_params */
  return (int)v;
}

int f(const char *s) {
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (errno == ERANGE)
    return 1; /* T:erange_one_param */
  return (int)v;
}
