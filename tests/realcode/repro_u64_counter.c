/* Wrong verdict: an unsigned 64-bit loop counter compared with a constant in
   the body.  n = 1 executes line 9 (i == 0 on the first iteration), yet
   `inka-ng --reach 9` answers UNREACHABLE in a millisecond (one congruence
   failure, no search).  The same loop with a signed long counter, or an
   unsigned (32-bit) one, gives REACHABLE f(n = 1) / f(n = 3). */
int f(unsigned long n) {
  for (unsigned long i = 0; i < n; i++)
    if (i == 0)
      return 1;
  return 0;
}
