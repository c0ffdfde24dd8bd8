/* A switch whose cases assign r or return: r is assigned after the switch
   on every path that goes on. */
int calc(int op, int a, int b) {
  int r;
  switch (op) {
  case '+':
    r = a + b;
    break;
  case '/':
    if (b == 0)
      return -2;
    r = a / b;
    break;
  default:
    return -3;
  }
  if (op == '/' && r == -7 && a % b == -3)
    return 1;
  if (op == '+' && r == 10 && a == 3)
    return 2;
  if (op != '+' && op != '/')
    return 3;
  return 0;
}

int mid_default(int k) {
  int v;
  switch (k) {
  case 1: v = 10; break;
  default: v = 0; break;
  case 2: v = 20; break;
  }
  if (v == 0 && k == 2)
    return 1;
  if (v == 0 && k == 5)
    return 2;
  return v;
}
