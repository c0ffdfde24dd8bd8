/* The loop of the concrete-mode throughput line of `make bench`
   (bench/concrete_speed.c): integer arithmetic, a division, an array in
   memory, a call.  Also compiled by gcc -O0 for comparison. */
int mix(int a, int b) { return (a ^ (b >> 3)) * 7 % 1000; }

int loop(int n) {
  int t[16];
  for (int k = 0; k < 16; k++) t[k] = k;
  int s = 0;
  for (int i = 0; i < n; i++) {
    s = s + mix(i, s);
    t[i & 15] = t[(i + 1) & 15] + s / (1 + (i & 7));
  }
  return s + t[3];
}

/* The function of the enumeration line: two small parameters (65,536
   inputs), a short loop. */
int pick(signed char a, signed char b) {
  int r = 0;
  for (int i = 0; i < (a & 15); i++) r += (b ^ i) % 7;
  if (r == 1234) return -1;
  return r;
}
