/* Every scalar nondet type and 64-bit arithmetic. */
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern long long __VERIFIER_nondet_longlong(void);
extern _Bool __VERIFIER_nondet_bool(void);

int main(void) {
  char c = __VERIFIER_nondet_char();
  unsigned char uc = __VERIFIER_nondet_uchar();
  short s = __VERIFIER_nondet_short();
  unsigned short us = __VERIFIER_nondet_ushort();
  unsigned int u = __VERIFIER_nondet_uint();
  long l = __VERIFIER_nondet_long();
  unsigned long ul = __VERIFIER_nondet_ulong();
  long long ll = __VERIFIER_nondet_longlong();
  _Bool b = __VERIFIER_nondet_bool();
  if (c == -5 && uc == 250 && s == -30000 && us == 60000 && u == 4000000000u && b)
    if (l == -5000000000L && ul == 18000000000000000000UL && ll - 3000000000LL == 6000000000LL)
      return 1;
  if (ul + 1 == 0 && (long long)ul == -1)
    return 2;
  return 0;
}
