/* Towers of Hanoi: recursion, a global move counter, a VLA log of moves
   (from * 3 + to). Every (n, k) with 1 <= n <= 10, 0 <= k <= 1023 run by
   bf4/r4_lang_hanoi_bf.c.
   count_off is dead: n disks take 2^n - 1 moves.
   self_move is dead: a move never has from == to (codes 0, 4, 8). */
static int moves;

static void hanoi(int n, int from, int to, int via, int *log, int cap) {
  if (n == 0)
    return;
  hanoi(n - 1, from, via, to, log, cap);
  if (moves < cap)
    log[moves] = from * 3 + to;
  moves++;
  hanoi(n - 1, via, to, from, log, cap);
}

int solve(int n, int k) {
  int cap;
  if (n < 1 || n > 10 || k < 0 || k > 1023)
    return -1;
  cap = 1 << n;
  {
    int log[cap];
    moves = 0;
    hanoi(n, 0, 2, 1, log, cap);
    if (moves != cap - 1)
      return 1;                                 /*@ count_off */
    if (k < moves && (log[k] == 0 || log[k] == 4 || log[k] == 8))
      return 2;                                 /*@ self_move */
    if (k == moves / 2 && log[k] == 2 && n == 10)
      return 3;                                 /*@ middle */
    if (k == moves - 1 && log[k] == 1)
      return 4;                                 /*@ last_0to1 */
  }
  return 0;
}
