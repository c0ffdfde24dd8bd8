/* Compound literals: structs, arrays, scalars, in loops and as arguments. */
struct pt {
  int x, y;
};

static int dot(struct pt a, struct pt b) { return a.x * b.x + a.y * b.y; }

int compound(int k) {
  int *w = (int[]){3, 5, 7};
  if (k < 0 || k > 2)
    return -1;
  if (dot((struct pt){k, w[k]}, (struct pt){.x = 2, .y = 1}) == 11)
    return 1;                                   /* line 13: k == 2 */
  return 0;
}

int more(int a, int n) {
  struct pt p;
  int *q = &(int){a + 1};
  int *z = (int[4]){[1] = 9};
  p = (struct pt){.y = a};
  *q += 1;
  if (p.x == 0 && p.y == 5 && *q == 7 && z[0] == 0 && z[3] == 0 && z[1] == 9)
    return 1;                                   /* line 24: a == 5 */
  int s = 0;
  for (int i = 0; i < n && i < 8; i++) {
    int *t = (int[2]){i, 2 * i};
    t[0] += t[1];
    s += t[0];
  }
  if (s == 18 && n == 4)
    return 2;                                   /* line 32 */
  if (s == 17)
    return 3;                                   /* line 34: never (s is a multiple of 3) */
  const char *msg = (const char[]){"hi"};
  if (msg[1] == 'i' && a == -3)
    return 4;                                   /* line 37 */
  return 0;
}
