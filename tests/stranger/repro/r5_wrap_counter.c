/* Set 5, class 5: a ring-buffer index head = (head + 1) & 7 (or % 8)
   equals i % 8 in every iteration; head != n % 8 is dead.  UNKNOWN at 30 s
   (enumerates n, one O(n) run each).  Needs the congruence invariant
   head == i (mod 8) with 0 <= head < 8 for a wrapping counter. */
int f(int n) {
  int i, head = 0;
  if (n < 0 || n > 1000000)
    return -1;
  for (i = 0; i < n; i++)
    head = (head + 1) & 7;
  if (head != n % 8)
    return 1;
  return 0;
}
