/* functions the file declares but does not define: stubs. */
extern int read_sensor(int channel);
extern void log_value(int v, const char *what);
extern unsigned char status(void);
int helper(void);

int pair(int k) {
  int a = read_sensor(k);
  log_value(a, "a");
  if (status() == 3 && a > 0)
    return a / k;
  return helper();
}
