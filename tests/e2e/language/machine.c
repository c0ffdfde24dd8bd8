/* A tokenizer-like state machine: switch in a loop, fall-through, continue,
   a nested switch and a goto out of the loop. */
extern int __VERIFIER_nondet_int(void);
extern char __VERIFIER_nondet_char(void);

enum { START, NUM, NEG, DONE };

int scan(int n) {
  int state = START, value = 0, steps = 0;
  for (int i = 0; i < n && i < 6; i++) {
    char ch = __VERIFIER_nondet_char();
    switch (state) {
    case START:
      if (ch == '-') {
        state = NEG;
        continue;
      }
      /* fall through */
    case NEG:
      if (ch < '0' || ch > '9')
        goto bad;
      state = state == NEG ? NEG : NUM;
      value = value * 10 + (ch - '0');
      break;
    case NUM:
      switch (ch) {
      case ';':
        state = DONE;
        break;
      default:
        if (ch >= '0' && ch <= '9')
          value = value * 10 + (ch - '0');
        else
          goto bad;
      }
      break;
    default:
      steps++;
    }
    steps++;
  }
  if (state == DONE && value == 42)
    return 1;
  if (state == NEG && value > 99)
    return 2;
  if (steps > 10)
    return 3;
  return 0;
bad:
  return -2;
}
