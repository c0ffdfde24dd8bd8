/* memory_view.c - the output memory of a REACHABLE answer, three ways: the
 * "heap" object of the JSON document (docs/design.md §1), a text listing
 * (--show-memory) and a Graphviz graph (--dot).  A pointer is null, a heap
 * block {"ref": "cN"} (with "cell" when it points inside the block), or a
 * variable {"ref": "&name"}.
 */
#include <inttypes.h>
#include <string.h>

#include "cli.h"

/* The text of cell c's value: a number, "null", "cN", "cN+k", "&name", "?". */
static void cell_text(char *buf, size_t len, const LblResult *r, const LblCell *c) {
  if (!c->known) {
    snprintf(buf, len, "?");
  } else if (c->type->kind != IR_TY_PTR) {
    cli_format_value(buf, len, c->type, c->value);
  } else if (c->value == 0) {
    snprintf(buf, len, "null");
  } else if (c->ref < 0) {
    snprintf(buf, len, "(invalid pointer)");
  } else {
    const LblObject *o = &r->objects[c->ref];
    const char *name = o->heap ? o->label : o->name;
    if (c->ref_cell == 0) snprintf(buf, len, "%s%s", o->heap ? "" : "&", name);
    else snprintf(buf, len, "%s%s+%" PRId64, o->heap ? "" : "&", name, c->ref_cell);
  }
}

static void json_cell(FILE *out, const LblResult *r, const LblCell *c) {
  if (!c->known) {
    fputs("null", out);
  } else if (c->type->kind != IR_TY_PTR) {
    if (c->type->kind == IR_TY_INT && !c->type->is_signed && c->type->bits == 64) fprintf(out, "%" PRIu64, (uint64_t)c->value);
    else fprintf(out, "%" PRId64, c->value);
  } else if (c->value == 0 || c->ref < 0) {
    fputs("null", out);
  } else {
    const LblObject *o = &r->objects[c->ref];
    fprintf(out, "{\"ref\": \"%s%s\"", o->heap ? "" : "&", o->heap ? o->label : o->name);
    if (c->ref_cell) fprintf(out, ", \"cell\": %" PRId64, c->ref_cell);
    fputc('}', out);
  }
}

void cli_print_heap_json(FILE *out, const LblResult *r) {
  fputs("{", out);
  bool first = true;
  for (int i = 0; i < r->nobjects; i++) {
    const LblObject *o = &r->objects[i];
    if (!o->heap || !o->live) continue;
    fprintf(out, "%s\"%s\": {\"type\": \"%s\"", first ? "" : ", ", o->label, o->type->spelling);
    first = false;
    if (o->count != 1) fprintf(out, ", \"count\": %" PRId64, o->count);
    fputs(", \"fields\": {", out);
    for (int k = 0; k < o->ncells; k++) {
      fprintf(out, "%s\"%s\": ", k ? ", " : "", o->cells[k].path[0] ? o->cells[k].path : "value");
      json_cell(out, r, &o->cells[k]);
    }
    fputs("}}", out);
  }
  fputs("}", out);
}

void cli_print_memory(FILE *out, const LblResult *r) {
  fprintf(out, "output memory:\n");
  for (int i = 0; i < r->nobjects; i++) {
    const LblObject *o = &r->objects[i];
    if (o->heap) fprintf(out, "  %s: %s", o->label, o->type->spelling);
    else fprintf(out, "  &%s: %s", o->name, o->type->spelling);
    if (o->count != 1) fprintf(out, " [%" PRId64 "]", o->count);
    if (o->heap) fprintf(out, "  (malloc at line %d%s)", o->line, o->live ? "" : ", freed");
    fputc('\n', out);
    if (o->heap && !o->live) continue;
    for (int k = 0; k < o->ncells; k++) {
      char v[96];
      cell_text(v, sizeof v, r, &o->cells[k]);
      fprintf(out, "      %s = %s\n", o->cells[k].path[0] ? o->cells[k].path : "value", v);
    }
  }
}

bool cli_write_dot(const char *path, const LblResult *r, char *err, size_t len) {
  FILE *out = fopen(path, "w");
  if (!out) {
    snprintf(err, len, "%s: error: cannot write the graph", path);
    return false;
  }
  fprintf(out, "digraph memory {\n  node [shape=record, fontname=\"monospace\"];\n");
  for (int i = 0; i < r->nobjects; i++) {
    const LblObject *o = &r->objects[i];
    if (o->heap && !o->live) continue;
    fprintf(out, "  o%d [label=\"{%s%s : %s", i, o->heap ? "" : "&", o->heap ? o->label : o->name, o->type->spelling);
    for (int k = 0; k < o->ncells; k++) {
      char v[96];
      cell_text(v, sizeof v, r, &o->cells[k]);
      fprintf(out, "|<f%d> %s = %s", k, o->cells[k].path[0] ? o->cells[k].path : "value", v);
    }
    fprintf(out, "}\"];\n");
  }
  for (int i = 0; i < r->nobjects; i++) {
    const LblObject *o = &r->objects[i];
    if (o->heap && !o->live) continue;
    for (int k = 0; k < o->ncells; k++)
      if (o->cells[k].ref >= 0) fprintf(out, "  o%d:f%d -> o%d;\n", i, k, o->cells[k].ref);
  }
  fprintf(out, "}\n");
  bool ok = !ferror(out);
  if (fclose(out) != 0 || !ok) {
    snprintf(err, len, "%s: error: cannot write the graph", path);
    return false;
  }
  return true;
}
