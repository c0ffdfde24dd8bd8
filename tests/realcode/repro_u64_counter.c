/* Wrong verdict: an unsigned 64-bit loop counter compared with a constant in
   the body.  n = 1 executes line 19 (i == 0 on the first iteration), yet
   `inka-ng --reach 19` answers UNREACHABLE in a millisecond (one congruence
   failure, no search).  The same loop with a signed long counter, or an
   unsigned (32-bit) one, gives REACHABLE f(n = 1).  With the unsigned long
   counter the conditions i == 3, i >= 2 and an assignment under i == 1
   (no return) are refuted the same way; i != 1 and i + 1 == n are answered
   REACHABLE, so is i <= 5.  It needs the loop and the step: a while loop
   with i = i + 1 or i = i + 2 fails the same way, the same test without
   the increment (or outside a loop) is answered REACHABLE; a 64-bit counter
   under a 32-bit bound fails, a 32-bit counter under a 64-bit bound and a
   64-bit counter under a constant bound do not; --no-concrete --no-sat
   changes nothing (the refutation is in propagation).  In the corpus: codecs.c leb128_decode (T:leb_dec_overflow) and
   the false outcome of crc8's loop test in --cover branches of crc8_check,
   which it calls "dead" while gcov shows it taken. */
int f(unsigned long n) {
  for (unsigned long i = 0; i < n; i++)
    if (i == 0)
      return 1; /* T:u64_counter */
  return 0;
}
