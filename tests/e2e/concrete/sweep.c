/* Witnesses that are neither small nor a constant of the program: the
   sweep of label/concrete.c runs the inputs' domains in order of
   magnitude after the candidates. */

/* A seed mixed by 64 rounds of a linear congruential generator. */
int mixed_seed(unsigned seed) {
  unsigned x = seed;
  for (int i = 0; i < 64; i++)
    x = x * 1103515245u + 12345u;
  if (seed > 100 && ((x >> 16) & 8191) == 4321)
    return 1; /* guess */
  return 0;
}

/* A Fletcher-like checksum over n bytes generated from a start byte. */
int checksum(int n, unsigned char start) {
  unsigned s1 = 0, s2 = 0;
  unsigned char b = start;
  if (n < 0 || n > 5000)
    return -1;
  for (int i = 0; i < n; i++) {
    s1 = (s1 + b) % 251;
    s2 = (s2 + s1) % 251;
    b = (unsigned char)(b * 7 + 3);
  }
  if (s1 == 20 && s2 == 173 && n > 20)
    return 1; /* guess */
  return 0;
}

/* The first n whose Collatz trajectory takes exactly 250 steps. */
int collatz_steps(int n) {
  int steps = 0;
  if (n < 1 || n > 100000)
    return -1;
  while (n != 1 && steps < 1000) {
    n = n % 2 ? 3 * n + 1 : n / 2;
    steps++;
  }
  if (steps == 250)
    return 1; /* guess */
  return 0;
}

/* A negative key: the sweep alternates signs (0, 1, -1, 2, -2, ...). */
int negative_key(int k) {
  int h = k;
  for (int i = 0; i < 32; i++)
    h = (h * 31 + 7) % 10007;
  if (k < -50 && h == -1234)
    return 1; /* guess */
  return 0;
}
