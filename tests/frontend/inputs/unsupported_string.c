int f(int x) {
  const char *s;
  s = "abc";
  return x;
}
