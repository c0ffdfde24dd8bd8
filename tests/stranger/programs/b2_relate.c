/* Facts that need relations between variables, not their ranges.
   comm, xor_id, and_or_sum are identities of 32-bit words (hold bit by
   bit with the carries: (a | b) - (a & b) == a ^ b and (a & b) + (a | b)
   == a + b).  In walk, i + j == n and k == 2 * i hold at the loop head and
   the loop leaves with i - j in {0, 1}.  In odd_sum, s == i * i at the loop
   head (sum of the first i odd numbers), so s and n have the same parity. */
int eqs(int a, int b) {
  int x = a + b, y = b + a;
  int u = a ^ b, v = (a | b) - (a & b);
  if (x != y)
    return 1;                                   /*@ comm */
  if (u != v)
    return 2;                                   /*@ xor_id */
  if ((a & b) + (a | b) != a + b)
    return 3;                                   /*@ and_or_sum */
  if (u == -1 && a == 12345)
    return 4;                                   /*@ complement */
  return 0;
}

int walk(int n) {
  int i = 0, j = n, k = 0;
  if (n < 0 || n > 100000)
    return -1;
  while (i < j) {
    i++;
    j--;
    k += 2;
  }
  if (i + j != n)
    return 1;                                   /*@ sum_kept */
  if (k != i * 2)
    return 2;                                   /*@ k_twice */
  if (i - j > 1)
    return 3;                                   /*@ overshoot */
  if (k == 100000 && i == j)
    return 4;                                   /*@ even_end */
  return 0;
}

int abs_trap(int x) {
  int y = x < 0 ? -x : x;
  if (y < 0)
    return 1;                                   /*@ abs_neg */
  return 0;
}

int odd_sum(unsigned n) {
  unsigned s = 0, i;
  if (n > 50000)
    return -1;
  for (i = 0; i < n; i++)
    s += 2 * i + 1;
  if (s != n * n)
    return 1;                                   /*@ not_square */
  if (s % 2 != n % 2)
    return 2;                                   /*@ parity_diff */
  if (s == 1522756)
    return 3;                                   /*@ square1234 */
  return 0;
}

int max3(int a, int b, int c) {
  int m = a;
  if (b > m)
    m = b;
  if (c > m)
    m = c;
  if (m < a || m < b || m < c)
    return 1;                                   /*@ not_max */
  if (m != a && m != b && m != c)
    return 2;                                   /*@ not_member */
  if (m == b && b > a && c == b)
    return 3;                                   /*@ tie_bc */
  return 0;
}
