int g(int x) { return x; }
int f(int x) {
  long (*p)(long) = (long (*)(long))g;
  return (int)p(x);
}
