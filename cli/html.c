/* html.c - --html DIR: the page set of a run (docs/design.md "Pages"),
 * made from the JSON document the run prints with --json, so that the
 * pages of one run and of merged reports (--merge-reports) are made alike.
 * DIR/index.html and one page per source file (the graphs of the input
 * memories are inside the pages); --check and --reach also write there the
 * drivers of what they found (DIR/drivers/), which the pages' replay
 * commands compile: a suite's tests are in its --emit-dir.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "html.h"

/* mkdir -p */
static bool make_dir(const char *dir, char *err, size_t len) {
  char *path = strdup(dir);
  for (char *p = path + 1; p && *p; p++) {
    if (*p != '/') continue;
    *p = 0;
    mkdir(path, 0777); /* a parent that exists already is fine; one that cannot be made fails below */
    *p = '/';
  }
  free(path);
  if (mkdir(dir, 0777) == 0 || errno == EEXIST) {
    struct stat st;
    if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) return true;
  }
  snprintf(err, len, "%s: error: cannot make the directory of the pages (--html)", dir);
  return false;
}

bool cli_html_driver_path(const char *dir, const char *name, char *path, size_t plen, char *err, size_t len) {
  char drivers[4096];
  snprintf(drivers, sizeof drivers, "%s/drivers", dir);
  if (!make_dir(drivers, err, len)) return false;
  snprintf(path, plen, "%s/%s", drivers, name);
  return true;
}

static bool write_pages(HtmlModel *m, const char *dir, char *err, size_t len) {
  html_draw_memories(m, dir);
  if (!html_write_index(m, dir)) {
    snprintf(err, len, "%s/index.html: error: cannot write the page", dir);
    return false;
  }
  for (int k = 0; k < m->nfiles; k++)
    if (!html_write_source(m, k, dir)) {
      snprintf(err, len, "%s: error: cannot write the page of %s", dir, m->files[k]);
      return false;
    }
  return true;
}

bool cli_html_write(const char *dir, const char *json, char *err, size_t len) {
  CliJson *doc = cli_json_parse(json);
  if (!doc) {
    snprintf(err, len, "--html: error: the report is no JSON document");
    return false;
  }
  HtmlModel m;
  bool ok = html_model_build(&m, doc, err, len) && make_dir(dir, err, len) && write_pages(&m, dir, err, len);
  html_model_free(&m);
  cli_json_free(doc);
  return ok;
}
