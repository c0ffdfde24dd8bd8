/* Locals first assigned inside a loop and read after it: a do-while's body
   runs once before any exit, a while loop's condition side effects run
   before any exit.  The model must not call them unassigned (it used to
   answer UNKNOWN, "a path reads a variable before it is assigned"); where a
   break can leave before the assignment, the read is still uncontrolled.
   Checked against gcc-compiled brute force over x, y in [-20, 20].
   Targets marked T<n>. */
int do_while_assigns(int x, int y) {
  int v, w;
  int i = 0;
  do {
    v = i * 2 + x;
    if (y > 3) {
      w = 1;
    } else {
      w = 2;
    }
    i++;
  } while (i < y);
  if (v == x + 6 && w == 1) {
    /*T1*/ return 1;             /* y == 4 */
  }
  if (v == x + 6 && w == 2) {
    /*T2*/ return -1;            /* never: v == x + 6 needs y == 4 */
  }
  return v + w;
}

int while_pre_assigns(int x, int y) {
  int c, n = 0;
  while ((c = x + n) < y) {
    n++;
  }
  if (c == y && n == 5) {
    /*T3*/ return 1;             /* y == x + 5 */
  }
  if (c < y) {
    /*T4*/ return -1;            /* never */
  }
  return c;
}

int goto_loop_declares(int x, int y) {
  int k = 0;
again: ;
  int v = x + k;               /* declared inside the loop made of goto */
  k++;
  if (k < 3)
    goto again;
  if (v == x + 2 && y == 1) {
    /*T5*/ return 1;             /* always when y == 1 */
  }
  if (v != x + 2) {
    /*T6*/ return -1;            /* never */
  }
  return v;
}
