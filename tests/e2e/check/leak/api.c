/* Functions under test (--function): the caller owns what it passes and
   what it gets back; what neither can reach is leaked.  The input object
   freed by drop_first is not a block this run allocated. */
#include <stdlib.h>

struct item { int v; struct item *next; };

struct item *drop_first(struct item *head, int keep_copy) {
  if (!head) return 0;
  struct item *rest = head->next;
  struct item *copy = malloc(sizeof *copy);     /* @ leak found from drop_first */
  copy->v = head->v;
  copy->next = 0;
  free(head);
  if (keep_copy == 3) return rest;              /* the copy is lost */
  copy->next = rest;
  return copy;
}

int *make_buffer(int n) {
  int *b = malloc(16 * sizeof(int));            /* @ leak proved from make_buffer: the caller gets it */
  if (n > 16) {
    free(b);
    return 0;
  }
  b[0] = n;
  return b;
}

int count_even(int n) {
  int *seen = calloc(8, sizeof(int));           /* @ leak proved from count_even */
  int c = 0;
  for (int i = 0; i < n && i < 8; i++) seen[i] = i % 2 == 0, c += seen[i];
  free(seen);
  return c;
}
