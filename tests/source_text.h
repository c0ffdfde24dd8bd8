/* source_text.h - what the tests that solve small C programs share: the
 * program written to a file, parsed from one, and the line of a marker
 * comment in it.
 */
#ifndef INKA_TESTS_SOURCE_TEXT_H
#define INKA_TESTS_SOURCE_TEXT_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "inka/frontend.h"

static inline bool write_text(const char *path, const char *text) {
  FILE *f = fopen(path, "wb");
  if (!f) return false;
  bool ok = fputs(text, f) >= 0;
  return fclose(f) == 0 && ok;
}

/* The line (from 1) where marker first occurs in text, or -1. */
static inline int marker_line(const char *text, const char *marker) {
  const char *at = strstr(text, marker);
  if (!at) return -1;
  int line = 1;
  for (const char *c = text; c < at; c++) line += *c == '\n';
  return line;
}

/* text parsed (LP64) from a temporary file, removed again; NULL on failure. */
static inline IrProgram *parse_text(const char *text) {
  char dir[] = P_tmpdir "/inka-text.XXXXXX", path[256];
  if (!mkdtemp(dir)) return NULL;
  snprintf(path, sizeof path, "%s/t.c", dir);
  IrProgram *p = NULL;
  if (write_text(path, text)) {
    FeOptions fo = {0};
    FeErrors fe = {0};
    p = fe_parse_file(path, &fo, &fe);
    fe_errors_free(&fe);
  }
  unlink(path);
  rmdir(dir);
  return p;
}

#endif
