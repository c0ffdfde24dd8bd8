#include <stdio.h>
#include "../programs/r4_lang_vm.c"
int main(void) { long c[12] = {0}; int w[12]; for (int i = 0; i < 12; i++) w[i] = -1;
  for (int code = 0; code < (1 << 24); code++) { int r = run(code) + 7; if (!c[r]++) w[r] = code; }
  for (int i = 0; i < 12; i++) printf("ret %d: %ld first %#x\n", i - 7, c[i], w[i]); return 0; }
