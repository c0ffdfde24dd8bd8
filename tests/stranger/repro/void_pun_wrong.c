int g(int x) {
  int a[8];
  void *v = a;
  unsigned char *p = v;
  int i;
  for (i = 0; i < 32; i++) p[i] = 0;
  a[x & 7] = 5;
  if (a[3] == 5) return 1;
  return 0;
}
