/* domain.c - integer variables and their domains (docs/design.md §4): sorted
 * lists of disjoint, non-adjacent closed intervals over int64_t.
 *
 * A single interval is stored inline in the variable (no allocation: the
 * common case).  Longer lists are immutable arena arrays, replaced
 * copy-on-write: the first change of a variable at a level saves its old
 * domain on the trail (once per level, by stamp) and installs a fresh array;
 * later changes at the same level may overwrite that array in place.
 * Every update computes the strongest event (FIX, BOUNDS, DOMAIN) and wakes
 * the subscribers (queue.c).  Domains only shrink: install() asserts it.
 * Never does arithmetic on bounds that could overflow in 64 bits.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "inka/modular.h"
#include "store_internal.h"

/* ---- Reading ---------------------------------------------------------------- */

static inline const PropVarRec *rec(const PropStore *s, PropVar x) {
  assert(x >= 0 && x < s->nvars);
  return &s->vars[x];
}

/* The interval list of a variable; `one` holds the inline interval. */
static inline const PropInterval *ivs(const PropVarRec *v, PropInterval *one) {
  if (v->iv) return v->iv;
  one->lo = v->lo;
  one->hi = v->hi;
  return one;
}

int prop_var_count(const PropStore *s) { return s->nvars; }
int64_t prop_min(const PropStore *s, PropVar x) { return rec(s, x)->lo; }
int64_t prop_max(const PropStore *s, PropVar x) { return rec(s, x)->hi; }
bool prop_is_fixed(const PropStore *s, PropVar x) { return rec(s, x)->lo == rec(s, x)->hi; }

int64_t prop_value(const PropStore *s, PropVar x) {
  assert(prop_is_fixed(s, x));
  return rec(s, x)->lo;
}

int prop_interval_count(const PropStore *s, PropVar x) { return rec(s, x)->n; }

PropInterval prop_interval(const PropStore *s, PropVar x, int i) {
  const PropVarRec *v = rec(s, x);
  assert(i >= 0 && i < v->n);
  if (v->iv) return v->iv[i];
  return (PropInterval){v->lo, v->hi};
}

/* Index of the first interval whose hi >= v (n if none). */
static int first_hi_ge(const PropInterval *iv, int n, int64_t v) {
  int lo = 0, hi = n;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (iv[mid].hi < v) lo = mid + 1; else hi = mid;
  }
  return lo;
}

static bool in_intervals(const PropVarRec *r, int64_t v) {
  if (v < r->lo || v > r->hi) return false;
  if (!r->iv) return true;
  int i = first_hi_ge(r->iv, r->n, v);
  return i < r->n && r->iv[i].lo <= v;
}

static bool in_class(const PropVarRec *r, int64_t v);

/* A member of dom(x): within its intervals and in its congruence class
   (the intervals' ends are members; values between them may not be). */
bool prop_has(const PropStore *s, PropVar x, int64_t v) {
  const PropVarRec *r = rec(s, x);
  return in_intervals(r, v) && in_class(r, v);
}

uint64_t prop_size(const PropStore *s, PropVar x) {
  const PropVarRec *r = rec(s, x);
  PropInterval one;
  const PropInterval *iv = ivs(r, &one);
  prop_wide total = 0;
  for (int i = 0; i < r->n; i++) total += (prop_wide)iv[i].hi - iv[i].lo + 1;
  return total > (prop_wide)UINT64_MAX ? UINT64_MAX : (uint64_t)total;
}

static bool interval_next(const PropVarRec *r, int64_t v, int64_t *out) {
  if (v >= r->hi) return false;
  if (v < r->lo) { *out = r->lo; return true; }
  if (!r->iv) { *out = v + 1; return true; }
  int i = first_hi_ge(r->iv, r->n, v + 1);   /* v < hi: no overflow */
  assert(i < r->n);
  *out = r->iv[i].lo > v + 1 ? r->iv[i].lo : v + 1;
  return true;
}

