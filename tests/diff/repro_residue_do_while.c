/* WRONG verdict of residue unrolling (translate/polyhedra.c "Residues",
   since 111b198; found by tests/diff/residues.py, RESIDUE_FORMS=do seed 502):

     ./inka-ng --reach tests/diff/repro_residue_do_while.c:25 tests/diff/repro_residue_do_while.c
     -> UNREACHABLE (also with --no-concrete); 07f41b3: REACHABLE f(n = 2)

   f(2) runs the body for k = 0 (a = 1) and k = 1 (b = 1) and returns 1
   (gcc -O0 -fwrapv).  The head of a do-while follows one run of the body
   (loop_head runs it on init before the first check), so the counter's
   residue at the heads is the entry's plus d; iterate() still gives copy c
   the residue entry + c * d, one step behind: here copy 0 takes k % 2 == 0
   for k = 1, the exits then claim a - b in 1..2, never 0. */
int f(int n) {
  int k = 0, a = 0, b = 0;
  if (n < 0 || n > 1000000)
    return -1;
  do {
    if (k % 2 == 0)
      a++;
    else
      b++;
    k++;
  } while (k < n);
  if (a == b)
    return 1;
  return 0;
}
