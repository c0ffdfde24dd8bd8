/* A calculator driven by a table of operations, and a state machine whose
   states are functions. */
typedef int (*binop)(int, int);

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }
static int pick_max(int a, int b) { return a > b ? a : b; }

struct op { char sym; binop fn; };
static const struct op table[] = { {'+', add}, {'-', sub}, {'*', mul}, {'M', pick_max} };

static binop lookup(char c) {
  for (int i = 0; i < 4; i++)
    if (table[i].sym == c)
      return table[i].fn;
  return 0;
}

int calc(char c, int a, int b) {
  binop f = lookup(c);
  if (!f)
    return -1;                                   /*@ unknown_op */
  int r = f(a, b);
  if (r == 391 && f == mul && a > 1 && b > 1 && a < b)
    return 1;                                    /*@ factored */
  if (f == sub && r == 0 && a != b)
    return 2;                                    /*@ sub_zero_diff */
  if (f == pick_max && r < a)
    return 3;                                    /*@ max_below */
  return 0;
}

typedef struct machine machine;
typedef void (*state)(machine *, int);
struct machine { state st; int count; };

static void idle(machine *m, int in);
static void armed(machine *m, int in);
static void fired(machine *m, int in);

static void idle(machine *m, int in) {
  if (in == 7)
    m->st = armed;
}
static void armed(machine *m, int in) {
  if (in == 3) {
    m->st = fired;
    m->count++;
  } else if (in != 7) {
    m->st = idle;
  }
}
static void fired(machine *m, int in) {
  m->count += in;
  m->st = idle;
}

int run(int a, int b, int c, int d) {
  machine m = { idle, 0 };
  int in[4];
  in[0] = a; in[1] = b; in[2] = c; in[3] = d;
  for (int i = 0; i < 4; i++)
    m.st(&m, in[i]);
  if (m.st == fired)
    return 1;                                    /*@ ends_fired */
  if (m.count == 101)
    return 2;                                    /*@ count101 */
  if (m.count > 1 && m.st == armed)
    return 3;                                    /*@ armed_again */
  if (m.count > 1 && m.st == fired)
    return 4;                                    /*@ fired_twice */
  return 0;
}
