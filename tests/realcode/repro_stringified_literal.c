/* Refusal: a string literal made by the # operator (a table of names built
   by a macro, as HTTP method and keyword tables are).  `inka-ng --reach 12`
   exits 2: "unsupported: a string literal whose bytes are not all in one
   macro body (stringified, pasted or joined with a macro argument)". */
#include <string.h>
#define NAME(x) #x
static const char *const names[] = { NAME(GET), NAME(PUT) };

int f(const char *s) {
  for (int k = 0; k < 2; k++)
    if (strcmp(s, names[k]) == 0)
      return k + 1; /* T:stringified */
  return 0;
}
