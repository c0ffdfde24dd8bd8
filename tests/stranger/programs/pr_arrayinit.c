/* An array filled in a loop, read at a symbolic index.
   a[k] == 2 * k for every k after the loop. */
int table(int j) {
  int a[16];
  int k;
  for (k = 0; k < 16; k++)
    a[k] = 2 * k;
  if (j < 0 || j > 15)
    return -1;
  if (a[j] != 2 * j)
    return 1;                                   /*@ wrong_entry */
  if (a[j] % 2 == 1)
    return 2;                                   /*@ odd_entry */
  if (a[j] == 30)
    return 3;                                   /*@ last */
  return 0;
}
