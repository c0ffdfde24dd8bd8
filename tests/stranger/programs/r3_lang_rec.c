/* Recursion (Ackermann, mutual recursion) and a static local counter.
   All inputs run by bf3/r3_lang_rec_bf.c. */
static int calls;

static int ack(int m, int n) {
  calls++;
  if (m == 0)
    return n + 1;
  if (n == 0)
    return ack(m - 1, 1);
  return ack(m - 1, ack(m, n - 1));
}

int test_ack(int m, int n) {
  int r;
  if (m < 0 || m > 2 || n < 0 || n > 10)
    return -1;
  calls = 0;
  r = ack(m, n);
  if (r == 13 && m == 2)
    return 1;                                   /*@ ack13 */
  if (m == 1 && r != n + 2)
    return 2;                                   /*@ ack1_off */
  if (calls > 200 && m == 2 && n < 8)
    return 3;                                   /*@ many_calls */
  return 0;
}

static int is_odd(unsigned int n);
static int is_even(unsigned int n) { return n == 0 ? 1 : is_odd(n - 1); }
static int is_odd(unsigned int n) { return n == 0 ? 0 : is_even(n - 1); }

int parity(unsigned int n) {
  if (n > 1000)
    return -1;
  if (is_even(n) && n % 2 == 1)
    return 1;                                   /*@ even_odd */
  if (is_odd(n) && n > 980 && n % 7 == 0)
    return 2;                                   /*@ odd_seven */
  return 0;
}

static int next_id(void) {
  static int id = 100;
  return id++;
}

int ids(int k) {
  int i, last = 0;
  if (k < 0 || k > 50)
    return -1;
  for (i = 0; i < k; i++)
    last = next_id();
  if (last == 105)
    return 1;                                   /*@ id105 */
  if (k > 0 && last != 99 + k)
    return 2;                                   /*@ id_drift */
  return 0;
}