static bool interval_prev(const PropVarRec *r, int64_t v, int64_t *out) {
  if (v <= r->lo) return false;
  if (v > r->hi) { *out = r->hi; return true; }
  if (!r->iv) { *out = v - 1; return true; }
  int i = first_hi_ge(r->iv, r->n, v - 1);   /* v > lo: no overflow */
  assert(i < r->n);
  *out = r->iv[i].lo <= v - 1 ? v - 1 : r->iv[i - 1].hi;
  return true;
}

static bool class_next(const PropVarRec *r, int64_t v, int64_t *out);
static bool class_prev(const PropVarRec *r, int64_t v, int64_t *out);

/* The next member past v: the next value of the intervals, moved up into
   the class, until both agree (each round passes a non-member or jumps to
   the class's next member, so it ends). */
bool prop_next(const PropStore *s, PropVar x, int64_t v, int64_t *out) {
  const PropVarRec *r = rec(s, x);
  for (;;) {
    int64_t c;
    if (!interval_next(r, v, &c)) return false;
    if (in_class(r, c)) {
      *out = c;
      return true;
    }
    if (!class_next(r, c, &v) || v > r->hi) return false; /* v: a member > c, maybe in a gap */
    if (in_intervals(r, v) && in_class(r, v)) {
      *out = v;
      return true;
    }
  }
}

bool prop_prev(const PropStore *s, PropVar x, int64_t v, int64_t *out) {
  const PropVarRec *r = rec(s, x);
  for (;;) {
    int64_t c;
    if (!interval_prev(r, v, &c)) return false;
    if (in_class(r, c)) {
      *out = c;
      return true;
    }
    if (!class_prev(r, c, &v) || v < r->lo) return false;
    if (in_intervals(r, v) && in_class(r, v)) {
      *out = v;
      return true;
    }
  }
}

/* ---- Creating ----------------------------------------------------------------- */

static PropVar var_new(PropStore *s) {
  if (s->nvars == s->capvars) {
    prop_grow((void **)&s->vars, &s->capvars, s->nvars + 1, sizeof *s->vars);
    prop_memory_check(s);
  }
  PropVar x = s->nvars++;
  PropVarRec *v = &s->vars[x];
  memset(v, 0, sizeof *v);
  v->n = 1;
  v->stamp = s->stamp;   /* created at this level: changes need no trail */
  v->parent = x;
  v->size = 1;
  return x;
}

PropVar prop_new_var(PropStore *s, int64_t lo, int64_t hi) {
  assert(lo <= hi);
  PropVar x = var_new(s);
  s->vars[x].lo = lo;
  s->vars[x].hi = hi;
  return x;
}

PropVar prop_new_const(PropStore *s, int64_t value) { return prop_new_var(s, value, value); }

/* A labeling hint, not trailed (see prop.h). */
void prop_set_bisect(PropStore *s, PropVar x) { s->vars[x].bisect = true; }
bool prop_is_bisect(const PropStore *s, PropVar x) { return s->vars[x].bisect; }
void prop_set_float_keys(PropStore *s, PropVar x, int prec, int exp_bits) {
  assert(prec >= 2 && prec <= 64 && exp_bits >= 2 && exp_bits <= 15);
  s->vars[x].fp_prec = (uint8_t)prec;
  s->vars[x].fp_exp_bits = (uint8_t)exp_bits;
}
bool prop_float_keys(const PropStore *s, PropVar x, int *prec, int *exp_bits) {
  *prec = s->vars[x].fp_prec;
  *exp_bits = s->vars[x].fp_exp_bits;
  return *prec != 0;
}
void prop_set_newest_first(PropStore *s, PropVar x) { s->vars[x].newest_first = true; }
bool prop_is_newest_first(const PropStore *s, PropVar x) { return s->vars[x].newest_first; }

/* Sorts and merges overlapping or adjacent intervals in place; returns n. */
static int cmp_iv(const void *a, const void *b) {
  const PropInterval *x = a, *y = b;
  return x->lo < y->lo ? -1 : x->lo > y->lo;
}

