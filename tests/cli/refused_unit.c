/* Two functions under test: one outside the subset (inline asm). */
int plain(int x) {
  if (x > 3)
    return 1;
  return 0;
}

int with_asm(int x) {
  __asm__("nop");
  return x;
}
