/* project.c - the files of a program of several files: the files given on
 * the command line (each with the clang arguments after `--`), or the
 * entries of DIR/compile_commands.json (-p DIR, the convention of clang
 * tooling: "directory", "file", and "command" or "arguments"), each with
 * its own preprocessor and language flags (-I, -D, -U, -std=, -include,
 * -isystem, -iquote, the signedness of char; paths made absolute against
 * the entry's directory).  The semantics of the run (--wrapv, the data
 * model) are the command line's, for every file.  A
 * relative "directory" is taken from the directory of the JSON file.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "suite.h"

static char *join(const char *dir, const char *path) {
  if (*path == '/' || !dir || !*dir || !strcmp(dir, ".")) return strdup(path);
  size_t n = strlen(dir);
  while (n > 1 && dir[n - 1] == '/') n--;
  const char *p = path;
  while (!strncmp(p, "./", 2)) p += 2;
  if (!*p || !strcmp(p, ".")) return strndup(dir, n);
  char *r = malloc(n + strlen(p) + 2);
  sprintf(r, "%.*s/%s", (int)n, dir, p);
  return r;
}

static void push_arg(CliSource *s, char *a) {
  s->args = realloc(s->args, sizeof *s->args * (size_t)(s->nargs + 1));
  s->args[s->nargs++] = a;
}

static void add_source(CliOptions *o, char *path) {
  o->sources = realloc(o->sources, sizeof *o->sources * (size_t)(o->nsources + 1));
  o->sources[o->nsources++] = (CliSource){path, NULL, 0, false};
}

/* The words of a "command" (shell quoting: '...', "...", backslash). */
static int split_command(const char *cmd, char ***words) {
  int n = 0;
  *words = NULL;
  const char *p = cmd;
  while (*p) {
    while (*p == ' ' || *p == '\t') p++;
    if (!*p) break;
    char *w = malloc(strlen(p) + 1);
    size_t k = 0;
    char quote = 0;
    for (; *p && (quote || (*p != ' ' && *p != '\t')); p++) {
      if (quote && *p == quote) quote = 0;
      else if (!quote && (*p == '\'' || *p == '"')) quote = *p;
      else if (*p == '\\' && p[1] && quote != '\'') w[k++] = *++p;
      else w[k++] = *p;
    }
    w[k] = 0;
    *words = realloc(*words, sizeof **words * (size_t)(n + 1));
    (*words)[n++] = w;
  }
  return n;
}

/* The flags of a compile command that matter to the meaning of the file,
   into s->args (the compiler, -c, -o FILE, the file itself and the rest
   are dropped). */
static void keep_flags(CliSource *s, const char *dir, char **words, int n, const char *file) {
  static const char *const with_value[] = {"-I", "-D", "-U", "-include", "-isystem", "-iquote", NULL};
  for (int i = 1; i < n; i++) {
    const char *a = words[i];
    if (!strcmp(a, "-o")) {
      i++;
      continue;
    }
    bool two = false, path = false;
    for (int k = 0; with_value[k]; k++)
      if (!strcmp(a, with_value[k])) two = true;
    if (two && i + 1 < n) {
      path = strcmp(a, "-D") && strcmp(a, "-U");
      push_arg(s, strdup(a));
      push_arg(s, path ? join(dir, words[++i]) : strdup(words[++i]));
    } else if (!strncmp(a, "-I", 2) && a[2]) {
      char *abs = join(dir, a + 2), *w = malloc(strlen(abs) + 3);
      sprintf(w, "-I%s", abs);
      free(abs);
      push_arg(s, w);
    } else if ((!strncmp(a, "-D", 2) || !strncmp(a, "-U", 2)) && a[2]) {
      push_arg(s, strdup(a));
    } else if (!strncmp(a, "-std=", 5) || !strcmp(a, "-funsigned-char") || !strcmp(a, "-fsigned-char")) {
      push_arg(s, strdup(a));
    }
    (void)file;
  }
}

static bool is_c(const char *path) {
  size_t n = strlen(path);
  return (n > 2 && (!strcmp(path + n - 2, ".c") || !strcmp(path + n - 2, ".i")));
}

static bool known(const CliOptions *o, const char *path) {
  for (int i = 0; i < o->nsources; i++)
    if (cli_same_file(o->sources[i].path, path)) return true;
  return false;
}

