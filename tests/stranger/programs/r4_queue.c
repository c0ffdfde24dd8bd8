/* A FIFO queue of malloc'd nodes driven by the 20 bits of ops: bit i set
   enqueues i, clear dequeues (a miss when empty). Every ops in 0..2^20-1
   run by bf4/r4_queue_bf.c.
   len_mismatch is dead: len counts the nodes linked from head.
   head_after_tail is dead: values are enqueued in increasing order and
   leave in FIFO order.
   drained100 is dead: with no miss and an empty queue at the end, the k-th
   enqueue comes at step <= 2(k-1), so the 10 enqueued (= dequeued) values
   sum to at most 0 + 2 + ... + 18 == 90 (drained90: only 0x55555).
   last_alone6 is dead by parity: the queue is empty after step 18, so the
   19 - 6 non-miss steps pair enqueues with dequeues: 13 is odd. */
#include <stdlib.h>

struct qn {
  int v;
  struct qn *next;
};

struct queue {
  struct qn *head, *tail;
  int len;
};

static void enq(struct queue *q, int v) {
  struct qn *n = malloc(sizeof *n);
  n->v = v;
  n->next = NULL;
  if (q->tail)
    q->tail->next = n;
  else
    q->head = n;
  q->tail = n;
  q->len++;
}

static int deq(struct queue *q, int *out) {
  struct qn *n = q->head;
  if (n == NULL)
    return 0;
  *out = n->v;
  q->head = n->next;
  if (q->head == NULL)
    q->tail = NULL;
  free(n);
  q->len--;
  return 1;
}

int drive(int ops) {
  struct queue q = {NULL, NULL, 0};
  struct qn *p;
  int i, v, sum = 0, misses = 0, maxlen = 0, count = 0, r = 0;
  if (ops < 0 || ops >= (1 << 20))
    return -1;
  for (i = 0; i < 20; i++) {
    if ((ops >> i) & 1)
      enq(&q, i);
    else if (deq(&q, &v))
      sum += v;
    else
      misses++;                                 /*@ miss */
    if (q.len > maxlen)
      maxlen = q.len;
  }
  for (p = q.head; p != NULL; p = p->next)
    count++;
  if (count != q.len)
    r = 1;                                      /*@ len_mismatch */
  else if (q.head != NULL && q.head->v > q.tail->v)
    r = 2;                                      /*@ head_after_tail */
  else if (sum == 100 && misses == 0 && q.len == 0)
    r = 3;                                      /*@ drained100 */
  else if (sum == 90 && misses == 0 && q.len == 0)
    r = 4;                                      /*@ drained90 */
  else if (maxlen == 7 && misses == 6 && q.len == 1 && q.head->v == 19)
    r = 5;                                      /*@ last_alone6 */
  else if (maxlen == 7 && misses == 5 && q.len == 1 && q.head->v == 19)
    r = 6;                                      /*@ last_alone5 */
  while (deq(&q, &v))
    ;
  return r;
}
