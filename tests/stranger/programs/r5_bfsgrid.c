/* Breadth-first search on a 5 x 5 grid (a robot's occupancy map): bit
   r * 5 + c of walls marks cell (r, c) blocked; the start (0, 0) and the
   goal (4, 4) must be free.  Queue and distances are local arrays.  All
   2^23 maps run by bf5/r5_bfsgrid_bf.c.
   overflow: dead, a cell is enqueued only when its distance is first set
     (once), so at most 25 cells enter the queue.
   shortcut: dead, a path needs at least 8 moves (Manhattan distance).
   odd_dist: dead, every move changes r + c by one, so the distance to
     (4, 4) has the parity of 8: even.
   longest: reachable, the largest distance, 16: only two maps (the
     serpentines 0xf01e0 and its mirror).
   too_long: dead, no map gives a distance above 16 (bf5).
   blocked2: reachable, the goal cut off by exactly two walls (2 maps).
   straight_full: reachable, distance 8 with 16 walls (bf5: the largest
     wall count with a path of 8). */

int bfs(int walls) {
  int dist[25], queue[25], head = 0, tail = 0, i, c, d, r, col, nr, nc, nb, g, nw = 0;
  static const int dr[4] = {1, 0, -1, 0};
  static const int dc[4] = {0, 1, 0, -1};
  if (walls < 0 || walls >= (1 << 25))
    return -1;
  if ((walls & 1) || (walls & (1 << 24)))
    return -2;
  for (i = 0; i < 25; i++) {
    dist[i] = -1;
    if ((walls >> i) & 1)
      nw++;
  }
  dist[0] = 0;
  queue[tail++] = 0;
  while (head < tail) {
    c = queue[head++];
    r = c / 5;
    col = c % 5;
    for (d = 0; d < 4; d++) {
      nr = r + dr[d];
      nc = col + dc[d];
      if (nr < 0 || nr >= 5 || nc < 0 || nc >= 5)
        continue;
      nb = nr * 5 + nc;
      if ((walls >> nb) & 1)
        continue;
      if (dist[nb] >= 0)
        continue;
      dist[nb] = dist[c] + 1;
      if (tail >= 25)
        return 1;                               /*@ overflow */
      queue[tail++] = nb;
    }
  }
  g = dist[24];
  if (g >= 0 && g < 8)
    return 2;                                   /*@ shortcut */
  if (g >= 0 && g % 2 == 1)
    return 3;                                   /*@ odd_dist */
  if (g > 16)
    return 4;                                   /*@ too_long */
  if (g == 16)
    return 5;                                   /*@ longest */
  if (g < 0 && nw == 2)
    return 6;                                   /*@ blocked2 */
  if (g == 8 && nw == 16)
    return 7;                                   /*@ straight_full */
  return 0;
}
