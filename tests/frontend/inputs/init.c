/* Globals, initializers, enums, typedefs, structs, arrays. */
struct pt { int x, y; };
struct box { struct pt a, b; int tag[2]; };
enum color { RED, GREEN = 5, BLUE };
typedef unsigned long size;
typedef struct pt point;
int g1 = 5;
int g2;
int garr[4] = {1, 2};
struct box gb = {{1, 2}, {3}, {7}};
int *gp = &g1;
int *gq = 0;
int *gr = garr;
const double gd = 2.5;
int m2[2][3] = {1, 2, 3, 4};
enum color gc = BLUE;
char gch = 'A';
unsigned char guc = 300;

int f(int a) {
  static int calls = 3;
  struct pt p = {a};
  struct box b = {{1, 2}, {a, a}};
  point q = p;
  int arr[5] = {a, 2};
  size s = sizeof(struct box);
  enum color c = GREEN;
  _Bool ok = a;
  calls++;
  q = p;
  b.a = q;
  return q.x + c + (int)s + ok + garr[1] + calls + arr[4];
}
