/* A doubly linked list appended to at its tail with nondet values, then
   walked backwards from the tail. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
void reach_error(void) { abort(); }

struct dnode {
  struct dnode *prev, *next;
  unsigned char data;
};

int main(void) {
  struct dnode *head = 0, *tail = 0;
  int n = 0;
  while (__VERIFIER_nondet_int() && n < 5) {
    struct dnode *d = calloc(1, sizeof *d);
    if (!d) abort();
    d->data = __VERIFIER_nondet_uchar();
    d->prev = tail;
    if (tail) tail->next = d;
    else head = d;
    tail = d;
    n++;
  }
  int rising = 1, k = 0;
  for (struct dnode *d = tail; d && d->prev; d = d->prev, k++)
    if (d->prev->data >= d->data) rising = 0;
  if (rising && k == 3 && head->data == 200) {
    reach_error(); /* expect reachable */
  }
  return 0;
}
