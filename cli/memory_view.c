/* memory_view.c - the memory of a REACHABLE answer, three ways: the JSON
 * document (docs/design.md §1: "heap", the output memory, and
 * "input_memory", the objects the test builds for the pointer inputs), a
 * text listing (--show-memory) and a Graphviz graph (--dot).  A pointer is
 * null, a heap block {"ref": "cN"} or an input object {"ref": "inN"} (with
 * "cell" when it points inside it), or a variable {"ref": "&name"}.
 */
#include <inttypes.h>
#include <string.h>

#include "cli.h"

/* Heap blocks and input objects go by their label, variables by &name. */
static bool labelled(const LblObject *o) { return o->heap || o->given; }

static void object_name(char *buf, size_t len, const LblObject *o) {
  if (labelled(o)) snprintf(buf, len, "%s", o->label);
  else if (o->input) snprintf(buf, len, "(an input object not given)");
  else snprintf(buf, len, "&%s", o->name);
}

/* The text of a pointer to cell `cell` of object `ref`: "null", "cN",
   "inN+k", "&name". */
static void pointer_text(char *buf, size_t len, const LblResult *r, int64_t value, int ref, int64_t cell) {
  char name[64];
  if (value == 0) {
    snprintf(buf, len, "null");
  } else if (ref < 0) {
    snprintf(buf, len, "(invalid pointer)");
  } else {
    object_name(name, sizeof name, &r->objects[ref]);
    if (cell == 0) snprintf(buf, len, "%s", name);
    else snprintf(buf, len, "%s+%" PRId64, name, cell);
  }
}

/* The text of cell c's value: a number, a pointer, "?". */
static void cell_text(char *buf, size_t len, const LblResult *r, const LblCell *c) {
  if (!c->known) snprintf(buf, len, "?");
  else if (c->type->kind != IR_TY_PTR) cli_format_value(buf, len, c->type, c->value);
  else pointer_text(buf, len, r, c->value, c->ref, c->ref_cell);
}

static void json_pointer(char *buf, size_t len, const LblResult *r, int64_t value, int ref, int64_t cell) {
  char name[64];
  if (value == 0 || ref < 0) {
    snprintf(buf, len, "null");
    return;
  }
  object_name(name, sizeof name, &r->objects[ref]);
  if (cell) snprintf(buf, len, "{\"ref\": \"%s\", \"cell\": %" PRId64 "}", name, cell);
  else snprintf(buf, len, "{\"ref\": \"%s\"}", name);
}

static void json_cell(FILE *out, const LblResult *r, const LblCell *c) {
  char text[96];
  if (!c->known) snprintf(text, sizeof text, "null");
  else if (c->type->kind != IR_TY_PTR) cli_format_json_number(text, sizeof text, c->type, c->value);
  else json_pointer(text, sizeof text, r, c->value, c->ref, c->ref_cell);
  fputs(text, out);
}

void cli_pointer_input(char *buf, size_t len, const LblResult *r, const LblValue *v) {
  if (v->type->kind != IR_TY_STRUCT || len < 2) {
    pointer_text(buf, len, r, v->value, v->ref, 0);
    return;
  }
  buf[0] = '*'; /* a struct given by value: the input object it is a copy of */
  pointer_text(buf + 1, len - 1, r, v->value, v->ref, 0);
}

void cli_pointer_input_json(char *buf, size_t len, const LblResult *r, const LblValue *v) {
  json_pointer(buf, len, r, v->value, v->ref, 0);
}

/* {"label": {"type": T, "count": n, "fields": {path: value, ...}}, ...} for
   the objects `pick` selects, with the cells of `initial` or of the end. */
static void json_objects(FILE *out, const LblResult *r, bool (*pick)(const LblObject *), bool initial) {
  fputs("{", out);
  bool first = true;
  for (int i = 0; i < r->nobjects; i++) {
    const LblObject *o = &r->objects[i];
    if (!pick(o)) continue;
    fprintf(out, "%s\"%s\": {\"type\": \"%s\"", first ? "" : ", ", o->label, o->type->spelling);
    first = false;
    if (o->count != 1 || o->input) fprintf(out, ", \"count\": %" PRId64, o->count);
    fputs(", \"fields\": {", out);
    const LblCell *cells = initial ? o->initial : o->cells;
    for (int k = 0; k < o->ncells; k++) {
      fprintf(out, "%s\"%s\": ", k ? ", " : "", cells[k].path[0] ? cells[k].path : "value");
      json_cell(out, r, &cells[k]);
    }
    fputs("}}", out);
  }
  fputs("}", out);
}

