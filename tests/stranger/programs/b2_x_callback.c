/* A comparator passed as a function pointer (the qsort idiom). */
static int cmp_asc(int a, int b) { return a < b ? -1 : a > b; }
static int cmp_desc(int a, int b) { return cmp_asc(b, a); }

static void sort3(int *v, int (*cmp)(int, int)) {
  int i, j;
  for (i = 0; i < 2; i++)
    for (j = 0; j < 2 - i; j++)
      if (cmp(v[j], v[j + 1]) > 0) {
        int t = v[j];
        v[j] = v[j + 1];
        v[j + 1] = t;
      }
}

int sorted_desc(int a, int b, int c) {
  int v[3];
  v[0] = a;
  v[1] = b;
  v[2] = c;
  sort3(v, cmp_desc);
  if (v[0] == 9 && v[2] == 1 && a == 1)
    return 1;                                   /*@ desc_9_1 */
  return 0;
}