static int normalize(PropInterval *iv, int n) {
  if (n == 0) return 0;
  qsort(iv, (size_t)n, sizeof *iv, cmp_iv);
  int k = 0;
  for (int i = 1; i < n; i++) {
    assert(iv[i].lo <= iv[i].hi);
    if ((prop_wide)iv[i].lo <= (prop_wide)iv[k].hi + 1) {
      if (iv[i].hi > iv[k].hi) iv[k].hi = iv[i].hi;
    } else {
      iv[++k] = iv[i];
    }
  }
  return k + 1;
}

PropVar prop_new_var_domain(PropStore *s, const PropDomain *d) {
  assert(d && d->n > 0);
  prop_grow((void **)&s->scratch, &s->capscratch, d->n, sizeof *s->scratch);
  memcpy(s->scratch, d->iv, (size_t)d->n * sizeof *d->iv);
  int n = normalize(s->scratch, d->n);
  PropVar x = prop_new_var(s, s->scratch[0].lo, s->scratch[n - 1].hi);
  if (n > 1) {
    PropVarRec *v = &s->vars[x];
    v->iv = prop_alloc(s, (size_t)n * sizeof *v->iv);
    memcpy(v->iv, s->scratch, (size_t)n * sizeof *v->iv);
    v->n = n;
  }
  return x;
}

/* ---- Updating ----------------------------------------------------------------- */

static bool fail(PropStore *s) {
  prop_fail(s);
  return false;
}

/* ---- Congruences -----------------------------------------------------------------
 * A variable may carry x == r (mod 2^k) on its stored 64-bit value (two's
 * complement: the residue of a negative value is its low k bits), and
 * x == r' (mod m) for an odd m on its value (mathematical residue in
 * [0, m)).  The first is what wraparound arithmetic preserves; the second
 * comes from exact relations (5x == 3y makes x a multiple of 3).  Every
 * domain update keeps the ends of the domain inside the joint class when its
 * modulus 2^k * m fits in 62 bits, so bounds propagation never lands
 * between two members (x odd and x >= 2: x >= 3); a variable fixed to a
 * non-member fails in every case. */
static uint64_t low_mask(int bits) { return bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1; }

/* One class: x == res (mod 2^bits) as stored when mod == 0, else
   x == res (mod mod) on the value, mod < 2^62. */
typedef struct Class {
  int bits;
  uint64_t res, mod;
} Class;

/* v's classes as one; when 2^cbits * omod would not fit 62 bits, the power
   of two alone (snap_to_class still checks a single value against both). */
static void joint_class(const PropVarRec *v, Class *c) {
  *c = (Class){v->cbits, v->cres & low_mask(v->cbits), 0};
  if (v->omod <= 1 || v->cbits > 30) return;
  if (v->cbits == 0) {
    *c = (Class){0, v->ores, v->omod};
    return;
  }
  uint64_t p2 = (uint64_t)1 << v->cbits;
  *c = (Class){0, mod_crt(c->res, p2, v->ores, v->omod), p2 * v->omod};
}

/* The smallest member of the class >= lo (up) or the largest <= hi, or
   false when it would leave int64. */
static bool class_above(int64_t lo, const Class *c, int64_t *out) {
  uint64_t step = c->mod ? (c->res + c->mod - mod_of(lo, c->mod)) % c->mod : ((c->res - (uint64_t)lo) & low_mask(c->bits));
  if ((prop_wide)lo + (prop_wide)step > INT64_MAX) return false;
  *out = (int64_t)((prop_wide)lo + (prop_wide)step);
  return true;
}

static bool class_below(int64_t hi, const Class *c, int64_t *out) {
  uint64_t step = c->mod ? (mod_of(hi, c->mod) + c->mod - c->res) % c->mod : (((uint64_t)hi - c->res) & low_mask(c->bits));
  if ((prop_wide)hi - (prop_wide)step < INT64_MIN) return false;
  *out = (int64_t)((prop_wide)hi - (prop_wide)step);
  return true;
}

