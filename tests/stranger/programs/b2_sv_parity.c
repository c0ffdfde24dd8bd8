/* sv-benchmarks style: i counts up by 2 from an even start, so it is even
   at every loop head and at the exit; i == 2 * k too.  The error is dead. */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "b2_sv_parity.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
  ERROR:
    reach_error();                              /*@ err */
  }
  return;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  int start = __VERIFIER_nondet_int();
  int i, k = 0;
  if (n < 0 || n > 100000 || start < 0 || start > 100 || start % 2 != 0)
    return 0;
  i = start;
  while (k < n) {
    i += 2;
    k++;
  }
  __VERIFIER_assert(i % 2 == 0 && i == start + 2 * k);
  return 0;
}
