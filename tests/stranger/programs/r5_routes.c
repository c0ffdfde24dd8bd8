/* Longest-prefix match over a routing table given as an input array of
   records, as a small router's forwarding path does it.  bf5/r5_routes_bf.c
   runs every table of up to 3 routes with prefixes from a set of 6
   values and lengths from {0, 1, 8, 16, 24, 31, 32} against 8 addresses,
   and the witnesses.
   best_mismatch: dead, the chosen route matches addr (it was chosen only
     when (addr ^ prefix) & mask == 0).
   not_longest: dead, best has the greatest length among matching routes
     (blen only grows, and every matching route was compared to it).
   longer_wins: reachable, a /24 on port 7 beats the /16 in t[0] among 3
     routes for one address.
   default_only: reachable, only a /0 route matches, table of 2 or more.
   port_neg: dead, a chosen route's port was checked in 0..255. */
#include <stddef.h>

struct route {
  unsigned prefix;
  int len;
  int port;
};

static unsigned mask_of(int len) {
  return len == 0 ? 0u : 0xffffffffu << (32 - len);
}

int lookup(const struct route *t, int n, unsigned addr) {
  int i, best = -1, blen = -1;
  if (t == NULL || n < 1 || n > 8)
    return -1;
  for (i = 0; i < n; i++) {
    if (t[i].len < 0 || t[i].len > 32 || t[i].port < 0 || t[i].port > 255)
      return -2;
    if (((addr ^ t[i].prefix) & mask_of(t[i].len)) == 0 && t[i].len > blen) {
      best = i;
      blen = t[i].len;
    }
  }
  if (best < 0)
    return -3;
  if (((addr ^ t[best].prefix) & mask_of(t[best].len)) != 0)
    return 1;                                   /*@ best_mismatch */
  for (i = 0; i < n; i++)
    if (((addr ^ t[i].prefix) & mask_of(t[i].len)) == 0 && t[i].len > blen)
      return 2;                                 /*@ not_longest */
  if (t[best].port < 0)
    return 3;                                   /*@ port_neg */
  if (n == 3 && blen == 24 && t[best].port == 7 && t[0].len == 16 &&
      ((addr ^ t[0].prefix) >> 16) == 0)
    return 4;                                   /*@ longer_wins */
  if (blen == 0 && n >= 2)
    return 5;                                   /*@ default_only */
  return 0;
}
