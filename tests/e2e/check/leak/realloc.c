/* A growing array: realloc frees the old block where it succeeds. */
#include <stdlib.h>
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 6) return 0;
  int *v = malloc(sizeof(int));          /* @ leak proved: realloc frees it */
  int cap = 1;
  for (int i = 0; i < n; i++) {
    if (i == cap) {
      int *w = realloc(v, 2 * cap * sizeof(int));   /* @ leak found */
      if (!w) { free(v); return 1; }
      v = w;
      cap *= 2;
    }
    v[i] = i;
  }
  if (n == 5) return 2;                  /* v leaks */
  free(v);
  return 0;
}
