/* json_read.c - a small JSON reader for the reports inka-ng writes
 * (--merge-reports, and the pages of --html, html*.c), and the file reader
 * they share: every value keeps its raw text in the document, so a value
 * can be written back exactly as it was read.  Strings are decoded for
 * comparison (escapes of ASCII; a \\u escape becomes '?').
 */
#include <stdlib.h>
#include <string.h>

#include "suite.h"

typedef struct Parser {
  const char *p;
  bool bad;
  int depth;                  /* nesting: bounded, a hostile file must not exhaust the stack */
} Parser;

static void ws(Parser *ps) { ps->p += strspn(ps->p, " \t\r\n"); }

static CliJson *value(Parser *ps);

static char *string(Parser *ps) {
  if (*ps->p != '"') return ps->bad = true, NULL;
  const char *q = ++ps->p;
  size_t cap = 16, n = 0;
  char *out = malloc(cap);
  while (*q && *q != '"') {
    char c = *q++;
    if (c == '\\') {
      if (!*q) break; /* a backslash at the very end */
      c = *q++;
      if (c == 'n') c = '\n';
      else if (c == 't') c = '\t';
      else if (c == 'u') {
        for (int i = 0; i < 4 && *q; i++) q++;
        c = '?';
      } else if (!c) break;
    }
    if (n + 2 > cap) out = realloc(out, cap *= 2);
    out[n++] = c;
  }
  out[n] = 0;
  if (*q != '"') ps->bad = true;
  ps->p = *q ? q + 1 : q;
  return out;
}

static void push(CliJson *j, CliJson *kid, char *key) {
  j->kids = realloc(j->kids, sizeof *j->kids * (size_t)(j->n + 1));
  j->keys = realloc(j->keys, sizeof *j->keys * (size_t)(j->n + 1));
  j->kids[j->n] = kid;
  j->keys[j->n++] = key;
}

static void members(Parser *ps, CliJson *j, char close) {
  ps->p++;
  ws(ps);
  while (!ps->bad && *ps->p && *ps->p != close) {
    char *key = NULL;
    if (close == '}') {
      key = string(ps);
      ws(ps);
      if (*ps->p++ != ':') ps->bad = true;
    }
    CliJson *kid = value(ps);
    push(j, kid, key);
    ws(ps);
    if (*ps->p == ',') ps->p++, ws(ps);
    else if (*ps->p != close) ps->bad = true;
  }
  if (*ps->p == close) ps->p++;
  else ps->bad = true;
}

static CliJson *value(Parser *ps) {
  ws(ps);
  CliJson *j = calloc(1, sizeof *j);
  j->raw = ps->p;
  char c = *ps->p;
  if ((c == '{' || c == '[') && ps->depth >= 256) {
    ps->bad = true;
  } else if (c == '{' || c == '[') {
    j->type = c == '{' ? 'o' : 'a';
    ps->depth++;
    members(ps, j, c == '{' ? '}' : ']');
    ps->depth--;
  } else if (c == '"') {
    j->type = 's';
    j->str = string(ps);
  } else if (!strncmp(ps->p, "true", 4) || !strncmp(ps->p, "false", 5)) {
    j->type = 'b';
    ps->p += c == 't' ? 4 : 5;
  } else if (!strncmp(ps->p, "null", 4)) {
    j->type = 'z';
    ps->p += 4;
  } else {
    j->type = 'n';
    size_t k = strspn(ps->p, "+-0123456789.eE");
    if (!k) ps->bad = true;
    ps->p += k;
  }
  j->rawlen = (int)(ps->p - j->raw);
  return j;
}

void cli_json_free(CliJson *j) {
  if (!j) return;
  for (int i = 0; i < j->n; i++) {
    cli_json_free(j->kids[i]);
    free(j->keys[i]);
  }
  free(j->kids);
  free(j->keys);
  free(j->str);
  free(j);
}

CliJson *cli_json_get(const CliJson *j, const char *key) {
  for (int i = 0; j && j->type == 'o' && i < j->n; i++)
    if (j->keys[i] && !strcmp(j->keys[i], key)) return j->kids[i];
  return NULL;
}

const char *cli_json_str(const CliJson *j, const char *key) {
  CliJson *v = cli_json_get(j, key);
  return v && v->type == 's' ? v->str : "";
}

long cli_json_num(const CliJson *j, const char *key) {
  CliJson *v = cli_json_get(j, key);
  return v && v->type == 'n' ? strtol(v->raw, NULL, 10) : 0;
}

void cli_json_quoted(FILE *out, const char *s) {
  fputc('"', out);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == '"' || *p == '\\') fprintf(out, "\\%c", *p);
    else if (*p < 0x20) fprintf(out, "\\u%04x", *p);
    else fputc(*p, out);
  }
  fputc('"', out);
}

void cli_json_raw(FILE *out, const CliJson *j) {
  if (j) fwrite(j->raw, 1, (size_t)j->rawlen, out);
  else fputs("null", out);
}

CliJson *cli_json_parse(const char *text) {
  Parser ps = {text, false, 0};
  CliJson *j = value(&ps);
  ws(&ps);
  if (!ps.bad && !*ps.p) return j;
  cli_json_free(j);
  return NULL;
}

char *cli_read_file(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) return NULL;
  size_t cap = 4096, n = 0, got;
  char *buf = malloc(cap);
  while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0)
    if ((n += got) + 1 >= cap) buf = realloc(buf, cap *= 2);
  buf[n] = 0;
  fclose(f);
  return buf;
}
