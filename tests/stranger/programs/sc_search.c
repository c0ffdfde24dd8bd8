/* Linear search in a large table computed by a loop. */
int find(int key, int n) {
  int t[5000];
  int i;
  if (n < 1 || n > 5000)
    return -1;
  for (i = 0; i < n; i++)
    t[i] = i * i % 7919;
  for (i = 0; i < n; i++)
    if (t[i] == key)
      break;                                    /*@ found */
  if (i == 4321)
    return 1;                                   /*@ at4321 */
  if (i > n)
    return 2;                                   /*@ past_n */
  return 0;
}
