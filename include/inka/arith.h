/* arith.h - integer and boolean constraints (operators/), posted on a store.
 *
 * Two layers:
 *  - mathematical constraints over the int64 values of variables (exact;
 *    intermediate arithmetic in 128 bits, so nothing overflows inside a
 *    propagator: a result that does not fit int64 simply fails);
 *  - C operations on typed values (op_c_*): the result is what gcc -fwrapv
 *    computes on x86-64 for operands of a C integer type of `bits` width and
 *    signedness, i.e. two's-complement wrap, truncating division.  A C
 *    operation that traps (division by zero, INT_MIN / -1 (x86 traps),
 *    shift count < 0 or >= bits) is excluded: its constraint fails on those
 *    operands (the caller models "the path ends there").
 *
 * Every post function returns false when posting already made the store fail.
 * Values of unsigned 64-bit type are stored as their signed reinterpretation
 * (int64_t bit pattern); op_c_* with bits == 64 and !is_signed handles that.
 * Booleans are variables with domain within {0, 1}.
 */
#ifndef INKA_ARITH_H
#define INKA_ARITH_H

#include <stdbool.h>
#include <stdint.h>

#include "inka/prop.h"

typedef enum { OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE } OpRel;

/* ---- Mathematical constraints --------------------------------------------- */
/* sum(coef[i] * x[i]) rel c */
bool op_linear(PropStore *s, int n, const int64_t *coef, const PropVar *x, OpRel rel, int64_t c);
bool op_rel(PropStore *s, PropVar x, OpRel rel, PropVar y);          /* x rel y */
bool op_times(PropStore *s, PropVar x, PropVar y, PropVar z);       /* z = x * y */
bool op_div(PropStore *s, PropVar x, PropVar y, PropVar z);         /* z = x / y, toward 0, y != 0 */
bool op_rem(PropStore *s, PropVar x, PropVar y, PropVar z);         /* z = x % y (sign of x), y != 0 */
bool op_min(PropStore *s, PropVar x, PropVar y, PropVar z);
bool op_max(PropStore *s, PropVar x, PropVar y, PropVar z);
bool op_abs(PropStore *s, PropVar x, PropVar z);
/* Bitwise on the 64-bit two's-complement representation. */
bool op_band(PropStore *s, PropVar x, PropVar y, PropVar z);
bool op_bor(PropStore *s, PropVar x, PropVar y, PropVar z);
bool op_bxor(PropStore *s, PropVar x, PropVar y, PropVar z);
bool op_bnot(PropStore *s, PropVar x, PropVar z);                   /* z = ~x = -x - 1 */
bool op_shl(PropStore *s, PropVar x, PropVar k, PropVar z);         /* z = x * 2^k, 0 <= k < 64 */
bool op_shr(PropStore *s, PropVar x, PropVar k, PropVar z);         /* z = floor(x / 2^k), 0 <= k < 64 */
/* z = x wrapped into the range of a bits-wide integer type (two's complement). */
bool op_wrap(PropStore *s, PropVar x, PropVar z, int bits, bool is_signed);
/* b <=> (x rel y), b boolean */
bool op_reify(PropStore *s, PropVar b, PropVar x, OpRel rel, PropVar y);
bool op_bool_and(PropStore *s, PropVar b, PropVar x, PropVar y);    /* b = x && y */
bool op_bool_or(PropStore *s, PropVar b, PropVar x, PropVar y);
bool op_bool_xor(PropStore *s, PropVar b, PropVar x, PropVar y);
bool op_bool_not(PropStore *s, PropVar b, PropVar x);
/* v = table[i] (0-based) over constants, and over variables */
bool op_element_const(PropStore *s, PropVar v, const int64_t *table, int n, PropVar i);
bool op_element_var(PropStore *s, PropVar v, const PropVar *table, int n, PropVar i);
/* v = (b ? x : y), b boolean: the value merge of two paths */
bool op_merge(PropStore *s, PropVar v, PropVar b, PropVar x, PropVar y);

/* ---- C operations on typed values ------------------------------------------ */
typedef struct OpCType {
  int bits;          /* 8, 16, 32, 64 (1 for _Bool) */
  bool is_signed;
} OpCType;

typedef enum {
  OP_C_ADD, OP_C_SUB, OP_C_MUL, OP_C_DIV, OP_C_REM,
  OP_C_SHL, OP_C_SHR, OP_C_AND, OP_C_OR, OP_C_XOR,
} OpCBinary;
typedef enum { OP_C_NEG, OP_C_NOT } OpCUnary;

/* Two views of a C integer type's values, never to be mixed: a value of
   type t is the mathematical integer the C program means (0 .. 2^64-1 for
   unsigned 64-bit), and it is stored in an int64 domain as its bit pattern
   (include: 2^63 .. 2^64-1 are stored as -2^63 .. -1).  Deductions about
   what a program computes (orders, sums, bounds, trip counts) work on
   values; domains and posted constraints hold stored patterns. */
typedef struct OpCValues {
  prop_wide lo, hi;  /* mathematical values, lo <= hi */
} OpCValues;
/* The values of type t: [0, 2^64-1] for unsigned 64-bit. */
OpCValues op_c_values(OpCType t);
/* What a variable of type t may be stored as: all of int64 for unsigned
   64-bit (whose largest values are stored negative), else the values. */
