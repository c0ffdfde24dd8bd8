/* Refusal: an anonymous struct as a member of a union (here of an anonymous
   union, the tagged-value layout of JSON and MessagePack libraries).
   `inka-ng --reach 16` exits 2: "unsupported: anonymous struct or union
   member"; an anonymous union inside a struct alone is accepted. */
struct value {
  int type;
  union {
    long integer;
    struct { int lo; int hi; };
  };
};

int f(struct value *v) {
  v->lo = 1;
  if (v->type == 2 && v->hi == 7)
    return 1; /* T:anon_struct */
  return 0;
}
