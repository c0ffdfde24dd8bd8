/* UNKNOWN (budget) for a witness the program spells: seed == 0xACE1.  Every
   input runs the loop 65535 times (a maximal LFSR), so each guess run costs
   about a million steps; the guesses (label/concrete.c candidates) are
   sorted by magnitude, the 513 small values -256..256 before the program's
   constants, and the guess step budget (GUESS_STEPS) is spent before 44257
   is tried; the root propagation then unfolds the loop until the timeout.
   With --assume 'seed == 44257' it is REACHABLE in 0.1 s.  From b2_lfsr.c
   (s2_lfsr_full).
   inka-ng --stats --reach b2_guess_constant.c:24 b2_guess_constant.c */
int lfsr_period(unsigned short seed) {
  unsigned short s = seed;
  int i;
  if (seed == 0)
    return -1;
  for (i = 1; i <= 70000; i++) {
    unsigned lsb = s & 1u;
    s >>= 1;
    if (lsb)
      s ^= 0xB400u;
    if (s == seed)
      break;
  }
  if (i == 65535 && seed == 0xACE1)
    return 2;
  return 0;
}