static bool in_class(const PropVarRec *r, int64_t v) {
  if (r->cbits && (((uint64_t)v ^ r->cres) & low_mask(r->cbits)) != 0) return false;
  return r->omod <= 1 || mod_of(v, r->omod) == r->ores;
}

/* The least member of the class > v (the greatest < v), or false past
   int64.  The joint class may leave out the odd modulus (too fine to join):
   then the steps go on member by member of the power of two. */
static bool class_next(const PropVarRec *r, int64_t v, int64_t *out) {
  Class c;
  joint_class(r, &c);
  do {
    if (v == INT64_MAX || !class_above(v + 1, &c, &v)) return false;
  } while (!in_class(r, v));
  *out = v;
  return true;
}

static bool class_prev(const PropVarRec *r, int64_t v, int64_t *out) {
  Class c;
  joint_class(r, &c);
  do {
    if (v == INT64_MIN || !class_below(v - 1, &c, &v)) return false;
  } while (!in_class(r, v));
  *out = v;
  return true;
}

static PropInterval *scratch(PropStore *s, int n);
static bool install(PropStore *s, PropVar x, const PropInterval *iv, int n);
static bool fail(PropStore *s);

/* Moves the ends of iv[0..n) into v's class (dropping intervals with no
   member at their end); false when nothing is left.  *iv may be redirected
   to the scratch buffer. */
static bool snap_to_class(PropStore *s, const PropVarRec *v, const PropInterval **iv, int *n) {
  const PropInterval *in = *iv;
  Class c;
  joint_class(v, &c);
  int first = 0, last = *n - 1;
  int64_t lo = 0, hi = 0;
  for (; first <= last; first++)
    if (class_above(in[first].lo, &c, &lo) && lo <= in[first].hi) break;
  for (; last >= first; last--)
    if (class_below(in[last].hi, &c, &hi) && hi >= in[last].lo) break;
  if (first > last) return false;
  if (first == last && lo > hi) return false;
  if (lo == hi && v->omod > 1 && mod_of(lo, v->omod) != v->ores) return false; /* the odd class, when not joint */
  if (lo == in[first].lo && hi == in[last].hi && first == 0 && last == *n - 1) return true;
  int m = last - first + 1;
  prop_grow((void **)&s->scratch2, &s->capscratch2, m, sizeof *s->scratch2);
  PropInterval *t = s->scratch2;
  memmove(t, in + first, sizeof *t * (size_t)m);
  t[0].lo = lo;
  t[m - 1].hi = hi;
  *iv = t;
  *n = m;
  return true;
}

void prop_congruence(const PropStore *s, PropVar x, int *bits, uint64_t *res) {
  const PropVarRec *v = &s->vars[x];
  if (v->lo == v->hi) {
    *bits = 64;
    *res = (uint64_t)v->lo;
    return;
  }
  *bits = v->cbits;
  *res = v->cres & low_mask(v->cbits);
}

void prop_odd_congruence(const PropStore *s, PropVar x, uint64_t *mod, uint64_t *res) {
  const PropVarRec *v = rec(s, x);
  if (v->lo == v->hi) {
    *mod = 0;
    *res = (uint64_t)v->lo;
  } else if (v->omod > 1) {
    *mod = v->omod;
    *res = v->ores;
  } else {
    *mod = 1;
    *res = 0;
  }
}

/* The class changed: the ends move into it (install snaps them), and the
   subscribers hear of it even when the bounds stay. */
static bool resnap(PropStore *s, PropVar x) {
  PropVarRec *v = &s->vars[x];
  PropInterval *cur = scratch(s, v->n);
  v = &s->vars[x];
  if (v->iv) memcpy(cur, v->iv, sizeof *cur * (size_t)v->n);
  else cur[0] = (PropInterval){v->lo, v->hi};
  int64_t olo = v->lo, ohi = v->hi;
  if (!install(s, x, cur, v->n)) return false;
  v = &s->vars[x];
  if (v->lo == olo && v->hi == ohi) prop_notify(s, x, PROP_EV_DOMAIN | PROP_EV_BOUNDS);
  return true;
}

