/* A struct with an array member, given by pointer. */
struct buf { int len; char data[8]; };

int palindrome(const struct buf *b) {
  int i;
  if (b->len < 1 || b->len > 8)
    return -1;
  for (i = 0; i < b->len / 2; i++)
    if (b->data[i] != b->data[b->len - 1 - i])
      return 0;
  if (b->len == 5 && b->data[0] == 'r' && b->data[2] == 'd')
    return 1;                                   /*@ radar */
  if (b->len == 4 && b->data[0] != b->data[3])
    return 2;                                   /*@ not_pal */
  return 0;
}
