/* Number crunching with loops over digits and bits.
   luhn: single_digit is dead (one digit d is valid only when d % 10 == 0,
   and d == 0 has no digits); zero_sum is dead (the leading digit is nonzero
   and doubling maps 1..9 to 1..9).
   powmod: e < 2^31 has at most 31 bits, so the loop runs at most 31 times
   and bit --iter 32 is dead; with m odd prime 1000003 and b == 0 the result
   is 0 for e > 0 (zero_base_one is dead for e > 0, and e == 0 gives 1 % m). */
int luhn(unsigned long long n) {
  int sum = 0, pos = 0, digits = 0;
  unsigned long long first = 0;
  while (n > 0) {
    int d = (int)(n % 10);
    if (pos % 2 == 1) {
      d *= 2;
      if (d > 9)
        d -= 9;
    }
    sum += d;                                   /*@ digit */
    first = n;
    n /= 10;
    pos++;
    digits++;
  }
  if (sum % 10 == 0 && digits == 16 && first == 4 && sum == 80)
    return 1;                                   /*@ visa_like */
  if (sum % 10 == 0 && digits == 1)
    return 2;                                   /*@ single_digit */
  if (sum == 0 && digits > 0)
    return 3;                                   /*@ zero_sum */
  return 0;
}

int powmod(int b, int e) {
  const long long m = 1000003;
  long long r = 1, x;
  if (b < 0 || e < 0)
    return -1;
  x = b % m;
  while (e > 0) {
    if (e & 1)
      r = r * x % m;                            /*@ bit */
    x = x * x % m;
    e >>= 1;
  }
  if (r == 1 && b == 2 && e == 0 && x > 1000)
    return 1;                                   /*@ two_to_one */
  if (r == 999999)
    return 2;                                   /*@ r999999 */
  if (b == 0 && r == 1 && x != 0)
    return 3;                                   /*@ zero_base_one */
  return 0;
}
