/* Arrays with symbolic indices, checked against gcc-compiled brute force
   over i, j in [-20, 20].  CHK(i, n) is the index i for the solver; the
   brute-force build ends the run when i is outside [0, n). */
#ifndef CHK
#define CHK(i, n) (i)
#endif

int sym_store_load(int i, int j) {
  int a[5] = {3, 1, 4, 1, 5};
  a[CHK(i, 5)] = j;
  if (a[CHK(j, 5)] == 4) {
    /*T1*/ return 1;
  }
  if (a[2] == 2 && a[0] == 3) {
    /*T2*/ return 2;
  }
  if (a[1] + a[3] == 1) {
    /*T3*/ return 3;
  }
  if (a[4] == 9) {
    /*T4*/ return 4;
  }
  return 0;
}

int loop_fill(int i, int j) {
  int b[6];
  int k, s = 0;
  for (k = 0; k < 6; k++)
    b[k] = k * k - 2 * k;
  b[CHK(i, 6)] += b[CHK(j, 6)];
  for (k = 0; k < 6; k++)
    s += b[k];
  if (s == 25) {
    /*T5*/ return 1;
  }
  if (s == 17) {
    /*T6*/ return 2;
  }
  if (s == 11 && i == j) {
    /*T7*/ return 3;
  }
  if (s == 0) {
    /*T8*/ return 4;
  }
  return s;
}

int two_arrays(int i, int j) {
  int a[3] = {1, 2, 3};
  int b[3] = {7, 8, 9};
  int *p;
  if (i > j)
    p = a;
  else
    p = b;
  p[CHK(i + j, 3)] = 0;
  if (a[0] + a[1] + a[2] == 3) {
    /*T9*/ return 1;
  }
  if (b[0] + b[1] + b[2] == 16) {
    /*T10*/ return 2;
  }
  if (a[1] == 0 && b[1] == 0) {
    /*T11*/ return 3;
  }
  return 0;
}

int index_chain(int i, int j) {
  int perm[4] = {2, 0, 3, 1};
  int k = perm[CHK(i, 4)];
  k = perm[k];
  if (k == j && j == 3) {
    /*T12*/ return 1;
  }
  if (perm[k] == i + 10) {
    /*T13*/ return 2;
  }
  return 0;
}
