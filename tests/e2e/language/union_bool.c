/* A union read through a byte and a _Bool: a byte above 1 is no _Bool (C
   leaves the read undefined), so no answer may rest on it. */
#include <stdbool.h>
#include <stdint.h>
union flag { uint8_t raw; bool set; };
int f(uint8_t x) {
  union flag u;
  u.raw = x;
  if (u.set)
    return 1;
  return 0;
}
int g(uint8_t x) {
  union flag u;
  u.raw = x;
  if (u.set && x != 1)
    return 1;
  u.set = true;
  if (u.raw == 1)
    return 2;
  return 0;
}
