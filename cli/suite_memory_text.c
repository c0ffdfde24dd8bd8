/* suite_memory_text.c - a test's input memory (suite_memory.c) as C for
 * DIR/inka_suite.c, by cli/driver.c's writer (each object calloc'd with the
 * length found, then its cells); and as text and JSON for the reports.
 */
#include <string.h>

#include "suite.h"

static const LblObject *given(const SuTest *t, int ref) {
  const LblObject *o = ref >= 0 && ref < t->nobjects ? &t->objects[ref] : NULL;
  return o && o->given && o->initial ? o : NULL;
}

void suite_write_memory(FILE *out, const SuTest *t) { cli_write_input_memory(out, t->objects, t->nobjects); }

void suite_pointer_c(char *buf, size_t len, const SuTest *t, const LblValue *v) {
  if (v->type->kind != IR_TY_STRUCT || len < 2) {
    cli_input_pointer_c(buf, len, t->objects, t->nobjects, v->value, v->ref, 0);
    return;
  }
  buf[0] = '*'; /* a struct given by value: a copy of its input object */
  cli_input_pointer_c(buf + 1, len - 1, t->objects, t->nobjects, v->value, v->ref, 0);
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
