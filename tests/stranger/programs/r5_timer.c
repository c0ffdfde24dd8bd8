/* A periodic software timer: a tick counter divided by a prescaler, then
   by a period; the callback fires on each full period.  Every (n, pre,
   period) (n <= 5000, pre <= 8, period <= 32: 1.28M inputs) run by
   bf5/r5_timer_bf.c.
   fire --iter 1000: reachable, the callback in tick 1000 (t = 999) needs
     pre * period to divide 1000.
   fire --iter 5001: dead, at most n <= 5000 ticks.
   fires_off: dead, fires == n / (pre * period) (the two counters divide
     the tick count exactly).
   misaligned: dead, the last firing tick t has (t + 1) % (pre * period) == 0.
   k500: reachable, 500 firings (pre * period <= 10, n in
     [500 pre period, 501 pre period - 1]).
   odd_gap: reachable, pre = 7 and period = 31 with n >= 217 * 23 (23
     firings, checked with fires == 23 && pre == 7). */

int timer(int n, int pre, int period) {
  int t, p = 0, phase = 0, fires = 0, last = -1;
  if (n < 0 || n > 5000 || pre < 1 || pre > 8 || period < 1 || period > 32)
    return -1;
  for (t = 0; t < n; t++) {
    if (++p < pre)
      continue;
    p = 0;
    if (++phase < period)
      continue;
    phase = 0;
    fires++;                                    /*@ fire */
    last = t;
  }
  if (fires != n / (pre * period))
    return 1;                                   /*@ fires_off */
  if (last >= 0 && (last + 1) % (pre * period) != 0)
    return 2;                                   /*@ misaligned */
  if (fires == 500)
    return 3;                                   /*@ k500 */
  if (fires == 23 && pre == 7 && period == 31)
    return 4;                                   /*@ odd_gap */
  return 0;
}
