/* Trip counts linked through memory (translate/list_length.c): a loop
   pushes one fresh cell per iteration on a list, a later loop walks it;
   --iter N on the walk bounds the builder's trip count, and through its
   counter the input.  Each verdict follows from the code. */
#include <stdlib.h>

struct node {
  int val;
  struct node *next;
};

/* at most 1000 cells, however large n is */
int walk_capped(int n) {
  struct node *head = NULL;
  int i, m = n < 1000 ? n : 1000;
  for (i = 0; i < m; i++) {
    struct node *c = malloc(sizeof *c);
    c->val = i;
    c->next = head;
    head = c;
  }
  int s = 0;
  struct node *p = head;
  while (p) {
    s += p->val; /* expect reachable --iter 500 --no-concrete */
    p = p->next;
  }
  return s;
}

int walk_capped_past(int n) {
  struct node *head = NULL;
  int i, m = n < 1000 ? n : 1000;
  for (i = 0; i < m; i++) {
    struct node *c = malloc(sizeof *c);
    c->val = i;
    c->next = head;
    head = c;
  }
  int s = 0;
  struct node *p = head;
  while (p) {
    s += p->val; /* expect unreachable --iter 1001 --no-concrete */
    p = p->next;
  }
  return s;
}

int walk_capped_past_default(int n) {
  struct node *head = NULL;
  int i, m = n < 1000 ? n : 1000;
  for (i = 0; i < m; i++) {
    struct node *c = malloc(sizeof *c);
    c->val = i;
    c->next = head;
    head = c;
  }
  int s = 0;
  struct node *p = head;
  while (p) {
    s += p->val; /* expect unreachable --iter 1001 */
    p = p->next;
  }
  return s;
}

/* the list counted down from a bound the caller checks */
static int length(const struct node *p) {
  int k = 0;
  for (; p != NULL; p = p->next)
    k++; /* expect unreachable --iter 65 --function build_and_count */
  return k;
}

int build_and_count(int n) {
  struct node *head = NULL;
  if (n < 0 || n > 64) return -1;
  while (n > 0) {
    struct node *c = calloc(1, sizeof *c);
    c->next = head;
    head = c;
    n--;
  }
  return length(head);
}

/* two walks of the same list, an int store between them */
int twice(int n) {
  struct node *head = NULL;
  int seen[2] = {0, 0};
  if (n > 300) return -1;
  for (int i = 0; i < n; i++) {
    struct node *c = malloc(sizeof *c);
    c->val = i * 3;
    c->next = head;
    head = c;
  }
  for (struct node *p = head; p; p = p->next) seen[0]++;
  seen[1] = seen[0];
  int odd = 0;
  for (struct node *q = head; q; q = q->next) {
    odd += q->val & 1; /* expect unreachable --iter 301 --no-concrete */
  }
  return odd + seen[1];
}

/* a cell may point to itself: no bound may be claimed, the walk runs on */
int maybe_cycle(int n) {
  struct node *head = NULL;
  int m = n < 8 ? n : 8;
  for (int i = 0; i < m; i++) {
    struct node *c = malloc(sizeof *c);
    c->val = i;
    c->next = head;
    if (i == 6) c->next = c;
    head = c;
  }
  int s = 0;
  for (struct node *p = head; p; p = p->next) {
    s += p->val; /* expect reachable --iter 30 --wrapv (the walk never ends: s overflows after the target) */
  }
  return s;
}

/* the walk unlinks as it goes: it stores a pointer, no bound is claimed */
int unlink_all(int n) {
  struct node *head = NULL;
  if (n > 20) return -1;
  for (int i = 0; i < n; i++) {
    struct node *c = malloc(sizeof *c);
    c->val = i;
    c->next = head;
    head = c;
  }
  int s = 0;
  while (head) {
    struct node *nx = head->next;
    s += head->val; /* expect not-reachable --iter 21 */
    head->next = NULL;
    head = nx;
  }
  return s;
}

/* an array filled, then scanned up to the count the first loop left */
int fill_scan(int n, int t) {
  int a[500], k = 0;
  if (n < 0 || n > 500) return -1;
  while (k < n) {
    a[k] = (k * 5) % 9;
    k++;
  }
  int hits = 0;
  for (int j = 0; j < k; j++) {
    if (a[j] == t) hits++; /* expect unreachable --iter 501 --no-concrete */
  }
  return hits;
}

/* nested loops: the inner bound is the outer counter */
int triangle(int n) {
  int s = 0;
  if (n > 50) return -1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++) {
      s += j; /* expect reachable --iter 50,49 */
    }
  return s;
}

int triangle_past(int n) {
  int s = 0;
  if (n > 50) return -1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++) {
      s += j; /* expect unreachable --iter 51,1 */
    }
  return s;
}

/* Collatz steps from a bounded start (871 takes 178 steps, none under 1000 more) */
int collatz(int n) {
  long x = n;
  int steps = 0;
  if (n < 1 || n > 999) return -1;
  while (x != 1) {
    x = x % 2 ? 3 * x + 1 : x / 2;
    steps++; /* expect reachable --iter 178 */
  }
  return steps;
}

int collatz_past(int n) {
  long x = n;
  int steps = 0;
  if (n < 1 || n > 999) return -1;
  while (x != 1) {
    x = x % 2 ? 3 * x + 1 : x / 2;
    steps++; /* expect unreachable --iter 179 */
  }
  return steps;
}
