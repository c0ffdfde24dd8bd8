/* A function over a list given as input: inka-ng builds the list. */
#include <stddef.h>

struct cell {
  int key;
  struct cell *next;
};

/* Unlinks the cells of a sorted list whose key repeats the one before;
   returns how many it unlinked, or -1 when the list is not sorted. */
int dedup(struct cell *list) {
  int removed = 0;
  struct cell *c = list;
  while (c != NULL && c->next != NULL) {
    if (c->next->key < c->key)
      return -1;
    if (c->next->key == c->key) {
      c->next = c->next->next;
      removed++;
    } else {
      c = c->next;
    }
  }
  if (removed == 2 && list->key > 0)
    return 2;
  return removed;
}
