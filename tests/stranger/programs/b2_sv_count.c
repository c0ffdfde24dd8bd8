/* sv-benchmarks style: twenty nondet bytes; the error needs exactly five
   of them equal to 'x' and the first and last to be 'y'. */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "b2_sv_count.c", 6, "reach_error"); }
extern char __VERIFIER_nondet_char(void);

int main(void) {
  char buf[20];
  int i, xs = 0;
  for (i = 0; i < 20; i++)
    buf[i] = __VERIFIER_nondet_char();
  for (i = 0; i < 20; i++)
    if (buf[i] == 'x')
      xs++;
  if (xs == 5 && buf[0] == 'y' && buf[19] == 'y')
    goto ERROR;
  return 0;
ERROR:
  reach_error();                                /*@ err */
  return 1;
}
