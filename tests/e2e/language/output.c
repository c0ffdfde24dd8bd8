/* printf, puts and putchar with their results ignored: they print, which
   no objective reads (frontend/output.c); their arguments still trap. */
#include <stdio.h>

int report(int x, double d) {
  int a[4] = {1, 2, 3, 4};
  printf("x = %d, d = %g, %%\n", x, d);
  putchar('\n');
  if (x == 7) {
    puts("seven");
    return 1;
  }
  printf("%d\n", a[x]);
  if (x > 3)
    return 2;
  return 0;
}

int counted(int x) {
  int n = printf("%d\n", x);
  return n;
}

int pointer(const char *s) {
  printf("%s\n", s);
  return 0;
}

int written(int x) {
  int n;
  printf("%d%n\n", x, &n);
  return n;
}

int streams(int x) {
  if (x < 0) {
    fprintf(stderr, "negative: %d\n", x);
    return -1;
  }
  fputs("ok\n", stdout);
  fputc('a', stderr);
  if (x == 9)
    return 1;
  return 0;
}

int other(FILE *f, int x) {
  fprintf(f, "%d", x);
  return 0;
}
