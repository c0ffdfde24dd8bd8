/* The data model: long and pointers are 8 bytes (LP64) or 4 (ILP32). */
long l;
unsigned long ul;
long long ll;
void *p;
short s;
char c;
signed char sc;
unsigned char uc;
_Bool b;
struct s { char c; long l; int *p; } st;

unsigned long size_of(void) {
  return sizeof(long) + sizeof(void *) + sizeof(struct s) + sizeof(long long);
}
