/* Keys prepended to a list; a key that shows up three times is the error. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }

struct item {
  int key;
  struct item *next;
};

static struct item *prepend(struct item *head, int key) {
  struct item *x = malloc(sizeof *x);
  if (!x) abort();
  x->key = key;
  x->next = head;
  return x;
}

static int count(const struct item *l, int key) {
  int c = 0;
  for (; l; l = l->next)
    if (l->key == key) c++;
  return c;
}

int main(void) {
  struct item *head = 0;
  while (__VERIFIER_nondet_int()) {
    int k = __VERIFIER_nondet_int();
    if (k < 0 || k > 1000) continue;
    head = prepend(head, k);
  }
  for (struct item *a = head; a; a = a->next) {
    if (count(head, a->key) == 3 && a->key > 500) {
      reach_error(); /* expect reachable */
    }
  }
  return 0;
}
