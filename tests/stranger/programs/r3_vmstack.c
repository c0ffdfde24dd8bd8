/* A stack machine on a heap-allocated stack of 4 ints, run on the eight 2-bit
   opcodes of a 16-bit program: 0 push i, 1 pop, 2 add the top two, 3 dup.
   Every program run by bf3/r3_vmstack_bf.c. */
#include <stdlib.h>

struct stack {
  int *data;
  int sp;
  int cap;
};

static struct stack *mk(int cap) {
  struct stack *s = malloc(sizeof *s);
  s->data = malloc(cap * sizeof(int));
  s->sp = 0;
  s->cap = cap;
  return s;
}

int vm(unsigned int prog) {
  struct stack *s;
  int i, r = 0, err = 0;
  if (prog > 0xFFFFu)
    return -1;
  s = mk(4);
  for (i = 0; i < 8 && !err; i++) {
    unsigned int op = (prog >> (2 * i)) & 3u;
    switch (op) {
    case 0:
      if (s->sp == s->cap) { err = 1; break; }
      s->data[s->sp++] = i;
      break;
    case 1:
      if (s->sp == 0) { err = 2; break; }
      s->sp--;
      break;
    case 2:
      if (s->sp < 2) { err = 3; break; }
      s->data[s->sp - 2] += s->data[s->sp - 1];
      s->sp--;
      break;
    default:
      if (s->sp == 0 || s->sp == s->cap) { err = 4; break; }
      s->data[s->sp] = s->data[s->sp - 1];
      s->sp++;
      break;
    }
  }
  if (err == 1 && i == 5)
    r = 1;                                      /*@ overflow5 */
  else if (!err && s->sp == 1 && s->data[0] == 20)
    r = 2;                                      /*@ top20 */
  else if (s->sp > s->cap || s->sp < 0)
    r = 3;                                      /*@ broken */
  else if (!err && s->sp == 4 && s->data[3] == 6)
    r = 4;                                      /*@ full6 */
  free(s->data);
  free(s);
  return r;
}
