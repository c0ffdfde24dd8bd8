/* memory.h - the abstract memory and its operators (the INKA memory paper,
 * sections 4 and 5): what translate/ and operators/control/ may call.
 *
 *   memory.c         objects, locations, the chain of memory states, joins
 *   new_s.c          allocation: a new object in the next state
 *   delete_s.c       deallocation: the block's header cell becomes 0
 *   access_s.c       is an access (or a free, or pointer arithmetic) valid?
 *   store_element.c  a store of V at X: the next state, and reads below it
 *   load_element.c   V is the value at X
 *   input.c          the input memory: what pointer inputs point to, built
 *                    lazily (NULL, a fresh input object, or one already known)
 *
 * Failure and "nobody wrote it" are kept apart: a read returns TR_UNINIT
 * for a cell no test controls, TR_FAIL when the store failed.
 */
#ifndef INKA_MEMORY_H
#define INKA_MEMORY_H

#include <stdbool.h>
#include <stdint.h>

#include "inka/ir.h"
#include "inka/prop.h"

typedef struct Tr Tr;

/* A slot or a read that holds no value yet (a local before its first
   assignment, a cell nobody wrote). */
#define TR_UNINIT ((PropVar)-1)
/* What a function returns instead of a variable when the store failed. */
#define TR_FAIL ((PropVar)-2)

/* ---- Objects and locations (memory.c) -------------------------------------- */
typedef enum { TR_OBJ_GLOBAL, TR_OBJ_LOCAL, TR_OBJ_HEAP, TR_OBJ_INPUT } TrObjectKind;

/* Locations are below this bound (pointer domains are [0, TR_LOC_MAX]). */
#define TR_LOC_MAX ((int64_t)1 << 44)

struct MemCached;

typedef struct TrObject {
  int64_t base;              /* location of cell 0; the header is base - 1 */
  int64_t ncells;
  int64_t count;             /* elements (heap blocks: the allocated count) */
  const IrType *type;        /* the element type */
  TrObjectKind kind;
  const char *name;          /* a variable's name, or NULL for heap blocks */
  int line;                  /* heap: the allocation's source line */
  int ordinal;               /* heap: n-th block of this kind and line on the path */
  int index;                 /* position in allocation order */
  PropVar *initial;          /* cells' values at the start (globals, address-taken
                                parameters), or NULL: never written */
  PropVar len;               /* sized objects (inputs, variable length arrays):
                                the number of elements (count is only what is
                                reserved); else TR_UNINIT */
  struct MemCached *input_cells; /* input: the cells read so far (trailed) */
  bool by_value;             /* input: a struct parameter of the function under test,
                                its own copy: no input pointer reaches it, never freed */
} TrObject;

int64_t tr_cells(const IrType *ty);
int64_t tr_field_cells(const IrType *st, int field);
TrObject *tr_new_object(Tr *t, TrObjectKind kind, const IrType *type, int64_t count, const char *name, int line);
/* Objects of a length the model decides (input objects, variable length
   arrays): an array of elem whose length is the variable len, with room
   reserved for tr_sized_reserve(elem) elements (TR_SIZED_CELLS cells).
   Accesses check the element against len (access_s.c). */
enum { TR_SIZED_CELLS = 1 << 24 };
int64_t tr_sized_reserve(const IrType *elem);
TrObject *tr_new_sized_object(Tr *t, TrObjectKind kind, const IrType *elem, PropVar len, const char *name, int line);
TrObject *tr_object_at(Tr *t, int64_t loc);  /* the object whose frame holds loc */
bool tr_is_cell(Tr *t, int64_t loc);          /* a data cell (not a header or gap) */
/* The first location no object on this path uses yet: locations from here on
   belong to blocks that later code may allocate (the open part of memory). */
int64_t tr_frontier(Tr *t);
const IrType *tr_cell_type(const TrObject *o, int64_t loc);

/* ---- Memory states (memory.c) ------------------------------------------------ */
typedef enum { TR_MEM_INIT, TR_MEM_STORE, TR_MEM_ALLOC, TR_MEM_JOIN } TrMemKind;
typedef struct TrMem TrMem;

TrMem *tr_mem_initial(Tr *t);
/* The memory after an undecided ite or w that starts from `in`; when
   `stored` is not NULL, its branches store only to cells of those types
   (or to objects they allocate), and reads of other cells go straight to
   `in`. */
TrMem *tr_mem_join(Tr *t, TrMem *in, const IrType *const *stored, int nstored);
/* The value at loc in m: a variable, TR_UNINIT when nobody wrote it, TR_FAIL
   on failure.  `need` is the boolean "this value is used" (t->one for a read
   of a known location; a load's candidate is used only if its pointer
   takes it). */
PropVar tr_mem_read(Tr *t, TrMem *m, int64_t loc, PropVar need);
/* The join m continues as `end`: every variable it handed out equals the
   value in `end`.  False on failure. */
bool tr_mem_resolve(Tr *t, TrMem *m, TrMem *end);
/* The variables a join handed out so far (for trials); how many. */
int tr_mem_join_vars(const TrMem *m, PropVar *vars, int cap);
/* Abandons the path if `need` (a read of a cell nobody wrote is used) holds;
   the value read is left free (tr_abandon_read_if). */
