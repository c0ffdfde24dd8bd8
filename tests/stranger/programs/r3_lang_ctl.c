/* switch fall-through, goto, do-while, ternaries, compound assignments and
   the comma operator. All inputs a, b in -20..20 run by
   bf3/r3_lang_ctl_bf.c. */
enum color { RED = 1, GREEN = 2, BLUE = 4, WHITE = RED | GREEN | BLUE };

int mix(int a, int b) {
  int c = 0, n = 0, tries = 0;
  if (a < -20 || a > 20 || b < -20 || b > 20)
    return -1;
retry:
  switch (a) {
  case 0:
    c |= RED;
    /* fall through */
  case 1:
    c |= GREEN;
    break;
  case 2:
    c |= BLUE;
    /* fall through */
  case 3:
    c ^= RED;
    break;
  default:
    c = a > 10 ? WHITE : (a < -10 ? BLUE : 0);
  }
  do {
    c <<= 1, n++;
    b -= 2;
  } while (b > 0 && c < 64);
  if (c == 0 && tries++ < 2) {
    a = a / 2;
    goto retry;
  }
  if (c == 64 && n == 4)
    return 1;                                   /*@ sixty_four */
  if (c == 0 && tries == 3 && a == 0)
    return 2;                                   /*@ zero_again */
  if (c == 14 && n == 1 && tries == 0)
    return 3;                                   /*@ white_once */
  if (n == 0)
    return 4;                                   /*@ no_turn */
  if (c != 0 && (c & 1))
    return 5;                                   /*@ odd_c */
  return 0;
}
