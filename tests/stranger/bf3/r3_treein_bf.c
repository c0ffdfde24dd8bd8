#include <stdio.h>
#include "../programs/r3_treein.c"
int main(void) {
  struct tree t[4] = {{10, &t[1], NULL}, {3, NULL, &t[2]}, {8, &t[3], NULL}, {7, NULL, NULL}};
  printf("probe(10 -> l 3 -> r 8 -> l 7)=%d\n", probe(t));
  struct tree u[3] = {{5, &u[1], NULL}, {0, &u[2], NULL}, {0, NULL, NULL}};
  printf("shape(chain of 3, root 5)=%d\n", shape(u));
  struct tree v[2] = {{0, &v[1], &v[1]}, {0, NULL, NULL}};
  printf("shape(root with one shared child)=%d (size 3: not > 3)\n", shape(v));
  return 0;
}
