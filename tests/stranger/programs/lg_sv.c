/* sv-benchmarks style: nondet values of several types, an array of
   nondet values, __VERIFIER_assert. */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "lg_sv.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
  ERROR:
    reach_error();                              /*@ err */
  }
  return;
}

int main(void) {
  int a[5];
  int i, s = 0;
  char c = __VERIFIER_nondet_char();
  unsigned short w = __VERIFIER_nondet_ushort();
  for (i = 0; i < 5; i++)
    a[i] = __VERIFIER_nondet_int();
  for (i = 0; i < 5; i++)
    if (a[i] > 0 && a[i] < 10)
      s += a[i];
  if (c == 'q' && w == 65535)
    __VERIFIER_assert(s != 37);
  return 0;
}
