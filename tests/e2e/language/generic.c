/* _Generic selecting an integer constant (a type tag); other selections refused. */
#define KIND(x) _Generic((x), int: 1, unsigned: 2, long: 3, default: 0)

int kinds(int x, unsigned u) {
  if (KIND(x) == 1 && KIND(u) == 2 && KIND(x + 0L) == 3 && KIND('c') == 1 && x == 4)
    return 1;                                   /* line 6 */
  if (KIND(x) != 1)
    return 2;                                   /* line 8: never */
  return 0;
}

int picks(int x) {
  return _Generic(x, int: x + 1, default: 0);   /* line 13: refused */
}
