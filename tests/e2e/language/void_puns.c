/* A pointer through void * and back to its own type: the same cells
   (void_pun_bytes.c reads them as another type, and is refused). */
static void *keep;

static void put(int *p) { keep = p; }

int same(int x) {
  int a[4] = {0, 0, 0, 0};
  put(a);
  int *back = keep;
  back[x & 3] = 7;
  if (a[2] == 7)
    return 1;
  return 0;
}
