#include <stdio.h>
#include <stddef.h>
#include "../programs/r4_dlist.c"
/* witnesses by hand; check() over every pointer assignment of prev/next
   among 3 nodes and NULL (4^6 shapes, values fixed) for back_mismatch,
   reinsert() over every a/x choice and pointer shape of 3 nodes */
int main(void) {
  struct dn a[3] = {{10, NULL, &a[1]}, {5, &a[0], &a[2]}, {15, &a[1], NULL}};
  printf("check(10,5,15)=%d\n", check(a));
  struct dn b[6]; int vals[6] = {-1, -1, -1, -1, -1, -1};
  for (int i = 0; i < 6; i++) { b[i].v = vals[i]; b[i].prev = i ? &b[i - 1] : NULL; b[i].next = i < 5 ? &b[i + 1] : NULL; }
  printf("check(six -1)=%d\n", check(b));
  struct dn l[3] = {{1, NULL, &l[1]}, {2, &l[0], &l[2]}, {10, &l[1], NULL}}, x = {3, NULL, NULL};
  printf("reinsert(1,2,10; x=3)=%d\n", reinsert(l, &x));
  struct dn n[4]; long cnt[4] = {0}, rc[3] = {0};
  for (int code = 0; code < 4096; code++) { int k = code;
    for (int i = 0; i < 3; i++) { n[i].v = i; int p = k & 3; k >>= 2; int q = k & 3; k >>= 2;
      n[i].prev = p == 3 ? NULL : &n[p]; n[i].next = q == 3 ? NULL : &n[q]; }
    struct dn save[3]; for (int i = 0; i < 3; i++) save[i] = n[i];
    int r = check(n); if (r >= 0) cnt[r]++;
    for (int ai = 0; ai < 3; ai++) for (int xi = 0; xi < 4; xi++) {
      for (int i = 0; i < 3; i++) n[i] = save[i]; n[3].v = 7; n[3].prev = n[3].next = NULL;
      int r2 = reinsert(&n[ai], &n[xi]); if (r2 >= 0) rc[r2]++; } }
  printf("check over 4096 shapes: ret0 %ld ret1 %ld ret2 %ld ret3 %ld\n", cnt[0], cnt[1], cnt[2], cnt[3]);
  printf("reinsert over shapes: ret0 %ld ret1 %ld ret2 %ld\n", rc[0], rc[1], rc[2]);
  return 0; }
