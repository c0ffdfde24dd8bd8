int g(int x) {
  void *p = &&end;
  goto *p;
end:
  return x;
}
int f(int x) {
  return g(x);
}
