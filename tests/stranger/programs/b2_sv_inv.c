/* sv-benchmarks style: x + y == n at every loop head whatever the nondet
   choices (each step moves one or two units from y to x), so at the exit
   y == 0 and x == n: the error is dead. */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "b2_sv_inv.c", 6, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) {
  if (!cond)
    abort();
}
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
  ERROR:
    reach_error();                              /*@ err */
  }
  return;
}

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int x = 0, y;
  assume_abort_if_not(n <= 1000);
  y = n;
  while (y > 0) {
    if (__VERIFIER_nondet_int() && y >= 2) {
      x += 2;
      y -= 2;
    } else {
      x++;
      y--;
    }
  }
  __VERIFIER_assert(x == n);
  return 0;
}
