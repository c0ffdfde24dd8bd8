/* Functions over size_t and uint64_t lengths for --cover branches: a branch
   claimed dead must carry a 'never true' / 'never false' mark on its line
   (each mark argued in a comment); every other branch runs for some input.
   Before the value views, twelve feasible branches here were claimed dead. */
#include <stddef.h>
#include <stdint.h>

uint32_t checksum(const unsigned char *buf, size_t len) {
  uint32_t a = 1, b = 0;
  for (size_t i = 0; i < len; i++) {
    a = (a + buf[i]) % 65521;
    b = (b + a) % 65521;
  }
  if (len > 3 && a == b)
    return 0;
  return (b << 16) | a;
}

/* LEB128: returns the number of bytes read, 0 on overflow or truncation */
size_t varint(const unsigned char *p, size_t n, uint64_t *out) {
  uint64_t v = 0;
  unsigned shift = 0;
  for (size_t i = 0; i < n; i++) {
    uint64_t byte = p[i];
    if (shift >= 64)
      return 0;
    if (shift == 63 && (byte & 0x7e))
      return 0;
    v |= (byte & 0x7f) << shift;
    if (!(byte & 0x80)) {
      *out = v;
      if (v > 9223372036854775807ULL)
        return i + 100;
      return i + 1;
    }
    shift += 7;
  }
  return 0;
}

size_t b64len(size_t n) {
  if (n > (SIZE_MAX - 2) / 3 * 4)
    return 0;
  size_t groups = (n + 2) / 3;
  size_t out = groups * 4;
  /* n <= 6148914691236517200 here (the guard's bound wraps), so 4 * ceil(n / 3)
     is at least n and below 2^63 */
  if (out < n) /* never true */
    return 1;
  if (out > 9223372036854775807ULL) /* never true */
    return 2;
  return out;
}

int driver(size_t n, uint64_t x) {
  unsigned char buf[12];
  for (int i = 0; i < 12; i++) buf[i] = (unsigned char)(x >> (i % 8 * 8));
  uint64_t v;
  size_t r = varint(buf, n < 12 ? n : 12, &v);
  /* varint's 10th byte would be x's byte 1, which must both continue (>= 0x80)
     and be 1 for a value above 2^63 */
  if (r > 50) /* never true */
    return 1;
  uint32_t c = checksum(buf, n % 13);
  /* b > a for two bytes or more, a >= 1 (no sum reaches 65521 in 12 bytes) */
  if (c == 0) /* never true */
    return 2;
  return (int)b64len(x);
}

/* the number of set bytes, capped: a size_t the loop writes */
size_t count_set(const unsigned char *s, size_t n) {
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    if (k >= 5)
      return k;
    if (s[i])
      k += 10;
  }
  return k;
}

/* a running uint64_t hash compared past 2^63 inside the loop */
int hash_high(const unsigned char *s, size_t n) {
  uint64_t h = 14695981039346656037ULL;
  for (size_t i = 0; i < n; i++) {
    if (h < 100)
      return 2;
    h = (h ^ s[i]) * 1099511628211ULL;
  }
  return h > 9223372036854775808ULL;
}

/* remaining length in a buffer: n - used wraps when used > n */
int remaining(size_t n, size_t used) {
  size_t left = n - used;
  int steps = 0;
  while (left > 0 && steps < 3) {
    if (left > 1000)
      return -1;
    left = left / 2;
    steps++;
  }
  return steps;
}

/* binary search over a sorted array of n <= 8 keys */
size_t lower_bound(const int *a, size_t n, int key) {
  size_t lo = 0, hi = n;
  if (n > 8)
    return (size_t)-1;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (a[mid] < key)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo == n)
    return n + 1000;
  return lo;
}

/* ring buffer fill level: head and tail are free-running counters */
int ring(uint64_t head, uint64_t tail, int pushes) {
  if (pushes < 0 || pushes > 10)
    return -1;
  for (int i = 0; i < pushes; i++)
    head++;
  uint64_t used = head - tail;
  if (used > 16)
    return 1;
  if (used == 0 && head != 0)
    return 2;
  if (head < tail)
    return 3;
  return 0;
}

/* parse a decimal size_t with overflow detection */
int parse(const char *s, size_t len, size_t *out) {
  size_t v = 0;
  if (len > 24)
    return -2;
  for (size_t i = 0; i < len; i++) {
    char c = s[i];
    if (c < '0' || c > '9')
      return -1;
    size_t d = (size_t)(c - '0');
    if (v > (SIZE_MAX - d) / 10)
      return 1;
    v = v * 10 + d;
  }
  *out = v;
  if (v > 9223372036854775807ULL)
    return 2;
  return 0;
}

/* align up to a power of two, checking wrap */
int align(size_t x, unsigned k) {
  if (k > 20)
    return -1;
  size_t a = (size_t)1 << k;
  size_t r = (x + a - 1) & ~(a - 1);
  if (r < x)
    return 1;
  /* r == 0 with x != 0 only when x + a - 1 wrapped, and then r < x returned */
  if (r == 0 && x != 0) /* never true */
    return 2;
  return 0;
}
