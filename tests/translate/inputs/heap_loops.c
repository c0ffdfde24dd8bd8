/* Heap memory inside loops: arrays and lists built, read and freed in
   loops, checked against gcc-compiled brute force over x, y in [-20, 20].
   Targets marked T<n>. */
#include <stdlib.h>

struct node { int key; struct node *next; };

int heap_array(int x, int y) {
  int n = 5, i, s = 0;
  int *a = malloc(5 * sizeof(int));
  if (a == 0)
    return -1;
  for (i = 0; i < n; i++)
    a[i] = i * x;
  for (i = 0; i < n; i++)
    if (a[i] > y)
      s++;
  free(a);
  if (s == 3) {
    /*T1*/ return 1;
  }
  if (s == 5 && x < 0) {
    /*T2*/ return 2;
  }
  if (s == 4 && y == 0) {
    /*T3*/ return 3;
  }
  return s;
}

int free_in_loop(int x, int y) {
  struct node *head = 0, *c, *nx;
  int i, n = 0;
  for (i = 0; i < 3; i++) {
    c = malloc(sizeof(struct node));
    if (c == 0)
      return -1;
    c->key = i;
    c->next = head;
    head = c;
  }
  c = head;
  while (c != 0) {
    nx = c->next;
    if (c->key == x)
      free(c);
    c = nx;
    n++;
  }
  if (head->key == 2 && y > 0) {
    /*T4*/ return 1;
  }
  if (n == 3 && x == 7) {
    /*T5*/ return 2;
  }
  return n;
}

int calloc_loop(int x, int y) {
  int *a = calloc(6, sizeof(int));
  int i, z = 0;
  if (a == 0)
    return -1;
  for (i = 0; i < x && i < 6; i++)
    a[i] = i + 1;
  for (i = 0; i < 6; i++)
    if (a[i] == 0)
      z++;
  if (z == 2 && y == x) {
    /*T6*/ return 1;
  }
  if (z == 7) {
    /*T7*/ return 2;
  }
  if (a[5] == 6 && y < -10) {
    /*T8*/ return 3;
  }
  return z;
}

/* A search whose loop condition dereferences (q && q->key != y): the
   condition's side effects may end the path, so each check is guarded by
   "still running" (once UNKNOWN, "not supported yet"). */
int search_in_condition(int x, int y) {
  struct node *h = 0;
  for (int i = 0; i < 3; i++) {
    struct node *n = malloc(sizeof *n);
    n->key = i == 0 ? x : i == 1 ? 2 * x : x + 7;
    n->next = h;
    h = n;
  }
  struct node *q = h;
  while (q && q->key != y)
    q = q->next;
  if (q && q->key == 14 && x == 7) {
    /*T9*/ return 1;
  }
  if (!q && y == 5 && x == 5) {
    /*T10*/ return 2;
  }
  if (q && q->next == 0) {
    /*T11*/ return 3;
  }
  return 0;
}
