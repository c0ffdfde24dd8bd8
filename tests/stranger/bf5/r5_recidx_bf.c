#include <stdio.h>
#include "../programs/r5_recidx.c"
int main(void) {
  long c1 = 0, c2 = 0, runs = 0; struct cal t[2];
  for (int a = 0; a <= 9; a++) for (int b = 0; b <= 9; b++) for (int x = 0; x <= 9; x++) for (int y = 0; y <= 9; y++) {
    t[0].offset = a; t[0].gain = b; t[1].offset = x; t[1].gain = y;
    for (int k = 0; k <= 1; k++) c1 += check(t, k) == 1;
    for (int n = 1; n <= 2; n++) c2 += last_pick(t, n) == 1;
    runs++; }
  printf("%ld tables: idx_dead hit %ld times, pick_dead %ld times\n", runs, c1, c2);
  struct cal w[2] = {{0, 2}, {8, 0}};
  printf("inka-ng's inputs: check(t = {{0,2},{8,0}}, 1) = %d, last_pick(t, 2) = %d\n", check(w, 1), last_pick(w, 2));
  return 0;
}
