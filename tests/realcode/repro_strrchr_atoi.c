/* Weakness: the port of "host:port" through strrchr then atoi takes about
   27 s of its 30 s budget when the machine is idle (`inka-ng --reach 14`;
   UNKNOWN when it is loaded), while the same with strchr takes about 5 s
   (`--reach 23`); parse_port of http.c (T:port_8080), which adds
   `colon == hostport` and a range check, stays UNKNOWN. */
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
