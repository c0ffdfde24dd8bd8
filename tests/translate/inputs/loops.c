/* w deductions: targets marked T<n>. */

/* The objective after the loop forces it to iterate exactly 7 times. */
int forced(int n) {
  int i = 0;
  while (i < n)
    i++;
  if (i == 7) {
    /*T1*/ return 1;
  }
  return 0;
}

int sum(int n) {
  int i = 0, s = 0;
  while (i < n) {
    /*T2*/ s = s + i;
    i++;
  }
  if (s == 45) {
    /*T3*/ return 1;
  }
  return s;
}

int grid(int rows, int cols) {
  int r, c, cnt = 0;
  for (r = 0; r < rows; r++) {
    for (c = 0; c < cols; c++) {
      if (r == 3) {
        /*T4*/ cnt++;
      }
    }
  }
  return cnt;
}

/* i is even at the loop exit whatever n is: i == 5 never holds after it. */
int parity(int n) {
  int i = 0;
  while (i < n)
    i = i + 2;
  if (i == 5) {
    /*T5*/ return 1;
  }
  return 0;
}
