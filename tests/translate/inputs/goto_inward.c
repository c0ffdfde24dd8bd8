/* goto into nested blocks: into a loop body (the condition is skipped), an
   if branch (the condition is not evaluated), a do-while body, two levels
   deep, past a statement that holds another label, and out of a loop into
   a later block.  Checked against gcc-compiled brute force over x, y in
   [-20, 20].  Targets marked T<n>. */
int into_loop(int x, int y) {
  int n = 0;
  if (x > 5)
    goto body;
  while (n < y) {
    /*T1*/ n = n + 2;
  body:
    n = n + 1;
    if (n == 7 && x > 5) {
      /*T2*/ return 1;        /* y >= 5: 1, 4, 7 */
    }
  }
  if (n == 1 && y < -10) {
    /*T3*/ return 2;          /* x > 5 entered the body once */
  }
  return n;
}

int into_branches(int x, int y) {
  int r = 0;
  if (x == 3)
    goto in_then;
  if (x == 4)
    goto in_else;
  if (y > 0) {
    r = 10;
  in_then:
    r = r + 1;
    if (r == 1 && y > 0) {
      /*T4*/ return -1;       /* via the goto only: x == 3, y > 0 */
    }
  } else {
    r = 20;
  in_else:
    r = r + 2;
    if (r == 2 && y > 0) {
      /*T5*/ return -2;       /* x == 4, y > 0 */
    }
    if (r == 22 && x == 4) {
      /*T6*/ return -3;       /* never: x == 4 skipped r = 20 */
    }
  }
  return r;
}

int deep(int x, int y) {
  int k = 0, s = 0;
  if (y == 9)
    goto deep_in;
  if (y == 8)
    goto past;
  if (x > 0) {
    do {
      k = k + 1;
      if (k > 2) {
      deep_in:
        s = s + 100;
        if (s == 100 && k == 0) {
          /*T7*/ return 1;    /* y == 9 */
        }
        break;
      }
    } while (k < x);
  }
  s = s + 1;
past:
  s = s + 2;
  if (s == 2) {
    /*T8*/ return 2;          /* y == 8 skipped everything */
  }
  if (s == 103 && y != 9) {
    /*T9*/ return 3;          /* x >= 3 */
  }
  return s;
}

int out_and_in(int x, int y) {
  int i = 0, t = 0;
  for (i = 0; i < 10; i++) {
    if (i == x)
      goto later;
    t = t + i;
  }
  if (t == 45) {
    /*T10*/ t = 0;
    {
    later:
      t = t + 1000;
    }
  }
  if (t == 1000 + 0 + 1 + 2 && y == 1) {
    /*T11*/ return 1;         /* x == 3 */
  }
  if (t == 1000 && x > 9) {
    /*T12*/ return -1;        /* x > 9: t = 45, then 0, then 1000 */
  }
  return t;
}
