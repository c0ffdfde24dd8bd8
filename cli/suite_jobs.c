/* suite_jobs.c - --jobs N: the objectives of a suite solved in N worker
 * processes.  Objectives are independent queries; what is not is the
 * tick-off (a new test covers objectives nobody needs to ask for), so the
 * parent keeps the suite: it hands the next open objective (deep first) to
 * an idle worker, takes each answer in as it comes (suite_apply: new test,
 * tick-off, verdict), and never hands out what a test already covered.
 *
 * Workers are forked after the program is parsed and the objectives built,
 * so they share every IR address with the parent: an answer's values carry
 * their name and type pointers over the pipe unchanged.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "suite.h"

typedef struct Worker {
  pid_t pid;
  int to, from;               /* pipes: objective index down, answer up */
  int busy;                   /* the objective it solves, or -1 */
} Worker;

static bool put(int fd, const void *buf, size_t n) {
  const char *p = buf;
  while (n) {
    ssize_t k = write(fd, p, n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return false;
    p += k;
    n -= (size_t)k;
  }
  return true;
}

static bool take(int fd, void *buf, size_t n) {
  char *p = buf;
  while (n) {
    ssize_t k = read(fd, p, n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return false;
    p += k;
    n -= (size_t)k;
  }
  return true;
}

/* An answer on the pipe: the outcome, then its result's arrays: inputs,
   nondet values, the objects (without their output cells) and the initial
   cells of those given (the input memory). */
static bool send_outcome(int fd, const SuOutcome *o) {
  const LblResult *r = &o->result;
  bool ok = put(fd, o, sizeof *o) && put(fd, r->inputs, sizeof *r->inputs * (size_t)r->ninputs) &&
            put(fd, r->nondet, sizeof *r->nondet * (size_t)r->nnondet) &&
            put(fd, r->objects, sizeof *r->objects * (size_t)r->nobjects);
  for (int i = 0; ok && i < r->nobjects; i++)
    if (r->objects[i].given && r->objects[i].initial)
      ok = put(fd, r->objects[i].initial, sizeof *r->objects[i].initial * (size_t)r->objects[i].ncells);
  return ok;
}

static bool receive_objects(int fd, LblResult *r) {
  r->objects = calloc((size_t)r->nobjects + 1, sizeof *r->objects);
  if (!take(fd, r->objects, sizeof *r->objects * (size_t)r->nobjects)) {
    r->nobjects = 0;
    return false;
  }
  bool ok = true;
  for (int i = 0; i < r->nobjects; i++) {
    LblObject *o = &r->objects[i];
    bool has = o->given && o->initial;
    o->cells = NULL;
    o->initial = has ? calloc((size_t)o->ncells + 1, sizeof *o->initial) : NULL;
    if (has && ok) ok = take(fd, o->initial, sizeof *o->initial * (size_t)o->ncells);
  }
  return ok;
}

static bool receive_outcome(int fd, SuOutcome *o) {
  if (!take(fd, o, sizeof *o)) return false;
  LblResult *r = &o->result;
  LblResult keep = {.verdict = r->verdict, .ninputs = r->ninputs, .nnondet = r->nnondet, .nobjects = r->nobjects,
                    .time_s = r->time_s};
  keep.inputs = malloc(sizeof *keep.inputs * (size_t)(keep.ninputs + 1));
  keep.nondet = malloc(sizeof *keep.nondet * (size_t)(keep.nnondet + 1));
  *r = keep;
  return take(fd, r->inputs, sizeof *r->inputs * (size_t)r->ninputs) &&
         take(fd, r->nondet, sizeof *r->nondet * (size_t)r->nnondet) && receive_objects(fd, r);
}

static _Noreturn void work(Suite *s, int in, int out) {
  int oi;
  while (take(in, &oi, sizeof oi) && oi >= 0) {
    SuOutcome o;
    suite_decide(s, oi, &o);
    bool ok = send_outcome(out, &o);
    lbl_result_free(&o.result);
    if (!ok) break;
  }
  _exit(0);
}

static bool start(Suite *s, Worker *w) {
  int down[2], up[2];
  if (pipe(down) != 0) return false;
  if (pipe(up) != 0) {
    close(down[0]);
    close(down[1]);
    return false;
  }
  fflush(NULL);
  w->pid = fork();
  if (w->pid == 0) {
    close(down[1]);
    close(up[0]);
    work(s, down[0], up[1]);
  }
  close(down[0]);
  close(up[1]);
  w->to = down[1];
  w->from = up[0];
  w->busy = -1;
  if (w->pid < 0) {
    close(w->to);
    close(w->from);
    return false;
  }
  return true;
}

/* The next objective to hand out, from *next on; -1 when none is left. */
static int next_open(Suite *s, int *next, const Worker *w, int n) {
  for (; *next < s->nobjs; ++*next) {
    int oi = *next;
    if (suite_out_of_time(s, oi) || s->objs[oi].status != SU_OPEN) continue;
    bool taken = false;
    for (int k = 0; k < n; k++) taken |= w[k].busy == oi;
    if (!taken) return (*next)++, oi;
  }
  return -1;
}

/* Waits for one answer and takes it in; false when a worker died. */
static bool collect(Suite *s, Worker *w, int n) {
  struct pollfd fds[256];
  for (int k = 0; k < n; k++) fds[k] = (struct pollfd){.fd = w[k].busy >= 0 ? w[k].from : -1, .events = POLLIN};
  if (poll(fds, (nfds_t)n, -1) < 0) return errno == EINTR;
  for (int k = 0; k < n; k++) {
    if (w[k].busy < 0 || !(fds[k].revents & (POLLIN | POLLHUP))) continue;
    SuOutcome o;
    int oi = w[k].busy;
    w[k].busy = -1;
    if (!receive_outcome(w[k].from, &o)) {
      lbl_result_free(&o.result);
      return false;
    }
    suite_apply(s, oi, &o);
  }
  return true;
}

static void stop(Worker *w, int n) {
  int quit = -1;
  for (int k = 0; k < n; k++) {
    put(w[k].to, &quit, sizeof quit);
    close(w[k].to);
    close(w[k].from);
    waitpid(w[k].pid, NULL, 0);
  }
}

void suite_solve_jobs(Suite *s) {
  int n = s->opt->jobs < 256 ? s->opt->jobs : 256, started = 0;
  Worker *w = calloc((size_t)n, sizeof *w);
  void (*old)(int) = signal(SIGPIPE, SIG_IGN);
  while (started < n && start(s, &w[started])) started++;
  SuProgress p = {.tty = isatty(2)};
  int next = 0, done = 0;
  bool ok = started > 0;
  for (;;) {
    int busy = 0;
    for (int k = 0; k < started; k++) {
      if (w[k].busy < 0) {
        int oi = next_open(s, &next, w, started);
        if (oi >= 0 && put(w[k].to, &oi, sizeof oi)) w[k].busy = oi;
      }
      busy += w[k].busy >= 0;
    }
    if (!busy || !ok) break;
    ok = collect(s, w, started);
    done = next;
    suite_progress(s, &p, done, false);
  }
  stop(w, started);
  signal(SIGPIPE, old);
  free(w);
  if (!ok) /* what no worker answered is solved here */
    for (int i = 0; i < s->nobjs; i++)
      if (!suite_out_of_time(s, i) && s->objs[i].status == SU_OPEN) {
        SuOutcome o;
        suite_decide(s, i, &o);
        suite_apply(s, i, &o);
      }
  suite_progress(s, &p, s->nobjs, true);
  s->solve_s = prop_now() - s->start;
}
