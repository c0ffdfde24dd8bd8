/* Leaks at the end of main: on some inputs, on none, or never (a global
   keeps the block).  Each marked line: --check leak --at LINE. */
#include <stdlib.h>

struct node { int key; struct node *next; };
struct node *registry;

static struct node *push(struct node *head, int key) {
  struct node *n = malloc(sizeof *n); /* @ leak found */
  n->key = key;
  n->next = head;
  return n;
}

static void release(struct node *head) {
  while (head) {
    struct node *next = head->next;
    free(head);
    head = next;
  }
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  int code = __VERIFIER_nondet_int();
  if (n < 0 || n > 8) return 0;
  struct node *list = 0;
  for (int i = 0; i < n; i++) list = push(list, i);
  if (code == 4242) return 1;                   /* the list is lost */
  release(list);
  int *scratch = malloc(4 * sizeof(int));       /* @ leak proved */
  scratch[0] = n;
  free(scratch);
  registry = malloc(sizeof *registry);          /* @ leak proved: a global keeps it */
  registry->next = 0;
  return 0;
}
