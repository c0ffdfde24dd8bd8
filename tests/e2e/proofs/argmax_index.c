/* The best of several values kept as an index into an array (arg max), then
 * compared again through that index: each read a[b] is a case split over
 * the entries b may designate, and a contradiction such as "the last entry
 * won and equals an earlier one" is a negative cycle of differences through
 * the read.  Bounds propagation alone crawls around such a cycle one value
 * per round over 32-bit domains. */

int argmax4(int s0, int s1, int s2, int s3) {
  int sc[4];
  int b = 0, i;
  sc[0] = s0; sc[1] = s1; sc[2] = s2; sc[3] = s3;
  for (i = 1; i < 4; i++)
    if (sc[i] > sc[b])
      b = i;
  if (b == 3 && sc[b] == s1)
    return 1;                      /* expect unreachable (s3 beat the best of s0..s2, s1 included) */
  if (b == 1 && sc[b] < s3)
    return 2;                      /* expect unreachable */
  if (b == 2 && sc[b] == s3 && s0 == s1)
    return 3;                      /* expect reachable (a tie keeps the first) */
  return 0;
}

struct player { int id; int pts; };

int podium(int p0, int p1, int p2, int p3, int p4) {
  struct player t[5];
  int i, w = 0, r = -1;
  t[0].pts = p0; t[1].pts = p1; t[2].pts = p2; t[3].pts = p3; t[4].pts = p4;
  for (i = 0; i < 5; i++)
    t[i].id = 100 + i;
  for (i = 1; i < 5; i++)
    if (t[i].pts >= t[w].pts)
      w = i;                       /* ties go to the later one */
  for (i = 0; i < 5; i++)
    if (i != w && (r < 0 || t[i].pts > t[r].pts))
      r = i;                       /* runner-up */
  if (t[r].pts > t[w].pts)
    return 1;                      /* expect unreachable */
  if (t[w].id == 100 && t[r].pts == p0)
    return 2;                      /* expect unreachable (a tie with the first goes to the later one) */
  if (t[w].id == 104 && t[r].id == 100 && p0 == p4)
    return 3;                      /* expect reachable */
  return 0;
}
