/* gates.c - literals over a CaDiCaL instance: AND, XOR and multiplexer
 * gates with constant folding and structural hashing (bb_internal.h).
 *
 * Every gate is Tseitin-encoded once: a second request for the same gate on
 * the same inputs returns the first literal, so an unrolled loop over
 * constants folds to constants and repeated subterms cost nothing.  The
 * clause count is bounded (max_clauses): past it `overflow` is set and
 * gates keep answering (fresh literals without clauses: sound to build on,
 * never to solve with; the encoder checks the flag and gives up).
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "bb_internal.h"

enum { OP_AND = 1, OP_XOR = 2, OP_MUX = 3 };

void bb_gates_init(BbGates *g, int64_t max_clauses) {
  memset(g, 0, sizeof *g);
  g->sat = ccadical_init();
  g->nvars = 1;
  g->max_clauses = max_clauses;
  ccadical_add(g->sat, 1);
  ccadical_add(g->sat, 0);
  g->cap = 1 << 16;
  g->table = calloc((size_t)g->cap, sizeof *g->table);
  if (!g->table) abort();
}

void bb_gates_free(BbGates *g) {
  if (g->sat) ccadical_release(g->sat);
  free(g->table);
  for (int i = 0; i < g->nchunks; i++) free(g->chunks[i]);
  free(g->chunks);
  memset(g, 0, sizeof *g);
}

void *bb_alloc(BbGates *g, size_t n) {
  n = (n + 15) & ~(size_t)15;
  if (n > g->left) {
    size_t size = n > (1u << 20) ? n : (1u << 20);
    if (g->nchunks == g->capchunks) {
      g->capchunks = g->capchunks ? 2 * g->capchunks : 16;
      g->chunks = realloc(g->chunks, sizeof *g->chunks * (size_t)g->capchunks);
      if (!g->chunks) abort();
    }
    g->cur = calloc(1, size);
    if (!g->cur) abort(); /* out of memory while encoding: nothing sensible to do */
    g->chunks[g->nchunks++] = g->cur;
    g->left = size;
  }
  void *p = g->cur;
  g->cur += n;
  g->left -= n;
  return p;
}

int bb_new_var(BbGates *g) { return ++g->nvars; }

void bb_clause(BbGates *g, const int *lits, int n) {
  if (g->nclauses >= g->max_clauses) {
    g->overflow = true;
    return;
  }
  g->nclauses++;
  for (int i = 0; i < n; i++) ccadical_add(g->sat, lits[i]);
  ccadical_add(g->sat, 0);
}

static uint64_t hash(int op, int a, int b, int c) {
  uint64_t h = (uint64_t)op * 0x9e3779b97f4a7c15ull;
  h ^= (uint64_t)(uint32_t)a + 0x7f4a7c159e3779b9ull + (h << 6) + (h >> 2);
  h ^= (uint64_t)(uint32_t)b + 0x94d049bb133111ebull + (h << 6) + (h >> 2);
  h ^= (uint64_t)(uint32_t)c + 0xbf58476d1ce4e5b9ull + (h << 6) + (h >> 2);
  return h;
}

static void grow(BbGates *g) {
  BbGateKey *old = g->table;
  int64_t n = g->cap;
  g->cap *= 2;
  g->table = calloc((size_t)g->cap, sizeof *g->table);
  if (!g->table) abort();
  for (int64_t i = 0; i < n; i++) {
    if (!old[i].op) continue;
    uint64_t k = hash(old[i].op, old[i].a, old[i].b, old[i].c) & (uint64_t)(g->cap - 1);
    while (g->table[k].op) k = (k + 1) & (uint64_t)(g->cap - 1);
    g->table[k] = old[i];
  }
  free(old);
}

