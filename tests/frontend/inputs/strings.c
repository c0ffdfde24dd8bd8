/* string literals: a table of names, a local char array, escapes. */
static const char *const names[] = {"idle", "run", "stop"};
char greeting[] = "hi\n";

int name_starts(int k) {
  if (k < 0 || k > 2)
    return -1;
  if (names[k][0] == 's' && names[k][1] == 't')
    return 1;
  return 0;
}

int local(int i) {
  char buf[8] = "a\tb\x41\101";
  const char *p = "xyz";
  if (i < 0 || i > 2)
    return 0;
  return buf[i] + p[i] - 'a' + greeting[0];
}