static bool trailed(const PropStore *s, PropVar x) { return s->nchoices > 0 && x < s->choices[s->nchoices - 1].nvars; }

bool prop_restrict_congruence(PropStore *s, PropVar x, int bits, uint64_t res) {
  if (s->failed) return false;
  assert(x >= 0 && x < s->nvars && bits >= 0 && bits <= 64);
  PropVarRec *v = &s->vars[x];
  int old_bits;
  uint64_t old_res;
  prop_congruence(s, x, &old_bits, &old_res);
  int common = bits < old_bits ? bits : old_bits;
  if (((res ^ old_res) & low_mask(common)) != 0) {
    prop_note(s, PROP_NOTE_CONGRUENCE);
    return fail(s);
  }
  if (bits <= old_bits) return true; /* nothing new */
  if (trailed(s, x)) {
    PropTrailEntry e = {.kind = TR_CONG, .var = x, .u.cong = {v->cres, v->cbits}};
    prop_trail_entry(s, &e);
  }
  v->cbits = (uint8_t)bits;
  v->cres = res & low_mask(bits);
  return resnap(s, x);
}

bool prop_restrict_odd_congruence(PropStore *s, PropVar x, uint64_t mod, uint64_t res) {
  if (s->failed) return false;
  assert(x >= 0 && x < s->nvars && mod >= 1 && mod <= MOD_ODD_MAX && (mod & 1) && res < mod);
  PropVarRec *v = &s->vars[x];
  if (mod == 1) return true;
  if (v->lo == v->hi) {
    if (mod_of(v->lo, mod) == res) return true;
    prop_note(s, PROP_NOTE_CONGRUENCE);
    return fail(s);
  }
  uint64_t old_mod = v->omod > 1 ? v->omod : 1, old_res = v->omod > 1 ? v->ores : 0;
  uint64_t g = mod_gcd(old_mod, mod);
  if (old_res % g != res % g) {
    prop_note(s, PROP_NOTE_CONGRUENCE);
    return fail(s);
  }
  uint64_t m2 = old_mod / g, lcm = m2 * mod;
  if (lcm == old_mod) return true; /* nothing new */
  uint64_t new_mod, new_res;
  if (lcm <= MOD_ODD_MAX) {
    new_mod = lcm;
    new_res = mod_crt(res, mod, old_res, old_mod);
  } else if (mod > old_mod) { /* too fine to keep both: the stronger one */
    new_mod = mod;
    new_res = res;
  } else {
    return true;
  }
  if (trailed(s, x)) {
    PropTrailEntry e = {.kind = TR_ODD, .var = x, .u.odd = {v->omod, v->ores}};
    prop_trail_entry(s, &e);
  }
  v->omod = (uint32_t)new_mod;
  v->ores = (uint32_t)new_res;
  return resnap(s, x);
}

/* Replaces dom(x) by iv[0..n) (n >= 1, a subset of the old domain, possibly
   equal), trailing the old domain, and wakes subscribers.  iv must not be
   the variable's own array unless it is a prefix-preserving slice of it. */
