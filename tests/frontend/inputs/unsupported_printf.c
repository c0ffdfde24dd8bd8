#include <stdio.h>
int f(int x) {
  x++;
  int n = printf("%d\n", x);
  return x + n;
}
