#include <stdio.h>
#include "../programs/r5_routes.c"
static const unsigned pv[6] = {0, 0xc0a80000u, 0xc0a80100u, 0xc0a80180u, 0x80000000u, 0xffffffffu};
static const int lv[7] = {0, 1, 8, 16, 24, 31, 32};
static const unsigned av[8] = {0, 0xc0a80001u, 0xc0a801ffu, 0xc0a80181u, 0x80000001u, 0x7fffffffu, 0xffffffffu, 0xc0a90101u};
static struct route t[3]; static long c[6];
static void gen(int k, int max) {
  if (k > 0) for (int a = 0; a < 8; a++) { int r = lookup(t, k, av[a]); if (r >= 0) c[r]++; }
  if (k == max) return;
  for (int p = 0; p < 6; p++) for (int l = 0; l < 7; l++) for (int port = 0; port < 2; port++) {
    t[k].prefix = pv[p]; t[k].len = lv[l]; t[k].port = port ? 7 : 0; gen(k + 1, max); } }
int main(void) {
  gen(0, 3);
  printf("every table of <= 3 routes: ret 0..5: %ld %ld %ld %ld %ld %ld\n", c[0], c[1], c[2], c[3], c[4], c[5]);
  struct route w[3] = {{0xc0a80000u, 16, 1}, {0xc0a80100u, 24, 7}, {0, 0, 9}};
  printf("lookup({192.168/16 p1, 192.168.1/24 p7, 0/0 p9}, 192.168.1.5) = %d\n", lookup(w, 3, 0xc0a80105u));
  struct route d[2] = {{0x0a000000u, 8, 1}, {0, 0, 99}};
  printf("lookup({10/8, 0/0}, 192.168.1.5) = %d\n", lookup(d, 2, 0xc0a80105u));
  return 0;
}
