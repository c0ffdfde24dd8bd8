int f(int x) {
  static void *t[] = {&&a, &&b};
  goto *t[x & 1];
a:
  return 1;
b:
  return 2;
}
