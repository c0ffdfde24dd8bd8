/* UNKNOWN "a path reads a variable before it is assigned" / "... memory
   that no test controls" for trivially reachable lines (k == 0), default
   mode included: the right operand of && (or of ?:) reads x / a[1], which
   are assigned only when k > 0, and it is evaluated only when k > 0; but
   translate/expr.c eval_logic evaluates both operands of IR_LAND / IR_LOR /
   IR_COND, so eval_var (or the load) fails the whole path with the
   incomplete reason.  Written as nested ifs (if (k > 0) { if (x == 5) ... })
   the line is REACHABLE at once.  A common idiom: if (found && value == v).
   inka-ng --reach b2_and_guard_uninit.c:20 b2_and_guard_uninit.c      (h, scalar)
   inka-ng --reach b2_and_guard_uninit.c:32 b2_and_guard_uninit.c      (h2, array)
   (Some such functions are still found in the default mode by a concrete
   guess; pointer inputs get no guesses: b2_guarded_unwritten.c.) */
int h(int k) {
  int x;
  if (k > 0)
    x = 1;
  if (k > 0 && x == 5)
    return 2;
  if (k == 0)
    return 1;
  return 0;
}

int h2(int k) {
  int a[2];
  a[0] = 0;
  if (k > 0)
    a[1] = 1;
  if (k > 0 && a[1] == 5)
    return 2;
  if (k == 0)
    return 1;
  return 0;
}
