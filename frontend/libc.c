/* libc.c - C models of the library functions programs call most
 * (<string.h>, <ctype.h>, abs, the exact functions of <math.h>: floor,
 * ceil, trunc, round, fmin, fmax; strtol, strtoul, strtoll, strtoull, atoi,
 * atol, atoll and errno; memchr, strstr, strspn, strcspn, strpbrk,
 * strcasecmp, strncasecmp), so that a call to strlen or memcmp is
 * translated like any function of the file instead of being refused.
 *
 * The models are C source that clang parses ahead of the file (-include of
 * a virtual header, supplied as an unsaved file), marked as a system header
 * so that they are not part of the program: no coverage objective, no stub,
 * no line of theirs is a target.  Each model is named __inka_lib_NAME; a
 * call to NAME, when the program does not define NAME itself, is a call to
 * the model (fe_libc_model, used by fe_func_for).  The test driver still
 * links the real library: the models must compute what glibc computes on
 * x86-64 in the C locale, including the values C leaves open (strcmp and
 * memcmp return the difference of the first differing bytes as unsigned
 * char; the is* functions return glibc's class bit, e.g. isdigit gives
 * 2048, not 1).  __NO_CTYPE keeps <ctype.h> from defining the is*
 * functions as macros over glibc's table.
 *
 * memset, memcpy, memmove and memcmp work on bytes; the abstract memory
 * holds one value of its declared type per cell, so these models serve
 * objects of a character type only (fe_libc_bytes_ok).  memset, memcpy and
 * memmove on cells of one other scalar type call the cell models
 * (PREFIX memcpy__int, ...: memcells.c); anything else is refused.
 */
#include <assert.h>
#include <string.h>

#include "fe.h"

const char fe_libc_path[] = "/inka-ng/libc_models.h";

#define PREFIX "__inka_lib_"

/* The cell models of one type T (suffix S): memmove copies through a VLA
   of the cells, so overlapping objects are right; memset stores the byte
   repeated over the cell (integer cells; float cells only take 0, which
   memcells.c checks). */
#define CELLS(T, S) \
    "static void " PREFIX "memcpy__" #S "(" #T " *__d, const " #T " *__s, __inka_size_t __n) {\n" \
    "  __inka_size_t __i;\n" \
    "  for (__i = 0; __i < __n / sizeof(" #T "); __i++) __d[__i] = __s[__i];\n" \
    "}\n" \
    "static void " PREFIX "memmove__" #S "(" #T " *__d, const " #T " *__s, __inka_size_t __n) {\n" \
    "  __inka_size_t __k = __n / sizeof(" #T "), __i;\n" \
    "  if (__k == 0) return;\n" \
    "  " #T " __t[__k];\n" \
    "  for (__i = 0; __i < __k; __i++) __t[__i] = __s[__i];\n" \
    "  for (__i = 0; __i < __k; __i++) __d[__i] = __t[__i];\n" \
    "}\n" \
    "static void " PREFIX "memset__" #S "(" #T " *__d, int __c, __inka_size_t __n) {\n" \
    "  " #T " __v = (" #T ")((unsigned long long)(unsigned char)__c * 0x0101010101010101ull);\n" \
    "  __inka_size_t __i;\n" \
    "  for (__i = 0; __i < __n / sizeof(" #T "); __i++) __d[__i] = __v;\n" \
    "}\n"

/* GCC's overflow builtins on operands and result of one type T (unsigned
   counterpart U, suffix S; overflow.c picks the model): the wrapped result
   is stored, the test is exact at every width without a wider type (a
   signed product overflowed iff dividing it back does not give b).  The
   models themselves never overflow a signed type: their sums are computed
   unsigned, and -b at a == -1 too (b == MIN is the one b equal to -b). */
#define OVF_SIGNED(T, U, S) \
    "static _Bool " PREFIX "add_overflow__" #S "(" #T " __a, " #T " __b, " #T " *__r) {\n" \
    "  " #T " __s = (" #T ")((" #U ")__a + (" #U ")__b);\n" \
    "  *__r = __s;\n" \
    "  return ((__a ^ __s) & (__b ^ __s)) < 0;\n" \
    "}\n" \
    "static _Bool " PREFIX "sub_overflow__" #S "(" #T " __a, " #T " __b, " #T " *__r) {\n" \
    "  " #T " __s = (" #T ")((" #U ")__a - (" #U ")__b);\n" \
    "  *__r = __s;\n" \
    "  return ((__a ^ __b) & (__a ^ __s)) < 0;\n" \
    "}\n" \
    "static _Bool " PREFIX "mul_overflow__" #S "(" #T " __a, " #T " __b, " #T " *__r) {\n" \
    "  " #T " __s = (" #T ")((" #U ")__a * (" #U ")__b);\n" \
    "  *__r = __s;\n" \
    "  if (__a == 0) return 0;\n" \
    "  if (__a == -1) return __b != 0 && (" #U ")__b == -(" #U ")__b;\n" \
    "  return __s / __a != __b;\n" \
    "}\n"
