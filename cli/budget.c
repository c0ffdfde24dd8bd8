/* budget.c - the run's budgets as the command line sees them: --max-memory
 * SIZE (its parsing and its default, half of the machine's available
 * memory) and the watchdog that holds --timeout in every phase.
 *
 * The solver checks its own deadline, but parsing (libclang) and building
 * the constraint system cannot all be interrupted from inside; so an alarm
 * set a little past the deadline (5%, at least 50 ms) ends the process with
 * the verdict UNKNOWN and the reason, in text or JSON, written with
 * async-signal-safe calls from a message prepared in advance.  Validation,
 * which runs after the verdict, is not under the alarm.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#include "cli.h"

bool cli_parse_size(const char *s, uint64_t *out) {
  char *end;
  double v = strtod(s, &end);
  if (end == s || !(v > 0)) return false;
  double unit = 1;
  switch (*end) {
  case 'k': case 'K': unit = 1024.0; end++; break;
  case 'm': case 'M': unit = 1024.0 * 1024; end++; break;
  case 'g': case 'G': unit = 1024.0 * 1024 * 1024; end++; break;
  case 't': case 'T': unit = 1024.0 * 1024 * 1024 * 1024; end++; break;
  default: break;
  }
  if (*end == 'B' || *end == 'b') end++;
  if (*end || v * unit < 1024.0 * 1024 || v * unit > 1e18) return false;
  *out = (uint64_t)(v * unit);
  return true;
}

uint64_t cli_default_memory(void) {
  uint64_t avail_kb = 0;
  FILE *f = fopen("/proc/meminfo", "r");
  if (f) {
    char line[256];
    unsigned long long kb;
    while (fgets(line, sizeof line, f))
      if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1) avail_kb = kb;
    fclose(f);
  }
  if (!avail_kb) return (uint64_t)2 << 30; /* not Linux, or no figure: 2 GiB */
  return avail_kb * 1024 / 2;
}

static char g_message[4096]; /* zeroed: fmemopen's output stays terminated */
static size_t g_message_len;

static void on_alarm(int sig) {
  (void)sig;
  ssize_t w = write(STDOUT_FILENO, g_message, g_message_len);
  (void)w;
  _exit(CLI_EXIT_UNKNOWN);
}

void cli_watchdog_arm(const CliOptions *o, double seconds) {
  static const char reason[] = "the time budget (--timeout) ran out";
  FILE *f = o->json ? fmemopen(g_message, sizeof g_message - 1, "w") : NULL;
  if (f) {
    cli_print_json_error(f, o, "unknown", reason);
    fclose(f);
  } else {
    /* the objective as given: the watchdog may fire before the target is
       resolved (parsing), and must not allocate when it fires */
    const char *file = o->reach_file ? o->reach_file : o->file ? o->file : "?";
    if (o->reach_call) snprintf(g_message, sizeof g_message, "UNKNOWN  %s: a call to %s: %s\n", file, o->reach_call, reason);
    else if (o->reach_line > 0) snprintf(g_message, sizeof g_message, "UNKNOWN  %s:%d: %s\n", file, o->reach_line, reason);
    else snprintf(g_message, sizeof g_message, "UNKNOWN  %s: %s\n", file, reason);
  }
  g_message_len = strlen(g_message);
  double grace = seconds * 0.05 < 0.05 ? 0.05 : seconds * 0.05;
  double at = seconds + grace;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_alarm;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGALRM, &sa, NULL);
  struct itimerval it = {{0, 0}, {(time_t)at, (suseconds_t)((at - (double)(time_t)at) * 1e6)}};
  if (it.it_value.tv_sec == 0 && it.it_value.tv_usec == 0) it.it_value.tv_usec = 1;
  setitimer(ITIMER_REAL, &it, NULL);
}

void cli_watchdog_disarm(void) {
  struct itimerval it = {{0, 0}, {0, 0}};
  setitimer(ITIMER_REAL, &it, NULL);
}
