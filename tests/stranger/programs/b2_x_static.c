/* A static local counter keeps its value across calls. */
static int ticket(void) {
  static int next = 100;
  return next++;
}

int third_ticket(int k) {
  int a = ticket(), b = ticket(), c = ticket();
  if (c == 102 && a + b + c + k == 400)
    return 1;                                   /*@ third */
  return 0;
}
