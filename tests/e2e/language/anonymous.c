/* Anonymous struct and union members (C11 6.7.2.1p13): their members are
   named from the enclosing struct, through pointers, locals and inputs. */
struct token {
  int kind;
  union { int ival; float fval; };      /* a carrier: int and float views */
  struct { unsigned short line, col; }; /* two cells of the token */
};

struct frame {
  unsigned char type;
  struct { unsigned short len; unsigned char payload[4]; };
};

int classify(struct token *t) {
  if (t->kind == 1 && t->ival == -7 && t->line == 12 && t->col > t->line)
    return 1; /* INT_TOKEN */
  if (t->kind == 2 && t->fval > 2.5f && t->fval < 3.0f)
    return 2; /* FLOAT_TOKEN */
  return 0;
}

int parse(int k, unsigned char b) {
  struct frame f = {7, {3, {9, 8, 7, 6}}};
  f.payload[k & 3] = b;
  f.len += f.payload[1];
  if (f.type == 7 && f.len == 203)
    return 1; /* FRAME_LEN */
  return 0;
}

int overwrite(unsigned short k) {
  struct token t = {1, {0}, {0, 0}};
  t.line = k;
  t.ival = t.line * 2;
  if (t.ival == 100 && t.col == 0)
    return 1; /* OVERWRITE */
  if (t.col != 0 || t.ival != 2 * k)
    return 2; /* dead: col is never written, ival is 2 line */
  return 0;
}
