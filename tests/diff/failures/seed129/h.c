
/* Oracle harness: the instrumented program, then a main that enumerates the
 * domain (mode "all") or runs given inputs (mode "check").  A SIGFPE (division
 * by zero, INT_MIN / -1) ends the run of that input: whatever was hit before
 * it stays recorded, as the target would have run before the trap. */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#define NT 30
#define K 2
#define LO -50
#define HI 50
static long cur = 0, stamp[NT], ninp[NT];
static uint64_t mask[NT], runmask[NT];
static uint64_t pmask[NT], runpmask[NT];
static int wit[NT][3], iw[NT][64][3], pw[NT][64][3], in[3];
/* it: iteration of the innermost loop around the statement, it2: of the
 * loop around that one; pairs (it2, it) in 1..8 are bits (it2-1)*8 + it-1
 * of pmask, for --iter it2,it. */
static void HIT(int id, int it, int it2) {
  if (it2 >= 1 && it2 <= 8 && it >= 1 && it <= 8) {
    uint64_t pb = (uint64_t)1 << ((it2 - 1) * 8 + it - 1);
    if (!(pmask[id] & pb)) { pmask[id] |= pb; memcpy(pw[id][(it2 - 1) * 8 + it - 1], in, sizeof in); }
    runpmask[id] |= pb;
  }
  if (it > 63) it = 63;
  uint64_t bit = (uint64_t)1 << it;
  if (stamp[id] != cur) {
    stamp[id] = cur;
    if (ninp[id]++ == 0) memcpy(wit[id], in, sizeof in);
  }
  if (!(mask[id] & bit)) { mask[id] |= bit; memcpy(iw[id][it], in, sizeof in); }
  runmask[id] |= bit;
}
static sigjmp_buf env;
static volatile long traps;
static void on_fpe(int s) { (void)s; siglongjmp(env, 1); }
static void div_by_zero(void) { siglongjmp(env, 1); }
int g1(int x, int y) {
  HIT(0, 0, 0); int v1 = ~(x - y);
  HIT(1, 0, 0); if ((x * 100) <= (-7)) {
    HIT(2, 0, 0); v1 = v1 < 128;
  }
  HIT(3, 0, 0); v1 &= y * y;
  HIT(4, 0, 0); return x;
}
int g2(int x, int y) {
  HIT(5, 0, 0); int n1 = x % 3;
  HIT(6, 0, 0); int w2 = 0;
  HIT(7, 0, 0); int __it1 = 0; do {
    __it1++;
    HIT(8, __it1, 0); w2++;
    HIT(9, __it1, 0); if ((!((x & y) <= 1)) && (((x ^ y) >= 14) || (n1 >= (-850)))) {
      HIT(10, __it1, 0); if ((y | w2) == 23) {
        HIT(11, __it1, 0); if ((n1 != w2) || (y != n1)) {
          HIT(12, __it1, 0); x = !(n1 >= g1(-10, 1));
        } else {
          HIT(13, __it1, 0); y = w2 - y;
        }
      }
    } else {
      HIT(14, __it1, 0); y = (n1 > 18) ? w2 : (-10);
    }
  } while (w2 < n1);
  HIT(15, 0, 0); return x * (-28);
}
int f(int a, int b) {
  HIT(16, 0, 0); int v1 = (unsigned)(g1(-43, b) + a);
  HIT(17, 0, 0); int n2 = a & 7;
  HIT(18, 0, 0); int __it2 = 0; for (int i3 = 0; i3 < n2 && (v1 < 5); ++i3) {
    __it2++;
    HIT(19, __it2, 0); b = (((b * i3) == 1548) ? g2(a, n2) : v1) - (b * 19);
    HIT(20, __it2, 0); a = (v1 + b) - (i3 ^ n2);
    HIT(21, __it2, 0); if (((char)b) && ((i3 < (-4)) && (a < 8))) {
      HIT(22, __it2, 0); continue;
    }
    HIT(23, __it2, 0); v1 *= a;
  }
  HIT(24, 0, 0); if (!((b * v1) <= 625)) {
    HIT(25, 0, 0); int v4 = (n2 | v1) - v1;
    HIT(26, 0, 0); if (!((a * a) <= (-966))) {
      HIT(27, 0, 0); v4 = n2;
    }
  } else {
    HIT(28, 0, 0); b = b * n2;
  }
  HIT(29, 0, 0); return n2;
}

static int ret;
static int run1(void) {  /* 0: trapped, else 1 and ret = f's result */
  ++cur;
  if (sigsetjmp(env, 0)) { traps++; return 0; }
#if K == 3
  ret = f(in[0], in[1], in[2]);
#else
  ret = f(in[0], in[1]);
#endif
  return 1;
}
int main(int argc, char **argv) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_fpe;
  sa.sa_flags = SA_NODEFER;
  sigaction(SIGFPE, &sa, 0);
  alarm(120);
  if (argc > 1 && !strcmp(argv[1], "check")) {
    /* one input per stdin line; prints "R <result>" or "T" (trapped), then
     * "id:mask ..." of what it hit */
    while (1) {
      for (int j = 0; j < K; j++) if (scanf("%d", &in[j]) != 1) return 0;
      memset(runmask, 0, sizeof runmask);
      memset(runpmask, 0, sizeof runpmask);
      if (run1()) printf("R %d", ret); else printf("T");
      for (int t = 0; t < NT; t++)
        if (runmask[t]) printf(" %d:%llu:%llu", t, (unsigned long long)runmask[t], (unsigned long long)runpmask[t]);
      printf("\n");
      fflush(stdout);
    }
  }
  for (int x = LO; x <= HI; x++)
    for (int y = LO; y <= HI; y++)
      for (int z = (K == 3 ? LO : 0); z <= (K == 3 ? HI : 0); z++) {
        in[0] = x; in[1] = y; in[2] = z;
        run1();
      }
  printf("traps %ld\n", (long)traps);
  for (int t = 0; t < NT; t++) {
    printf("t %d %ld %llu %d %d %d\n", t, ninp[t], (unsigned long long)mask[t], wit[t][0], wit[t][1], wit[t][2]);
    for (int b = 0; b < 64; b++)
      if (mask[t] >> b & 1) printf("i %d %d %d %d %d\n", t, b, iw[t][b][0], iw[t][b][1], iw[t][b][2]);
    for (int b = 0; b < 64; b++)
      if (pmask[t] >> b & 1) printf("p %d %d %d %d %d\n", t, b, pw[t][b][0], pw[t][b][1], pw[t][b][2]);
  }
  return 0;
}
