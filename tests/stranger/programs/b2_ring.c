/* A ring buffer of four ints in a struct, driven by 12 operations: bit i
   of ops set pushes base + i, clear pops.
   Dead by exhaustion over the 4096 operation words (values base + i are
   distinct whatever base, tests/stranger/bf2/b2_ring_bf.c): inconsistent
   (count agrees with tail - head modulo 4 unless full) and oldest_last (a
   full buffer's oldest element is never the last one pushed). */
#define N 4

struct ring {
  int buf[N];
  unsigned head, tail, count;
};

static int push(struct ring *r, int v) {
  if (r->count == N)
    return 0;
  r->buf[r->tail] = v;
  r->tail = (r->tail + 1) % N;
  r->count++;
  return 1;
}

static int pop(struct ring *r, int *v) {
  if (r->count == 0)
    return 0;
  *v = r->buf[r->head];
  r->head = (r->head + 1) % N;
  r->count--;
  return 1;
}

int ring_run(unsigned ops, int base) {
  struct ring r;
  int i, v, last = -1, drops = 0, sum = 0;
  r.head = 0;
  r.tail = 0;
  r.count = 0;
  for (i = 0; i < 12; i++) {
    if ((ops >> i) & 1) {
      if (!push(&r, base + i))
        drops++;                                /*@ drop */
    } else if (pop(&r, &v)) {
      last = v;
      sum += v;
    }
  }
  if (r.count != (r.tail - r.head + N) % N && r.count != N)
    return 1;                                   /*@ inconsistent */
  if (drops == 3 && last == base + 4)
    return 2;                                   /*@ drops3 */
  if (r.count == N && r.buf[r.head] == base + 11)
    return 3;                                   /*@ oldest_last */
  if (sum == 100 && last == base + 9)
    return 4;                                   /*@ sum100 */
  return 0;
}
