/* Counting loops whose exit value loop_summary.c knows before unfolding
   (v == max(v0, e) for while (v < e) v++), next to loops it must leave
   alone (a break, a continue skipping the step, a second write, a do-while,
   a bound written in the loop), each followed by targets that depend on the
   exit value.  Targets marked T<n>; brute force over [-20, 20]. */

int up(int n, int k) {
  int i = k, s = 0;
  while (i < n) {
    s = s + i;
    i = i + 1;
  }
  if (n > k && i != n) {
    /*T1*/ return 1;
  }
  if (i == k && n > k) {
    /*T2*/ return 2;
  }
  if (i == 3 && n < 3) {
    /*T3*/ return 3;
  }
  return 0;
}

int down(int n, int k) {
  int j = n;
  for (; j > k; j--) {
  }
  if (j != k && n > k) {
    /*T4*/ return 1;
  }
  if (j == n && n < k) {
    /*T5*/ return 2;
  }
  return 0;
}

int with_break(int n, int k) {
  int i = 0;
  while (i < n) {
    if (i == k)
      break;
    i++;
  }
  if (n > 0 && i != n) {
    /*T6*/ return 1;
  }
  return 0;
}

int with_continue(int n, int k) {
  int i = 0, c = 0;
  while (i < n) {
    c++;
    if (c == k) {
      c = 100;
      continue;
    }
    i++;
    if (c > 30)
      return -1;
  }
  if (n > 0 && i != n) {
    /*T7*/ return 1;
  }
  return 0;
}

int two_steps(int n) {
  int i = 0;
  while (i < n) {
    i++;
    if (i == 5)
      i++;
  }
  if (n > 0 && i != n) {
    /*T8*/ return 1;
  }
  return 0;
}

int do_while(int n) {
  int i = 5;
  do {
    i++;
  } while (i < n);
  if (i != n && n > 5) {
    /*T9*/ return 1;
  }
  if (i == 6 && n < 5) {
    /*T10*/ return 2;
  }
  return 0;
}

int moving_bound(int n) {
  int i = 0;
  while (i < n) {
    i++;
    n--;
  }
  if (i != n) {
    /*T11*/ return 1;
  }
  return 0;
}

int for_step(int n) {
  int k = 0;
  for (int i = 0; i < n; i++) {
    k = k + 2;
  }
  if (k != 2 * n && n > 0) {
    /*T12*/ return 1;
  }
  unsigned u = 3, m = (unsigned)(n + 20);
  while (u < m)
    u += 1;
  if (u != m && n > -17) {
    /*T13*/ return 2;
  }
  if (u == 3) {
    /*T14*/ return 3;
  }
  return 0;
}

/* The loop statement itself as target: the path ends as it starts, so i
   is not 2 at the exit (the differential test found a wrong UNREACHABLE
   when the summary assumed the condition had turned false). */
int header(int a) {
  for (int i = 0; i < 2; i++) { /*T15*/
    a = 1;
  }
  return a;
}
