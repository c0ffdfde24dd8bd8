/* Pointer arithmetic inside one array, checked against gcc-compiled brute
   force over i, j in [-20, 20].  CHK(i, n) is the index i for the solver;
   the brute-force build ends the run when i is outside [0, n).  A pointer
   moved past its array must end the path, even where the address it
   computes would fall on another object of the frame. */
#ifndef CHK
#define CHK(i, n) (i)
#endif

int ptr_walk(int i, int j) {
  int a[6] = {0, 10, 20, 30, 40, 50};
  int *p = a + CHK(i, 7);
  int v = p[CHK(i + j, 6) - i];
  if (v == 40 && i == 3) {
    /*T1*/ return 1;
  }
  if (v == 25) {
    /*T2*/ return 2;
  }
  p[CHK(i, 6) - i] = v + 1;
  if (a[2] == 51) {
    /*T3*/ return 3;
  }
  if (a[0] == 1 && j > 0) {
    /*T4*/ return 4;
  }
  return 0;
}


/* Minimal: a + 4 lands past a[2]; it must not read b. */
int past_end(int i) {
  int a[2] = {1, 2};
  int b = 77;
  int *p = &b;
  if (*(a + CHK(i, 2)) == 77) {
    /*T5*/ return *p;
  }
  return 0;
}

int past_end_index(int i) {
  int a[2] = {1, 2};
  int b[2] = {77, 78};
  int *p = a;
  if (p[CHK(i, 2)] == 77 || b[1] == p[CHK(i, 2)]) {
    /*T6*/ return 1;
  }
  return 0;
}
