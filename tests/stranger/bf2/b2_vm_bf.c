#include <stdio.h>
#include "../programs/b2_vm.c"
int main(void) {
  unsigned char a[] = {0, 42, 3, 2}, b[] = {0, 255, 3, 1, 3, 3, 3}, c[] = {0, 9, 0, 7, 4};
  printf("%d %d %d\n", run_vm(a, 4), run_vm(b, 7), run_vm(c, 5));
  return 0;
}
