/* Text formats: ini lines, dates, a ring buffer, numbers, a macro tokenizer. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>
#include <stdlib.h>
#include <errno.h>
#include <limits.h>

enum ini_kind { INI_BLANK, INI_COMMENT, INI_SECTION, INI_PAIR, INI_ERROR };

/* The kind of an ini line; a pair's key length in *key_len. */
int ini_line(const char *line, size_t *key_len) {
  size_t i = strspn(line, " \t");
  char c = line[i];
  if (c == '\0')
    return INI_BLANK;
  if (c == ';' || c == '#')
    return INI_COMMENT;
  if (c == '[') {
    const char *close = strchr(line + i, ']');
    if (!close || close == line + i + 1)
      return INI_ERROR;
    if (close[1] != '\0')
      return INI_ERROR; /* T:ini_trailing */
    return INI_SECTION; /* T:ini_section */
  }
  const char *eq = strpbrk(line + i, "=:");
  if (!eq || eq == line + i)
    return INI_ERROR;
  size_t k = (size_t)(eq - (line + i));
  while (k > 0 && (line[i + k - 1] == ' ' || line[i + k - 1] == '\t'))
    k--;
  *key_len = k;
  if (k == 2 && *eq == ':')
    return 9; /* T:ini_colon2 */
  return INI_PAIR;
}

static int is_leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

static int days_in_month(int y, int m) {
  static const int days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return m == 2 && is_leap(y) ? 29 : days[m - 1];
}

/* 1 when y-m-d is a date of the Gregorian calendar (year 1..9999). */
int date_valid(int y, int m, int d) {
  if (y < 1 || y > 9999 || m < 1 || m > 12 || d < 1)
    return 0;
  if (d > days_in_month(y, m))
    return 0;
  if (m == 2 && d == 29 && y % 100 == 0)
    return 2; /* T:date_feb29_century */
  if (d > 31)
    return 3; /* T:date_dead */
  return 1;
}

/* The day of the year of a valid date, -1 otherwise. */
int day_of_year(int y, int m, int d) {
  if (date_valid(y, m, d) == 0)
    return -1;
  int n = d;
  for (int k = 1; k < m; k++)
    n += days_in_month(y, k);
  if (n == 366)
    return 1000; /* T:doy_366 */
  if (n > 366)
    return 2000; /* T:doy_dead */
  return n;
}

#define RING_SIZE 4
struct ring { uint8_t buf[RING_SIZE]; size_t head, tail, count; };

/* Pushes v; -1 when full.  head is the next slot to write. */
int ring_push(struct ring *r, uint8_t v) {
  if (r->head >= RING_SIZE || r->tail >= RING_SIZE || r->count > RING_SIZE)
    return -2;
  if (r->count == RING_SIZE)
    return -1; /* T:ring_full */
  r->buf[r->head] = v;
  r->head = (r->head + 1) % RING_SIZE;
  r->count++;
  if (r->head == 0 && r->count == 3)
    return 3; /* T:ring_wrap3 */
  return 0;
}

/* Pops into *v; -1 when empty. */
int ring_pop(struct ring *r, uint8_t *v) {
  if (r->head >= RING_SIZE || r->tail >= RING_SIZE || r->count > RING_SIZE)
    return -2;
  if (r->count == 0)
    return -1;
  *v = r->buf[r->tail];
  r->tail = (r->tail + 1) % RING_SIZE;
  r->count--;
  if (*v == 0xAB && r->tail == 0)
    return 5; /* T:ring_pop_ab */
  return 0;
}

/* A decimal int in [lo, hi] with strtol and errno; 0 on success. */
int parse_int(const char *s, long lo, long hi, long *out) {
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (end == s)
    return -1;
  if (errno == ERANGE)
    return -2; /* T:parse_erange */
  while (*end == ' ')
    end++;
  if (*end != '\0')
    return -3;
  if (v < lo || v > hi)
    return -4; /* T:parse_out */
  *out = v;
  return 0;
}

