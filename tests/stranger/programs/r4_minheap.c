/* Heap sort through a binary min-heap in a local array; the values come
   from a small LCG. Every (n, seed) with 1 <= n <= 64, 0 <= seed <= 10000
   run by bf4/r4_minheap_bf.c.
   unsorted is dead: popping a min-heap yields a non-decreasing sequence. */
#define CAP 64

int heap_sort(int n, int seed) {
  int h[CAP], out[CAP], size = 0, i, j, c, t, x = seed;
  if (n < 1 || n > CAP || seed < 0 || seed > 10000)
    return -1;
  for (i = 0; i < n; i++) {
    x = (x * 75 + 74) % 65537;
    j = size++;
    h[j] = x % 1000;
    while (j > 0 && h[(j - 1) / 2] > h[j]) {
      t = h[j];
      h[j] = h[(j - 1) / 2];
      h[(j - 1) / 2] = t;
      j = (j - 1) / 2;                          /*@ siftup */
    }
  }
  for (i = 0; i < n; i++) {
    out[i] = h[0];
    h[0] = h[--size];
    j = 0;
    for (;;) {
      c = 2 * j + 1;
      if (c >= size)
        break;
      if (c + 1 < size && h[c + 1] < h[c])
        c++;
      if (h[j] <= h[c])
        break;
      t = h[j];
      h[j] = h[c];
      h[c] = t;
      j = c;
    }
  }
  for (i = 1; i < n; i++)
    if (out[i - 1] > out[i])
      return 2;                                 /*@ unsorted */
  if (n == 64 && out[0] == 0 && out[63] == 999)
    return 1;                                   /*@ full_span */
  if (n >= 3 && out[0] == out[2])
    return 3;                                   /*@ triple */
  return 0;
}
