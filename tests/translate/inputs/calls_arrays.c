/* Calls with pointers to locals, globals, a pointer walking an array, a
   two-dimensional array, a search loop over a stack array.  Checked against
   gcc-compiled brute force over x, y in [-20, 20].  Targets marked T<n>. */
#include <stdlib.h>
int g_count;
int g_arr[4];

int search(int x, int y) {
  int a[6] = {5, -3, 8, 0, 8, 2};
  int i;
  a[2] = y;
  for (i = 0; i < 6; i++) {
    if (a[i] == x)
      break;
  }
  if (i == 6) {
    /*T1*/ return -1;
  }
  if (i == 4 && y != 8) {
    /*T2*/ return 4;
  }
  if (i == 4 && y == 8) {
    /*T3*/ return 5;
  }
  if (i == 2 && x == -3) {
    /*T4*/ return 2;
  }
  return i;
}

static void swap(int *p, int *q) {
  int t = *p;
  *p = *q;
  *q = t;
}

int sort3(int x, int y) {
  int a = x, b = y, c = 3;
  if (a > b) swap(&a, &b);
  if (b > c) swap(&b, &c);
  if (a > b) swap(&a, &b);
  if (a == 3 && b == 3) {
    /*T5*/ return 1;
  }
  if (a > b || b > c) {
    /*T6*/ return 2;
  }
  if (c == x && a == y && b == 3) {
    /*T7*/ return 3;
  }
  return 0;
}

static int sum_to(int *arr, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += arr[i];
  return s;
}

int globals(int x, int y) {
  int k;
  for (k = 0; k < 4; k++)
    g_arr[k] = k * x;
  g_count = sum_to(g_arr, 4);
  if (g_count == 12 && y == 1) {
    /*T8*/ return 1;
  }
  if (g_count == 7) {
    /*T9*/ return 2;
  }
  if (g_arr[3] == -15) {
    /*T10*/ return 3;
  }
  return 0;
}

int ptr_loop(int x, int y) {
  int a[5] = {1, 2, 3, 4, 5};
  int *p, s = 0;
  for (p = a; p < a + 5; p++) {
    if (*p == x)
      *p = y;
    s += *p;
  }
  if (s == 15) {
    /*T11*/ return 1;
  }
  if (s == 30) {
    /*T12*/ return 2;
  }
  if (s == 11 && x == 4) {
    /*T13*/ return 3;
  }
  if (s == 100) {
    /*T14*/ return 4;
  }
  return 0;
}

int grid2d(int x, int y) {
  int m[3][3];
  int i, j, t = 0;
  for (i = 0; i < 3; i++)
    for (j = 0; j < 3; j++)
      m[i][j] = i * 3 + j;
  if (x >= 0 && x < 3 && y >= 0 && y < 3)
    m[x][y] = -1;
  for (i = 0; i < 3; i++)
    t += m[i][i];
  if (t == 7) {
    /*T15*/ return 1;
  }
  if (t == 12) {
    /*T16*/ return 2;
  }
  if (t == 9) {
    /*T17*/ return 3;
  }
  return 0;
}
