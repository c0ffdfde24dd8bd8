/* Every operator, the usual arithmetic conversions, side effects. */
int ops(int a, int b, unsigned u, long l, char ch, short sh, unsigned char uc) {
  int r = 0;
  r = a + b; r = a - b; r = a * b; r = a / b; r = a % b;
  r = a << 2; r = a >> b; r = a & b; r = a | b; r = a ^ b;
  r = -a; r = ~a; r = !a; r = +a;
  r = a < b; r = a <= b; r = a > b; r = a >= b; r = a == b; r = a != b;
  r = a && b; r = a || b;
  u = u + a;
  l = l + a;
  r = ch + sh;
  uc = uc + 1;
  r += a; r -= 2; r *= b; r /= 3; r %= 5; r <<= 1; r >>= 1; r &= 7; r |= 8; r ^= 9;
  ch += 1;
  r = a++; r = a--; r = ++a; r = --a; ch++;
  r = (a = b) + 1;
  r = a = b = 3;
  r = (a, b);
  r = a ? b : 7;
  r = b != 0 && a / b > 1;
  r = a > 0 ? a / b : 0;
  r = a > 0 && ++b;
  a > 0 || b++;
  r = a / 2 > 1 && a % 3 == 0;
  return r;
}

double floats(float f, double d, int i) {
  d = f + d;
  f = d;
  i = f;
  d = i;
  f = 1.5f;
  d = 1e300;
  d = -0.1;
  return d / f;
}

long pointers(int *p, int *q, int n) {
  int arr[3] = {1, 2, 3};
  int *r = arr;
  r = &arr[1];
  r = p + n;
  r = n + p;
  r = p - n;
  r++;
  long d = q - p;
  *p = 1;
  p[2] = 3;
  arr[n] = 4;
  *(arr + 1) = 5;
  void *v = p;
  p = v;
  p = (int *)v;
  if (!p)
    return 0;
  if (p == 0)
    return 1;
  return *r + d;
}
