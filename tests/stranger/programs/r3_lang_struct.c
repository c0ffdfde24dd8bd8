/* Struct copies, arrays inside structs, a 2-D local array and narrowing or
   unsigned conversions. All inputs x0 in -200..200, w in 0..100 run by
   bf3/r3_lang_struct_bf.c. */
struct vec {
  int x, y;
};
struct box {
  struct vec lo, hi;
  int tag[2];
};

int boxes(int x0, int w) {
  struct box b, c;
  int grid[4][4], i, j, t = 0;
  unsigned short us;
  signed char sc;
  unsigned int u;
  if (x0 < -200 || x0 > 200 || w < 0 || w > 100)
    return -1;
  b.lo.x = x0;
  b.lo.y = 0;
  b.hi.x = x0 + w;
  b.hi.y = w;
  b.tag[0] = 1;
  b.tag[1] = 2;
  c = b;
  c.hi.x += 1;
  c.tag[1] = 7;
  if (b.tag[1] == 7 || b.hi.x == c.hi.x)
    return 1;                                   /*@ copy_alias */
  for (i = 0; i < 4; i++)
    for (j = 0; j < 4; j++)
      grid[i][j] = (i * 4 + j) ^ (x0 & 15);
  for (i = 0; i < 4; i++)
    t += grid[i][i];
  if (t == 24 && x0 > 100)
    return 2;                                   /*@ diag24 */
  us = (unsigned short)(w * 1000);
  if (us == 4464)
    return 3;                                   /*@ short_wrap */
  sc = (signed char)(x0 + 100);
  if (sc < -100 && w == 3)
    return 4;                                   /*@ char_wrap */
  u = (unsigned int)x0 - 5u;
  if (u > 4000000000u && u < 4294967290u)
    return 5;                                   /*@ unsigned_wrap */
  return 0;
}
