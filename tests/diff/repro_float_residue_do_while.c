/* WRONG verdict found by tests/diff/floatloops.py (FLOAT_SEED=1271, target
   0 with --no-concrete), reduced.  Not float_bounds.c's: the binary before
   92192b9 answers the same, and the integer core below does too; it is the
   residue unrolling of a do-while (111b198, the bug of
   repro_residue_do_while.c), fixed by 5146254 (0dd9f84 answers REACHABLE):

     ./inka-ng --reach tests/diff/repro_float_residue_do_while.c:29 --no-concrete tests/diff/repro_float_residue_do_while.c
     -> UNREACHABLE at cf660f0 and 92192b9 (without --no-concrete a
        concrete run finds f(2) first); 0dd9f84: REACHABLE.  The integer
        core (s++ for f0, s == 2): UNREACHABLE at 111b198, REACHABLE at
        07f41b3.

   gcc -O0 -ffp-contract=off: f(2) runs the body for i = 0 and 1 (t = 0, 1:
   f0 = 198.5), then f1 = 1 - 198.5 - 198.5 = -396 and returns 1.  The
   exit of the do-while is refuted for every n in 2..4 (the residue of i is
   read through t = i % 3), so any target after it is "unreachable"; with
   int s; if (t < 2) s++; ... if (s == 2) the same. */
int f(int n) {
  int i = 0, t;
  float f0 = 0.5f, f1 = 1.0f;
  if (n != 2)
    return -1;
  do {
    t = i % 3;
    if (t < 2)
      f0 += 99.0f;
    i++;
  } while (i < n);
  f1 = (double)f1 - f0;
  f1 = (double)f1 - f0;
  if (f1 < -382.0f)
    return 1;
  return 0;
}