static bool install(PropStore *s, PropVar x, const PropInterval *iv, int n) {
  PropVarRec *v = &s->vars[x];
  const PropInterval *asked = iv;
  if ((v->cbits || v->omod > 1) && !snap_to_class(s, v, &iv, &n)) {
    prop_note(s, PROP_NOTE_CONGRUENCE);
    return fail(s);
  }
  v = &s->vars[x];
  int64_t lo = iv[0].lo, hi = iv[n - 1].hi;
  assert(n >= 1 && lo <= hi);
  assert(lo >= v->lo && hi <= v->hi && "domains only shrink");
  if (n == v->n) {   /* unchanged? (a subset with the same intervals) */
    if (n == 1 ? (lo == v->lo && hi == v->hi)
               : memcmp(iv, v->iv, (size_t)n * sizeof *iv) == 0)
      return true;
  }
  int64_t olo = v->lo, ohi = v->hi;
  bool owned = v->stamp == s->stamp;
  if (!owned) {
    PropTrailEntry e = {.kind = TR_DOM, .var = x,
                        .u.dom = {v->lo, v->hi, v->iv, v->stamp, v->n}};
    prop_trail_entry(s, &e);
    v->stamp = s->stamp;
  }
  if (n == 1) {
    v->iv = NULL;
  } else if (owned && v->iv && v->n >= n) {
    memmove(v->iv, iv, (size_t)n * sizeof *iv);
  } else {
    PropInterval *fresh = prop_alloc(s, (size_t)n * sizeof *iv);
    memcpy(fresh, iv, (size_t)n * sizeof *iv);
    v = &s->vars[x];
    v->iv = fresh;
  }
  v->lo = lo;
  v->hi = hi;
  v->n = n;
  int ev = PROP_EV_DOMAIN;
  if (lo != olo || hi != ohi) ev |= PROP_EV_BOUNDS;
  if (lo == hi) ev |= PROP_EV_FIX;   /* it was not fixed: something changed */
  if (iv != asked) prop_notify_narrower(s, x, ev); /* snapped into the class */
  else prop_notify(s, x, ev);
  return true;
}

/* Inline fast path: a single interval shrinks to [lo, hi] (lo <= hi). */
static bool install_one(PropStore *s, PropVar x, int64_t lo, int64_t hi) {
  PropInterval one = {lo, hi};
  return install(s, x, &one, 1);
}

static PropInterval *scratch(PropStore *s, int n) {
  prop_grow((void **)&s->scratch, &s->capscratch, n, sizeof *s->scratch);
  return s->scratch;
}

/* Slow convergence: bounds propagation around a cycle of constraints that
   no single propagator sees as contradictory (c >= min(a, b), c < a,
   c < b) narrows 32-bit domains a few values per round, for billions of
   rounds.  Such small steps on wide domains are counted; a trial that makes
   too many of them stops as inconclusive (queue.c). */
static void note_small_step(PropStore *s, const PropVarRec *v, int64_t lo, int64_t hi) {
  enum { WIDE = 1 << 20, SMALL = 64 };
  if ((prop_wide)v->hi - v->lo < WIDE) return;
  if ((prop_wide)lo - v->lo <= SMALL && (prop_wide)v->hi - hi <= SMALL) s->small_steps++;
}

bool prop_restrict_range(PropStore *s, PropVar x, int64_t lo, int64_t hi) {
  if (s->failed) return false;
  PropVarRec *v = &s->vars[x];
  assert(x >= 0 && x < s->nvars);
  if (lo <= v->lo && hi >= v->hi) return true;
  if (lo < v->lo) lo = v->lo;
  if (hi > v->hi) hi = v->hi;
  if (lo > hi) return fail(s);
  note_small_step(s, v, lo, hi);
  if (!v->iv) return install_one(s, x, lo, hi);
  int i = first_hi_ge(v->iv, v->n, lo);
  int j = first_hi_ge(v->iv, v->n, hi);   /* iv[j].hi >= hi: j < n */
  if (v->iv[j].lo > hi) j--;
  if (i > j) return fail(s);
  if (i == j) {
    int64_t a = v->iv[i].lo > lo ? v->iv[i].lo : lo;
    int64_t b = v->iv[i].hi < hi ? v->iv[i].hi : hi;
    return install_one(s, x, a, b);
  }
  int n = j - i + 1;
  PropInterval *t = scratch(s, n);
  v = &s->vars[x];
  memcpy(t, v->iv + i, (size_t)n * sizeof *t);
  if (t[0].lo < lo) t[0].lo = lo;
  if (t[n - 1].hi > hi) t[n - 1].hi = hi;
  return install(s, x, t, n);
}

