/* Timeout with 0 search nodes: n is checked into 0..400 by the program, so
   running every n answers (401 runs, 21M inner iterations): with
   --assume 'n >= 0' --assume 'n <= 400' it is UNREACHABLE in 3.5 s (the
   enumeration runs before the root propagation).  Without the assume the
   enumeration (label/objective.c enumerate) waits for the root
   propagation, which unfolds the nested loops until the timeout (30k
   unfoldings in 20 s).  c is never 10000: c(n) = n^2 - (n - n/7)^2 skips it.
   From b2_bigsort.c (s2_lat_10k, s2_lat_over).
   inka-ng --stats --reach b2_enum_after_root.c:19 b2_enum_after_root.c */
int lattice(int n) {
  int i, j, c = 0;
  if (n < 0 || n > 400)
    return -1;
  for (i = 1; i <= n; i++)
    for (j = 1; j <= n; j++)
      if ((i * j) % 7 == 0)
        c++;
  if (c == 10000)
    return 1;
  return 0;
}
