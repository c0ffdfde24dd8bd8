/* A table of string pointers (keywords) searched with strcmp. */
#include <string.h>

static const char *const keywords[] = {"if", "else", "while", "return"};

int keyword_index(const char *s) {
  int i;
  for (i = 0; i < 4; i++)
    if (strcmp(s, keywords[i]) == 0)
      break;
  if (i == 2)
    return 1;                                   /*@ is_while */
  return 0;
}