bool prop_set_min(PropStore *s, PropVar x, int64_t lo) {
  return prop_restrict_range(s, x, lo, INT64_MAX);
}

bool prop_set_max(PropStore *s, PropVar x, int64_t hi) {
  return prop_restrict_range(s, x, INT64_MIN, hi);
}

bool prop_set_min_wide(PropStore *s, PropVar x, prop_wide lo) {
  if (s->failed) return false;
  if (lo > (prop_wide)INT64_MAX) return fail(s);
  if (lo <= (prop_wide)INT64_MIN) return true;
  return prop_set_min(s, x, (int64_t)lo);
}

bool prop_set_max_wide(PropStore *s, PropVar x, prop_wide hi) {
  if (s->failed) return false;
  if (hi < (prop_wide)INT64_MIN) return fail(s);
  if (hi >= (prop_wide)INT64_MAX) return true;
  return prop_set_max(s, x, (int64_t)hi);
}

bool prop_fix(PropStore *s, PropVar x, int64_t v) {
  return prop_restrict_range(s, x, v, v);
}

bool prop_remove_range(PropStore *s, PropVar x, int64_t lo, int64_t hi) {
  if (s->failed) return false;
  assert(x >= 0 && x < s->nvars);
  PropVarRec *v = &s->vars[x];
  if (lo > hi || hi < v->lo || lo > v->hi) return true;
  if (lo <= v->lo && hi >= v->hi) return fail(s);
  if (lo <= v->lo) return prop_restrict_range(s, x, hi + 1, v->hi);   /* hi < v->hi */
  if (hi >= v->hi) return prop_restrict_range(s, x, v->lo, lo - 1);   /* lo > v->lo */
  /* strictly inside the bounds: lo - 1 and hi + 1 cannot overflow */
  if (!v->iv) {
    PropInterval two[2] = {{v->lo, lo - 1}, {hi + 1, v->hi}};
    return install(s, x, two, 2);
  }
  int i = first_hi_ge(v->iv, v->n, lo);   /* first touched */
  int j = first_hi_ge(v->iv, v->n, hi);   /* last possibly touched */
  if (v->iv[j].lo > hi) j--;
  if (i > j) return true;                 /* [lo, hi] falls in a gap */
  PropInterval *t = scratch(s, v->n + 1);
  v = &s->vars[x];
  int k = 0;
  for (int a = 0; a < i; a++) t[k++] = v->iv[a];
  if (v->iv[i].lo < lo) t[k++] = (PropInterval){v->iv[i].lo, lo - 1};
  if (v->iv[j].hi > hi) t[k++] = (PropInterval){hi + 1, v->iv[j].hi};
  for (int a = j + 1; a < v->n; a++) t[k++] = v->iv[a];
  assert(k >= 1);
  return install(s, x, t, k);
}

bool prop_remove(PropStore *s, PropVar x, int64_t v) {
  return prop_remove_range(s, x, v, v);
}

bool prop_restrict_domain(PropStore *s, PropVar x, const PropDomain *d) {
  if (s->failed) return false;
  assert(x >= 0 && x < s->nvars);
  if (d->n == 0) return fail(s);
  if (d->n == 1) return prop_restrict_range(s, x, d->iv[0].lo, d->iv[0].hi);
  PropVarRec *v = &s->vars[x];
  PropInterval one;
  int n = v->n;
  PropInterval *t = scratch(s, n + d->n);
  v = &s->vars[x];
  const PropInterval *a = ivs(v, &one);
  int k = 0, i = 0, j = 0;
  while (i < n && j < d->n) {
    int64_t lo = a[i].lo > d->iv[j].lo ? a[i].lo : d->iv[j].lo;
    int64_t hi = a[i].hi < d->iv[j].hi ? a[i].hi : d->iv[j].hi;
    assert(j == 0 || d->iv[j - 1].hi < d->iv[j].lo);   /* d sorted, disjoint */
    if (lo <= hi) {
      if (k > 0 && (prop_wide)t[k - 1].hi + 1 == lo) t[k - 1].hi = hi;   /* d had adjacent pieces */
      else t[k++] = (PropInterval){lo, hi};
    }
    if (a[i].hi < d->iv[j].hi) i++; else j++;
  }
  if (k == 0) return fail(s);
  return install(s, x, t, k);
}

