/* do-while, continue and break, comma and compound assignments, ?: */
int loops(int n, int m) {
  int i = 0, j, acc = 0;
  if (n < 0 || n > 50 || m < 1 || m > 10)
    return -1;
  do {
    i++;
    if (i % m == 0)
      continue;
    acc += i, acc <<= 1, acc ^= i;
    if (acc > 5000)
      break;                                    /*@ broke */
  } while (i < n);
  for (j = 0, i = n; i > 0; i -= 3, j++)
    ;
  acc = acc > 100 ? acc % 97 : -acc;
  if (j == 7 && acc == 41)
    return 1;                                   /*@ seven41 */
  return acc;
}
