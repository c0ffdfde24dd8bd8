/* Not a wrong verdict: a time regression of residue unrolling (since
   111b198; found by tests/diff/residues.py, seed 27 of an early sample):

     ./inka-ng --reach tests/diff/repro_residue_timeout.c:19 --no-concrete --timeout 60 tests/diff/repro_residue_timeout.c
     -> UNKNOWN (the time budget ran out, 60 s); 07f41b3: UNREACHABLE in 0.005 s

   k % 7u reads (unsigned)k of a negative k (no constant residue: the cast
   is out of range), and the bound is -n / 3; with k % 7 (signed), or the
   bound -n, both answer in 0.02 s.  Without --no-concrete the box
   (n <= 1000) is enumerated and it is UNREACHABLE in 0.03 s. */
int f(int n) {
  int a = 0, k;
  if (n < 0 || n > 1000)
    return -1;
  for (k = -10; k > -n / 3; k--)
    if (k % 7u == 0)
      a++;
  if (a > 500)
    return 1;
  return 0;
}