void op_c_stored_range(OpCType t, int64_t *lo, int64_t *hi);
/* The value of type t that the stored pattern v stands for. */
static inline prop_wide op_c_value(OpCType t, int64_t v) {
  if (t.bits == 64 && !t.is_signed && v < 0) return (prop_wide)v + ((prop_wide)1 << 64);
  return v;
}
/* The values the stored variable x of type t may hold, as one interval (an
   over-approximation: an unsigned 64-bit domain that holds both signs of
   pattern spans [0, 2^64-1]). */
OpCValues op_c_var_values(const PropStore *s, PropVar x, OpCType t);
/* The stored pattern of value v of type t (v within op_c_values(t)). */
int64_t op_c_stored(OpCType t, prop_wide v);
/* v in type t: its value modulo 2^bits, as stored (sign-extended when signed). */
static inline int64_t op_c_wrap(OpCType t, int64_t v) {
  if (t.bits >= 64) return v;
  int sh = 64 - t.bits;
  if (t.is_signed) return (int64_t)((uint64_t)v << sh) >> sh;
  return (int64_t)((uint64_t)v & (((uint64_t)1 << t.bits) - 1));
}
/* A fresh variable spanning the type's range. */
PropVar op_c_var(PropStore *s, OpCType t);
/* z = x op y in type t.  For shifts, y has type ty (its own promoted type);
   for the others ty is ignored (y has type t). */
bool op_c_binary(PropStore *s, OpCBinary op, OpCType t, PropVar x, OpCType ty, PropVar y, PropVar z);
bool op_c_unary(PropStore *s, OpCUnary op, OpCType t, PropVar x, PropVar z);
/* z = (to)x  (integer conversion; to.bits == 1 means _Bool: z = (x != 0)) */
bool op_c_cast(PropStore *s, OpCType from, PropVar x, OpCType to, PropVar z);
/* b <=> (x rel y) with x, y of type t (unsigned compare for unsigned types) */
bool op_c_compare(PropStore *s, OpRel rel, OpCType t, PropVar x, PropVar y, PropVar b);
/* ISO C's signed overflow (C11 6.5p5, 6.5.7p4): b <=> the exact result of
   x op y (op add, sub, mul, shl; t signed) is not a value of t, or for shl
   x < 0.  A unary minus is 0 - x.  op_c_may_overflow: can it, given the
   current bounds (false: no check is needed)? */
bool op_c_overflow(PropStore *s, OpCBinary op, OpCType t, PropVar x, PropVar y, PropVar b);
bool op_c_may_overflow(const PropStore *s, OpCBinary op, OpCType t, PropVar x, PropVar y);

/* ---- Additions (operators/) ------------------------------------------------ */
/* op_linear with a 128-bit constant: what the wrapping C operations post
   once their quotient is known. */
bool op_linear_wide(PropStore *s, int n, const int64_t *coef, const PropVar *x, OpRel rel,
                    prop_wide c);
/* A linear row sum(a[i] * x[i]) <= c (== c when eq) that a propagator of
   linear.c stands for (prop_linear lists them): false for other
   propagators, and for rows longer than OP_ROW_MAX. */
enum { OP_ROW_MAX = 16 };
typedef struct OpRow {
  int n;
  PropVar x[OP_ROW_MAX];
  prop_wide a[OP_ROW_MAX];
  prop_wide c;
  bool eq;
} OpRow;
bool op_linear_row(const Propagator *p, OpRow *row);

/* Narrows the congruences (prop_congruence) of the x_i so that
   sum(a[i] * x[i]) + c == 0 (mod 2^bits) can hold, 0 < bits <= 64 (64 for
   an exact equality); posts nothing.  False on failure. */
bool op_congruence_sum(PropStore *s, int n, const uint64_t *a, const PropVar *x, uint64_t c, int bits);
/* The same over the integers for odd moduli (prop_odd_congruence): the
   x_i's odd classes narrowed so that sum(a[i] * x[i]) == c, exactly, can
   hold.  op_odd_congruent: x == y (mod m), m odd, once.  Both leave fixed
   variables alone (their callers decide fixed operands by value). */
bool op_odd_congruence_sum(PropStore *s, int n, const prop_wide *a, const PropVar *x, prop_wide c);
bool op_odd_congruent(PropStore *s, PropVar x, PropVar y, uint64_t m);
/* x == y (mod 2^bits), 0 < bits <= 64, as a propagator: each side's known
   residue narrows the other's whenever it changes. */
bool op_congruent(PropStore *s, PropVar x, PropVar y, int bits);
/* The same for z == x * y (mod 2^bits). */
bool op_congruence_product(PropStore *s, PropVar x, PropVar y, PropVar z, int bits);
/* z = wrap(sum coef[i] * x[i] + c), 1 <= n <= 4: the fused wrapping add,
   sub, neg and constant shift of C (64-bit values as stored). */
bool op_wrap_linear(PropStore *s, int n, const int64_t *coef, const PropVar *x, int64_t c, PropVar z,
                    int bits, bool is_signed);
/* z = wrap(x * y): the product wrapped into the range of a bits-wide type
   (64-bit values as stored, whatever the signedness). */
bool op_times_wrap(PropStore *s, PropVar x, PropVar y, PropVar z, int bits, bool is_signed);

#endif
