int f(int x) {
  while (x < 10) {
    x++;
  in:
    x += 2;
  }
  if (x > 20)
    goto in;
  return x;
}
