/* Ordinary C a tester writes: a goto-driven scanner, a struct returned by
   value, an array of structs, the comma operator, do/while with continue,
   a switch on characters with fall-through, unsigned char wrap. */
struct range {
  int lo, hi;
};

static struct range widen(struct range r, int by) {
  struct range out;
  out.lo = r.lo - by;
  out.hi = r.hi + by;
  return out;
}

int ranges(int a, int b, int by) {
  struct range r, w;
  if (a > b || by < 0 || by > 1000 || a < -100000 || b > 100000)
    return -1;
  r.lo = a;
  r.hi = b;
  w = widen(r, by);
  if (w.hi - w.lo != (b - a) + 2 * by)
    return 1;                                   /*@ width_wrong */
  if (w.lo == -5 && w.hi == 5 && by == 3)
    return 2;                                   /*@ around_zero */
  return 0;
}

/* Counts runs of equal digits in a decimal number with a goto loop. */
int runs(unsigned n) {
  int count = 0, last = -1;
  if (n == 0)
    return 0;
next:
  if (n == 0)
    goto out;
  if ((int)(n % 10) != last) {
    count++;
    last = (int)(n % 10);
  }
  n /= 10;
  goto next;
out:
  if (count == 1 && last == 7)
    return 1;                                   /*@ one_run7 */
  if (count > 10)
    return 2;                                   /*@ eleven_runs */
  return 0;
}

struct item {
  char tag;
  unsigned char qty;
};

int inventory(int k, int add) {
  struct item items[3];
  int i, total = 0;
  items[0].tag = 'a';
  items[0].qty = 250;
  items[1].tag = 'b';
  items[1].qty = 3;
  items[2].tag = 'c';
  items[2].qty = 0;
  if (k < 0 || k > 2)
    return -1;
  items[k].qty += add;
  i = 0;
  do {
    if (items[i].tag == 'b') {
      i++;
      continue;
    }
    total += items[i].qty;
    i++;
  } while (i < 3);
  if (items[0].qty < 250 && k == 0 && add > 0 && add < 10)
    return 1;                                   /*@ wrapped_qty */
  if (total > 510)
    return 2;                                   /*@ over_max */
  return (void)0, total == 7 ? 3 : 0;
}

int classify(char c) {
  int score = 0;
  switch (c) {
  case 'a':
  case 'e':
  case 'i':
  case 'o':
  case 'u':
    score += 10;
    /* fall through */
  case 'y':
    score += 1;
    break;
  case '0':
    score = -1;
    break;
  default:
    if (c >= 'A' && c <= 'Z')
      score = 2;
  }
  if (score == 1)
    return 1;                                   /*@ only_y */
  if (score == 11 && c > 'n')
    return 2;                                   /*@ late_vowel */
  if (score == 12)
    return 3;                                   /*@ twelve */
  return 0;
}
