#include <stdio.h>
#define main main_unused
#include "../programs/b2_x_callback.c"
#include "../programs/b2_x_union.c"
#include "../programs/b2_x_bitfield.c"
#include "../programs/b2_x_static.c"
#include "../programs/b2_x_compound.c"
#include "../programs/b2_x_table2d.c"
#include "../programs/b2_x_strtab.c"
#include "../programs/b2_x_memcpy.c"
#include "../programs/b2_x_builtin.c"
#include "../programs/b2_x_caserange.c"
#include "../programs/b2_x_vla2d.c"
#undef main
int main(void) {
  int a, b, c, n2 = 0, n;
  for (a = 0; a < 4; a++) for (b = 0; b < 4; b++) for (c = 0; c < 4; c++) if (route(a, b, c) == 2) n2++;
  for (n = 1; n <= 5; n++) if (vla2(n) == 1) printf("vla2 anti10 n=%d\n", n);
  printf("%d %d %d %d %d route25=%d detour=%d %d %d %d %d\n", sorted_desc(1, 9, 5), exponent(100.0f), parse(2 | (5 << 2) | (2047u << 5)),
         third_ticket(97), compound(2), route(0, 3, 2), n2, keyword_index("while"), copy_ints(3, 7), builtins(0x70), grade(95));
  return 0;
}
