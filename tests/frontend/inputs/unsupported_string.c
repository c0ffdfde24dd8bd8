int f(int x) {
  const int *s;
  s = (const int *)L"abc";
  return x + s[0];
}
