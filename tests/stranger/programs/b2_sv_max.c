/* sv-benchmarks style: the maximum of a nondet array is at least every
   element; the error is dead. */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "b2_sv_max.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
  ERROR:
    reach_error();                              /*@ err */
  }
  return;
}

#define SIZE 8
int main(void) {
  int a[SIZE];
  int i, max;
  for (i = 0; i < SIZE; i++)
    a[i] = __VERIFIER_nondet_int();
  max = a[0];
  for (i = 1; i < SIZE; i++)
    if (a[i] > max)
      max = a[i];
  for (i = 0; i < SIZE; i++)
    __VERIFIER_assert(a[i] <= max);
  return 0;
}
