struct s { int a : 3; int : 2; int b; };
int f(int x) {
  struct s v;
  v.b = x;
  return v.b;
}
