/* goto forward and backward, a loop of labels, goto out of nested loops,
   break/continue inside a loop made of goto, a label alone on its line. */
int first_square(int x) {
  int i = 0;
loop:
  if (i >= 10)
    goto done;
  if (i * i == x)
    goto found;
  i++;
  goto loop;
found:
  return i;
done:
  return -1;
}

int search(int a, int b) {
  int i, j;
  for (i = 0; i < 5; i++)
    for (j = 0; j < 5; j++)
      if (i * j == a + b)
        goto out;
  return -1;
out:
  return i * 10 + j;
}

int retry(int n) {
  int s = 0;
  for (int k = 0; k < n; k++) {
  again:
    s++;
    if (s % 3 == 0)
      continue;
    if (s > 50)
      break;
    if (s % 2)
      goto again;
  }
  return s;
}

void spin(void) {
_EXIT:
  goto _EXIT;
}
