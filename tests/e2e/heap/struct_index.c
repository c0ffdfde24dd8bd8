/* Input arrays of structs read through symbolic indices: t[k].f is cell
   k * (cells per element) + (cells before f), and the cells in between
   (the other fields) are never candidates of the load. */
#include <stddef.h>

struct route { int prefix; int len; };

int lookup(const struct route *t, int k) {
  if (t == NULL || k < 0 || k > 1)
    return -1;
  if ((t[0].prefix & 6) == 0 && (t[1].prefix & 6) == 0 && (t[k].prefix & 6) != 0)
    return 1; /* expect unreachable (was REACHABLE: t[1].prefix read from t[0].len) */
  if ((t[0].prefix & 6) == 0 && (t[k].prefix & 6) != 0 && t[0].len == 2)
    return 2; /* expect reachable */
  return 0;
}

int other_field(const struct route *t, int k) {
  if (t == NULL || k < 0 || k > 2)
    return -1;
  if (t[k].len == 5 && t[2 - k].len == 3 && k != 1)
    return 1; /* expect reachable */
  if (t[k].len == 5 && t[k].prefix == 7 && t[0].prefix != 7 && t[1].prefix != 7 && k < 2)
    return 2; /* expect unreachable */
  return 0;
}

struct rec { int key; int v[3]; };

int inner(struct rec *t, int k, int j) {
  if (t == NULL || k < 0 || k > 1 || j < 0 || j > 2)
    return -1;
  t[k].v[j] = t[1 - k].key + 1;
  if (t[0].v[2] == 4 && t[1].key == 3 && j == 2)
    return 1; /* expect reachable */
  if (t[k].v[j] != t[1 - k].key + 1)
    return 2; /* expect unreachable */
  return 0;
}
