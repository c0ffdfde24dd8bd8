/* test_strings.c - the bytes of string literals, however they are spelled,
 * against the bytes gcc gives the same spelling: in a macro body, joined
 * across macros, stringified, with every kind of escape (octal, hex, \u as
 * UTF-8, embedded NULs), and what stays refused (a literal whose bytes are
 * not all in one macro body and may hide a NUL).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "inka/frontend.h"

/* The macros every case may use, defined for the parsed programs and here
   alike, so gcc computes each expected value from the same spelling. */
#define STRING_MACROS                                                                \
  "#define NAME \"ab\\x41\"\n"                                                       \
  "#define GREET \"h\\u00e9\\U0001F600\"\n"                                          \
  "#define PAIR \"p\" \"q\\0r\"\n"                                                   \
  "#define STR(x) #x\n"                                                              \
  "#define XSTR(x) STR(x)\n"                                                         \
  "#define OCT \"\\101\\0\\7z\"\n"
#define NAME "ab\x41"
#define GREET "h\u00e9\U0001F600"
#define PAIR "p" "q\0r"
#define STR(x) #x
#define XSTR(x) STR(x)
#define OCT "\101\0\7z"

/* The bytes of the one string literal of `return EXPR;` as parsed. */
static bool parsed_bytes(const char *expr, char *bytes, int64_t *n, char *refusal, size_t rn) {
  char path[] = P_tmpdir "/inka_strings_XXXXXX.c";
  int fd = mkstemps(path, 2);
  if (fd < 0) return false;
  char src[1024];
  snprintf(src, sizeof src, STRING_MACROS "const char *f(void) {\n  return %s;\n}\n", expr);
  bool ok = write(fd, src, strlen(src)) == (ssize_t)strlen(src);
  close(fd);
  FeOptions o = {.model = IR_LP64};
  FeErrors e;
  IrProgram *p = ok ? fe_parse_file(path, &o, &e) : NULL;
  if (ok) fe_errors_free(&e);
  unlink(path);
  if (!p) return false;
  refusal[0] = 0;
  const IrFunction *fn = ir_find_function(p, "f");
  if (fn && fn->unsupported) snprintf(refusal, rn, "%s", fn->unsupported->message);
  *n = -1;
  for (int i = 0; i < p->nglobals; i++) {
    const IrVar *g = p->globals[i];
    if (strncmp(g->name, "str.", 4) != 0 || !g->init) continue;
    *n = g->type->count;
    for (int64_t k = 0; k < *n; k++) {
      const IrInit *c = k < g->init->nelems ? g->init->elems[k] : NULL;
      bytes[k] = c ? (char)c->ival : 0;
    }
  }
  fe_program_free(p);
  return true;
}

static void expect_bytes(const char *expr, const char *want, size_t n) {
  char got[256], refusal[256];
  int64_t m;
  CHECK(parsed_bytes(expr, got, &m, refusal, sizeof refusal));
  if (refusal[0]) fprintf(stderr, "%s: refused: %s\n", expr, refusal);
  CHECK(!refusal[0]);
  CHECK_EQ_INT(m, (int64_t)n);
  if (m == (int64_t)n && memcmp(got, want, n) != 0) {
    fprintf(stderr, "%s: other bytes than gcc's\n", expr);
    CHECK(!"bytes differ");
  }
}

#define EXPECT(expr) expect_bytes(#expr, expr, sizeof(expr))

TEST(spellings_give_gccs_bytes) {
  EXPECT("plain");
  EXPECT("a\0b\x7f\377");
  EXPECT("\u00e9t\u00e9 \U0001F600");
  EXPECT(NAME);
  EXPECT(GREET);
  EXPECT(PAIR);
  EXPECT(OCT);
  EXPECT(STR(a + b));
  EXPECT(XSTR(NAME));
  EXPECT("x" "y" NAME);
}

TEST(hidden_nul_refused) {
  /* joined with a macro holding a NUL: clang's evaluation stops at the
     NUL, and the bytes are in no one place: refused, never cut short */
  char got[256], refusal[256];
  int64_t m;
  CHECK(parsed_bytes("\"u\" PAIR", got, &m, refusal, sizeof refusal));
  CHECK(strstr(refusal, "string literal") != NULL);
}

int main(void) {
  RUN(spellings_give_gccs_bytes);
  RUN(hidden_nul_refused);
  return check_summary();
}
