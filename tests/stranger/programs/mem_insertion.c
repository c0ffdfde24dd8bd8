/* Insertion sort of five inputs in a local array. */
int isort5(int a0, int a1, int a2, int a3, int a4) {
  int a[5];
  int i, j, moves = 0;
  a[0] = a0; a[1] = a1; a[2] = a2; a[3] = a3; a[4] = a4;
  for (i = 1; i < 5; i++) {
    int v = a[i];
    j = i - 1;
    while (j >= 0 && a[j] > v) {
      a[j + 1] = a[j];                          /*@ shift */
      j--;
      moves++;
    }
    a[j + 1] = v;
  }
  if (moves == 10)
    return 1;                                   /*@ reversed */
  if (a[2] == 7 && a[0] == 7 && a[4] > 7 && a4 == 7)
    return 2;                                   /*@ three_sevens */
  for (i = 0; i < 4; i++)
    if (a[i] > a[i + 1])
      return 3;                                 /*@ unsorted */
  return 0;
}
