/* sv-benchmarks conventions: inputs come from __VERIFIER_nondet_int(), the
   objective is the call to reach_error() (inka-ng --reach-call reach_error). */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void abort(void);
void reach_error(void) { abort(); }

int main(void) {
  int budget = __VERIFIER_nondet_int();
  int spent = 0;
  __VERIFIER_assume(budget > 0 && budget < 10);
  for (int i = 0; i < budget; i++) {
    int cost = __VERIFIER_nondet_int();
    if (cost < 0 || cost > 100)
      return 0;
    spent += cost;
  }
  if (spent == 250)
    reach_error();
  return 0;
}