/* A boolean setting: yes/no/on/off/true/false/1/0, case-insensitive. */
int parse_bool(const char *s) {
  if (strcasecmp(s, "yes") == 0 || strcasecmp(s, "on") == 0 || strcasecmp(s, "true") == 0)
    return 1;
  if (strcasecmp(s, "no") == 0 || strcasecmp(s, "off") == 0 || strcasecmp(s, "false") == 0)
    return 0; /* T:bool_false */
  if (s[0] == '1' && s[1] == '\0')
    return 1;
  if (s[0] == '0' && s[1] == '\0')
    return 0;
  return -1;
}

/* A dotted IPv4 address into *addr; 0 on success. */
int parse_ipv4(const char *s, uint32_t *addr) {
  uint32_t a = 0;
  for (int part = 0; part < 4; part++) {
    if (*s < '0' || *s > '9')
      return -1;
    int v = 0, digits = 0;
    while (*s >= '0' && *s <= '9') {
      v = v * 10 + (*s - '0');
      if (++digits > 3 || v > 255)
        return -2;
      s++;
    }
    a = a << 8 | (uint32_t)v;
    if (part < 3) {
      if (*s != '.')
        return -3;
      s++;
    }
  }
  if (*s != '\0')
    return -4;
  *addr = a;
  if (a == 0x7F000001)
    return 1; /* T:ipv4_loopback */
  return 0;
}

/* Compares versions "a.b.c" (numbers of at most 3 digits); -1, 0 or 1. */
int version_cmp(const char *x, const char *y) {
  while (*x || *y) {
    int a = atoi(x), b = atoi(y);
    if (a != b)
      return a < b ? -1 : 1;
    x += strspn(x, "0123456789");
    y += strspn(y, "0123456789");
    if (*x == '.') x++;
    else if (*x) return -9;
    if (*y == '.') y++;
    else if (*y) return -9;
  }
  return 0; /* T:version_equal */
}

/* A tokenizer in the style of small expression parsers, built from macros. */
#define IS_DIGIT(c) ((c) >= '0' && (c) <= '9')
#define IS_ALPHA(c) (((c) | 0x20) >= 'a' && ((c) | 0x20) <= 'z')
#define IS_IDENT(c) (IS_ALPHA(c) || IS_DIGIT(c) || (c) == '_')
#define TOKEN(name) TK_##name
#define EMIT(kind, ...) emit_token(counts, TOKEN(kind), __VA_ARGS__)
enum { TOKEN(NUM), TOKEN(IDENT), TOKEN(OP), TOKEN(COUNT) };

static void emit_token(int *counts, int kind, size_t start, size_t len) {
  (void)start;
  counts[kind] += (int)len > 0;
}

/* Counts numbers, identifiers and operators of s[0..n); -1 on a bad byte. */
int tokenize(const char *s, size_t n, int *numbers) {
  int counts[TOKEN(COUNT)] = {0};
  size_t i = 0;
  while (i < n) {
    size_t start = i;
    if (s[i] == ' ') {
      i++;
    } else if (IS_DIGIT(s[i])) {
      while (i < n && IS_DIGIT(s[i]))
        i++;
      EMIT(NUM, start, i - start);
    } else if (IS_ALPHA(s[i]) || s[i] == '_') {
      while (i < n && IS_IDENT(s[i]))
        i++;
      EMIT(IDENT, start, i - start);
    } else if (strchr("+-*/()", s[i]) && s[i] != '\0') {
      i++;
      EMIT(OP, start, 1);
    } else {
      return -1;
    }
  }
  *numbers = counts[TK_NUM];
  if (counts[TK_NUM] == 2 && counts[TK_OP] == 1 && counts[TK_IDENT] == 0)
    return 3; /* T:tok_binop */
  return counts[TK_NUM] + counts[TK_IDENT] + counts[TK_OP];
}

/* Number of blank-separated words of s. */
int count_words(const char *s) {
  int words = 0, in_word = 0;
  for (; *s; s++) {
    if (*s == ' ' || *s == '\t') {
      in_word = 0;
    } else if (!in_word) {
      in_word = 1;
      words++;
    }
  }
  if (words == 3)
    return 33; /* T:words_3 */
  return words;
}

/* Trims trailing blanks in place; the new length. */
size_t rtrim(char *s, size_t n) {
  while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\n' || s[n - 1] == '\r'))
    s[--n] = '\0';
  if (n == 1 && s[0] == 'x')
    return 100; /* T:rtrim_x */
  return n;
}
