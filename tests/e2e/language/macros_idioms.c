/* Macro idioms of test programs (tests/e2e/language.sh): loops, asserts, checks,
   multi-statement macros, array sizes, 2-D indices. */
#define N 4
#define FOR(i, n) for (i = 0; i < (n); i++)
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define IDX(i, j) ((i) * N + (j))
#define ASSERT(c) if (!(c)) reach_error()
#define CHECK(c) do { if (!(c)) return -1; } while (0)
#define SWAP2(a, b) t = a; a = b; b = t
#define MAX(x, y) ((x) > (y) ? (x) : (y))
#define LT(a, b) ((a) < (b))
void reach_error(void);
static int id(int v) { return v; }
int f(int x, int y) {
  int m[N * N] = {0};
  int i, j, t, s = 0;
  FOR(i, N) {
    FOR(j, N) m[IDX(i, j)] = i - j;
  }
  for (i = 0; i < (int)ARRAY_SIZE(m); i++)
    s += m[i];
  CHECK(x >= 0);
  SWAP2(x, y);
  i = 0;
  while (LT(i, x))
    i += 2;
  if (id(MAX(i, y)) == 9)
    return 7;
  ASSERT(s != 0 || x != 3);
  return s;
}
