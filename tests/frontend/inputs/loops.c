/* for, while, do-while, break, continue, blocks, empty statements. */
int loops(int n) {
  int s = 0, i;
  for (i = 0; i < n; i++) {
    if (i == 3)
      continue;
    if (i == 7)
      break;
    s += i;
  }
  for (;;) {
    s++;
    if (s > 100)
      break;
  }
  do {
    s--;
  } while (s > 50);
  while (n-- > 0)
    s += 2;
  for (int j = 0, k = 1; j < k; j++, k--)
    s = s + j;
  {
    int inner = s;
    s = inner * 2;
  }
  ;
  s;
  return s;
}
