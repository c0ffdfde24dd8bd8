/* check.h - the minimal unit-test harness every tests/<module>/test_*.c uses.
 *
 *   TEST(name) { CHECK(x == 1); CHECK_EQ_INT(a, b); }
 *   int main(void) { RUN(name); ...; return check_summary(); }
 *
 * Each failing CHECK prints file:line and the expression; check_summary prints
 * "N passed, N failed" (counting tests, not checks) for tests/run-all to add up.
 */
#ifndef INKA_CHECK_H
#define INKA_CHECK_H

#include <inttypes.h>
#include <stdio.h>

static int check_failures_in_test;
static int check_tests_passed, check_tests_failed;

#define TEST(name) static void test_##name(void)

#define CHECK(cond)                                                           \
  do {                                                                        \
    if (!(cond)) {                                                            \
      check_failures_in_test++;                                               \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                         \
  } while (0)

#define CHECK_EQ_INT(a, b)                                                    \
  do {                                                                        \
    long long check_a_ = (long long)(a), check_b_ = (long long)(b);           \
    if (check_a_ != check_b_) {                                               \
      check_failures_in_test++;                                               \
      fprintf(stderr, "%s:%d: check failed: %s == %s (%lld != %lld)\n",       \
              __FILE__, __LINE__, #a, #b, check_a_, check_b_);                \
    }                                                                         \
  } while (0)

#define RUN(name)                                                             \
  do {                                                                        \
    check_failures_in_test = 0;                                               \
    test_##name();                                                            \
    if (check_failures_in_test) {                                             \
      check_tests_failed++;                                                   \
      fprintf(stderr, "FAIL %s\n", #name);                                    \
    } else {                                                                  \
      check_tests_passed++;                                                   \
    }                                                                         \
  } while (0)

static inline int check_summary(void) {
  printf("%d passed, %d failed\n", check_tests_passed, check_tests_failed);
  return check_tests_failed ? 1 : 0;
}

#endif
