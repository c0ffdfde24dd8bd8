/* Float loops the concrete mode answers by guessing (label/concrete.c):
   each target needs hundreds or thousands of iterations, which running
   takes in microseconds; the candidates come from the program's constants. */
int half_steps(float lim) {
  float s = 0.0f;
  int n = 0;
  while (s < lim) {
    s += 0.5f;
    n++;
  }
  if (n == 1000)
    return 1; /* guess */
  return 0;
}

int tenths(int n) {
  float s = 0.0f;
  if (n < 0 || n > 100000)
    return -1;
  for (int i = 0; i < n; i++)
    s += 0.1f;
  if (n == 10000 && s > 999.0f && s < 1000.0f)
    return 1; /* guess */
  return 0;
}

int absorbed(float x) {
  float y = x;
  for (int i = 0; i < 3000; i++)
    y = y + 1.0f;
  if (x > 0.0f && y == x)
    return 1; /* guess */
  return 0;
}

int decades(double d) {
  int k = 0;
  if (d <= 1e300)
    return 0;
  while (d > 1.0) {
    d = d / 10.0;
    k++;
  }
  if (k == 301)
    return 1; /* guess */
  return 0;
}
