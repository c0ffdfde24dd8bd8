/* Parses "key=value;key=value" strings: keys of 1 or 2 lower-case letters,
   values of 1 to 6 decimal digits. Witnesses in bf4/r4_kvparse_bf.c.
   neg_value is dead: a value has at most 6 digits, so 0 <= val <= 999999.
   dense is dead: a pair takes at least 3 characters ("a=1") and pairs are
   separated by ';', so nkeys pairs need i >= 4 * nkeys - 1 characters. */
#include <stddef.h>

int parse(const char *s) {
  int i = 0, nkeys = 0, val = 0, id = -1, nd, klen;
  char k0, k1;
  if (s == NULL)
    return -1;
  while (s[i] != '\0') {
    k0 = s[i];
    if (k0 < 'a' || k0 > 'z')
      return -2;
    k1 = s[i + 1];
    klen = (k1 >= 'a' && k1 <= 'z') ? 2 : 1;
    i += klen;
    if (s[i] != '=')
      return -3;
    i++;
    val = 0;
    nd = 0;
    while (s[i] >= '0' && s[i] <= '9') {
      val = val * 10 + (s[i] - '0');
      i++;
      if (++nd > 6)
        return -4;
    }
    if (nd == 0)
      return -5;
    if (klen == 2 && k0 == 'i' && k1 == 'd')
      id = val;
    nkeys++;
    if (s[i] == ';')
      i++;
    else if (s[i] != '\0')
      return -6;
  }
  if (id == 4242 && nkeys == 2)
    return 1;                                   /*@ id4242 */
  if (val < 0)
    return 2;                                   /*@ neg_value */
  if (nkeys == 3 && i == 11)
    return 3;                                   /*@ three_short */
  if (4 * nkeys > i + 1)
    return 4;                                   /*@ dense */
  return 0;
}
