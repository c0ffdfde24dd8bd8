/* A list of min(n, 1000) cells built from an input, then walked (issue 16,
   item 3): bench/list_walk.py asks for iteration K of the walk. */
#include <stdlib.h>

struct cell {
  int key;
  struct cell *next;
};

int walk(int n) {
  struct cell *head = NULL;
  int i, m = n < 1000 ? n : 1000;
  for (i = 0; i < m; i++) {
    struct cell *c = malloc(sizeof *c);
    c->key = i;
    c->next = head;
    head = c;
  }
  int s = 0;
  struct cell *p = head;
  while (p) {
    s += p->key; /* the walk step */
    p = p->next;
  }
  return s;
}
