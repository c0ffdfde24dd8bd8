/* Loops over unsigned 64-bit values that cross 2^63 or wrap past 2^64 - 1,
   from int inputs: every deduction (may_reach, loop summaries, congruences,
   bounds) must take them as the numbers 0 .. 2^64 - 1, never as the
   negative numbers their bit patterns read as.  Checked against gcc-compiled
   brute force over x, y in [-20, 20]. */

/* the case that was a wrong UNREACHABLE: the loop writes a, which may then
   hold any value of its type */
int cross(int x, int y) {
  unsigned long long a = 9223372036854775800ULL + x;
  for (int i = 0; i < y; i++) {
    if (a >= 9223372036854775810ULL) {
      /*T1*/ return 1;
    }
    a = a + 10;
  }
  return 0;
}

/* the same from a constant: refuted at the root, before any run */
int from_const(int n) {
  unsigned long long a = 0;
  for (int i = 0; i < n; i++) {
    if (a >= 5) {
      /*T7*/ return 1;
    }
    a = a + 10;
  }
  return 0;
}

int from_zero(int x, int y) {
  unsigned long long a = (unsigned long long)x;
  for (int i = 0; i < y; i++) {
    if (a >= 5 && a < 100) {
      /*T2*/ return 1;
    }
    a = a + 10;
  }
  return 0;
}

int even(int x) {
  unsigned long long b = (unsigned long long)x * 2;
  if (b == 1) {
    /*T3*/ return 1;
  }
  return 0;
}

int down_wraps(int x) {
  unsigned long long k = (unsigned long long)(x + 3);
  int c = 0;
  while (k > 0 && c < 30) {
    k -= 2;
    c++;
    if (k > 9223372036854775808ULL) {
      /*T4*/ return c;
    }
  }
  return -1;
}

int stays_high(int x, int y) {
  unsigned long long a = 9223372036854775808ULL + (unsigned long long)(x + 20);
  for (int i = 0; i < y; i++) {
    if (a < 9223372036854775808ULL) {
      /*T5*/ return 1;
    }
    a += 2;
  }
  return 0;
}

int squares(int x, int y) {
  unsigned long long a = 9223372036854775808ULL;
  for (int i = 0; i < y; i++) {
    if (a * a == 0 && x == 7) {
      /*T6*/ return 1;
    }
    a += 2;
  }
  return 0;
}
