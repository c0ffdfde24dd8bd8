/* Chinese remainders: the solver must combine two congruences. */
int crt(int x) {
  if (x % 7 == 3 && x % 11 == 5 && x > 1000 && x < 2000)
    return 1;                                   /*@ both */
  if (x % 6 == 1 && x % 4 == 2)
    return 2;                                   /*@ parity_clash */
  if (x % 13 == 12 && x < 0)
    return 3;                                   /*@ never_neg */
  return 0;
}
