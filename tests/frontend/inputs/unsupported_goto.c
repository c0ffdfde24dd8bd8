int f(int x) {
  if (x)
    goto in;
  while (x < 10) {
    x++;
  in:
    x += 2;
  }
  return x;
}
