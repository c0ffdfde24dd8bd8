/* An sv-comp style main: a traffic light controller for a crossing
   (north-south / east-west) driven by up to 12 nondeterministic events:
   0 tick, 1 pedestrian button, 2 fault (both lights flash amber), 3 reset
   after a fault.  The lights, the phase and the timer are globals; the
   reset has a bug: it restores the phase but only turns the light that
   had the right of way green, forgetting the other.
   bf5/r5_lang_sv_bf.c runs every event sequence (n <= 12, 4^n
   sequences each).
   err (reach_error, both green): reachable, e.g. button, tick, tick,
     tick, fault, reset, tick, tick (the fault in phase 2, all red before
     east-west's red-amber; the reset turns north-south green).
   amber_green: reachable, north-south amber while east-west is green
     (fault, fault, reset: the second fault saves phase 8).
   cycle: reachable, north-south turns green again (phase 7 -> 0): one
     sequence only, the 12 events button, 5 ticks, button, 5 ticks.
   phase_bad: dead, the phase stays in 0..8.
   timer_big: dead, the timer is only ever set to 0, 1 or 2.
   ra_both: dead, both lights red-amber: each red-amber is set while the
     other light is red, a fault makes both amber and a reset makes one
     green (no sequence of <= 12 events reaches it, bf5). */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

enum light { RED, RED_AMBER, GREEN, AMBER };

static enum light ns = GREEN, ew = RED;
static int phase = 0, timer = 2, saved = 0, cycles = 0;

static void tick(void) {
  if (timer > 0) {
    timer--;
    return;
  }
  switch (phase) {
  case 0: ns = AMBER; phase = 1; timer = 1; break;
  case 1: ns = RED; phase = 2; timer = 0; break;
  case 2: ew = RED_AMBER; phase = 3; timer = 0; break;
  case 3: ew = GREEN; phase = 4; timer = 2; break;
  case 4: ew = AMBER; phase = 5; timer = 1; break;
  case 5: ew = RED; phase = 6; timer = 0; break;
  case 6: ns = RED_AMBER; phase = 7; timer = 0; break;
  case 7: ns = GREEN; phase = 0; timer = 2; cycles++; break;
  default: break;
  }
}

static void button(void) {
  if (phase == 0 || phase == 4)
    timer = 0;
}

static void fault(void) {
  saved = phase;
  ns = AMBER;
  ew = AMBER;
  phase = 8;
  timer = 0;
}

static void reset(void) {
  if (phase != 8)
    return;
  phase = saved;
  if (saved < 4)
    ns = GREEN;
  else
    ew = GREEN;
}

int main(void) {
  int n = __VERIFIER_nondet_int(), k, ev;
  if (n < 0 || n > 12)
    return 0;
  for (k = 0; k < n; k++) {
    ev = __VERIFIER_nondet_int();
    if (ev < 0 || ev > 3)
      return 0;
    switch (ev) {
    case 0: tick(); break;
    case 1: button(); break;
    case 2: fault(); break;
    default: reset(); break;
    }
    if (ns == GREEN && ew == GREEN) {
      reach_error();                            /*@ err */
      return 1;
    }
    if (phase < 0 || phase > 8)
      return 2;                                 /*@ phase_bad */
    if (timer > 2 || timer < 0)
      return 3;                                 /*@ timer_big */
    if (ns == RED_AMBER && ew == RED_AMBER)
      return 4;                                 /*@ ra_both */
    if (ns == AMBER && ew == GREEN)
      return 5;                                 /*@ amber_green */
    if (cycles == 1)
      return 6;                                 /*@ cycle */
  }
  return 0;
}
