/* Pointer inputs of simple shapes the concrete mode guesses (label/concrete.c):
   an array given by pointer and length, a string, a NULL-terminated list;
   the emitted driver builds the same memory. */
#include <stddef.h>

struct node {
  int val;
  struct node *next;
};

int big_sum(const int *a, int n) {
  if (a == NULL || n != 1000)
    return 0;
  long s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  if (s == 3000)
    return 1; /* guess */
  return 0;
}

int long_string(const char *s) {
  int n = 0;
  while (s[n] != '\0')
    n++;
  if (n == 300)
    return 1; /* guess */
  return 0;
}

int long_list(struct node *l) {
  int n = 0;
  while (l != NULL) {
    if (l->val != 5)
      return 0;
    n++;
    l = l->next;
  }
  if (n == 500)
    return 1; /* guess */
  return 0;
}
