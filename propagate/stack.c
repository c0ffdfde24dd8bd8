/* stack.c - how much of the machine stack is left.  Translation unfolds
 * loops and calls in place and the search labels depth first, so their
 * recursion is as deep as the program under test makes it; they ask here
 * before going deeper and give up (a budget: no proof) while there is still
 * room, instead of dying of SIGSEGV.  The stack's bounds are a property of
 * the process, read once (the one piece of static state of the kernel).
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <sys/resource.h>

#include "inka/prop.h"

/* Room kept free below the guard: the deepest frames between two checks
   (a statement's translation, a propagation round) and sanitizers' frames. */
#define PROP_STACK_RESERVE ((size_t)2 << 20)

static uintptr_t stack_low; /* lowest usable address; 0 until known, 1: unknown */

static void find_stack(void) {
  pthread_attr_t a;
  void *addr = NULL;
  size_t size = 0;
  stack_low = 1;
  if (pthread_getattr_np(pthread_self(), &a) != 0) return;
  if (pthread_attr_getstack(&a, &addr, &size) == 0 && addr && size > 0) {
    /* the main thread's stack may be reported at its rlimit: trust the
       smaller of that and the soft limit */
    struct rlimit rl;
    uintptr_t top = (uintptr_t)addr + size;
    if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < size)
      size = rl.rlim_cur;
    stack_low = top - size;
  }
  pthread_attr_destroy(&a);
}

bool prop_stack_low(void) {
  if (!stack_low) find_stack();
  if (stack_low == 1) return false;
  char here;
  uintptr_t sp = (uintptr_t)&here;
  return sp < stack_low + PROP_STACK_RESERVE;
}
