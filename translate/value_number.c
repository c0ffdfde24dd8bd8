/* value_number.c - the same operation on the same operands is the same
 * value (value numbering, hash-consing of the translation's constraints).
 *
 * Translating `a[j] = v + 1; if (a[j] != v + 1)` evaluates `v + 1` twice and
 * the address of a[j] twice.  Each evaluation would post its own constraint
 * on a fresh variable, and bounds propagation cannot see that the two
 * variables are equal: the solver then searches 2^32 values of v to refute
 * `!=`.  Here, an operation whose result is a function of its operands
 * (no trap, no memory) is looked up first: the key is the operation, its C
 * type and its operands (the representative of a variable's class of
 * known-equal variables, or the value of a fixed one), and a
 * hit returns the variable already posted.  Then `x != x` fails at post,
 * and a load through the very pointer of the last store reads the stored
 * value (load_element.c).
 *
 * Sound because a variable in the store is constrained by its defining
 * constraint in the whole subtree where it exists: two evaluations of the
 * same function of the same operands are equal in every solution.  Entries
 * live in the arena and the bucket heads are trailed, so an entry made in a
 * trial or below a choice point vanishes with the variable it names.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "tr_internal.h"

enum { VN_BUCKETS = 4096 };

typedef struct VnEntry {
  TrVnKey key;
  PropVar v;
  struct VnEntry *next;
} VnEntry;

struct TrValueNumbers {
  VnEntry *bucket[VN_BUCKETS];
};

TrValueNumbers *tr_vn_new(void) { return calloc(1, sizeof(TrValueNumbers)); }
void tr_vn_free(TrValueNumbers *vn) { free(vn); }

TrVnKey tr_vn_key(Tr *t, int op, int64_t type, int n, const PropVar *operand) {
  assert(n >= 0 && n <= TR_VN_OPERANDS);
  TrVnKey k;
  memset(&k, 0, sizeof k); /* keys are compared with memcmp: no stray padding */
  k.op = op;
  k.type = type;
  for (int i = 0; i < n; i++) {
    bool fixed = prop_is_fixed(t->s, operand[i]);
    k.is_const[i] = fixed;
    k.operand[i] = fixed ? prop_value(t->s, operand[i]) : prop_find(t->s, operand[i]);
  }
  return k;
}

static unsigned hash(const TrVnKey *k) {
  const unsigned char *p = (const unsigned char *)k;
  unsigned h = 2166136261u; /* FNV-1a */
  for (size_t i = 0; i < sizeof *k; i++) h = (h ^ p[i]) * 16777619u;
  return h % VN_BUCKETS;
}

PropVar tr_vn_find(Tr *t, const TrVnKey *k) {
  if (!t->vn) return TR_UNINIT;
  for (VnEntry *e = t->vn->bucket[hash(k)]; e; e = e->next)
    if (memcmp(&e->key, k, sizeof *k) == 0) return e->v;
  return TR_UNINIT;
}

void tr_vn_add(Tr *t, const TrVnKey *k, PropVar v) {
  assert(v >= 0);
  if (!t->vn) return;
  VnEntry **head = &t->vn->bucket[hash(k)];
  VnEntry *e = prop_alloc(t->s, sizeof *e);
  e->key = *k;
  e->v = v;
  e->next = *head;
  prop_save_ptr(t->s, (void **)head, e);
}
