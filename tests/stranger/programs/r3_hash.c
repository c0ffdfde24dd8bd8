/* Open addressing (linear probing) in a heap table of 8 slots; four keys
   0..63 inserted, then looked up. All 64^4 inputs run by bf3/r3_hash_bf.c. */
#include <stdlib.h>

static int insert(int *tab, int key) {
  int h = (key * 5) & 7, probes = 1;
  while (tab[h] != -1 && tab[h] != key) {
    h = (h + 1) & 7;
    probes++;
  }
  tab[h] = key;
  return probes;
}

static int find(const int *tab, int key) {
  int h = (key * 5) & 7, n = 0;
  while (tab[h] != -1 && n < 8) {
    if (tab[h] == key)
      return h;
    h = (h + 1) & 7;
    n++;
  }
  return -1;
}

int table(int k1, int k2, int k3, int k4) {
  int *tab, i, p4, r = 0;
  if (k1 < 0 || k1 > 63 || k2 < 0 || k2 > 63 || k3 < 0 || k3 > 63 || k4 < 0 || k4 > 63)
    return -1;
  tab = malloc(8 * sizeof(int));
  for (i = 0; i < 8; i++)
    tab[i] = -1;
  insert(tab, k1);
  insert(tab, k2);
  insert(tab, k3);
  p4 = insert(tab, k4);
  if (p4 == 4)
    r = 1;                                      /*@ chain4 */
  else if (find(tab, k3) < 0)
    r = 2;                                      /*@ lost_key */
  else if (p4 > 4)
    r = 3;                                      /*@ chain5 */
  else if (find(tab, k1) == 7 && k1 == 3)
    r = 4;                                      /*@ k1_at7 */
  free(tab);
  return r;
}