#define OVF_UNSIGNED(T, S) \
    "static _Bool " PREFIX "add_overflow__" #S "(" #T " __a, " #T " __b, " #T " *__r) {\n" \
    "  " #T " __s = __a + __b;\n" \
    "  *__r = __s;\n" \
    "  return __s < __a;\n" \
    "}\n" \
    "static _Bool " PREFIX "sub_overflow__" #S "(" #T " __a, " #T " __b, " #T " *__r) {\n" \
    "  *__r = __a - __b;\n" \
    "  return __a < __b;\n" \
    "}\n" \
    "static _Bool " PREFIX "mul_overflow__" #S "(" #T " __a, " #T " __b, " #T " *__r) {\n" \
    "  " #T " __s = __a * __b;\n" \
    "  *__r = __s;\n" \
    "  return __a != 0 && __s / __a != __b;\n" \
    "}\n"
/* <math.h>'s exact functions in one floating type T (suffix S: "" or "f";
   BIG = 2^(precision - 1), from which on every value is an integer).
   Only exact operations: a conversion to long long and back below BIG, a
   difference with the integer part (exact), +-1 on an integer below BIG.
   trunc keeps the sign of a zero (x * 0.0 is -0.0 for x in (-1, -0]).
   fmin and fmax give the other argument for a NaN; for two zeros of
   different signs glibc returns y and gcc's inline expansion x, so the
   model reads an unassigned variable there: the path is abandoned (no
   verdict rests on it), as for a read of memory no test controls. */
#define MATH_PICK(T, S, NAME, REL) \
    "static " #T " " PREFIX #NAME #S "(" #T " __x, " #T " __y) {\n" \
    "  if (__x == 0 && __y == 0 && 1 / __x != 1 / __y) { " #T " __open; return __open; }\n" \
    "  return __y " #REL " __x || __x != __x ? __y : __x;\n" \
    "}\n"
/* floor and ceil: trunc(x), one step down (up) when that is above (below) x */
#define MATH_STEP(T, S, NAME, REL, OP) \
    "static " #T " " PREFIX #NAME #S "(" #T " __x) {\n" \
    "  " #T " __t = " PREFIX "trunc" #S "(__x);\n" \
    "  return __t " #REL " __x ? __t " #OP " 1 : __t;\n" \
    "}\n"
#define MATH_EXACT(T, S, BIG) \
    "static " #T " " PREFIX "trunc" #S "(" #T " __x) {\n" \
    "  if (!(__x > -" #BIG " && __x < " #BIG ")) return __x;\n" \
    "  " #T " __t = (" #T ")(long long)__x;\n" \
    "  return __t == 0 ? __x * 0 : __t;\n" \
    "}\n" \
    MATH_STEP(T, S, floor, >, -) MATH_STEP(T, S, ceil, <, +) \
    "static " #T " " PREFIX "round" #S "(" #T " __x) {\n" \
    "  " #T " __t = " PREFIX "trunc" #S "(__x), __d = __x - __t;\n" \
    "  if (__d >= 0.5) return __t + 1;\n" \
    "  if (__d <= -0.5) return __t - 1;\n" \
    "  return __t;\n" \
    "}\n" \
    MATH_PICK(T, S, fmin, <) MATH_PICK(T, S, fmax, >)

/* __builtin_sadd_overflow (int), __builtin_uaddl_overflow (unsigned long), ... */
#define OVF_TYPED(OP, SG, SZ, T, S) \
    "static _Bool " PREFIX "__builtin_" #SG #OP #SZ "_overflow(" #T " __a, " #T " __b, " #T " *__r) {\n" \
    "  return " PREFIX #OP "_overflow__" #S "(__a, __b, __r);\n" \
    "}\n"
#define OVF_TYPED3(SG, SZ, T, S) \
    OVF_TYPED(add, SG, SZ, T, S) OVF_TYPED(sub, SG, SZ, T, S) OVF_TYPED(mul, SG, SZ, T, S)

