/* switch: fall-through, default in the middle, break, continue of the
   enclosing loop, a nested switch, a block in a case. */
int classify(int op, int x) {
  int r = 0;
  switch (op) {
  case 0:
    r = x;
    break;
  case 1:
  case 2:
    if (x > 100)
      r = 1;
    /* fall through */
  default:
    r += 2;
  case 7:
    r *= 3;
    break;
  }
  return r;
}

int nested(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    switch (i % 4) {
    case 0:
      continue;
    case 1:
      switch (s & 1) {
      case 0: s += 10; break;
      default: s -= 1;
      }
      break;
    case 2: {
      int k = i;
      s += k;
    }
    }
    s++;
  }
  return s;
}

int chars(char c) {
  switch (c) {
  case 'a': return 1;
  case 'z': return 26;
  }
  return 0;
}
