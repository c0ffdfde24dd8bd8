/* No inputs: one execution decides.  An LCG run 30 million times (more
   steps than a search's run may take, more iterations than unfolding
   reaches): its last value is 0x9cc9af81. */
extern void reach_error(void);

int main(void) {
  unsigned x = 1;
  for (int i = 0; i < 30000000; i++)
    x = x * 1664525u + 1013904223u;
  if (x == 0x9cc9af81u)
    reach_error(); /* reached by the one run */
  if (x == 0x12345678u)
    return 1; /* dead: the one run ends elsewhere */
  return 0;
}
