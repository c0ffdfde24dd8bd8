#include <stdio.h>
#include "../programs/r5_gray.c"
/* all 2^32 words through every function */
int main(void) {
  long cg[5] = {0}, cp[5] = {0}, k32 = 0, k33 = 0, cpar[2] = {0};
  unsigned wg[5] = {0}, wp[5] = {0}, x = 0, wk32 = 0;
  do {
    int r = gray_check(x); if (!cg[r]++) wg[r] = x;
    r = palindrome(x); if (!cp[r]++) wp[r] = x;
    r = kernighan(x); if (r >= 32) { if (!k32++) wk32 = x; } if (r >= 33) k33++;
    r = parity(x); cpar[r == 1 && __builtin_parity(x) != 1 ? 1 : 0] += 0; if (r != __builtin_parity(x)) cpar[1]++; else cpar[0]++;
    x++;
  } while (x != 0);
  for (int i = 0; i < 5; i++) printf("gray_check ret %d: %ld first %#x\n", i, cg[i], wg[i]);
  for (int i = 0; i < 5; i++) printf("palindrome ret %d: %ld first %#x\n", i, cp[i], wp[i]);
  printf("kernighan >= 32 iterations: %ld (first %#x), >= 33: %ld\n", k32, wk32, k33);
  printf("parity agrees with __builtin_parity: %ld, differs: %ld\n", cpar[0], cpar[1]);
  return 0;
}
