/* An integer PI speed controller with anti-windup driving a simulated
   motor (velocity lag, position integrates velocity) for 600 control
   periods.  Every (sp, kp, ki) (1001 * 16 * 16 = 256256 runs of 600
   steps) run by bf5/r5_pid_bf.c.
   u_out: dead, u is clamped to [-100, 100] just before.
   vel_out: dead, |vel| <= 100 is invariant: vel + (u - vel) / 4 lies
     between vel and u, both in [-100, 100].
   sat (the saturation line) --iter 600: reachable (saturated in the last
     period): 96844 inputs, e.g. sp = 1, kp = 0, ki = 2.
   long_sat: reachable, 100 consecutive saturated periods.
   overshoot400: reachable, the position passes sp + 400 (sp = 3, kp = 0,
     ki = 1 overshoots by 437).
   overshoot438: dead, the largest overshoot over all inputs is 437.
   swing: reachable, the position goes below -400.
   settled_hi: reachable, pos == sp >= 900 at the end. */

int pi_run(int sp, int kp, int ki) {
  int pos = 0, vel = 0, integ = 0, u, e, t, run = 0, longest = 0, mx = 0, mn = 0;
  if (sp < 0 || sp > 1000 || kp < 0 || kp > 15 || ki < 0 || ki > 15)
    return -1;
  for (t = 0; t < 600; t++) {
    e = sp - pos;
    integ += ki * e;
    if (integ > 8000)
      integ = 8000;
    if (integ < -8000)
      integ = -8000;
    u = (kp * e + integ) / 16;
    if (u > 100) {
      u = 100;
      run++;                                    /*@ sat */
      if (run > longest)
        longest = run;
    } else {
      run = 0;
      if (u < -100)
        u = -100;
    }
    if (u > 100 || u < -100)
      return 1;                                 /*@ u_out */
    vel += (u - vel) / 4;
    if (vel > 100 || vel < -100)
      return 2;                                 /*@ vel_out */
    pos += vel / 8;
    if (pos > mx)
      mx = pos;
    if (pos < mn)
      mn = pos;
  }
  if (mn < -400)
    return 6;                                   /*@ swing */
  if (longest >= 100)
    return 3;                                   /*@ long_sat */
  if (mx > sp + 437)
    return 4;                                   /*@ overshoot438 */
  if (mx > sp + 400)
    return 5;                                   /*@ overshoot400 */
  if (pos == sp && sp >= 900)
    return 7;                                   /*@ settled_hi */
  return 0;
}
