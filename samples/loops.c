/* Loop depth as an objective: --iter asks for the body in a given iteration.
   inka-ng --reach samples/loops.c:10 --iter 25 needs n >= 25; line 14
   needs a sum of exactly 300. */
int power_sum(int n, int k) {
  int i = 0;
  int s = 0;
  if (k < 1 || k > 3)
    return -1;
  while (i < n) {
    s = s + i * k;
    i = i + 1;
  }
  if (s == 300)
    return 1;
  return 0;
}
