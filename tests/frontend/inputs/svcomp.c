extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sv.c", 3, __extension__ __PRETTY_FUNCTION__); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error();abort();}
  }
  return;
}
int main() {
  unsigned int x = __VERIFIER_nondet_int(), y = 0;
  while (x > 0 && y < 10) { x -= 2; y++; }
  __VERIFIER_assert(y <= 10 || x % 2 == 0);
  return 0;
}
