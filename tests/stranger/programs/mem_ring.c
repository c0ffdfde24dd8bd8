/* A ring buffer of six cells written n times. */
int ring(int n, int start) {
  int buf[6];
  int i, head = 0;
  if (n < 0 || n > 50)
    return -1;
  for (i = 0; i < 6; i++)
    buf[i] = -1;
  for (i = 0; i < n; i++) {
    buf[head] = start + i;                      /*@ write */
    head = (head + 1) % 6;
  }
  if (buf[0] == 36 && buf[5] == 41 && start == 0)
    return 1;                                   /*@ sixth_round */
  if (buf[head] != -1 && n < 6)
    return 2;                                   /*@ early_wrap */
  return 0;
}
