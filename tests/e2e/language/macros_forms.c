/* Variadic macros and ##: clang names the operators they spell. */
#define VMAX(a, ...) ((a) > (__VA_ARGS__) ? (a) : (__VA_ARGS__))
#define CAT(a, b) a##b
#define MAX(x, y) ((x) > (y) ? (x) : (y))

int variadic(int a, int b) {
  if (VMAX(a, b) == 3)
    return 1;
  return 0;
}

int pasted(int a, int b) {
  int x1 = a;
  if (MAX(CAT(x, 1), b) == 3)
    return 1;
  return 0;
}
