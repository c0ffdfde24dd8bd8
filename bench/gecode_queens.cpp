// gecode_queens.cpp - the N-queens model of bench/queens.c in Gecode:
// pairwise rel(x_i, IRT_NQ, x_j) and the binary linear disequalities
// x_i - x_j != +-(j - i) (value propagation, both wait for assignment),
// input variable order, smallest value first, DFS counting all solutions.
//
// usage: gecode_queens N  ->  prints "N SOLUTIONS SECONDS" (model + search)
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include <gecode/int.hh>
#include <gecode/search.hh>

using namespace Gecode;

class Queens : public Space {
 public:
  IntVarArray q;

  explicit Queens(int n) : q(*this, n, 0, n - 1) {
    IntArgs coef(2);
    coef[0] = 1;
    coef[1] = -1;
    for (int i = 0; i < n; i++)
      for (int j = i + 1; j < n; j++) {
        rel(*this, q[i], IRT_NQ, q[j]);
        IntVarArgs x(2);
        x[0] = q[i];
        x[1] = q[j];
        linear(*this, coef, x, IRT_NQ, j - i);
        linear(*this, coef, x, IRT_NQ, i - j);
      }
    branch(*this, q, INT_VAR_NONE(), INT_VAL_MIN());
  }

  Queens(Queens& other) : Space(other) { q.update(*this, other.q); }

  Space* copy() override { return new Queens(*this); }
};

int main(int argc, char** argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 10;
  auto t0 = std::chrono::steady_clock::now();
  Queens* root = new Queens(n);
  DFS<Queens> engine(root);
  delete root;
  long count = 0;
  while (Queens* s = engine.next()) {
    count++;
    delete s;
  }
  double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%d %ld %.4f\n", n, count, t);
  return 0;
}
