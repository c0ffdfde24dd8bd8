/* A pseudo-random walk; the target needs a long run of the loop. */
int walk(int steps, int start) {
  int pos = start, i, max = start;
  if (steps < 0 || steps > 20000 || start < 0 || start > 100)
    return -1;
  for (i = 0; i < steps; i++) {
    pos += (i * 7 + 3) % 5 - 2;                 /*@ move */
    if (pos > max)
      max = pos;
  }
  if (max - start > 4 * steps + 4)
    return 1;                                   /*@ too_far */
  if (i == 15000 && pos == start)
    return 2;                                   /*@ back_home */
  return 0;
}
