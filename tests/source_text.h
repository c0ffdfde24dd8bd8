/* source_text.h - what the tests that solve small C programs share: the
 * program written to a file, and the line of a marker comment in it.
 */
#ifndef INKA_TESTS_SOURCE_TEXT_H
#define INKA_TESTS_SOURCE_TEXT_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

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

#endif
