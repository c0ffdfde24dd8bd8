#include <stdio.h>
int f(int x) {
  x++;
  printf("%d\n", x);
  return x;
}
