/* Builds a list of n heap cells (n <= 300), reverses it, and walks it.
   Every n run by bf3/r3_listbuild_bf.c. */
#include <stdlib.h>

struct cell {
  int v;
  struct cell *next;
};

int build(int n, int k) {
  struct cell *head = NULL, *prev = NULL, *p, *q;
  int i, len = 0, first = 0;
  if (n < 0 || n > 300 || k < 1 || k > 6)
    return -1;
  for (i = 0; i < n; i++) {
    p = malloc(sizeof *p);
    p->v = (i * k) % 7;                         /*@ alloc */
    p->next = head;
    head = p;
  }
  /* head holds n-1 ... 0; reverse it back to 0 ... n-1 */
  p = head;
  while (p) {
    q = p->next;
    p->next = prev;
    prev = p;
    p = q;
  }
  head = prev;
  for (p = head; p; p = p->next)
    len++;
  if (head)
    first = head->v;
  while (head) {
    p = head->next;
    free(head);
    head = p;
  }
  if (len != n)
    return 1;                                   /*@ bad_len */
  if (first != 0)
    return 2;                                   /*@ bad_first */
  if (len == 250 && k == 3)
    return 3;                                   /*@ len250 */
  return 0;
}
