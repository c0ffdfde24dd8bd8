#include <stdio.h>
#include "../programs/b2_treeshape.c"
int main(void) {
  struct tree c = {3, NULL, NULL}, b = {2, NULL, &c}, a = {1, NULL, &b};
  struct tree x2 = {0, NULL, NULL}, x = {0, &x2, NULL}, r = {0, &x, &x};
  struct tree i50 = {50, NULL, NULL}, rr = {51, &i50, NULL}, root = {49, NULL, &rr};
  printf("%d %d %d\n", shape(&a), shape(&r), bst_probe(&root));
  return 0;
}
