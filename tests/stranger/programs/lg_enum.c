/* enum, typedef, a switch over an enum with a default that returns. */
typedef enum { RED, GREEN = 5, BLUE, ALPHA = 10 } color_t;
typedef unsigned char byte;

static byte level(color_t c, int v) {
  byte r;
  switch (c) {
  case RED:
    r = (byte)(v & 0x0f);
    break;
  case GREEN:
  case BLUE:
    r = (byte)(v >> 4);
    break;
  case ALPHA:
    return 255;
  default:
    return 0;
  }
  return r;
}

int paint(int c, int v) {
  byte b = level((color_t)c, v);
  if (b == 0x0e && c == BLUE)
    return 1;                                   /*@ blue_e */
  if (b == 255 && c != ALPHA && c != GREEN && c != BLUE)
    return 2;                                   /*@ red_full */
  if (b == 200 && c == RED)
    return 3;                                   /*@ red_200 */
  return 0;
}
