/* UNKNOWN "a path reads memory that no test controls" (0 search nodes) for a
   reachable line: a[3] is read only when sp == 4, which is false on the
   witness path (code = {0, 0}, n = 2: sp == 2, a[0] == 1).  Removing the
   sp == 4 line, or writing it as if (sp == 4) { if (a[3] > 255) ... },
   makes it REACHABLE at once: the right operand of && reading an unwritten
   cell abandons the path even where the left operand is false.  Shrunk from b2_vm.c (h2_vm_swapped,
   h2_vm_over).
   inka-ng --reach b2_guarded_unwritten.c:20 b2_guarded_unwritten.c */
int f(const unsigned char *code, int n) {
  int a[4];
  int sp = 0, pc = 0;
  if (n < 0 || n > 8)
    return -1;
  while (pc < n) {
    if (code[pc++] != 0 || sp == 4)
      return -2;
    a[sp++] = pc;
  }
  if (sp == 4 && a[3] > 255)
    return 2;
  if (sp == 2 && a[0] == 1)
    return 1;
  return 0;
}
