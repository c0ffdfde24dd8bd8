/* A store that is always out of bounds in a branch, then a comparison of two
   elements: the root propagation of the model does not finish (an element
   constraint and an equality wake each other for ever; a deadline stops
   them).  Targets marked T<n>. */

int pick(int z) {
  int a[2] = {7, 5};
  if (z < 0) {
    a[z] = 0;
  }
  if (a[z] > a[1]) {
    /*T1*/ return 1;
  }
  return 0;
}

int never(int z) {
  int a[2] = {0, 0};
  if (z < 0) {
    a[2] = 0;
  }
  if (a[z] > a[1]) {
    /*T2*/ return 1;
  }
  return 0;
}
