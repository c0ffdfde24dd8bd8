/* Exit 2 "unsupported: operator spelled inside a macro body" for any
   function-like macro whose body spells an operator (MAX, SWAP, SQUARE...).
   inka-ng --reach b2_macro_operator.c:9 b2_macro_operator.c
   expected: REACHABLE (a = 3, b <= 3); got exit 2 at 8:7. */
#define MAX(x, y) ((x) > (y) ? (x) : (y))

int f(int a, int b) {
  int r = MAX(a, b);
  if (r == 3) return 1;
  return 0;
}
