/* Designated initializers of one level, for locals and globals. */
struct p { int x, y; };
struct q { int a; struct p pt; int arr[3]; };
static const int g[6] = { [4] = 40, 50, [1] = 10 };
static const struct q gq = { .arr = {7, 8, 9}, .a = 3, .pt = { .y = 6 } };

int k(int v, int w) {
  struct p a = { .y = v, .x = 2 };
  int t[] = { [3] = 7, [1] = 2 };
  if (a.x == 2 && a.y == 5 && t[0] == 0 && t[3] == 7 && sizeof t == 16)
    return 1;                                   /* line 11 */
  if (g[4] == 40 && g[5] == 50 && g[1] == 10 && g[0] == 0 && w == g[5] + gq.arr[2] + gq.pt.y + gq.pt.x + gq.a)
    return 2;                                   /* line 13: w == 68 */
  if (t[2] != 0 || t[1] != 2 || a.x != 2 || g[2] != 0 || gq.pt.x != 0)
    return 3;                                   /* line 15: unreachable */
  return 0;
}

int chain(int v) {
  struct q lq = { .pt.y = 1 };                  /* line 20: a chain, unsupported */
  return lq.pt.y + v;
}
