/* sv-benchmarks style: a bank account driven by nondet operations.
   balance == 10 * deposits - 3 * withdrawals always, and a withdrawal
   needs balance >= 3, so balance never drops below 0: the error is dead.
   rich needs n == 12 with exactly 9 deposits (90 - 9 == 81).
   bf4/r4_sv_bank_bf.c enumerates n <= 14 with every choice sequence. */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "r4_sv_bank.c", 8, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) {
  if (!cond)
    abort();
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  int bal = 0, dep = 0, wd = 0, i;
  assume_abort_if_not(n >= 0 && n <= 12);
  for (i = 0; i < n; i++) {
    int op = __VERIFIER_nondet_int();
    if (op == 1) {
      bal += 10;
      dep++;
    } else if (op == 2 && bal >= 3) {
      bal -= 3;
      wd++;
    }
  }
  if (bal == 81 && n == 12)
    return 1;                                   /*@ rich */
  if (bal < 0 || bal != 10 * dep - 3 * wd) {
    reach_error();                              /*@ err */
  }
  return 0;
}
