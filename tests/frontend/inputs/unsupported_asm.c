int f(int x) {
  x++;
  __asm__("nop");
  return x;
}
