/* Loops with break, continue and return, each target marked T<n>.  Checked
   against gcc-compiled brute force over x, y in [-20, 20]. */

int brk(int x) {
  int i, s = 0;
  for (i = 0; i < 10; i++) {
    if (i * i > x) {
      /*T1*/ break;
    }
    s += i;
  }
  if (s == 6) {
    /*T2*/ return 1;
  }
  if (s == 7) {
    /*T3*/ return 2;
  }
  if (i == 10) {
    /*T4*/ return 3;
  }
  return 0;
}

int cont(int x) {
  int i = 0, c = 0;
  while (i < 12) {
    i++;
    if (i % 3 == 0)
      continue;
    if (i > x) {
      /*T5*/ break;
    }
    c++;
  }
  if (c == 5) {
    /*T6*/ return 1;
  }
  if (c == 6) {
    /*T7*/ return 2;
  }
  if (c == 8 && i == 12) {
    /*T8*/ return 3;
  }
  if (c == 9) {
    /*T9*/ return 4;
  }
  return 0;
}

int ret_nested(int x, int y) {
  int i, j;
  for (i = 0; i < 4; i++) {
    for (j = 0; j < 4; j++) {
      if (i * j == x + y) {
        if (x > y) {
          /*T10*/ return i;
        }
        /*T11*/ return -j;
      }
    }
  }
  if (x + y == 4) {
    /*T12*/ return 100;
  }
  if (x + y == 5) {
    /*T13*/ return 101;
  }
  return 7;
}

int dowhile(int x) {
  int n = 0;
  do {
    n++;
    if (n * 3 > x + 20) {
      /*T14*/ break;
    }
    if (n == 5) {
      /*T15*/ return -1;
    }
  } while (n < x);
  if (n == 1 && x > 0) {
    /*T16*/ return 1;
  }
  if (n == 4) {
    /*T17*/ return 4;
  }
  if (n == 6) {
    /*T18*/ return 6;
  }
  return 0;
}

int search_first(int x, int y) {
  int i, found = -1;
  for (i = 0; i < 8; i++) {
    if (i == y)
      continue;
    if (i * 2 == x) {
      found = i;
      break;
    }
  }
  if (found < 0) {
    /*T19*/ return -1;
  }
  if (found == y) {
    /*T20*/ return -2;
  }
  if (found == 3 && i == 3) {
    /*T21*/ return 3;
  }
  if (found == 3 && i != 3) {
    /*T22*/ return 4;
  }
  return found;
}

int count_down(int x) {
  int k = x, steps = 0;
  while (1) {
    if (k <= 0) {
      /*T23*/ return steps;
    }
    k -= 3;
    steps++;
    if (steps > 4) {
      /*T24*/ break;
    }
  }
  if (steps == 5 && k > 0) {
    /*T25*/ return 50;
  }
  if (steps == 5 && k < -2) {
    /*T26*/ return 51;
  }
  return 0;
}
