#include <stdio.h>
#include "../programs/r3_listin.c"
/* witnesses built by hand; gap_neg checked over every list of length <= 5
   with values in -3..3 */
static struct node n[8];
static int cnt[3];
static void gen(int len, int max) {
  if (len > 0) { n[len - 1].next = NULL; int r = sorted_sum(&n[0]); if (r >= 0) cnt[r]++; }
  if (len == max) return;
  for (int v = -3; v <= 3; v++) { n[len].v = v; if (len > 0) n[len - 1].next = &n[len]; gen(len + 1, max); }
}
int main(void) {
  struct node a[4] = {{1, &a[1]}, {2, &a[2]}, {3, &a[3]}, {4, &a[1]}};
  printf("has_cycle(lasso)=%d\n", has_cycle(a));
  struct node b[4] = {{10, &b[1]}, {20, &b[2]}, {30, &b[3]}, {40, NULL}};
  printf("sorted_sum(10,20,30,40)=%d\n", sorted_sum(b));
  struct node c[4] = {{5, &c[1]}, {5, &c[2]}, {1, &c[3]}, {5, NULL}};
  struct node *l = c;
  printf("remove_all(5,5,1,5; 5)=%d\n", remove_all(&l, 5));
  gen(0, 5);
  printf("sorted_sum over all lists <= 5 of -3..3: %d %d %d\n", cnt[0], cnt[1], cnt[2]);
  return 0;
}
