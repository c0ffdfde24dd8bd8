/* ite deductions (INKA paper section 3): targets marked T<n>. */

/* The then-branch of the first if is refuted by the condition further down. */
int refute_later(int x) {
  int y;
  if (x > 10)
    y = 1;
  else
    y = 2;
  if (y == 2 && x > 20) {
    /*T1*/ return 1;
  }
  return 0;
}

/* Same, through arithmetic on the merged value. */
int refute_chain(int x, int z) {
  int y, w;
  if (x > 10)
    y = 1;
  else
    y = 2;
  w = y * 3 + 1;
  if (w == 7 && x > 20 && z > 0) {
    /*T2*/ return 1;
  }
  if (w == 4 && x > 20 && z > 0) {
    /*T3*/ return 2;
  }
  return 0;
}

/* Both branches survive; x is pruned to the union [-10, 0] u [190, 210]. */
int union_prune(int x) {
  int y;
  if (x > 0)
    y = x - 100;
  else
    y = x + 100;
  if (y >= 90 && y <= 110) {
    /*T4*/ return 1;
  }
  return 0;
}

/* Only the else branch can give y == 7: x fixed by propagation alone. */
int one_branch(int x) {
  int y;
  if (x < 0)
    y = x + 100;
  else
    y = x * 2;
  if (y == 7) {
    /*T5*/ return 1;
  }
  return 0;
}

/* a == b && b == c makes a and c one known-equal class. */
int equal_class(int a, int b, int c) {
  if (a == b && b == c) {
    if (a != c) {
      /*T6*/ return 1;
    }
    if (c < a) {
      /*T7*/ return 2;
    }
    /*T8*/ return 3;
  }
  return 0;
}

/* Nested ifs: the outer else is refuted through the inner merge. */
int nested(int x, int y) {
  int r = 0;
  if (x > 0) {
    if (y > 0)
      r = 1;
    else
      r = 2;
  } else {
    r = 3;
  }
  if (r == 2 && y > 5) {
    /*T9*/ return 1;
  }
  if (r + x == 1000) {
    /*T10*/ return 2;
  }
  return 0;
}