const char fe_libc_models[] =
    "#pragma clang system_header\n"
    "#define __NO_CTYPE 1\n"
    "typedef __SIZE_TYPE__ __inka_size_t;\n"
    "static __inka_size_t " PREFIX "strlen(const char *__s) {\n"
    "  __inka_size_t __n = 0;\n"
    "  while (__s[__n] != 0) __n++;\n"
    "  return __n;\n"
    "}\n"
    "static __inka_size_t " PREFIX "strnlen(const char *__s, __inka_size_t __m) {\n"
    "  __inka_size_t __n = 0;\n"
    "  while (__n < __m && __s[__n] != 0) __n++;\n"
    "  return __n;\n"
    "}\n"
    "static int " PREFIX "strcmp(const char *__a, const char *__b) {\n"
    "  const unsigned char *__p = (const unsigned char *)__a, *__q = (const unsigned char *)__b;\n"
    "  while (*__p != 0 && *__p == *__q) { __p++; __q++; }\n"
    "  return *__p - *__q;\n"
    "}\n"
    "static int " PREFIX "strncmp(const char *__a, const char *__b, __inka_size_t __n) {\n"
    "  const unsigned char *__p = (const unsigned char *)__a, *__q = (const unsigned char *)__b;\n"
    "  if (__n == 0) return 0;\n"
    "  while (__n > 1 && *__p != 0 && *__p == *__q) { __p++; __q++; __n--; }\n"
    "  return *__p - *__q;\n"
    "}\n"
    "static char *" PREFIX "strcpy(char *__d, const char *__s) {\n"
    "  __inka_size_t __i = 0;\n"
    "  while ((__d[__i] = __s[__i]) != 0) __i++;\n"
    "  return __d;\n"
    "}\n"
    "static char *" PREFIX "strncpy(char *__d, const char *__s, __inka_size_t __n) {\n"
    "  __inka_size_t __i = 0;\n"
    "  for (; __i < __n && __s[__i] != 0; __i++) __d[__i] = __s[__i];\n"
    "  for (; __i < __n; __i++) __d[__i] = 0;\n"
    "  return __d;\n"
    "}\n"
    "static char *" PREFIX "strcat(char *__d, const char *__s) {\n"
    "  __inka_size_t __i = 0, __j = 0;\n"
    "  while (__d[__i] != 0) __i++;\n"
    "  while ((__d[__i + __j] = __s[__j]) != 0) __j++;\n"
    "  return __d;\n"
    "}\n"
    "static char *" PREFIX "strchr(const char *__s, int __c) {\n"
    "  while (*__s != (char)__c) {\n"
    "    if (*__s == 0) return 0;\n"
    "    __s++;\n"
    "  }\n"
    "  return (char *)__s;\n"
    "}\n"
    "static char *" PREFIX "strrchr(const char *__s, int __c) {\n"
    "  const char *__r = 0;\n"
    "  for (;; __s++) {\n"
    "    if (*__s == (char)__c) __r = __s;\n"
    "    if (*__s == 0) return (char *)__r;\n"
    "  }\n"
    "}\n"
    "static void *" PREFIX "memchr(const void *__s, int __c, __inka_size_t __n) {\n"
    "  const unsigned char *__p = (const unsigned char *)__s;\n"
    "  __inka_size_t __i;\n"
    "  for (__i = 0; __i < __n; __i++)\n"
    "    if (__p[__i] == (unsigned char)__c) return (void *)(__p + __i);\n"
    "  return 0;\n"
    "}\n"
    "static __inka_size_t " PREFIX "strspn(const char *__s, const char *__set) {\n"
    "  __inka_size_t __n = 0;\n"
    "  for (; __s[__n] != 0; __n++) {\n"
    "    const char *__k = __set;\n"
    "    while (*__k != 0 && *__k != __s[__n]) __k++;\n"
    "    if (*__k == 0) return __n;\n"
    "  }\n"
    "  return __n;\n"
    "}\n"
    "static __inka_size_t " PREFIX "strcspn(const char *__s, const char *__set) {\n"
    "  __inka_size_t __n = 0;\n"
    "  for (; __s[__n] != 0; __n++) {\n"
    "    const char *__k = __set;\n"
    "    while (*__k != 0 && *__k != __s[__n]) __k++;\n"
    "    if (*__k != 0) return __n;\n"
    "  }\n"
    "  return __n;\n"
    "}\n"
    "static char *" PREFIX "strpbrk(const char *__s, const char *__set) {\n"
    "  __s += " PREFIX "strcspn(__s, __set);\n"
    "  return *__s != 0 ? (char *)__s : 0;\n"
    "}\n"
    "static char *" PREFIX "strstr(const char *__h, const char *__n) {\n"
    "  for (;; __h++) {\n"
    "    __inka_size_t __i = 0;\n"
    "    while (__n[__i] != 0 && __h[__i] == __n[__i]) __i++;\n"
    "    if (__n[__i] == 0) return (char *)__h;\n"
    "    if (*__h == 0) return 0;\n"
    "  }\n"
    "}\n"
    /* case-insensitive comparisons: the difference of the lowered bytes (glibc's values) */
    "static int " PREFIX "lower_byte(unsigned char __c) { return __c >= 'A' && __c <= 'Z' ? __c + 32 : __c; }\n"
    "static int " PREFIX "strncasecmp(const char *__a, const char *__b, __inka_size_t __n) {\n"
    "  const unsigned char *__p = (const unsigned char *)__a, *__q = (const unsigned char *)__b;\n"
    "  for (; __n > 0; __n--, __p++, __q++) {\n"
    "    int __d = " PREFIX "lower_byte(*__p) - " PREFIX "lower_byte(*__q);\n"
    "    if (__d != 0 || *__p == 0) return __d;\n"
    "  }\n"
    "  return 0;\n"
    "}\n"
    "static int " PREFIX "strcasecmp(const char *__a, const char *__b) {\n"
    "  return " PREFIX "strncasecmp(__a, __b, (__inka_size_t)-1);\n"
    "}\n"
    "static int " PREFIX "memcmp(const void *__a, const void *__b, __inka_size_t __n) {\n"
    "  const unsigned char *__p = (const unsigned char *)__a, *__q = (const unsigned char *)__b;\n"
    "  __inka_size_t __i;\n"
    "  for (__i = 0; __i < __n; __i++)\n"
    "    if (__p[__i] != __q[__i]) return __p[__i] - __q[__i];\n"
    "  return 0;\n"
    "}\n"
    "static void *" PREFIX "memset(void *__d, int __c, __inka_size_t __n) {\n"
    "  unsigned char *__p = (unsigned char *)__d;\n"
    "  __inka_size_t __i;\n"
    "  for (__i = 0; __i < __n; __i++) __p[__i] = (unsigned char)__c;\n"
    "  return __d;\n"
    "}\n"
    "static void *" PREFIX "memcpy(void *__d, const void *__s, __inka_size_t __n) {\n"
    "  unsigned char *__p = (unsigned char *)__d;\n"
    "  const unsigned char *__q = (const unsigned char *)__s;\n"
    "  __inka_size_t __i;\n"
    "  for (__i = 0; __i < __n; __i++) __p[__i] = __q[__i];\n"
    "  return __d;\n"
    "}\n"
    "static void *" PREFIX "memmove(void *__d, const void *__s, __inka_size_t __n) {\n"
    "  unsigned char *__p = (unsigned char *)__d;\n"
    "  const unsigned char *__q = (const unsigned char *)__s;\n"
    "  __inka_size_t __i;\n"
    "  if (__n == 0) return __d;\n"
    "  unsigned char __t[__n];\n"
    "  for (__i = 0; __i < __n; __i++) __t[__i] = __q[__i];\n"
    "  for (__i = 0; __i < __n; __i++) __p[__i] = __t[__i];\n"
    "  return __d;\n"
    "}\n"
    /* errno is glibc's (*__errno_location()); the driver sets it to 0
       before the call, so the model's starts at 0 too */
    "static int " PREFIX "errno_value;\n"
    "static int *" PREFIX "__errno_location(void) { return &" PREFIX "errno_value; }\n"
    /* strtol and its family as glibc computes them in the C locale: spaces,
       a sign, base 0 (0x / 0 prefixes) or 2..36, the value accumulated in
       unsigned long long with saturation and ERANGE, endptr after the last
       digit (at the start when there is none: "0x" alone reads the 0);
       atoi and its family are strtol's value converted */
    "static int " PREFIX "digit_value(int __c) {\n"
    "  if (__c >= '0' && __c <= '9') return __c - '0';\n"
    "  if (__c >= 'a' && __c <= 'z') return __c - 'a' + 10;\n"
    "  if (__c >= 'A' && __c <= 'Z') return __c - 'A' + 10;\n"
    "  return 99;\n"
    "}\n"
    /* the magnitude read from s (after spaces and sign) and whether it
       overflowed unsigned long long; *__neg the sign, *__end past the digits;
       a base glibc refuses sets EINVAL and leaves endptr alone */
    "static int " PREFIX "bad_base(int __base) {\n"
    "  if (__base >= 0 && __base != 1 && __base <= 36) return 0;\n"
    "  *" PREFIX "__errno_location() = 22;\n"
    "  return 1;\n"
    "}\n"
    "static unsigned long long " PREFIX "strtoull_digits(const char *__s, int __base, int *__neg, int *__over,\n"
    "                                                    const char **__end) {\n"
    "  const char *__p = __s;\n"
    "  unsigned long long __v = 0;\n"
    "  *__neg = 0;\n"
    "  *__over = 0;\n"
    "  *__end = __s;\n"
    "  while (*__p == ' ' || (*__p >= 9 && *__p <= 13)) __p++;\n"
    "  if (*__p == '-') { *__neg = 1; __p++; } else if (*__p == '+') __p++;\n"
    "  if ((__base == 0 || __base == 16) && __p[0] == '0' && (__p[1] == 'x' || __p[1] == 'X') &&\n"
    "      " PREFIX "digit_value(__p[2]) < 16) { __p += 2; __base = 16; }\n"
    "  else if (__base == 0) __base = __p[0] == '0' ? 8 : 10;\n"
    "  const char *__first = __p;\n"
    "  for (; " PREFIX "digit_value(*__p) < __base; __p++) {\n"
    "    unsigned long long __d = (unsigned long long)" PREFIX "digit_value(*__p);\n"
    "    if (__v > (18446744073709551615ull - __d) / (unsigned long long)__base) *__over = 1;\n"
    "    else __v = __v * (unsigned long long)__base + __d;\n"
    "  }\n"
    "  if (__p != __first) *__end = __p;\n"
    "  return __v;\n"
    "}\n"
    "static long long " PREFIX "strtoll(const char *__s, char **__endp, int __base) {\n"
    "  if (" PREFIX "bad_base(__base)) return 0;\n"
    "  int __neg, __over;\n"
    "  const char *__end;\n"
    "  unsigned long long __v = " PREFIX "strtoull_digits(__s, __base, &__neg, &__over, &__end);\n"
    "  if (__endp) *__endp = (char *)__end;\n"
    "  if (__over || __v > 9223372036854775807ull + (unsigned long long)__neg) {\n"
    "    *" PREFIX "__errno_location() = 34;\n"
    "    return __neg ? -9223372036854775807ll - 1 : 9223372036854775807ll;\n"
    "  }\n"
    "  return __neg ? (long long)(0ull - __v) : (long long)__v;\n"
    "}\n"
    "static unsigned long long " PREFIX "strtoull(const char *__s, char **__endp, int __base) {\n"
    "  if (" PREFIX "bad_base(__base)) return 0;\n"
    "  int __neg, __over;\n"
    "  const char *__end;\n"
    "  unsigned long long __v = " PREFIX "strtoull_digits(__s, __base, &__neg, &__over, &__end);\n"
    "  if (__endp) *__endp = (char *)__end;\n"
    "  if (__over) { *" PREFIX "__errno_location() = 34; return 18446744073709551615ull; }\n"
    "  return __neg ? 0ull - __v : __v;\n"
    "}\n"
    "static long " PREFIX "strtol(const char *__s, char **__endp, int __base) {\n"
    "  if (sizeof(long) == sizeof(long long)) return (long)" PREFIX "strtoll(__s, __endp, __base);\n"
    "  long long __v = " PREFIX "strtoll(__s, __endp, __base);\n"
    "  if (__v > 2147483647ll || __v < -2147483647ll - 1) {\n"
    "    *" PREFIX "__errno_location() = 34;\n"
    "    return __v > 0 ? 2147483647l : -2147483647l - 1;\n"
    "  }\n"
    "  return (long)__v;\n"
    "}\n"
    "static unsigned long " PREFIX "strtoul(const char *__s, char **__endp, int __base) {\n"
    "  if (sizeof(long) == sizeof(long long)) return (unsigned long)" PREFIX "strtoull(__s, __endp, __base);\n"
    "  if (" PREFIX "bad_base(__base)) return 0;\n"
    "  int __neg, __over;\n"
    "  const char *__end;\n"
    "  unsigned long long __v = " PREFIX "strtoull_digits(__s, __base, &__neg, &__over, &__end);\n"
    "  if (__endp) *__endp = (char *)__end;\n"
    "  if (__over || __v > 4294967295ull) { *" PREFIX "__errno_location() = 34; return 4294967295ul; }\n"
    "  return __neg ? (unsigned long)(0ull - __v) : (unsigned long)__v;\n"
    "}\n"
    "static int " PREFIX "atoi(const char *__s) { return (int)" PREFIX "strtol(__s, 0, 10); }\n"
    "static long " PREFIX "atol(const char *__s) { return " PREFIX "strtol(__s, 0, 10); }\n"
    "static long long " PREFIX "atoll(const char *__s) { return " PREFIX "strtoll(__s, 0, 10); }\n"
    "static int " PREFIX "abs(int __x) { return __x < 0 ? -__x : __x; }\n"
    "static long " PREFIX "labs(long __x) { return __x < 0 ? -__x : __x; }\n"
    "static long long " PREFIX "llabs(long long __x) { return __x < 0 ? -__x : __x; }\n"
    /* glibc's class bits (little-endian layout of its ctype table) */
    "static int " PREFIX "isupper(int __c) { return __c >= 'A' && __c <= 'Z' ? 256 : 0; }\n"
    "static int " PREFIX "islower(int __c) { return __c >= 'a' && __c <= 'z' ? 512 : 0; }\n"
    "static int " PREFIX "isalpha(int __c) {\n"
    "  return (__c >= 'A' && __c <= 'Z') || (__c >= 'a' && __c <= 'z') ? 1024 : 0;\n"
    "}\n"
    "static int " PREFIX "isdigit(int __c) { return __c >= '0' && __c <= '9' ? 2048 : 0; }\n"
    "static int " PREFIX "isxdigit(int __c) {\n"
    "  return (__c >= '0' && __c <= '9') || (__c >= 'a' && __c <= 'f') || (__c >= 'A' && __c <= 'F') ? 4096 : 0;\n"
    "}\n"
    "static int " PREFIX "isspace(int __c) { return __c == ' ' || (__c >= 9 && __c <= 13) ? 8192 : 0; }\n"
    "static int " PREFIX "isprint(int __c) { return __c >= 32 && __c <= 126 ? 16384 : 0; }\n"
    "static int " PREFIX "isgraph(int __c) { return __c >= 33 && __c <= 126 ? 32768 : 0; }\n"
    "static int " PREFIX "isblank(int __c) { return __c == ' ' || __c == 9 ? 1 : 0; }\n"
    "static int " PREFIX "iscntrl(int __c) { return (__c >= 0 && __c <= 31) || __c == 127 ? 2 : 0; }\n"
    "static int " PREFIX "ispunct(int __c) {\n"
    "  return (__c >= 33 && __c <= 47) || (__c >= 58 && __c <= 64) || (__c >= 91 && __c <= 96) ||\n"
    "         (__c >= 123 && __c <= 126) ? 4 : 0;\n"
    "}\n"
    "static int " PREFIX "isalnum(int __c) {\n"
    "  return (__c >= '0' && __c <= '9') || (__c >= 'A' && __c <= 'Z') || (__c >= 'a' && __c <= 'z') ? 8 : 0;\n"
    "}\n"
    "static int " PREFIX "toupper(int __c) { return __c >= 'a' && __c <= 'z' ? __c - 32 : __c; }\n"
    "static int " PREFIX "tolower(int __c) { return __c >= 'A' && __c <= 'Z' ? __c + 32 : __c; }\n"
    /* GCC's bit builtins as sums of bits and comparisons with constants,
       which bound the result by themselves (popcount <= 32) and propagate
       into the argument's bounds; no loops.  A count of zeros of 0 is
       undefined in gcc: __builtin_trap ends the path, like the other traps. */
    "static int " PREFIX "__builtin_popcount(unsigned __x) {\n"
    "  return\n"
    "    (int)(__x >> 0 & 1) + (int)(__x >> 1 & 1) + (int)(__x >> 2 & 1) + (int)(__x >> 3 & 1) +\n"
    "    (int)(__x >> 4 & 1) + (int)(__x >> 5 & 1) + (int)(__x >> 6 & 1) + (int)(__x >> 7 & 1) +\n"
    "    (int)(__x >> 8 & 1) + (int)(__x >> 9 & 1) + (int)(__x >> 10 & 1) + (int)(__x >> 11 & 1) +\n"
    "    (int)(__x >> 12 & 1) + (int)(__x >> 13 & 1) + (int)(__x >> 14 & 1) + (int)(__x >> 15 & 1) +\n"
    "    (int)(__x >> 16 & 1) + (int)(__x >> 17 & 1) + (int)(__x >> 18 & 1) + (int)(__x >> 19 & 1) +\n"
    "    (int)(__x >> 20 & 1) + (int)(__x >> 21 & 1) + (int)(__x >> 22 & 1) + (int)(__x >> 23 & 1) +\n"
    "    (int)(__x >> 24 & 1) + (int)(__x >> 25 & 1) + (int)(__x >> 26 & 1) + (int)(__x >> 27 & 1) +\n"
    "    (int)(__x >> 28 & 1) + (int)(__x >> 29 & 1) + (int)(__x >> 30 & 1) + (int)(__x >> 31 & 1);\n"
    "}\n"
    "static int " PREFIX "__builtin_popcountll(unsigned long long __x) {\n"
    "  return " PREFIX "__builtin_popcount((unsigned)__x) + " PREFIX "__builtin_popcount((unsigned)(__x >> 32));\n"
    "}\n"
    "static int " PREFIX "__builtin_popcountl(unsigned long __x) { return " PREFIX "__builtin_popcountll(__x); }\n"
    "static int " PREFIX "__builtin_parity(unsigned __x) { return " PREFIX "__builtin_popcount(__x) & 1; }\n"
    "static int " PREFIX "__builtin_parityl(unsigned long __x) { return " PREFIX "__builtin_popcountll(__x) & 1; }\n"
    "static int " PREFIX "__builtin_parityll(unsigned long long __x) { return " PREFIX "__builtin_popcountll(__x) & 1; }\n"
    /* the number of low masks 2^j - 1 (j >= 1) that x has no bit in */
    "static int " PREFIX "__builtin_ctz(unsigned __x) {\n"
    "  if (__x == 0) __builtin_trap();\n"
    "  return\n"
    "    ((__x & 0x1u) == 0) + ((__x & 0x3u) == 0) + ((__x & 0x7u) == 0) + ((__x & 0xfu) == 0) +\n"
    "    ((__x & 0x1fu) == 0) + ((__x & 0x3fu) == 0) + ((__x & 0x7fu) == 0) + ((__x & 0xffu) == 0) +\n"
    "    ((__x & 0x1ffu) == 0) + ((__x & 0x3ffu) == 0) + ((__x & 0x7ffu) == 0) + ((__x & 0xfffu) == 0) +\n"
    "    ((__x & 0x1fffu) == 0) + ((__x & 0x3fffu) == 0) + ((__x & 0x7fffu) == 0) + ((__x & 0xffffu) == 0) +\n"
    "    ((__x & 0x1ffffu) == 0) + ((__x & 0x3ffffu) == 0) + ((__x & 0x7ffffu) == 0) + ((__x & 0xfffffu) == 0) +\n"
    "    ((__x & 0x1fffffu) == 0) + ((__x & 0x3fffffu) == 0) + ((__x & 0x7fffffu) == 0) + ((__x & 0xffffffu) == 0) +\n"
    "    ((__x & 0x1ffffffu) == 0) + ((__x & 0x3ffffffu) == 0) + ((__x & 0x7ffffffu) == 0) + ((__x & 0xfffffffu) == 0) +\n"
    "    ((__x & 0x1fffffffu) == 0) + ((__x & 0x3fffffffu) == 0) + ((__x & 0x7fffffffu) == 0);\n"
    "}\n"
    "static int " PREFIX "__builtin_ctzll(unsigned long long __x) {\n"
    "  if (__x == 0) __builtin_trap();\n"
    "  return (unsigned)__x != 0 ? " PREFIX "__builtin_ctz((unsigned)__x) : 32 + " PREFIX "__builtin_ctz((unsigned)(__x >> 32));\n"
    "}\n"
    "static int " PREFIX "__builtin_ctzl(unsigned long __x) { return " PREFIX "__builtin_ctzll(__x); }\n"
    /* the number of powers 2^j (j >= 1) that x is below */
    "static int " PREFIX "__builtin_clz(unsigned __x) {\n"
    "  if (__x == 0) __builtin_trap();\n"
    "  return\n"
    "    (__x < 0x2u) + (__x < 0x4u) + (__x < 0x8u) + (__x < 0x10u) +\n"
    "    (__x < 0x20u) + (__x < 0x40u) + (__x < 0x80u) + (__x < 0x100u) +\n"
    "    (__x < 0x200u) + (__x < 0x400u) + (__x < 0x800u) + (__x < 0x1000u) +\n"
    "    (__x < 0x2000u) + (__x < 0x4000u) + (__x < 0x8000u) + (__x < 0x10000u) +\n"
    "    (__x < 0x20000u) + (__x < 0x40000u) + (__x < 0x80000u) + (__x < 0x100000u) +\n"
    "    (__x < 0x200000u) + (__x < 0x400000u) + (__x < 0x800000u) + (__x < 0x1000000u) +\n"
    "    (__x < 0x2000000u) + (__x < 0x4000000u) + (__x < 0x8000000u) + (__x < 0x10000000u) +\n"
    "    (__x < 0x20000000u) + (__x < 0x40000000u) + (__x < 0x80000000u);\n"
    "}\n"
    "static int " PREFIX "__builtin_clzll(unsigned long long __x) {\n"
    "  if (__x == 0) __builtin_trap();\n"
    "  return (__x >> 32) != 0 ? " PREFIX "__builtin_clz((unsigned)(__x >> 32)) : 32 + " PREFIX "__builtin_clz((unsigned)__x);\n"
    "}\n"
    "static int " PREFIX "__builtin_clzl(unsigned long __x) {\n"
    "  return " PREFIX "__builtin_clzll(__x) - (int)(64 - 8 * sizeof(unsigned long));\n"
    "}\n"
    "static int " PREFIX "__builtin_ffs(int __x) {\n"
    "  return __x == 0 ? 0 : " PREFIX "__builtin_ctz((unsigned)__x) + 1;\n"
    "}\n"
    "static int " PREFIX "__builtin_ffsll(long long __x) {\n"
    "  return __x == 0 ? 0 : " PREFIX "__builtin_ctzll((unsigned long long)__x) + 1;\n"
    "}\n"
    "static int " PREFIX "__builtin_ffsl(long __x) { return " PREFIX "__builtin_ffsll(__x); }\n"
    /* the sign bits after the first: a clz of x, or of ~x when x < 0 (no
       xor with the sign, which propagates badly) */
    "static int " PREFIX "__builtin_clrsb(int __x) {\n"
    "  if (__x >= 0) return __x == 0 ? 31 : " PREFIX "__builtin_clz((unsigned)__x) - 1;\n"
    "  return __x == -1 ? 31 : " PREFIX "__builtin_clz((unsigned)~__x) - 1;\n"
    "}\n"
    "static int " PREFIX "__builtin_clrsbll(long long __x) {\n"
    "  if (__x >= 0) return __x == 0 ? 63 : " PREFIX "__builtin_clzll((unsigned long long)__x) - 1;\n"
    "  return __x == -1 ? 63 : " PREFIX "__builtin_clzll((unsigned long long)~__x) - 1;\n"
    "}\n"
    "static int " PREFIX "__builtin_clrsbl(long __x) {\n"
    "  return " PREFIX "__builtin_clrsbll(__x) - (int)(64 - 8 * sizeof(long));\n"
    "}\n"
    "static unsigned short " PREFIX "__builtin_bswap16(unsigned short __x) {\n"
    "  return (unsigned short)((__x >> 8) | ((__x & 0xffu) << 8));\n"
    "}\n"
    "static unsigned " PREFIX "__builtin_bswap32(unsigned __x) {\n"
    "  return (__x >> 24) | ((__x >> 8) & 0xff00u) | ((__x & 0xff00u) << 8) | ((__x & 0xffu) << 24);\n"
    "}\n"
    "static unsigned long long " PREFIX "__builtin_bswap64(unsigned long long __x) {\n"
    "  return ((unsigned long long)" PREFIX "__builtin_bswap32((unsigned)__x) << 32) |\n"
    "         " PREFIX "__builtin_bswap32((unsigned)(__x >> 32));\n"
    "}\n"
    "static long " PREFIX "__builtin_expect(long __e, long __c) { (void)__c; return __e; }\n"
    "static int " PREFIX "__builtin_abs(int __x) { return __x < 0 ? -__x : __x; }\n"
    "static long " PREFIX "__builtin_labs(long __x) { return __x < 0 ? -__x : __x; }\n"
    "static long long " PREFIX "__builtin_llabs(long long __x) { return __x < 0 ? -__x : __x; }\n"
    /* memcpy, memmove and memset on cells of one scalar type (memcells.c);
       n is the byte count, a multiple of the cell size */
    CELLS(short, short) CELLS(unsigned short, ushort) CELLS(int, int) CELLS(unsigned, uint)
    CELLS(long, long) CELLS(unsigned long, ulong) CELLS(long long, llong)
    CELLS(unsigned long long, ullong) CELLS(float, float) CELLS(double, double)
    OVF_SIGNED(int, unsigned, int) OVF_SIGNED(long, unsigned long, long)
    /* int products in 64 bits (exact; propagates better than dividing back) */
    "static _Bool " PREFIX "mul_overflow__int_wide(int __a, int __b, int *__r) {\n"
    "  long long __p = (long long)__a * __b;\n"
    "  *__r = (int)__p;\n"
    "  return __p != (int)__p;\n"
    "}\n"
    OVF_SIGNED(long long, unsigned long long, llong) OVF_UNSIGNED(unsigned, uint)
    OVF_UNSIGNED(unsigned long, ulong) OVF_UNSIGNED(unsigned long long, ullong)
    MATH_EXACT(double, , 4503599627370496.0) MATH_EXACT(float, f, 8388608.0f)
    OVF_TYPED3(s, , int, int) OVF_TYPED3(s, l, long, long) OVF_TYPED3(s, ll, long long, llong)
    OVF_TYPED3(u, , unsigned, uint) OVF_TYPED3(u, l, unsigned long, ulong)
    OVF_TYPED3(u, ll, unsigned long long, ullong);

