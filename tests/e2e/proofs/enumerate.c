/* Proofs by running every input (label/concrete.c): after the root
 * propagation, domains whose product is up to 10^8 are enumerated when the
 * first runs say the rest ends in the time left.  Here 10^6 inputs: no
 * invariant bounds Euclid's iterations, running them all does. */
int gcd(int a, int b) {
  if (a < 1 || a > 1000 || b < 1 || b > 1000)
    return -1;
  while (b != 0) {
    int t = a % b;                 /* expect unreachable --iter 16 (consecutive Fibonacci numbers past 1000) */
    a = b;
    b = t;                         /* expect reachable --iter 15 */
  }
  return a;
}
