/* A loop with return, break and continue whose model the root propagation
   does not finish: with int inputs the bounds of acc shrink a little at each
   round (the same function with short inputs is decided at once).  The
   preconditions are posted after that propagation, so even x == 0 && y == 0
   gives UNKNOWN.  Targets marked T<n>; brute force over [-20, 20]. */

int early_in_loop(int x, int y) {
  int i, acc = 0;
  for (i = 0; i < 6; i++) {
    if (i == x) {
      /*T1*/ return acc;
    }
    acc += y;
    if (acc > 10) {
      /*T2*/ break;
    }
    if (acc < -10) {
      continue;
    }
    acc++;
  }
  if (i == 6 && acc == 12) {
    /*T3*/ return 12;
  }
  if (i == 6 && acc == 13) {
    /*T4*/ return 13;
  }
  if (acc == -12 && i == 6) {
    /*T5*/ return -12;
  }
  return -1;
}
