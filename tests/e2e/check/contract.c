/* Contracts for input objects (--pre 'length(p) ...'): the callers of these
   functions promise how long their buffers are. */
#include <stddef.h>

int ends(const int *v, int n) {
  if (n <= 0)
    return -1;
  return v[0] + v[n - 1];        /* bounds: found without a contract, proved with length(v) >= n */
}

int window(const short *w, int at) {
  if (at < 0)
    return 0;
  return w[at] - w[at + 1];      /* bounds: found with length(w) == at + 1 (w[at + 1] is one past) */
}