/* ---- Domain copies ------------------------------------------------------------ */

/* Trials copy out a domain per watched variable and the caller frees them
   all afterwards: hundreds of small malloc/free pairs per trial, more than
   malloc's per-thread cache holds, were a fifth of the time of heap-input
   searches.  Buffers of DOM_SMALL intervals (most domains have one) are
   therefore recycled through a free list of the process (the solver is
   single-threaded; --jobs runs processes). */
enum { DOM_SMALL = 4, DOM_CACHE = 4096 };
static PropInterval *small_free[DOM_CACHE];
static int nsmall_free;

static void dom_reserve(PropDomain *d, int n) {
  if (d->cap >= n) return;
  if (d->cap == 0 && n <= DOM_SMALL) {
    d->iv = nsmall_free > 0 ? small_free[--nsmall_free] : malloc(DOM_SMALL * sizeof *d->iv);
    if (!d->iv) abort();
    d->cap = DOM_SMALL;
    return;
  }
  int cap = d->cap ? d->cap : 4;
  while (cap < n) cap *= 2;
  PropInterval *iv = realloc(d->iv, (size_t)cap * sizeof *iv);
  if (!iv) abort();
  d->iv = iv;
  d->cap = cap;
}

void prop_domain_get(const PropStore *s, PropVar x, PropDomain *out) {
  const PropVarRec *v = rec(s, x);
  PropInterval one;
  const PropInterval *iv = ivs(v, &one);
  dom_reserve(out, v->n);
  memcpy(out->iv, iv, (size_t)v->n * sizeof *iv);
  out->n = v->n;
}

static bool sorted_by_lo(const PropInterval *iv, int n) {
  for (int i = 1; i < n; i++)
    if (iv[i - 1].lo > iv[i].lo) return false;
  return true;
}

/* Merges overlapping or adjacent neighbours of iv[0..n), sorted by lo. */
static int coalesce(PropInterval *iv, int n) {
  int k = 0;
  for (int i = 1; i < n; i++) {
    if ((prop_wide)iv[i].lo <= (prop_wide)iv[k].hi + 1) {
      if (iv[i].hi > iv[k].hi) iv[k].hi = iv[i].hi;
    } else {
      iv[++k] = iv[i];
    }
  }
  return k + 1;
}

/* Both lists come sorted (domains of the store, earlier unions): a merge
   from the back, in place, then one coalescing pass -- linear, where
   sorting the concatenation cost a qsort per watched variable of every
   constructive disjunction. */
void prop_domain_union(PropDomain *acc, const PropDomain *other) {
  if (other->n == 0) return;
  int n = acc->n, m = other->n;
  dom_reserve(acc, n + m);
  if (!sorted_by_lo(acc->iv, n) || !sorted_by_lo(other->iv, m)) {
    memcpy(acc->iv + n, other->iv, (size_t)m * sizeof *other->iv);
    acc->n = normalize(acc->iv, n + m);
    return;
  }
  int i = n - 1, j = m - 1;
  for (int k = n + m - 1; j >= 0; k--)
    acc->iv[k] = i >= 0 && acc->iv[i].lo > other->iv[j].lo ? acc->iv[i--] : other->iv[j--];
  acc->n = coalesce(acc->iv, n + m);
}

void prop_domain_free(PropDomain *d) {
  if (d->cap == DOM_SMALL && nsmall_free < DOM_CACHE) small_free[nsmall_free++] = d->iv;
  else free(d->iv);
  d->iv = NULL;
  d->n = d->cap = 0;
}