/* The slot of gate (op, a, b, c): found (lit != 0) or free to fill. */
static BbGateKey *lookup(BbGates *g, int op, int a, int b, int c) {
  if (2 * (g->used + 1) > g->cap) grow(g);
  uint64_t k = hash(op, a, b, c) & (uint64_t)(g->cap - 1);
  while (g->table[k].op && !(g->table[k].op == op && g->table[k].a == a && g->table[k].b == b && g->table[k].c == c))
    k = (k + 1) & (uint64_t)(g->cap - 1);
  return &g->table[k];
}

static int remember(BbGates *g, BbGateKey *slot, int op, int a, int b, int c) {
  *slot = (BbGateKey){op, a, b, c, bb_new_var(g)};
  g->used++;
  return slot->lit;
}

int bb_and(BbGates *g, int a, int b) {
  if (a == BB_FALSE || b == BB_FALSE || a == -b) return BB_FALSE;
  if (a == BB_TRUE || a == b) return b;
  if (b == BB_TRUE) return a;
  if (a > b) { int t = a; a = b; b = t; }
  BbGateKey *k = lookup(g, OP_AND, a, b, 0);
  if (k->op) return k->lit;
  int v = remember(g, k, OP_AND, a, b, 0);
  bb_clause(g, (int[]){-v, a}, 2);
  bb_clause(g, (int[]){-v, b}, 2);
  bb_clause(g, (int[]){v, -a, -b}, 3);
  return v;
}

int bb_or(BbGates *g, int a, int b) { return -bb_and(g, -a, -b); }

int bb_xor(BbGates *g, int a, int b) {
  if (a == BB_FALSE) return b;
  if (b == BB_FALSE) return a;
  if (a == BB_TRUE) return -b;
  if (b == BB_TRUE) return -a;
  if (a == b) return BB_FALSE;
  if (a == -b) return BB_TRUE;
  bool flip = false; /* xor(-a, b) = -xor(a, b): key on positive inputs */
  if (a < 0) { a = -a; flip = !flip; }
  if (b < 0) { b = -b; flip = !flip; }
  if (a > b) { int t = a; a = b; b = t; }
  BbGateKey *k = lookup(g, OP_XOR, a, b, 0);
  int v = k->op ? k->lit : 0;
  if (!v) {
    v = remember(g, k, OP_XOR, a, b, 0);
    bb_clause(g, (int[]){-v, a, b}, 3);
    bb_clause(g, (int[]){-v, -a, -b}, 3);
    bb_clause(g, (int[]){v, -a, b}, 3);
    bb_clause(g, (int[]){v, a, -b}, 3);
  }
  return flip ? -v : v;
}

int bb_mux(BbGates *g, int c, int t, int e) {
  if (c == BB_TRUE || t == e) return t;
  if (c == BB_FALSE) return e;
  if (t == BB_TRUE || t == c) return bb_or(g, c, e);
  if (t == BB_FALSE || t == -c) return bb_and(g, -c, e);
  if (e == BB_TRUE || e == -c) return bb_or(g, -c, t);
  if (e == BB_FALSE || e == c) return bb_and(g, c, t);
  if (t == -e) return -bb_xor(g, c, t); /* c ? t : !t */
  if (c < 0) { c = -c; int x = t; t = e; e = x; }
  BbGateKey *k = lookup(g, OP_MUX, c, t, e);
  if (k->op) return k->lit;
  int v = remember(g, k, OP_MUX, c, t, e);
  bb_clause(g, (int[]){-c, -t, v}, 3);
  bb_clause(g, (int[]){-c, t, -v}, 3);
  bb_clause(g, (int[]){c, -e, v}, 3);
  bb_clause(g, (int[]){c, e, -v}, 3);
  bb_clause(g, (int[]){-t, -e, v}, 3); /* redundant, helps propagation */
  bb_clause(g, (int[]){t, e, -v}, 3);
  return v;
}

bool bb_model_true(BbGates *g, int lit) {
  if (lit == BB_TRUE || lit == BB_FALSE) return lit == BB_TRUE;
  return ccadical_val(g->sat, lit) > 0;
}
