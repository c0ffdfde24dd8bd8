int g(int x) {
  int y = x;
  goto end;
end:
  return y;
}
int f(int x) {
  return g(x);
}
