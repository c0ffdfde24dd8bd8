/* Figure 7 of the INKA dynamic-memory paper (program foo), in C, and
   variants of its last condition.  Targets marked T<n>. */
#include <stdlib.h>

struct rec { int f; int t; };

int foo(int cond1, int cond2, int cond3, int i) {
  struct rec *a, *b, *c, *p;
  int j;
  a = malloc(sizeof(struct rec));      /* M0 */
  b = malloc(sizeof(struct rec));      /* M1 */
  c = malloc(sizeof(struct rec));
  if (a == 0 || b == 0 || c == 0)
    return -1;
  a->f = 1;
  b->f = 2;
  c->f = 3;                            /* M2 */
  if (cond1) {
    p = a;
  } else {
    if (cond2) {
      p = b;
    } else {
      p = c;
    }
  }                                    /* M3 */
  if (cond3) {
    free(p);                           /* M4 */
  } else {
    p->t = i;                          /* M5 -> M6 */
    j = p->t;
    if (p != a && b->t == 6 && j > 2) {
      /*T1*/ return 1;
    }
  }
  return 0;
}

int foo_c(int cond1, int cond2, int cond3, int i) {
  struct rec *a, *b, *c, *p;
  int j;
  a = malloc(sizeof(struct rec));      /* M0 */
  b = malloc(sizeof(struct rec));      /* M1 */
  c = malloc(sizeof(struct rec));
  if (a == 0 || b == 0 || c == 0)
    return -1;
  a->f = 1;
  b->f = 2;
  c->f = 3;                            /* M2 */
  if (cond1) {
    p = a;
  } else {
    if (cond2) {
      p = b;
    } else {
      p = c;
    }
  }                                    /* M3 */
  if (cond3) {
    free(p);                           /* M4 */
  } else {
    p->t = i;                          /* M5 -> M6 */
    j = p->t;
    if (p != a && c->t == 6 && j > 2) {
      /*T2*/ return 1;
    }
  }
  return 0;
}

int foo_f(int cond1, int cond2, int cond3, int i) {
  struct rec *a, *b, *c, *p;
  int j;
  a = malloc(sizeof(struct rec));      /* M0 */
  b = malloc(sizeof(struct rec));      /* M1 */
  c = malloc(sizeof(struct rec));
  if (a == 0 || b == 0 || c == 0)
    return -1;
  a->f = 1;
  b->f = 2;
  c->f = 3;                            /* M2 */
  if (cond1) {
    p = a;
  } else {
    if (cond2) {
      p = b;
    } else {
      p = c;
    }
  }                                    /* M3 */
  if (cond3) {
    free(p);                           /* M4 */
  } else {
    p->t = i;                          /* M5 -> M6 */
    j = p->t;
    if (p->f == 3 && j == -4) {
      /*T3*/ return 1;
    }
  }
  return 0;
}

int foo_a(int cond1, int cond2, int cond3, int i) {
  struct rec *a, *b, *c, *p;
  int j;
  a = malloc(sizeof(struct rec));      /* M0 */
  b = malloc(sizeof(struct rec));      /* M1 */
  c = malloc(sizeof(struct rec));
  if (a == 0 || b == 0 || c == 0)
    return -1;
  a->f = 1;
  b->f = 2;
  c->f = 3;                            /* M2 */
  if (cond1) {
    p = a;
  } else {
    if (cond2) {
      p = b;
    } else {
      p = c;
    }
  }                                    /* M3 */
  if (cond3) {
    free(p);                           /* M4 */
  } else {
    p->t = i;                          /* M5 -> M6 */
    j = p->t;
    if (p == a && b->t == 6) {
      /*T4*/ return 1;
    }
  }
  return 0;
}

int foo_freed(int cond1, int cond2, int cond3, int i) {
  struct rec *a, *b, *c, *p;
  int j;
  a = malloc(sizeof(struct rec));      /* M0 */
  b = malloc(sizeof(struct rec));      /* M1 */
  c = malloc(sizeof(struct rec));
  if (a == 0 || b == 0 || c == 0)
    return -1;
  a->f = 1;
  b->f = 2;
  c->f = 3;                            /* M2 */
  if (cond1) {
    p = a;
  } else {
    if (cond2) {
      p = b;
    } else {
      p = c;
    }
  }                                    /* M3 */
  if (cond3) {
    free(p);                           /* M4 */
    if (a->f + b->f == 3) {
      /*T5*/ return 5;
    }
    if (p->f == 1) {
      /*T6*/ return 6;
    }
  } else {
    p->t = i;                          /* M5 -> M6 */
    j = p->t;
  }
  return 0;
}