const unsigned long fe_libc_models_len = sizeof fe_libc_models - 1;

void fe_libc_note(FeCtx *c, CXCursor def) {
  char *name = fe_spelling(c, def);
  if (strncmp(name, PREFIX, strlen(PREFIX)) != 0) return;
  CXCursor *d = fe_alloc(c->A, sizeof *d);
  *d = def;
  fe_push(c->A, (void ***)&c->libc_defs, &c->nlibc, d);
}

bool fe_libc_model(FeCtx *c, const char *name, CXCursor *def) {
  for (int i = 0; i < c->nlibc; i++) {
    char *model = fe_spelling(c, *c->libc_defs[i]);
    if (strcmp(model + strlen(PREFIX), name) == 0) {
      *def = *c->libc_defs[i];
      return true;
    }
  }
  /* __builtin_memcpy, __builtin_strlen, ...: gcc's names for the library's */
  if (strncmp(name, "__builtin_", 10) == 0 && strncmp(name + 10, "__builtin_", 10) != 0)
    return fe_libc_model(c, name + 10, def);
  return false;
}

IrStmt *fe_model_call(FeCtx *c, const char *name, int nargs, IrLoc loc) {
  CXCursor model;
  bool found = fe_libc_model(c, name, &model);
  assert(found);
  (void)found;
  FeFunc *f = fe_func_for(c, model);
  IrStmt *s = fe_stmt_new(c, IR_ST_CALL, loc);
  s->builtin = IR_BI_NONE;
  s->callee = f->fn;
  s->callee_name = f->fn->name;
  s->type = f->fn->ret;
  s->nargs = nargs;
  s->args = fe_alloc(c->A, sizeof(IrExpr *) * (size_t)nargs);
  return s;
}

