#include <stdio.h>
#include "../programs/b2_lists.c"
int main(void) {
  struct node c = {30, NULL}, b = {20, &c}, a = {10, &b};
  struct node e5 = {1, NULL}, e4 = {9, &e5}, e3 = {0, &e4}, e2 = {0, &e3}, e1 = {5, &e2};
  struct node y = {4, NULL}, x = {4, &y}, *h = &x;
  struct node q = {8, NULL}, p = {3, &q}, *h2 = &p;
  struct dnode d0 = {1, NULL, NULL}, d1 = {2, NULL, NULL}, d2 = {3, NULL, NULL}, d3 = {4, NULL, NULL};
  struct dnode f0 = {1, NULL, NULL}, f1 = {1, NULL, NULL}, f2 = {1, NULL, NULL};
  d0.next = &d1; d1.prev = &d0; d1.next = &d2; d2.prev = &d1; d2.next = &d3; d3.prev = &d2;
  f0.next = &f1; f1.next = &f2;
  printf("%d %d %d %d %d %d\n", rev_check(&a), rev_check(&e1), remove_first(&h, 4), remove_first(&h2, 8), dcheck(&d0), dcheck(&f0));
  return 0;
}