static bool live_block(const LblObject *o) { return labelled(o) && o->live; }
static bool given(const LblObject *o) { return o->given; }

void cli_print_heap_json(FILE *out, const LblResult *r) { json_objects(out, r, live_block, false); }
void cli_print_input_memory_json(FILE *out, const LblResult *r) { json_objects(out, r, given, true); }

bool cli_has_input_memory(const LblResult *r) {
  for (int i = 0; i < r->ninputs; i++)
    if (r->inputs[i].type->kind == IR_TY_PTR || r->inputs[i].type->kind == IR_TY_STRUCT) return true;
  return false;
}

static void print_cells(FILE *out, const LblResult *r, const LblObject *o, const LblCell *cells) {
  for (int k = 0; k < o->ncells; k++) {
    char v[96];
    cell_text(v, sizeof v, r, &cells[k]);
    fprintf(out, "      %s = %s\n", cells[k].path[0] ? cells[k].path : "value", v);
  }
}

static void print_header(FILE *out, const LblObject *o) {
  char name[64];
  object_name(name, sizeof name, o);
  fprintf(out, "  %s: %s", name, o->type->spelling);
  if (o->count != 1 || o->input) fprintf(out, " [%" PRId64 "]", o->count);
  if (o->heap) fprintf(out, "  (malloc at line %d%s)", o->line, o->live ? "" : ", freed");
  if (o->input && !o->live) fprintf(out, "  (freed by the function)");
  fputc('\n', out);
}

void cli_print_memory(FILE *out, const LblResult *r) {
  if (cli_has_input_memory(r)) {
    fprintf(out, "input memory (cells the path does not read are 0):\n");
    for (int i = 0; i < r->nobjects; i++) {
      if (!r->objects[i].given) continue;
      print_header(out, &r->objects[i]);
      print_cells(out, r, &r->objects[i], r->objects[i].initial);
    }
  }
  fprintf(out, "output memory:\n");
  for (int i = 0; i < r->nobjects; i++) {
    const LblObject *o = &r->objects[i];
    if (o->input && !o->given) continue;
    print_header(out, o);
    if (labelled(o) && !o->live) continue;
    print_cells(out, r, o, o->cells);
  }
}

/* One memory as a Graphviz cluster: nodes named prefix + object index. */
static void dot_memory(FILE *out, const LblResult *r, bool initial) {
  const char *prefix = initial ? "i" : "o";
  fprintf(out, "  subgraph cluster_%s {\n    label=\"%s memory\";\n", prefix, initial ? "input" : "output");
  for (int i = 0; i < r->nobjects; i++) {
    const LblObject *o = &r->objects[i];
    if ((o->input && !o->given) || (initial && !o->given) || (!initial && labelled(o) && !o->live)) continue;
    const LblCell *cells = initial ? o->initial : o->cells;
    char name[64];
    object_name(name, sizeof name, o);
    fprintf(out, "    %s%d [label=\"{%s : %s", prefix, i, name, o->type->spelling);
    for (int k = 0; k < o->ncells; k++) {
      char v[96];
      cell_text(v, sizeof v, r, &cells[k]);
      fprintf(out, "|<f%d> %s = %s", k, cells[k].path[0] ? cells[k].path : "value", v);
    }
    fprintf(out, "}\"];\n");
  }
  for (int i = 0; i < r->nobjects; i++) {
    const LblObject *o = &r->objects[i];
    if ((o->input && !o->given) || (initial && !o->given) || (!initial && labelled(o) && !o->live)) continue;
    const LblCell *cells = initial ? o->initial : o->cells;
    for (int k = 0; k < o->ncells; k++)
      if (cells[k].known && cells[k].ref >= 0) fprintf(out, "    %s%d:f%d -> %s%d;\n", prefix, i, k, prefix, cells[k].ref);
  }
  fprintf(out, "  }\n");
}

bool cli_write_dot(const char *path, const LblResult *r, char *err, size_t len) {
  FILE *out = fopen(path, "w");
  if (!out) {
    snprintf(err, len, "%s: error: cannot write the graph", path);
    return false;
  }
  fprintf(out, "digraph memory {\n  node [shape=record, fontname=\"monospace\"];\n");
  if (cli_has_input_memory(r)) dot_memory(out, r, true);
  dot_memory(out, r, false);
  fprintf(out, "}\n");
  bool ok = !ferror(out);
  if (fclose(out) != 0 || !ok) {
    snprintf(err, len, "%s: error: cannot write the graph", path);
    return false;
  }
  return true;
}
