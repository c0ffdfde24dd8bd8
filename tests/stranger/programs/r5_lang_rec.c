/* Recursion as verification folklore has it: McCarthy's 91 function,
   the extended Euclidean algorithm returning Bezout coefficients through
   pointers, and a recursive binary search over a constant table.  All
   inputs run by bf5/r5_lang_rec_bf.c.
   mc91:
     not91: dead, f91(n) == 91 for every n <= 100 (n >= -1000 here).
     late91: dead, f91(n) == n - 10 for n > 100, 91 only at n == 101.
     at101: reachable, n == 101.
     calls_over: dead, at most 2203 calls to f91 over -1000..1000 (the
       count falls as n grows; bf5 counts every n).
     calls_max: reachable, 2203 calls: n = -1000 only.
   bezout (1 <= a, b <= 3000):
     bezout_off: dead, a x + b y == gcd(a, b).
     x_big: dead, |x| <= b / g (for these inputs, bf5).
     x1000: reachable, g == 1 and x == 1000 (473 pairs, e.g. a = 3,
       b = 2999).
   find (the table holds the first 40 primes):
     found_wrong: dead, a hit returns an index holding the key.
     miss_prime: dead, every prime below 174 is in the table.
     depth6: reachable, a search that recurses 6 levels deep (the
       deepest: 65 keys, e.g. 6). */

static int calls;

static int f91(int n) {
  calls++;
  if (n > 100)
    return n - 10;
  return f91(f91(n + 11));
}

int mc91(int n) {
  int r;
  if (n < -1000 || n > 1000)
    return -1;
  calls = 0;
  r = f91(n);
  if (n <= 100 && r != 91)
    return 1;                                   /*@ not91 */
  if (r == 91 && n > 101)
    return 2;                                   /*@ late91 */
  if (calls > 2203)
    return 3;                                   /*@ calls_over */
  if (calls == 2203)
    return 4;                                   /*@ calls_max */
  if (r == 91 && n > 100)
    return 5;                                   /*@ at101 */
  return 0;
}

static int xgcd(int a, int b, int *x, int *y) {
  int x1, y1, g;
  if (b == 0) {
    *x = 1;
    *y = 0;
    return a;
  }
  g = xgcd(b, a % b, &x1, &y1);
  *x = y1;
  *y = x1 - (a / b) * y1;
  return g;
}

int bezout(int a, int b) {
  int x, y, g;
  if (a < 1 || a > 3000 || b < 1 || b > 3000)
    return -1;
  g = xgcd(a, b, &x, &y);
  if (a * x + b * y != g)
    return 1;                                   /*@ bezout_off */
  if (x > b / g || x < -(b / g))
    return 2;                                   /*@ x_big */
  if (g == 1 && x == 1000)
    return 3;                                   /*@ x1000 */
  return 0;
}

static const int primes[40] = {
  2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71,
  73, 79, 83, 89, 97, 101, 103, 107, 109, 113, 127, 131, 137, 139, 149, 151, 157, 163, 167, 173
};

static int depth;

static int bsearch_rec(int lo, int hi, int key, int d) {
  int mid;
  if (d > depth)
    depth = d;
  if (lo > hi)
    return -1;
  mid = lo + (hi - lo) / 2;
  if (primes[mid] == key)
    return mid;
  if (primes[mid] < key)
    return bsearch_rec(mid + 1, hi, key, d + 1);
  return bsearch_rec(lo, mid - 1, key, d + 1);
}

int find(int key) {
  int i, k, prime = 1;
  if (key < 2 || key > 173)
    return -1;
  depth = 0;
  k = bsearch_rec(0, 39, key, 0);
  for (i = 2; i * i <= key; i++)
    if (key % i == 0)
      prime = 0;
  if (k >= 0 && primes[k] != key)
    return 1;                                   /*@ found_wrong */
  if (k < 0 && prime)
    return 2;                                   /*@ miss_prime */
  if (depth == 6)
    return 3;                                   /*@ depth6 */
  return 0;
}
