int f(int x) {
  if (x)
    goto out;
  x++;
out:
  return x;
}
