int f(int x) {
  int r = 0, n = 3;
  switch (x) {
  case 0: do { r++;
  case 1:      r++;
          } while (--n > 0);
  }
  return r;
}
