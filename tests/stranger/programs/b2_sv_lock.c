/* sv-benchmarks style: a lock taken and released by nondet choices; the
   error is taking it while held after two acquisitions. */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "b2_sv_lock.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int lock = 0, n = 0, i;
  int steps = __VERIFIER_nondet_int();
  if (steps < 0 || steps > 10)
    return 0;
  for (i = 0; i < steps; i++) {
    int c = __VERIFIER_nondet_int();
    if (c == 1) {
      if (lock && n >= 2)
        goto ERROR;
      lock = 1;
      n++;
    } else if (c == 2) {
      lock = 0;
    }
  }
  return 0;
ERROR:
  reach_error();                                /*@ err */
  return 1;
}
