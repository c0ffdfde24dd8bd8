/* Paths that read cells nobody wrote but cannot happen whatever those cells
   hold: the value read is free, so the refutation stands and the target is
   UNREACHABLE, not UNKNOWN (tests/memory/unwritten.sh).
   An int v >= 0 has at most 10 decimal digits (INT_MAX = 2147483647), so
   to_decimal returns at most 10 and T6 is dead (checked by running
   to_decimal on every v from 0 to INT_MAX).  When propagation decides
   both loops at the root for len > 10 (11 copies back), the join of the
   first loop re-reads tmp[10] and tmp[11], which it never wrote, in the
   same propagation as the loop's counters that contradict that exit. */
static int to_decimal(int v, char *out) {
  char tmp[12];
  int n = 0, k = 0;
  if (v == 0)
    tmp[n++] = '0';
  while (v > 0) {
    tmp[n++] = (char)('0' + v % 10);
    v /= 10;
  }
  while (n > 0)
    out[k++] = tmp[--n];
  out[k] = '\0';
  return k;
}

int decimal_length(int v) {
  char s[12];
  int len;
  if (v < 0)
    return -1;
  len = to_decimal(v, s);
  if (len > 10) {
    return 2; /* T6 */
  }
  return 0;
}
