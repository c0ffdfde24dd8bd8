/* concrete_speed.c - `make bench`: throughput of the concrete mode (IR
 * operations per second: statements and expression nodes evaluated) on the
 * loop of bench/concrete_loop.c, beside the same loop compiled by gcc -O0
 * (its time turned into the same operation count per second).  Medians of
 * `runs` runs.  Usage: concrete_speed [N [runs]].
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "inka/concrete.h"
#include "inka/frontend.h"

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, cmp);
  return v[n / 2];
}

int main(int argc, char **argv) {
  int64_t n = argc > 1 ? atoll(argv[1]) : 2000000;
  int runs = argc > 2 ? atoi(argv[2]) : 3;
  if (runs < 1 || runs > 15) runs = 3;
  const char *src = "bench/concrete_loop.c";
  FeOptions fo = {.model = IR_LP64};
  FeErrors fe = {0};
  IrProgram *p = fe_parse_file(src, &fo, &fe);
  if (!p) {
    fprintf(stderr, "%s\n", fe.text ? fe.text : "parse error");
    return 2;
  }
  char *err = NULL;
  CxProgram *c = cx_new(p, ir_find_function(p, "loop"), &(CxObjective){0}, &err);
  if (!c) {
    fprintf(stderr, "%s\n", err);
    return 2;
  }
  double tc[15], tn[15];
  CxResult r;
  CxRunOptions o = {.max_steps = UINT64_MAX / 2};
  for (int i = 0; i < runs; i++) {
    double t0 = now();
    cx_run(c, &n, NULL, 0, &o, &r);
    tc[i] = now() - t0;
  }
  if (r.outcome != CX_RETURNED) {
    fprintf(stderr, "concrete run: %s\n", cx_outcome_name(r.outcome));
    return 2;
  }
  char cmd[512];
  snprintf(cmd, sizeof cmd,
           "printf '#include <stdio.h>\\n#include <stdlib.h>\\n#include \"%s/%s\"\\n"
           "int main(int c, char **v) { printf(\"%%%%d\\\\n\", loop(atoi(v[1]))); return 0; }\\n' > /tmp/cx_speed_$$.c && "
           "gcc -O0 -fwrapv -o /tmp/cx_speed_%d /tmp/cx_speed_$$.c && rm -f /tmp/cx_speed_$$.c",
           getenv("PWD") ? getenv("PWD") : ".", src, (int)getpid());
  if (system(cmd) != 0) return 2;
  long long native = 0;
  for (int i = 0; i < runs; i++) {
    snprintf(cmd, sizeof cmd, "/tmp/cx_speed_%d %lld", (int)getpid(), (long long)n);
    double t0 = now();
    FILE *f = popen(cmd, "r");
    if (!f || fscanf(f, "%lld", &native) != 1) return 2;
    pclose(f);
    tn[i] = now() - t0;
  }
  snprintf(cmd, sizeof cmd, "rm -f /tmp/cx_speed_%d", (int)getpid());
  if (system(cmd)) return 2;
  double c_s = median(tc, runs), n_s = median(tn, runs);
  printf("loop of %lld iterations (bench/concrete_loop.c), %llu IR operations: result %lld (gcc: %lld)\n",
         (long long)n, (unsigned long long)r.ops, (long long)r.ret, native);
  printf("  concrete mode  %7.3f s  %7.1f M IR operations/s\n", c_s, (double)r.ops / c_s / 1e6);
  printf("  gcc -O0        %7.3f s  %7.1f M (same operations)/s  (concrete / gcc time: %.1fx)\n", n_s,
         (double)r.ops / n_s / 1e6, c_s / n_s);
  cx_free(c);
  fe_program_free(p);
  fe_errors_free(&fe);
  return r.ret == native ? 0 : 1;
}
