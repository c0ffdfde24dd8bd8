/* Moving average of the last 8 samples of a sensor over a ring buffer,
   samples from a pseudo-random source (LCG, seed).  Every (n, seed)
   (n <= 1000, seed <= 65535) run by bf5/r5_ringavg_bf.c (by prefix: one
   run of 1000 steps per seed, the loop's state tested after each step).
   sum_off: dead, sum == buf[0] + ... + buf[7] is invariant (each step
     replaces buf[head] by x and adds x - buf[head] to sum).
   avg_big: dead, every sample is <= 255 so sum <= 2040 and avg <= 255.
   head_off: dead, head == i % 8 (head counts modulo 8 with i).
   peak230: reachable, the average reaches 230 (97645 (n, seed), first
     n = 565, seed = 14).
   hot: the line counting averages >= 200 runs in iteration 1000
     (--iter 1000) for 119 seeds (first 207): reachable.
   quiet_run: dead, 8 consecutive samples of this LCG's bits 16..23 never
     average below 14 over all seeds (only seed 5246 reaches 14).
   quietest: reachable, average 14 (seed 5246). */

int movavg(int n, int seed) {
  int buf[8], i, head = 0, sum = 0, avg = 0, peak = 0, hot = 0, low = 255, s2;
  unsigned s = (unsigned)seed;
  if (n < 8 || n > 1000 || seed < 0 || seed > 65535)
    return -1;
  for (i = 0; i < 8; i++)
    buf[i] = 0;
  for (i = 0; i < n; i++) {
    int x;
    s = s * 1103515245u + 12345u;
    x = (int)((s >> 16) & 0xffu);
    sum += x - buf[head];
    buf[head] = x;
    head = (head + 1) & 7;
    avg = sum / 8;
    if (avg > peak)
      peak = avg;
    if (i >= 7 && avg < low)
      low = avg;
    if (avg >= 200)
      hot++;                                    /*@ hot */
  }
  s2 = 0;
  for (i = 0; i < 8; i++)
    s2 += buf[i];
  if (s2 != sum)
    return 1;                                   /*@ sum_off */
  if (avg > 255)
    return 2;                                   /*@ avg_big */
  if (head != n % 8)
    return 3;                                   /*@ head_off */
  if (low < 14)
    return 5;                                   /*@ quiet_run */
  if (low == 14)
    return 6;                                   /*@ quietest */
  if (peak >= 230)
    return 4;                                   /*@ peak230 */
  return 0;
}
