/* Compound literals for a struct and an array. */
struct pt {
  int x, y;
};

static int dot(struct pt a, struct pt b) { return a.x * b.x + a.y * b.y; }

int compound(int k) {
  int *w = (int[]){3, 5, 7};
  if (k < 0 || k > 2)
    return -1;
  if (dot((struct pt){k, w[k]}, (struct pt){.x = 2, .y = 1}) == 11)
    return 1;                                   /*@ dot11 */
  return 0;
}
