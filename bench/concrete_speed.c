/* concrete_speed.c - `make bench`: throughput of the concrete mode (IR
 * operations per second: statements and expression nodes evaluated, as the
 * interpreter counts them) on the loop of bench/concrete_loop.c, run by the
 * interpreter and natively (concrete/native.c: the compile, once, is not
 * timed), beside the same loop compiled by gcc -O0 -fwrapv (the programs
 * are parsed with --wrapv to match); then the rate of an enumeration, every
 * input of pick() of the same file, in inputs per second both ways.
 * Medians of `runs` runs.  Usage: concrete_speed [N [runs]].
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
  FeOptions fo = {.model = IR_LP64, .wrapv = true};
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
  double tc[15], tx[15], tn[15];
  CxResult r, rx;
  CxRunOptions o = {.max_steps = UINT64_MAX / 2};
  cx_native_mode(CX_NATIVE_OFF);
  for (int i = 0; i < runs; i++) {
    double t0 = now();
    cx_run(c, &n, NULL, 0, &o, &r);
    tc[i] = now() - t0;
  }
  if (r.outcome != CX_RETURNED) {
    fprintf(stderr, "concrete run: %s\n", cx_outcome_name(r.outcome));
    return 2;
  }
  cx_native_mode(CX_NATIVE_ALWAYS);
  double t0 = now();
  cx_run(c, (int64_t[]){1}, NULL, 0, &o, &rx); /* compiles (or loads from the cache) */
  double compile_s = now() - t0;
  if (!cx_native_ready(c)) {
    fprintf(stderr, "no native run: %s\n", cx_native_why_not(c));
    return 2;
  }
  for (int i = 0; i < runs; i++) {
    t0 = now();
    cx_run(c, &n, NULL, 0, &o, &rx);
    tx[i] = now() - t0;
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
  double c_s = median(tc, runs), x_s = median(tx, runs), n_s = median(tn, runs);
  printf("loop of %lld iterations (bench/concrete_loop.c), %llu IR operations: result %lld (native %lld, gcc: %lld)\n",
         (long long)n, (unsigned long long)r.ops, (long long)r.ret, (long long)rx.ret, native);
  printf("  interpreter    %7.3f s  %7.1f M IR operations/s  (interpreter / gcc time: %.1fx)\n", c_s,
         (double)r.ops / c_s / 1e6, c_s / n_s);
  printf("  native         %7.3f s  %7.1f M IR operations/s  (native / gcc time: %.2fx; compile or load once %.2f s)\n",
         x_s, (double)r.ops / x_s / 1e6, x_s / n_s, compile_s);
  printf("  gcc -O0        %7.3f s  %7.1f M (same operations)/s\n", n_s, (double)r.ops / n_s / 1e6);
  bool same = r.ret == native && rx.ret == native;
  cx_free(c);
  /* the enumeration: every input of pick(), one run each */
  c = cx_new(p, ir_find_function(p, "pick"), &(CxObjective){0}, &err);
  if (!c) {
    fprintf(stderr, "%s\n", err);
    return 2;
  }
  double rate[2];
  int64_t sum[2] = {0, 0};
  for (int way = 0; way < 2; way++) {
    cx_native_mode(way ? CX_NATIVE_ALWAYS : CX_NATIVE_OFF);
    cx_run(c, (int64_t[]){0, 0}, NULL, 0, NULL, &rx); /* (native: compiles once, untimed) */
    double te[15];
    for (int i = 0; i < runs; i++) {
      t0 = now();
      sum[way] = 0;
      for (int64_t a = -128; a < 128; a++)
        for (int64_t b = -128; b < 128; b++) {
          cx_run(c, (int64_t[]){a, b}, NULL, 0, NULL, &rx);
          sum[way] += rx.ret;
        }
      te[i] = now() - t0;
    }
    rate[way] = 65536 / median(te, runs);
  }
  printf("enumeration of pick(a, b), 65,536 inputs: interpreter %.0f inputs/s, native %.0f inputs/s (%.1fx)\n",
         rate[0], rate[1], rate[1] / rate[0]);
  same = same && sum[0] == sum[1];
  cx_free(c);
  fe_program_free(p);
  fe_errors_free(&fe);
  return same ? 0 : 1;
}
