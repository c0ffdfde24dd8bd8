/* Structs passed and returned by value: copies of their cells.  Checked
   against gcc-compiled brute force over x, y in [-20, 20] (and the concrete
   mode against gcc by tests/concrete).  Targets marked T<n>. */
struct P { int x; int y; };
struct Box { char tag; struct P p; short a[3]; };
struct P g_p = {3, 4};
struct Box g_box;

static struct P mk(int x, int y) {
  struct P r;
  r.x = x;
  r.y = y;
  return r;
}

static int bump(struct P p) {   /* changes its own copy only */
  p.x = p.x + 1;
  p.y = p.y * 2;
  return p.x + p.y;
}

static struct P swap(struct P p) {
  int t = p.x;
  p.x = p.y;
  p.y = t;
  return p;                     /* the parameter's cells */
}

static struct Box boxed(struct P p, char tag) {
  struct Box b;
  b.tag = tag;
  b.p = p;
  b.a[0] = (short)(p.x - p.y);
  b.a[1] = tag;
  b.a[2] = (short)p.y;
  return b;
}

static struct P pick(int c, struct P a, struct P b) {
  return c ? a : b;
}

static struct P sum_to(struct P acc, int n) {   /* recursion with a struct parameter */
  if (n <= 0)
    return acc;
  acc.x = acc.x + n;
  return sum_to(acc, n - 1);
}

static struct P from_global(int which) {
  struct P *q = &g_p;
  if (which)
    return *q;                  /* through a pointer */
  return g_box.p;               /* a nested field of a global */
}

int copies(int x, int y) {
  struct P s = mk(x, y);
  int t = bump(s);
  if (s.x != x || s.y != y) {
    /*T1*/ return -1;           /* never: bump changed its copy */
  }
  if (t == 3 * x + 1) {
    /*T2*/ return 1;            /* x + 1 + 2y == 3x + 1: y == x */
  }
  s = swap(s);
  if (s.x == y && s.y == x && x == 7 && y == -3) {
    /*T3*/ return 2;
  }
  if (swap(mk(x, y)).x != y) {
    /*T4*/ return -2;           /* never */
  }
  return 0;
}

int boxes(int x, int y) {
  struct Box b = boxed(mk(x, y), (char)(x + 100));
  if (b.a[0] == 5 && b.tag == 110) {
    /*T5*/ return 1;            /* x == 10, y == 5 */
  }
  g_box = boxed(swap(mk(x, y)), 'q');
  if (g_box.p.x != y || g_box.a[2] != (short)x) {
    /*T6*/ return -1;           /* never */
  }
  if (from_global(0).y == from_global(1).x + 5) {
    /*T7*/ return 2;            /* x == 8 */
  }
  boxed(g_p, 'z');              /* a result nobody uses */
  return b.tag;
}

int choose(int x, int y) {
  struct P a = mk(x, 1), b = mk(2, y);
  struct P c = pick(x > y, a, b);
  struct P d = x < 0 ? a : b;
  if (c.x == 2 && c.y == 1) {
    /*T8*/ return -1;           /* c is a with x == 2 > y, or b with x <= y == 1 */
  }
  if (d.y == 1 && x >= 0) {
    /*T9*/ return 1;            /* d is b: y == 1 */
  }
  struct P r = sum_to(mk(0, 0), x & 7);
  if (r.x == 28) {
    /*T10*/ return 2;           /* x & 7 == 7 */
  }
  if (r.x == 29) {
    /*T11*/ return -2;          /* never */
  }
  return c.x + d.y;
}

/* The place a call's result goes to is computed before the call (gcc -O0;
   the order is unspecified in C): retarget() moves g_ptr and g_sp. */
int g_a, g_b;
int *g_ptr = &g_a;
struct P g_s1, g_s2;
struct P *g_sp = &g_s1;

static int retarget(int v) {
  g_ptr = &g_b;
  g_sp = &g_s2;
  return v;
}

static struct P retarget_p(int v) {
  retarget(v);
  return mk(v, v);
}

int order(int x, int y) {
  g_ptr = &g_a;
  g_sp = &g_s1;
  g_a = g_b = 0;
  g_s1 = mk(0, 0);
  g_s2 = g_s1;
  *g_ptr = retarget(x);
  g_sp = &g_s1;
  *g_sp = retarget_p(y);
  if (g_b == x && x != 0) {
    /*T12*/ return -1;          /* never: the store went to g_a */
  }
  if (g_s2.y == y && y != 0) {
    /*T13*/ return -2;          /* never: the copy went to g_s1 */
  }
  if (g_a == 5 && g_s1.x == 6) {
    /*T14*/ return 1;
  }
  return g_a + g_s1.y;
}
