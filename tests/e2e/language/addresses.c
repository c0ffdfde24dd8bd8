/* Address constants in initializers (csmith: static int16_t ***g = &g_458[4]). */
struct S { int a; short b[3]; };
static struct S s = {1, {2, 3, 4}};
static int g[5] = {10, 20, 30, 40, 50};
static int m[2][3] = {{1, 2, 3}, {4, 5, 6}};
static int *p = &g[3];
static short *q = &s.b[1];
static int *r = m[1];
static int **pp = &p;
int f(int i) {
  if (i < 0 || i > 1)
    return 0;
  if (*p == 40 && p[i] == 50 && *q == 3 && r[i] == 5 && **pp == 40)
    return 1;
  if (p[i] == 41)
    return 2;
  return 3;
}
