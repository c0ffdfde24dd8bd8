/* Floyd's cycle detection on an input list. */
#include <stddef.h>

struct node { int val; struct node *next; };

int has_cycle(struct node *l) {
  struct node *slow = l, *fast = l;
  int steps = 0;
  while (fast != NULL && fast->next != NULL && steps < 20) {
    slow = slow->next;
    fast = fast->next->next;
    steps++;
    if (slow == fast) {
      if (steps == 2)
        return 1;                               /*@ met2 */
      return 2;
    }
  }
  if (steps == 3 && fast == NULL)
    return 3;                                   /*@ even_end */
  return 0;
}
