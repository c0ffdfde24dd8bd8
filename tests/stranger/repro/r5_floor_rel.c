/* Set 5, class 11: floor(x) <= x for every double (NaN fails both
   comparisons), so the target is dead.  UNKNOWN at 30 s (the search splits
   x's interval forever); the same with floorf on (-1e6, 1e6) and with
   ceilf(x) < x.  Needs the relations floor(x) <= x <= ceil(x),
   x - 1 < floor(x), |round(x) - x| <= 0.5 between the two values. */
#include <math.h>
int f(double x) {
  if (floor(x) > x)
    return 1;
  return 0;
}
