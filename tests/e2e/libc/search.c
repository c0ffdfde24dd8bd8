/* The search functions of <string.h> and <strings.h> a header parser uses. */
#include <string.h>
#include <strings.h>

int header(const char *line) {
  if (strlen(line) > 12)
    return -1;
  const char *colon = strchr(line, ':');
  if (!colon)
    return 0;
  size_t name = strcspn(line, ": ");
  if (name == 4 && strncasecmp(line, "HOST", 4) == 0 && colon[1] == ' ')
    return 1;
  if (strstr(line, "ab") == line + 5 && strspn(line, "x") == 2)
    return 2;
  if (memchr(line, 'q', 3) && strpbrk(line, "zy") == line + 3)
    return 3;
  if (strcasecmp(line, "A:B") == 0 && line[0] == 'a')
    return 4;
  return 0;
}