/* ---- byte access ------------------------------------------------------------ */
/* The pointer an argument was before C converted it to void *. */
CXCursor fe_libc_unconverted(FeCtx *c, CXCursor e) {
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(e);
    if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr && k != CXCursor_CStyleCastExpr) return e;
    FeKids kids = fe_kids(c, e);
    if (kids.n != 1) return e;
    e = kids.k[kids.n - 1];
  }
}

static bool is_char_kind(CXType t) {
  switch (clang_getCanonicalType(t).kind) {
  case CXType_Char_S: case CXType_Char_U: case CXType_SChar: case CXType_UChar: return true;
  default: return false;
  }
}

bool fe_libc_bytes_ok(FeCtx *c, CXCursor model, CXCursor call) {
  int n = clang_Cursor_getNumArguments(model);
  for (int i = 0; i < n && i < clang_Cursor_getNumArguments(call); i++) {
    CXType pt = clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(model, (unsigned)i)));
    if (pt.kind != CXType_Pointer || clang_getCanonicalType(clang_getPointeeType(pt)).kind != CXType_Void) continue;
    CXType at = clang_getCanonicalType(clang_getCursorType(fe_libc_unconverted(c, clang_Cursor_getArgument(call, (unsigned)i))));
    CXType elem = at.kind == CXType_Pointer ? clang_getPointeeType(at) : clang_getArrayElementType(at);
    if (elem.kind == CXType_Invalid || !is_char_kind(elem)) return false;
  }
  return true;
}
