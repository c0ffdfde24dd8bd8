/* Set 5, class 7: a loop whose trip count n is the only input: the
   target is dead (s passes 1000 between n = 10000 and 10001 without
   hitting it; bf5/r5_repro_bf.c).  UNREACHABLE in 36 s (20001 n, one O(n)
   concrete run each: 2e8 additions); a single run with n = 20000 that
   tests the code after the loop at every iteration would prove every n at
   once (the exit probes of the search, used as a proof). */
int f(int n) {
  float s = 0.0f;
  int i;
  if (n < 0 || n > 20000)
    return -1;
  for (i = 0; i < n; i++)
    s += 0.1f;
  if (s == 1000.0f)
    return 1;
  return 0;
}
