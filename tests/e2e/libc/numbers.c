/* Number parsing with the C library: strtol with its end pointer and errno,
   atoi, strtoul with base 0 (0x and 0 prefixes). */
#include <errno.h>
#include <stdlib.h>

int parse_port(const char *s) {
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (end == s || *end != 0)
    return -1;
  if (errno == ERANGE)
    return -2;
  if (v > 1024 && v < 1100)
    return (int)v;
  return 0;
}

int level(const char *s) {
  int n = atoi(s);
  if (n == -17)
    return 1;
  return 0;
}

int mask(const char *s) {
  char *end;
  unsigned long m = strtoul(s, &end, 0);
  if (m == 0x1f && end - s == 4)
    return 1;
  if (m == 8 && *end == 0 && s[0] == '0')
    return 2;
  return 0;
}
