/* suite_jobs.c - --jobs N: the objectives of a suite solved in N worker
 * processes (pool.c).  Objectives are independent queries; what is not is
 * the tick-off (a new test covers objectives nobody needs to ask for), so
 * the parent keeps the suite: it hands the next open objective (deep first)
 * to an idle worker, takes each answer in as it comes (suite_apply: new
 * test, tick-off, verdict), and never hands out what a test already
 * covered.  An answer's values carry their name and type pointers over the
 * pipe unchanged (the workers share the parent's IR).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "suite.h"

/* An answer on the pipe: the outcome, then its result's arrays: inputs,
   nondet values, the objects (without their output cells) and the initial
   cells of those given (the input memory). */
static bool send_outcome(int fd, const SuOutcome *o) {
  const LblResult *r = &o->result;
  bool ok = cli_pool_put(fd, o, sizeof *o) && cli_pool_put(fd, r->inputs, sizeof *r->inputs * (size_t)r->ninputs) &&
            cli_pool_put(fd, r->nondet, sizeof *r->nondet * (size_t)r->nnondet) &&
            cli_pool_put(fd, r->objects, sizeof *r->objects * (size_t)r->nobjects);
  for (int i = 0; ok && i < r->nobjects; i++)
    if (r->objects[i].given && r->objects[i].initial)
      ok = cli_pool_put(fd, r->objects[i].initial, sizeof *r->objects[i].initial * (size_t)r->objects[i].ncells);
  return ok;
}

static bool receive_objects(int fd, LblResult *r) {
  r->objects = calloc((size_t)r->nobjects + 1, sizeof *r->objects);
  if (!cli_pool_take(fd, r->objects, sizeof *r->objects * (size_t)r->nobjects)) {
    r->nobjects = 0;
    return false;
  }
  bool ok = true;
  for (int i = 0; i < r->nobjects; i++) {
    LblObject *o = &r->objects[i];
    bool has = o->given && o->initial;
    o->cells = NULL;
    o->initial = has ? calloc((size_t)o->ncells + 1, sizeof *o->initial) : NULL;
    if (has && ok) ok = cli_pool_take(fd, o->initial, sizeof *o->initial * (size_t)o->ncells);
  }
  return ok;
}

static bool receive_outcome(int fd, SuOutcome *o) {
  if (!cli_pool_take(fd, o, sizeof *o)) return false;
  LblResult *r = &o->result;
  LblResult keep = {.verdict = r->verdict, .ninputs = r->ninputs, .nnondet = r->nnondet, .nobjects = r->nobjects,
                    .time_s = r->time_s};
  keep.inputs = malloc(sizeof *keep.inputs * (size_t)(keep.ninputs + 1));
  keep.nondet = malloc(sizeof *keep.nondet * (size_t)(keep.nnondet + 1));
  *r = keep;
  return cli_pool_take(fd, r->inputs, sizeof *r->inputs * (size_t)r->ninputs) &&
         cli_pool_take(fd, r->nondet, sizeof *r->nondet * (size_t)r->nnondet) && receive_objects(fd, r);
}

typedef struct Jobs {
  Suite *s;
  SuProgress progress;
  int next;                   /* objectives before it were handed out or closed */
} Jobs;

static bool work(void *ctx, int oi, int fd) {
  Jobs *j = ctx;
  SuOutcome o;
  suite_decide(j->s, oi, &o);
  bool ok = send_outcome(fd, &o);
  lbl_result_free(&o.result);
  return ok;
}

static bool take_answer(void *ctx, int oi, int fd) {
  Jobs *j = ctx;
  SuOutcome o;
  bool ok = receive_outcome(fd, &o);
  if (ok) suite_apply(j->s, oi, &o);
  else lbl_result_free(&o.result);
  return ok;
}

/* The next open objective not being solved; -1 when none is left. */
static int next_open(void *ctx, const int *busy, int nbusy) {
  Jobs *j = ctx;
  Suite *s = j->s;
  for (; j->next < s->nobjs; j->next++) {
    int oi = j->next;
    if (suite_out_of_time(s, oi) || s->objs[oi].status != SU_OPEN) continue;
    bool taken = false;
    for (int k = 0; k < nbusy; k++) taken |= busy[k] == oi;
    if (!taken) return j->next++, oi;
  }
  return -1;
}

static void progress(void *ctx) {
  Jobs *j = ctx;
  suite_progress(j->s, &j->progress, j->next, false);
}

void suite_solve_jobs(Suite *s) {
  Jobs j = {.s = s, .progress = {.tty = isatty(2)}};
  CliPoolJob job = {.ctx = &j, .next = next_open, .work = work, .take = take_answer, .progress = progress};
  if (!cli_pool_run(s->opt->jobs, &job)) /* what no worker answered is solved here */
    for (int i = 0; i < s->nobjs; i++)
      if (!suite_out_of_time(s, i) && s->objs[i].status == SU_OPEN) {
        SuOutcome o;
        suite_decide(s, i, &o);
        suite_apply(s, i, &o);
      }
  suite_progress(s, &j.progress, s->nobjs, true);
  s->solve_s = prop_now() - s->start;
}
