/* UNREACHABLE in 0.003 s with --no-concrete (loop invariant i + j == n,
   "invariants 1, polyhedra 1"), but 10 s (30 s timeout in the loaded
   acceptance run) in the default mode: the concrete mode first runs
   thousands of inputs of the bounded domain (n in 0..100000, each run up to
   50000 iterations) before the proof gets its turn.  From b2_relate.c
   (p2_walk_sum).
   inka-ng --stats --reach b2_concrete_first.c:14 b2_concrete_first.c
   inka-ng --stats --no-concrete --reach b2_concrete_first.c:14 b2_concrete_first.c */
int walk(int n) {
  int i = 0, j = n;
  if (n < 0 || n > 100000) return -1;
  while (i < j) { i++; j--; }
  if (i + j != n)
    return 1;
  return 0;
}
