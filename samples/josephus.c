/* The Josephus program of the INKA memory paper: n nodes in a circular
   list, every m-th one eliminated until one survives.
   inka-ng --reach samples/josephus.c:21 --iter 40 samples/josephus.c
   asks for inputs that run the elimination loop 40 times. */
#include <stdlib.h>

struct node { int key; struct node *next; };

int josephus(int n, int m) {
  int i;
  struct node *t, *x;
  t = malloc(sizeof(struct node));
  t->key = 1;
  x = t;
  for (i = 2; i <= n; i++) {
    t->next = malloc(sizeof(struct node));
    t = t->next;
    t->key = i;
  }
  t->next = x;
  while (t != t->next) {
    for (i = 1; i < m; i++)
      t = t->next;
    x = t->next;
    t->next = x->next;
    free(x);
  }
  return t->key;
}
