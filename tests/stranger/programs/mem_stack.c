/* An array-backed stack driven by an operation code word:
   two bits per step, 1 = push the step number, 2 = pop, 0 and 3 = nothing. */
struct stack { int data[8]; int top; };

static int push(struct stack *s, int v) {
  if (s->top == 8)
    return 0;
  s->data[s->top++] = v;
  return 1;
}

static int pop(struct stack *s, int *v) {
  if (s->top == 0)
    return 0;
  *v = s->data[--s->top];
  return 1;
}

int run(unsigned ops) {
  struct stack s;
  int k, v = -1, last = -1, fails = 0;
  s.top = 0;
  for (k = 0; k < 16; k++) {
    unsigned op = (ops >> (2 * k)) & 3;
    if (op == 1) {
      if (!push(&s, k))
        fails++;                                /*@ overflow */
    } else if (op == 2) {
      if (pop(&s, &v))
        last = v;
      else
        fails++;
    }
  }
  if (s.top == 0 && last == 3 && fails == 0)
    return 1;                                   /*@ popped3_last */
  if (s.top > 8)
    return 2;                                   /*@ past_end */
  return 0;
}
