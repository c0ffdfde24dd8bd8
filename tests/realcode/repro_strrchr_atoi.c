/* Weakness: the port of "host:port" through strrchr then atoi runs out of
   its 30 s budget (`inka-ng --reach 13`, UNKNOWN), while the same with
   strchr is found (`--reach 22`, in about 18 s) and atoi alone in about 5 s;
   parse_port of http.c (T:port_8080) is UNKNOWN the same way. */
#include <string.h>
#include <stdlib.h>

int last_colon(const char *s) {
  const char *c = strrchr(s, ':');
  if (!c)
    return -1;
  if (atoi(c + 1) == 80)
    return 1; /* T:strrchr_atoi */
  return 0;
}

int first_colon(const char *s) {
  const char *c = strchr(s, ':');
  if (!c)
    return -1;
  if (atoi(c + 1) == 80)
    return 1; /* T:strchr_atoi */
  return 0;
}
