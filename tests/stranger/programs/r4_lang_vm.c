/* A tiny stack machine: the program is six 4-bit instructions packed in
   code (low nibble first). 0-7 push the value, 8/9 apply add/mul through a
   table of function pointers, 10 dup, 11 swap, 12 decrement, 13 jump back to
   the start when the popped value is non-zero, 14 halt, 15 no-op.
   Every code in 0..2^24-1 run by bf4/r4_lang_vm_bf.c. */
enum op { ADD = 8, MUL, DUP, SWAP, DEC, JNZ, HALT, NOP };

typedef int (*binop)(int, int);
static int add(int a, int b) { return a + b; }
static int mul(int a, int b) { return a * b; }
static const binop table[2] = {add, mul};

int run(int code) {
  int st[8], sp = 0, pc = 0, steps = 0, ins, t;
  if (code < 0 || code >= (1 << 24))
    return -1;
next:
  if (pc == 6)
    goto done;
  if (++steps > 300)
    return -7;                                  /*@ runaway */
  ins = (code >> (4 * pc)) & 15;
  pc++;
  switch ((enum op)ins) {
  case ADD:
  case MUL:
    if (sp < 2)
      return -2;
    t = table[ins - ADD](st[sp - 2], st[sp - 1]);
    sp--;
    st[sp - 1] = t;
    break;
  case DUP:
    if (sp < 1 || sp == 8)
      return -3;
    st[sp] = st[sp - 1];
    sp++;
    break;
  case SWAP:
    if (sp < 2)
      return -4;
    t = st[sp - 1];
    st[sp - 1] = st[sp - 2];
    st[sp - 2] = t;
    break;
  case DEC:
    if (sp < 1)
      return -5;
    st[sp - 1]--;
    break;
  case JNZ:
    if (sp < 1)
      return -6;
    if (st[--sp] != 0)
      pc = 0;
    break;
  case HALT:
    goto done;
  case NOP:
    break;
  default:
    if (sp == 8)
      return -3;
    st[sp++] = ins;
  }
  goto next;
done:
  if (sp == 1 && st[0] == 343)
    return 1;                                   /*@ seven_cubed */
  if (sp == 0 && steps > 100)
    return 2;                                   /*@ long_empty */
  if (sp > 6)
    return 3;                                   /*@ deep */
  if (sp == 1 && st[0] < 0)
    return 4;                                   /*@ negative */
  return 0;
}