bool tr_mem_uncontrolled(Tr *t, PropVar need);
/* Abandons the path (no proof afterwards) if the boolean cond holds, as
   soon as it does. */
bool tr_abandon_if(Tr *t, PropVar cond, const char *reason);
/* The same for a read of a value no test controls, which the caller leaves
   free: the path is abandoned only if the rest of propagation does not
   refute it first. */
bool tr_abandon_read_if(Tr *t, PropVar cond, const char *reason);
/* The status of a memory propagator after a run that succeeded (ok) and
   decided (done) or not: failed, entailed, or waiting: a propagator whose
   pointer may still designate a block not allocated yet suspends, counted
   as undecided (a leaf where it waits is no solution), and the allocation
   whose block takes the frontier past the greatest value of x wakes it.
   *waiting is its own trailed flag. */
PropStatus tr_memory_status(Tr *t, Propagator *p, PropVar x, int *waiting, bool ok, bool done);

/* ---- The operators ------------------------------------------------------------- */
/* new_s.c: the state after allocating object o (calloc: zeroed cells). */
TrMem *tr_new_s(Tr *t, TrMem *in, TrObject *o, bool zeroed);
/* The same for an allocation that may fail: o's header reads the boolean
   `allocated` (the caller gives the program NULL where it is 0). */
TrMem *tr_new_s_if(Tr *t, TrMem *in, TrObject *o, bool zeroed, PropVar allocated);
/* realloc: the same, o's cells holding those of block old in memory
   `before` for the elements both have (the others nobody wrote). */
TrMem *tr_new_s_copy(Tr *t, TrMem *in, TrObject *o, PropVar allocated, TrObject *old, TrMem *before);
/* delete_s.c: the state after freeing the block x points to (the caller
   checked with tr_access_trap(..., true) that x is a live block), or NULL
   on failure. */
TrMem *tr_delete_s(Tr *t, TrMem *in, PropVar x);
/* store_element.c: the state after storing v at location x. */
TrMem *tr_store_element(Tr *t, TrMem *in, PropVar x, PropVar v);
/* access_s.c: the boolean "an access (for_free: a free) through x is
   invalid" in m: t->zero when surely valid, TR_FAIL on failure. */
PropVar tr_access_trap(Tr *t, TrMem *m, PropVar x, bool for_free);
/* The boolean "x lies in a freed block" (--check free: a use after free),
   t->zero when surely not, TR_FAIL on failure. */
PropVar tr_dangling(Tr *t, TrMem *m, PropVar x);
/* The boolean "the element p + k (k elements of ptr's pointee type) is not
   inside p's object" (--check bounds; 0 for p NULL), TR_FAIL on failure. */
PropVar tr_outside(Tr *t, PropVar p, const IrType *ptr, PropVar k);
/* length(p) of a --pre contract: the elements of ptr's pointee type from p
   to the end of its object (an input's length variable decides it), 0 for
   NULL; TR_FAIL on failure. */
PropVar tr_length(Tr *t, PropVar p, const IrType *ptr);
/* The line of the allocation that made the heap block p points into, 0 when
   p points into none (--check leak); TR_FAIL on failure. */
PropVar tr_alloc_line(Tr *t, PropVar p);
/* access_s.c: the boolean "q = p + displacement leaves p's object" (one past
   the end stays inside): t->zero when surely inside, TR_FAIL on failure. */
PropVar tr_arith_trap(Tr *t, PropVar p, PropVar q);
/* load_element.c: v = m[x]; false on failure. */
bool tr_load(Tr *t, TrMem *m, PropVar x, PropVar v);
/* The same for a load that runs only where `runs` holds (an operand of &&,
   || or ?:): a cell nobody wrote abandons the path only where it runs. */
bool tr_load_guarded(Tr *t, TrMem *m, PropVar x, PropVar v, PropVar runs);

/* ---- The input memory (input.c) ---------------------------------------------- */
/* Can a pointer input point to objects of type ty (not void, not a function,
   not an incomplete struct)? */
bool tr_can_be_input(const IrType *ty);
/* The value of a pointer input of type ptr (a parameter, or a pointer cell of
   an input object): NULL, an input object of the same pointee type already
   known (unless lim.no_alias), or a fresh input object created now.
   TR_UNINIT when the pointee cannot be an input object (void, a function,
   an incomplete struct): no test controls such a pointer. */
PropVar tr_input_pointer(Tr *t, const IrType *ptr);
/* A struct given by value to the function under test: an input object of
   one element of type ty, the parameter's own copy (no input pointer may
   reach it, it cannot be freed); its location. */
PropVar tr_input_value(Tr *t, const IrType *ty, const char *name, int line);
/* The value an input object's cell (or header) holds when the function
   starts: a fresh input variable, created at the first read. */
PropVar tr_input_initial(Tr *t, TrObject *o, int64_t loc);
/* The initial value of cell k of input object o if the path read it. */
bool tr_input_read(const TrObject *o, int64_t k, PropVar *v);

#endif