static bool load_project(CliOptions *o, char *err, size_t len) {
  char *path = join(o->project, "compile_commands.json");
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, len, "%s: cannot read the compilation database", path);
    free(path);
    return false;
  }
  size_t cap = 1 << 16, n = 0, got;
  char *text = malloc(cap + 1);
  while ((got = fread(text + n, 1, cap - n, f)) > 0)
    if ((n += got) == cap) text = realloc(text, (cap *= 2) + 1);
  text[n] = 0;
  fclose(f);
  CliJson *db = cli_json_parse(text);
  bool ok = db && db->type == 'a' && db->n > 0;
  if (!ok) snprintf(err, len, "%s: not a compilation database (a JSON array of entries)", path);
  for (int i = 0; ok && i < db->n; i++) {
    const CliJson *e = db->kids[i];
    const char *file = e->type == 'o' ? cli_json_str(e, "file") : "";
    if (!*file) {
      snprintf(err, len, "%s: entry %d has no \"file\"", path, i + 1);
      ok = false;
      break;
    }
    char *dir = join(o->project, cli_json_str(e, "directory"));
    char *source = join(dir, file);
    if (!is_c(source) || known(o, source)) { /* assembler, C++; a file built twice: its first entry */
      free(source);
      free(dir);
      continue;
    }
    add_source(o, source);
    CliSource *s = &o->sources[o->nsources - 1];
    s->owned = true;
    char **words = NULL;
    int nw = 0;
    const CliJson *args = cli_json_get(e, "arguments");
    if (args && args->type == 'a') {
      words = malloc(sizeof *words * (size_t)(args->n + 1));
      for (int k = 0; k < args->n; k++)
        if (args->kids[k]->type == 's') words[nw++] = strdup(args->kids[k]->str);
    } else {
      nw = split_command(cli_json_str(e, "command"), &words);
    }
    keep_flags(s, dir, words, nw, file);
    for (int k = 0; k < nw; k++) free(words[k]);
    free(words);
    free(dir);
    for (int k = 0; k < o->nclang_args; k++) push_arg(s, strdup(o->clang_args[k]));
  }
  if (ok && !o->nsources) {
    snprintf(err, len, "%s: no C file among the entries", path);
    ok = false;
  }
  if (db) cli_json_free(db);
  free(text);
  free(path);
  return ok;
}

bool cli_load_sources(CliOptions *o, char *err, size_t len) {
  if (o->project) {
    if (o->nfiles) {
      snprintf(err, len, "give either -p DIR or the files, not both");
      return false;
    }
    if (!load_project(o, err, len)) return false;
  } else {
    for (int i = 0; i < o->nfiles; i++) {
      add_source(o, (char *)o->files[i]);
      CliSource *s = &o->sources[o->nsources - 1];
      s->args = malloc(sizeof *s->args * (size_t)(o->nclang_args + 1));
      for (int k = 0; k < o->nclang_args; k++) s->args[k] = (char *)o->clang_args[k];
      s->nargs = o->nclang_args;
    }
  }
  for (int i = 0; i < o->nsources; i++)
    for (int k = 0; k < i; k++)
      if (cli_same_file(o->sources[i].path, o->sources[k].path)) {
        snprintf(err, len, "%s: given twice", o->sources[i].path);
        return false;
      }
  o->file = o->nsources ? o->sources[0].path : NULL;
  return true;
}

void cli_sources_free(CliOptions *o) {
  for (int i = 0; i < o->nsources; i++) {
    CliSource *s = &o->sources[i];
    if (s->owned) {
      free(s->path);
      for (int k = 0; k < s->nargs; k++) free(s->args[k]);
    }
    free(s->args);
  }
  free(o->sources);
  free(o->files);
}

/* A file of the program by its path as given, by the file it names, or
   (-p DIR: "lexer.c" for DIR/src/lexer.c) by the only path ending so. */
const CliSource *cli_source_of(const CliOptions *o, const char *file) {
  if (!file) return NULL;
  for (int i = 0; i < o->nsources; i++)
    if (!strcmp(o->sources[i].path, file)) return &o->sources[i];
  for (int i = 0; i < o->nsources; i++)
    if (cli_same_file(o->sources[i].path, file)) return &o->sources[i];
  const CliSource *only = NULL;
  size_t n = strlen(file);
  for (int i = 0; i < o->nsources; i++) {
    const char *p = o->sources[i].path;
    size_t m = strlen(p);
    if (m > n && p[m - n - 1] == '/' && !strcmp(p + m - n, file)) {
      if (only) return NULL;
      only = &o->sources[i];
    }
  }
  return only;
}

bool cli_same_file(const char *a, const char *b) {
  if (!strcmp(a, b)) return true;
  char ra[PATH_MAX], rb[PATH_MAX];
  return realpath(a, ra) && realpath(b, rb) && !strcmp(ra, rb);
}
