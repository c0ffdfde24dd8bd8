/* sv-benchmarks style: nondet choices in a loop. x >= y always (each step
   adds at least as much to x as to y), so the error is dead; found needs 10
   steps, 5 of each kind (bf3/r3_sv_mix_bf.c enumerates n <= 16 with all
   choice sequences). */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "r3_sv_mix.c", 7, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) {
  if (!cond)
    abort();
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  int x = 0, y = 0, i;
  assume_abort_if_not(n >= 0 && n <= 1000);
  for (i = 0; i < n; i++) {
    if (__VERIFIER_nondet_int())
      x += 2;
    else {
      x += 1;
      y += 1;
    }
  }
  if (x == 2 * y + 5 && n == 10)
    return 2;                                   /*@ found */
  if (x < y) {
    reach_error();                              /*@ err */
  }
  return 0;
}
