/* sv-benchmarks style mains: the inputs are nondet values, and the concrete
   mode guesses one candidate per call site (label/concrete.c). */
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern double __VERIFIER_nondet_double(void);
extern void abort(void);
void reach_error(void) { abort(); }
void assume_abort_if_not(int cond) {
  if (!cond)
    abort();
}

int bounded(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 0 && n <= 100000);
  int s = 0;
  for (int i = 0; i < n; i++)
    s += 3;
  if (s == 30000)
    reach_error(); /* guess */
  return 0;
}

int two_sites(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned char c = __VERIFIER_nondet_uchar();
  assume_abort_if_not(n <= 5000);
  unsigned int s = 0;
  for (unsigned int i = 0; i < n; i++) {
    if (__VERIFIER_nondet_int())
      continue;
    s += c;
  }
  if (c == 255 && s == 255u * 5000u)
    reach_error(); /* guess */
  return 0;
}

int float_steps(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  assume_abort_if_not(n <= 10000);
  float x = 0.0f;
  for (unsigned int i = 0; i < n; i++)
    x += 0.5f;
  if (x == 1000.0f)
    reach_error(); /* guess */
  return 0;
}

int nondet_double(void) {
  double d = __VERIFIER_nondet_double();
  int k = 0;
  if (d <= 1e300)
    return 0;
  while (d > 1.0) {
    d = d / 10.0;
    k++;
  }
  if (k == 301)
    reach_error(); /* guess */
  return 0;
}

int nondet_loop(void) {
  int x = 0;
  while (__VERIFIER_nondet_int())
    x++;
  if (x == 1000)
    reach_error(); /* guess */
  return 0;
}

extern float __VERIFIER_nondet_float(void);

int float_ratio(void) {
  double a = __VERIFIER_nondet_double();
  float b = __VERIFIER_nondet_float();
  int k = __VERIFIER_nondet_int();
  if (a < 1e100 || b < 1e30f || k < 0 || k > 100)
    return 0;
  int n = 0;
  while (a > b) {
    a = a / 3.0;
    n++;
  }
  if (n == 147)
    reach_error(); /* guess */
  return 0;
}
