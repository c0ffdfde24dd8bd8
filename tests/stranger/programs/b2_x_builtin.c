/* GCC builtins a tester uses for bit counting and branch hints. */
int builtins(unsigned x) {
  if (__builtin_expect(x == 0, 0))
    return -1;
  if (__builtin_popcount(x) == 3 && __builtin_ctz(x) == 4)
    return 1;                                   /*@ pop3_ctz4 */
  return 0;
}
