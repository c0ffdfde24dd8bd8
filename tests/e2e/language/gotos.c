/* sv-benchmarks style: goto ERROR, a loop of labels with a counter, an
   infinite goto loop at the end of a helper. */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "gotos.c", 5, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);

void stop(void) {
_EXIT:
  goto _EXIT;
}

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int k = 0, acc = 0;
  if (n > 20)
    stop();
again:
  if (k >= n)
    goto out;
  acc += k;
  k++;
  if (acc > 100)
    goto ERROR;
  goto again;
out:
  if (acc == 45 && n == 10)
    return 1;
  return 0;
ERROR:
  reach_error();
  return 2;
}
