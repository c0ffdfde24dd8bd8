#include <stdio.h>
#include "../programs/r5_bfsgrid.c"
/* all maps with the start and goal free (2^23), and the largest distance
   and the largest wall count with distance 8 */
static int gdist(int walls, int *nw) {
  int dist[25], q[25], h = 0, t = 0; *nw = __builtin_popcount(walls);
  for (int i = 0; i < 25; i++) dist[i] = -1; dist[0] = 0; q[t++] = 0;
  while (h < t) { int c = q[h++], r = c / 5, cc = c % 5; int dr[4] = {1,0,-1,0}, dc[4] = {0,1,0,-1};
    for (int d = 0; d < 4; d++) { int nr = r + dr[d], nc = cc + dc[d]; if (nr < 0 || nr > 4 || nc < 0 || nc > 4) continue;
      int nb = nr * 5 + nc; if ((walls >> nb) & 1 || dist[nb] >= 0) continue; dist[nb] = dist[c] + 1; q[t++] = nb; } }
  return dist[24];
}
int main(void) {
  long c[8] = {0}; int w[8]; int gmax = -1, wmax = 0, w8 = -1;
  for (int walls = 0; walls < (1 << 25); walls++) {
    if ((walls & 1) || (walls & (1 << 24))) continue;
    int r = bfs(walls); if (!c[r]++) w[r] = walls; if (r == 5 || r == 6) printf("ret %d: walls=%#x\n", r, walls);
    int nw, g = gdist(walls, &nw); if (g > gmax) gmax = g; if (g == 8 && nw > w8) w8 = nw;
  }
  for (int i = 0; i < 8; i++) printf("bfs ret %d: %ld first walls=%#x\n", i, c[i], c[i] ? w[i] : 0);
  printf("largest distance %d; most walls with distance 8: %d\n", gmax, w8);
  return 0;
}
