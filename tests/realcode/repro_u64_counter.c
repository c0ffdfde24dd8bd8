/* Once a wrong verdict: an unsigned 64-bit loop counter compared with a
   constant in the body.  n = 1 executes the marked line (i == 0 on the
   first iteration); the root refuted it in a millisecond, because the loop
   analyses took the range of unsigned long as empty (op_c_max was the
   stored -1).  In the corpus the same class made codecs.c leb128_decode's
   overflow check UNREACHABLE and --cover call crc8's loop exit dead. */
int f(unsigned long n) {
  for (unsigned long i = 0; i < n; i++)
    if (i == 0)
      return 1; /* T:u64_counter */
  return 0;
}
