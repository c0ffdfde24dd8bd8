#include <stdio.h>
#include <string.h>
/* the reproducers of set 5 that need a run: each included under its own names */
#define lookup si_lookup
#include "../repro/r5_struct_index.c"
#undef lookup
#define f ril_f
#include "../repro/r5_return_in_loop.c"
#undef f
#define f cil_f
#include "../repro/r5_continue_in_loop.c"
#undef f
#define line be_line
#include "../repro/r5_bresenham_err.c"
#undef line
#define smooth ss_smooth
#include "../repro/r5_shift_step.c"
#undef smooth
#define f ds_f
#include "../repro/r5_div_step.c"
#undef f
#define f wc_f
#include "../repro/r5_wrap_counter.c"
#undef f
#define f ps_f
#include "../repro/r5_prescaler.c"
#undef f
#define f pp_f
#include "../repro/r5_prefix_proof.c"
#undef f
#define shiftdiv rd_shiftdiv
#include "../repro/r5_restoring_div.c"
#undef shiftdiv
#define mm mc_mm
#include "../repro/r5_memmove_concrete.c"
#undef mm
#define f fs_f
#include "../repro/r5_float_sign.c"
#undef f
int main(void) {
  long c;
  struct route t[2];
  c = 0; for (int a = 0; a < 16; a++) for (int b = 0; b < 16; b++) for (int k = 0; k <= 1; k++) {
    t[0].prefix = a; t[0].len = 2; t[1].prefix = b; t[1].len = 0; c += si_lookup(t, k) == 1; }
  t[0].prefix = 0; t[0].len = 2; t[1].prefix = 8; t[1].len = 0;
  printf("struct_index: hits %ld; inka-ng's inputs give %d\n", c, si_lookup(t, 1));
  c = 0; for (int n = 0; n <= 100000; n += 1) for (int m = 0; m <= 100000; m += 997) c += (ril_f(n, m) == 3) + (cil_f(n, m) == 3);
  printf("return/continue_in_loop (m every 997th): hits %ld\n", c);
  c = 0; for (int dx = 0; dx <= 2000; dx++) for (int dy = 0; dy <= dx; dy++) c += be_line(dx, dy) == 1;
  printf("bresenham_err: hits %ld\n", c);
  c = 0; for (int x = 8; x <= 30000; x++) for (int n = 0; n <= 400; n++) c += ss_smooth(x, n) == 1;
  printf("shift_step: hits %ld\n", c);
  c = 0; for (int seed = 0; seed <= 65535; seed++) c += ds_f(2000, seed) == 1;
  printf("div_step (n = 2000: bad is sticky, so every shorter n too): hits %ld\n", c);
  c = 0; for (int n = 0; n <= 1000000; n += 1) c += wc_f(n) == 1;
  printf("wrap_counter: hits %ld\n", c);
  c = 0; for (int n = 0; n <= 5000; n++) for (int pre = 1; pre <= 100; pre++) c += ps_f(n, pre) == 1;
  printf("prescaler (n <= 5000): hits %ld\n", c);
  c = 0; for (int n = 0; n <= 20000; n++) c += pp_f(n) == 1;
  printf("prefix_proof: hits %ld\n", c);
  c = 0; for (int a = 0; a <= 0xffff; a++) for (int b = 1; b <= 0xff; b++) c += rd_shiftdiv(a, b) == 1;
  printf("restoring_div: hits %ld\n", c);
  c = 0; for (int s = 0; s <= 32; s++) for (int d = 0; d <= 32; d++) for (int l = 0; l <= 32; l++) c += mc_mm(s, d, l) == 1;
  printf("memmove_concrete: hits %ld\n", c);
  c = 0; { unsigned u = 0; do { float x; memcpy(&x, &u, 4); c += fs_f(x) == 1; u++; } while (u != 0); }
  printf("float_sign (every float): hits %ld\n", c);
  return 0;
}
