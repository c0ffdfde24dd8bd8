/* A list built on the heap in a loop, then searched by a loop that breaks
   on a key.  Wrong verdicts: with four or more nodes the model proves
   UNREACHABLE, at the root (0 search nodes), targets that gcc-compiled code
   reaches (find4: y == -1 gives len == 4; with three nodes it is found).
   Targets marked T<n>; brute force over x, y in [-20, 20]. */
#include <stdlib.h>

struct node { int key; struct node *next; };

int find4(int y) {
  struct node *head = 0, *c;
  int i, len = 0;
  for (i = 0; i < 4; i++) {
    c = malloc(sizeof(struct node));
    c->key = i;
    c->next = head;
    head = c;
  }
  for (c = head; c != 0; c = c->next) {
    if (c->key == y)
      break;
    len++;
  }
  if (len == 4) {
    /*T1*/ return 1;
  }
  if (len == 1) {
    /*T2*/ return 2;
  }
  return 0;
}

int list_sum(int x, int y) {
  struct node *head = 0, *c;
  int i, s = 0, len = 0;
  for (i = 0; i < 4; i++) {
    c = malloc(sizeof(struct node));
    if (c == 0)
      return -1;
    c->key = x + i;
    c->next = head;
    head = c;
  }
  for (c = head; c != 0; c = c->next) {
    if (c->key == y) {
      /*T3*/ break;
    }
    s += c->key;
    len++;
  }
  if (len == 2 && s == 17) {
    /*T4*/ return 1;
  }
  if (len == 4 && s == 6) {
    /*T5*/ return 2;
  }
  if (len == 1 && s == 0) {
    /*T6*/ return 3;
  }
  if (len == 3 && s == 1) {
    /*T7*/ return 4;
  }
  return s;
}

