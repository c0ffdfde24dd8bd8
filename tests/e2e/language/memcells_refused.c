/* memset/memcpy on cells the models do not serve: refused (but mixed, a
   byte copy between cell types). */
#include <string.h>

struct pt { int x, y; };

int mixed(int a) {
  int i[2] = {a, a};
  unsigned u[2];
  memcpy(u, i, sizeof u);                       /* line 9: int cells into unsigned cells (byte by byte) */
  return u[0] == 3;
}

int odd_count(int a) {
  int i[2] = {a, a}, j[2];
  memcpy(j, i, 6);                              /* line 15: not whole cells */
  return j[0] == 3;
}

int float_bytes(int a) {
  float f[2];
  memset(f, 1, sizeof f);                       /* line 21: not +0.0 */
  return f[0] == 0 && a;
}

int structs(int a) {
  struct pt p;
  memset(&p, 1, sizeof p);                      /* line 27: struct cells, not 0 */
  return p.x == a;
}

int dynamic(int n) {
  struct pt a[4], b[4];
  memset(a, 0, sizeof a);
  memcpy(b, a, n * sizeof(struct pt));          /* line 34: struct cells, a count not constant */
  return b[0].x == n;
}

int moved(int n) {
  struct pt a[4];
  memset(a, 0, sizeof a);
  memmove(a + 1, a, 2 * sizeof(struct pt));     /* line 41: memmove of structs */
  return a[1].x == n;
}
