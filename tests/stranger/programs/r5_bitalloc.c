/* A 32-block bitmap allocator of an RTOS, driven by 12 two-bit commands
   (ops, 24 bits, command k in bits 2k..2k+1): 0 allocates one block
   (first fit), 1 two adjacent blocks (first fit), 2 frees the most
   recently allocated block still in use (a stack of handles; stale
   handles are skipped), 3 frees the lowest block in use.  All 2^24
   command words run by bf5/r5_bitalloc_bf.c.
   full, no_pair: dead, at most 24 blocks are ever in use (12 commands of
     at most 2 blocks) and no block past 23 is ever handed out (below), so
     blocks 24..31 stay free.
   count_off: dead, used == popcount(map) (an allocation sets clear bits,
     a free clears a set bit).
   the highest block ever handed out is at most 23 (bf5; a block k >= 24
     needs all of 0..k-1 in use or single holes skipped by a pair, more
     than 12 commands): high24 dead, high23 reachable (ops = 0x555555).
   hole5: reachable, the final map is 0b101.
   stale3: reachable, three stale handles on top of the stack at the end. */

static int first_free(unsigned map) {
  int b;
  for (b = 0; b < 32; b++)
    if (!(map & (1u << b)))
      return b;
  return -1;
}

int alloc_run(int ops) {
  unsigned map = 0;
  int stack[32], sp = 0, used = 0, k, b, c, top = -1, stale;
  if (ops < 0 || ops > 0xffffff)
    return -1;
  for (k = 0; k < 12; k++) {
    switch ((ops >> (2 * k)) & 3) {
    case 0:
      b = first_free(map);
      if (b < 0 || sp >= 32)
        return 1;                               /*@ full */
      map |= 1u << b;
      used++;
      stack[sp++] = b;
      if (b > top)
        top = b;
      break;
    case 1:
      for (b = 0; b < 31; b++)
        if (!(map & (3u << b)))
          break;
      if (b == 31 || sp >= 31)
        return 2;                               /*@ no_pair */
      map |= 3u << b;
      used += 2;
      stack[sp++] = b;
      stack[sp++] = b + 1;
      if (b + 1 > top)
        top = b + 1;
      break;
    case 2:
      while (sp > 0 && !(map & (1u << stack[sp - 1])))
        sp--;
      if (sp > 0) {
        map &= ~(1u << stack[--sp]);
        used--;
      }
      break;
    default:
      if (map != 0) {
        for (b = 0; !(map & (1u << b)); b++)
          ;
        map &= ~(1u << b);
        used--;
      }
      break;
    }
  }
  for (c = 0, b = 0; b < 32; b++)
    if (map & (1u << b))
      c++;
  if (c != used)
    return 3;                                   /*@ count_off */
  if (top >= 24)
    return 4;                                   /*@ high24 */
  if (top == 23)
    return 5;                                   /*@ high23 */
  if (map == 5u)
    return 6;                                   /*@ hole5 */
  for (stale = 0; stale < sp && !(map & (1u << stack[sp - 1 - stale])); stale++)
    ;
  if (stale == 3)
    return 7;                                   /*@ stale3 */
  return 0;
}
