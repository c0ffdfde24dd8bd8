/* Luhn checksum of a number of at most 7 digits (credit-card style: every
   second digit from the right is doubled, 9 subtracted when it exceeds 9).
   Every n in 0..9999999 run by bf4/r4_luhn_bf.c.
   too_big is dead: 4 undoubled digits give at most 36, 3 doubled ones at
   most 27 (2*9-9 = 9), so sum <= 63 and sum == 63 needs n == 9999999. */
int luhn(int n) {
  int sum = 0, pos = 0, d;
  if (n < 0 || n > 9999999)
    return -1;
  while (n > 0) {
    d = n % 10;
    if (pos & 1) {
      d *= 2;
      if (d > 9)
        d -= 9;
    }
    sum += d;                                   /*@ digit */
    n /= 10;
    pos++;
  }
  if (sum > 63)
    return 2;                                   /*@ too_big */
  if (sum == 60 && pos == 7 && n == 0)
    return 1;                                   /*@ valid60 */
  if (sum % 10 == 0 && pos == 4 && sum == 0)
    return 3;                                   /*@ zero_four */
  if (sum == 63)
    return 4;                                   /*@ max63 */
  return 0;
}
