/* pool.c - independent tasks solved in worker processes (--jobs N).
 *
 * The parent hands a task to each idle worker (CliPoolJob.next), reads
 * each answer as it comes (take) and reports progress; a worker answers on
 * its pipe (work).  Workers are forked after the program is parsed, so they
 * share every IR address with the parent: answers may carry pointers into
 * the IR unchanged.  A worker that dies ends the pool: the caller does what
 * is left itself.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"

enum { MAX_WORKERS = 256 };

typedef struct Worker {
  pid_t pid;
  int to, from;               /* pipes: task index down, answer up */
  int busy;                   /* the task it solves, or -1 */
} Worker;

bool cli_pool_put(int fd, const void *buf, size_t n) {
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

bool cli_pool_take(int fd, void *buf, size_t n) {
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

static _Noreturn void work(const CliPoolJob *job, int in, int out) {
  int task;
  while (cli_pool_take(in, &task, sizeof task) && task >= 0)
    if (!job->work(job->ctx, task, out)) break;
  _exit(0);
}

static bool start(const CliPoolJob *job, Worker *w) {
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
    work(job, down[0], up[1]);
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

/* Waits for answers and takes them in; false when a worker died. */
static bool collect(const CliPoolJob *job, Worker *w, int n) {
  struct pollfd fds[MAX_WORKERS];
  for (int k = 0; k < n; k++) fds[k] = (struct pollfd){.fd = w[k].busy >= 0 ? w[k].from : -1, .events = POLLIN};
  if (poll(fds, (nfds_t)n, -1) < 0) return errno == EINTR;
  for (int k = 0; k < n; k++) {
    if (w[k].busy < 0 || !(fds[k].revents & (POLLIN | POLLHUP))) continue;
    int task = w[k].busy;
    w[k].busy = -1;
    if (!job->take(job->ctx, task, w[k].from)) return false;
  }
  return true;
}

static void stop(Worker *w, int n) {
  int quit = -1;
  for (int k = 0; k < n; k++) {
    cli_pool_put(w[k].to, &quit, sizeof quit);
    close(w[k].to);
    close(w[k].from);
    waitpid(w[k].pid, NULL, 0);
  }
}

bool cli_pool_run(int nworkers, const CliPoolJob *job) {
  int n = nworkers < MAX_WORKERS ? nworkers : MAX_WORKERS, started = 0;
  Worker *w = calloc((size_t)n, sizeof *w);
  int *busy = calloc((size_t)n, sizeof *busy);
  void (*old)(int) = signal(SIGPIPE, SIG_IGN);
  while (w && busy && started < n && start(job, &w[started])) started++;
  bool ok = started > 0;
  while (ok) {
    int nbusy = 0;
    for (int k = 0; k < started; k++)
      if (w[k].busy >= 0) busy[nbusy++] = w[k].busy;
    for (int k = 0; k < started; k++) {
      if (w[k].busy >= 0) continue;
      int task = job->next(job->ctx, busy, nbusy);
      if (task >= 0 && cli_pool_put(w[k].to, &task, sizeof task)) w[k].busy = busy[nbusy++] = task;
    }
    if (!nbusy) break;
    ok = collect(job, w, started);
    if (job->progress) job->progress(job->ctx);
  }
  stop(w, started);
  signal(SIGPIPE, old);
  free(w);
  free(busy);
  return ok;
}
