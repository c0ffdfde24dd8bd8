#include <stdio.h>
#include "../programs/r5_merge.c"
/* every pair of separate lists (lengths 0..4, keys 0..2 in any order:
   unsorted ones are rejected by the program), built fresh for each run */
static int ka[4], kb[4]; static long c[5];
static void run(int la, int lb) {
  struct node na[4], nb[4];
  for (int i = 0; i < la; i++) { na[i].key = ka[i]; na[i].next = i + 1 < la ? &na[i + 1] : NULL; }
  for (int i = 0; i < lb; i++) { nb[i].key = kb[i]; nb[i].next = i + 1 < lb ? &nb[i + 1] : NULL; }
  int r = merge_check(la ? na : NULL, lb ? nb : NULL); if (r >= 0) c[r]++; }
static void genb(int la, int k, int lb) { if (k == lb) { run(la, lb); return; } for (int v = 0; v <= 2; v++) { kb[k] = v; genb(la, k + 1, lb); } }
static void gena(int k, int la) { if (k == la) { for (int lb = 0; lb <= 4; lb++) genb(la, 0, lb); return; } for (int v = 0; v <= 2; v++) { ka[k] = v; gena(k + 1, la); } }
int main(void) {
  for (int la = 0; la <= 4; la++) gena(0, la);
  printf("separate lists (<= 4 nodes, keys 0..2): ret 0..4: %ld %ld %ld %ld %ld\n", c[0], c[1], c[2], c[3], c[4]);
  struct node a[3] = {{1, &a[1]}, {3, &a[2]}, {5, NULL}}, b[3] = {{2, &b[1]}, {4, &b[2]}, {6, NULL}};
  printf("a = 1,3,5  b = 2,4,6: %d\n", merge_check(a, b));
  struct node s = {7, NULL};
  printf("a == b == one node: %d\n", merge_check(&s, &s));
  struct node u[3] = {{1, &u[1]}, {2, &u[2]}, {3, NULL}};
  printf("b = a->next (shared tail of 1,2,3): %d\n", merge_check(&u[0], &u[1]));
  return 0;
}
