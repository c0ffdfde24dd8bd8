/* Once refused: a string literal made by the # operator in a table of
   names (as HTTP method and keyword tables are); clang evaluates it through
   its conversion to a pointer. */
#include <string.h>
#define NAME(x) #x
static const char *const names[] = { NAME(GET), NAME(PUT) };

int f(const char *s) {
  for (int k = 0; k < 2; k++)
    if (strcmp(s, names[k]) == 0)
      return k + 1; /* T:stringified */
  return 0;
}
