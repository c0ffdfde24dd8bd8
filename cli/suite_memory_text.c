/* suite_memory_text.c - a test's input memory (suite_memory.c) as C for
 * DIR/inka_suite.c, exactly as cli/driver.c writes a single test: each
 * object calloc'd with the length found (cells the path does not read stay
 * 0), then its cells, pointers as the start of an element of another input
 * object; and as text and JSON for the reports.
 */
#include <string.h>

#include "suite.h"

static const LblObject *given(const SuTest *t, int ref) {
  const LblObject *o = ref >= 0 && ref < t->nobjects ? &t->objects[ref] : NULL;
  return o && o->given && o->initial ? o : NULL;
}

/* A pointer into the input memory as C: "0", "inka_in2", "inka_in2 + 3". */
static void c_pointer(char *buf, size_t len, const SuTest *t, int64_t value, int ref, int64_t cell) {
  const LblObject *o = given(t, ref);
  int64_t per = o && o->count > 0 ? o->ncells / o->count : 1;
  if (value == 0 || !o || per <= 0 || cell % per != 0) snprintf(buf, len, "0");
  else if (cell == 0) snprintf(buf, len, "inka_%s", o->label);
  else snprintf(buf, len, "inka_%s + %lld", o->label, (long long)(cell / per));
}

void suite_write_memory(FILE *out, const SuTest *t) {
  for (int i = 0; i < t->nobjects; i++) {
    const LblObject *o = given(t, i);
    if (o)
      fprintf(out, "  __typeof__(%s) *inka_%s = calloc(%lld, sizeof(__typeof__(%s)));\n", o->type->spelling, o->label,
              (long long)o->count, o->type->spelling);
  }
  for (int i = 0; i < t->nobjects; i++) {
    const LblObject *o = given(t, i);
    for (int k = 0; o && k < o->ncells; k++) {
      const LblCell *c = &o->initial[k];
      char v[96];
      if (c->type->kind == IR_TY_PTR) c_pointer(v, sizeof v, t, c->value, c->ref, c->ref_cell);
      else cli_format_value(v, sizeof v, c->type, c->value);
      if (strcmp(v, "0") != 0) fprintf(out, "  inka_%s%s = %s;\n", o->label, c->path, v);
    }
  }
}

void suite_pointer_c(char *buf, size_t len, const SuTest *t, const LblValue *v) {
  c_pointer(buf, len, t, v->value, v->ref, 0);
}

void suite_pointer_text(char *buf, size_t len, const SuTest *t, const LblValue *v) {
  const LblObject *o = given(t, v->ref);
  snprintf(buf, len, "%s", v->value == 0 || !o ? "null" : o->label);
}

void suite_memory_json(FILE *out, const SuTest *t) {
  fputc('[', out);
  bool first = true;
  for (int i = 0; i < t->nobjects; i++) {
    const LblObject *o = given(t, i);
    if (!o) continue;
    fprintf(out, "%s{\"label\": \"%s\", \"type\": \"%s\", \"count\": %lld, \"cells\": [", first ? "" : ", ", o->label,
            o->type->spelling, (long long)o->count);
    for (int k = 0; k < o->ncells; k++) {
      const LblCell *c = &o->initial[k];
      char v[96];
      if (c->type->kind == IR_TY_PTR) {
        const LblObject *to = given(t, c->ref);
        if (c->value == 0 || !to) snprintf(v, sizeof v, "null");
        else snprintf(v, sizeof v, "{\"ref\": \"%s\", \"cell\": %lld}", to->label, (long long)c->ref_cell);
      } else {
        cli_format_json_number(v, sizeof v, c->type, c->value);
      }
      fprintf(out, "%s{\"path\": \"%s\", \"value\": %s}", k ? ", " : "", c->path, v);
    }
    fputs("]}", out);
    first = false;
  }
  fputc(']', out);
}
