/* Memory operators through programs (INKA paper section 5, docs/design.md §5.2).
   Targets marked T<n>. */
#include <stdlib.h>

struct rec { int f; int t; };
struct pt { int x; int y; };

/* store_element through an unknown pointer, then loads that see it. */
int store_unknown(int k, int v) {
  int a = 1, b = 2, c = 3;
  int *p;
  if (k == 0)
    p = &a;
  else if (k == 1)
    p = &b;
  else
    p = &c;
  *p = v;
  if (*p != v) {
    /*T1*/ return 1;
  }
  if (a + b + c == 100 && k == 1) {
    /*T2*/ return 2;
  }
  if (b == 2 && c == 3 && a == -7) {
    /*T3*/ return 3;
  }
  return 0;
}

/* load_element: the loaded value fixes the pointer (k <= -6). */
int load_back(int k) {
  int a = 10, b = 20, c = 30;
  int *p;
  if (k > 5)
    p = &a;
  else if (k < -5)
    p = &b;
  else
    p = &c;
  if (*p == 20) {
    /*T4*/ return 1;
  }
  if (*p == 25) {
    /*T5*/ return 2;
  }
  return 0;
}

/* store_element: a cell that changed pins the pointer (cond != 0, i == 5). */
int store_pins(int cond, int i) {
  struct rec *a = malloc(sizeof(struct rec));
  struct rec *b = malloc(sizeof(struct rec));
  struct rec *p;
  if (a == 0 || b == 0)
    return 0;
  a->t = 1;
  b->t = 1;
  if (cond)
    p = a;
  else
    p = b;
  p->t = i;
  if (a->t == 5) {
    /*T6*/ return 1;
  }
  return 0;
}

/* access_s: the field address fixes the record (k == 2). */
int field_addr(int k) {
  struct rec *a = malloc(sizeof(struct rec));
  struct rec *b = malloc(sizeof(struct rec));
  struct rec *c = malloc(sizeof(struct rec));
  struct rec *p;
  int *q;
  if (a == 0 || b == 0 || c == 0)
    return 0;
  if (k == 1)
    p = a;
  else if (k == 2)
    p = b;
  else
    p = c;
  q = &p->t;
  if (q == &b->t) {
    /*T7*/ return 1;
  }
  return 0;
}

/* delete_s: the freed record is the one the later read does not use. */
int free_one(int cond) {
  struct rec *a = malloc(sizeof(struct rec));
  struct rec *b = malloc(sizeof(struct rec));
  struct rec *p;
  if (a == 0 || b == 0)
    return 0;
  a->f = 1;
  b->f = 2;
  if (cond)
    p = a;
  else
    p = b;
  free(p);
  if (b->f == 2) {
    /*T8*/ return 1;
  }
  return 0;
}

/* Use after free ends the path. */
int use_after_free(int x) {
  int *p = malloc(sizeof(int));
  if (p == 0)
    return 0;
  *p = x;
  if (x == 3) {
    /*T9*/ free(p);
  }
  if (*p == 3) {
    /*T10*/ return 1;
  }
  if (*p == 4) {
    /*T11*/ return 2;
  }
  return 0;
}

/* Double free ends the path. */
int double_free(int x) {
  int *p = malloc(sizeof(int));
  if (p == 0)
    return 0;
  if (x > 0) {
    free(p);
  }
  if (x > 2) {
    /*T12*/ return 2;
  }
  free(p);
  if (x == 1) {
    /*T13*/ return 1;
  }
  if (x == -1) {
    /*T14*/ return -1;
  }
  return 0;
}

/* free(NULL) does nothing. */
int free_null(int x) {
  int *p = 0;
  if (x > 3)
    p = malloc(sizeof(int));
  free(p);
  free(0);
  if (x == 1) {
    /*T15*/ return 1;
  }
  return 0;
}

/* An out-of-bounds index ends the path. */
int oob(int i) {
  int a[4] = {0, 0, 0, 0};
  a[i] = 5;
  if (i >= 4 || i < 0) {
    /*T16*/ return 1;
  }
  if (i == 3) {
    /*T17*/ return 2;
  }
  return 0;
}

int oob_read(int i, int j) {
  int a[3] = {4, 5, 6};
  int v = a[i];
  if (j == 0 && v == 4) {
    /*T18*/ return 1;
  }
  if (v == 7) {
    /*T19*/ return 2;
  }
  return 0;
}

/* calloc memory reads 0. */
int calloc_zero(int x) {
  int *p = calloc(4, sizeof(int));
  if (p == 0)
    return 0;
  p[1] = x;
  if (p[2] == 0 && p[1] == 9) {
    /*T20*/ return 1;
  }
  if (p[3] != 0) {
    /*T21*/ return 2;
  }
  return 0;
}

/* malloc memory never written: no test may rely on its value. */
int unwritten(int x) {
  int *p = malloc(2 * sizeof(int));
  if (p == 0)
    return 0;
  p[0] = x;
  if (p[1] == 42) {
    /*T22*/ return 1;
  }
  return 0;
}

int unwritten_field(int x) {
  struct rec *r = malloc(sizeof(struct rec));
  if (r == 0)
    return 0;
  r->f = x;
  if (r->f == 5 && r->t == 8) {
    /*T23*/ return 1;
  }
  return 0;
}

/* A struct local accessed through a pointer. */
int struct_local(int a, int b) {
  struct pt s;
  struct pt *q = &s;
  int *r;
  s.x = a;
  q->y = b;
  if (a > b)
    r = &s.x;
  else
    r = &q->y;
  *r = *r + 10;
  if (s.x == 17 && s.y == 3) {
    /*T24*/ return 1;
  }
  if (q->x == 5 && q->y == 15) {
    /*T25*/ return 2;
  }
  if (s.x + s.y == 2 * a + 20) {
    /*T26*/ return 3;
  }
  return 0;
}

/* p[k] on a freed block: the index is in bounds for k in [0, 4), yet every
   access is a use after free (once a wrong REACHABLE with k == 0: resuming
   after the bounds check skipped the liveness check). */
int freed_indexed(int k) {
  int *p = malloc(4 * sizeof(int));
  p[0] = 1; p[1] = 2; p[2] = 3; p[3] = 4;
  free(p);
  int v = p[k];
  if (v >= 0) {
    /*T27*/ return 1;
  }
  return 0;
}

/* A block malloc'd in an undecided branch, then an array: the branch's
   trial numbered the block where the array lives once the branch is
   decided later (found by the differential test: a wrong UNREACHABLE). */
int malloc_then_array(int a, int b) {
  int *h = 0;
  if (a) {
    h = malloc(sizeof(int));
    *h = 0;
  }
  int x[2] = {0, 0};
  for (int j = 0; j < b; j++) {
    if (*h == 0) {
      /*T28*/ return 1;
    }
  }
  return x[0];
}
