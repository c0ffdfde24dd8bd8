int f(int *p) {
  long v;
  v = (long)p;
  return v;
}
