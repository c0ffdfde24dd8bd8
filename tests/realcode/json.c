/* A small JSON tokenizer in the style of single-header JSON parsers. */
#include <stddef.h>
#include <string.h>
#include <stdint.h>

#define IS_WS(c) ((c) == ' ' || (c) == '\t' || (c) == '\n' || (c) == '\r')
#define IS_DIGIT(c) ((c) >= '0' && (c) <= '9')
#define IS_HEX(c) (IS_DIGIT(c) || ((c) >= 'a' && (c) <= 'f') || ((c) >= 'A' && (c) <= 'F'))

enum tok { TOK_ERR = -1, TOK_END, TOK_LBRACE, TOK_RBRACE, TOK_LBRACK, TOK_RBRACK,
           TOK_COLON, TOK_COMMA, TOK_STRING, TOK_NUMBER, TOK_TRUE, TOK_FALSE, TOK_NULL };

/* Kind of the token starting at the first non-blank byte of s[0..n). */
int json_token_kind(const char *s, size_t n) {
  size_t i = 0;
  while (i < n && IS_WS(s[i]))
    i++;
  if (i == n)
    return TOK_END;
  switch (s[i]) {
  case '{': return TOK_LBRACE;
  case '}': return TOK_RBRACE;
  case '[': return TOK_LBRACK;
  case ']': return TOK_RBRACK;
  case ':': return TOK_COLON;
  case ',': return TOK_COMMA;
  case '"': return TOK_STRING; /* T:kind_string */
  default: break;
  }
  if (s[i] == '-' || IS_DIGIT(s[i]))
    return TOK_NUMBER; /* T:kind_number */
  if (n - i >= 4 && memcmp(s + i, "true", 4) == 0)
    return TOK_TRUE; /* T:kind_true */
  if (n - i >= 5 && memcmp(s + i, "false", 5) == 0)
    return TOK_FALSE; /* T:kind_false */
  if (n - i >= 4 && strncmp(s + i, "null", 4) == 0)
    return TOK_NULL; /* T:kind_null */
  return TOK_ERR;
}

/* Length of the JSON number at s (RFC 8259 grammar), 0 when s is not one. */
size_t json_number_len(const char *s, size_t n) {
  size_t i = 0;
  if (i < n && s[i] == '-')
    i++;
  if (i == n)
    return 0;
  if (s[i] == '0') {
    i++;
  } else if (IS_DIGIT(s[i])) {
    while (i < n && IS_DIGIT(s[i]))
      i++;
  } else {
    return 0;
  }
  if (i < n && s[i] == '.') {
    i++;
    if (i == n || !IS_DIGIT(s[i]))
      return 0; /* T:num_bad_frac */
    while (i < n && IS_DIGIT(s[i]))
      i++;
  }
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    i++;
    if (i < n && (s[i] == '+' || s[i] == '-'))
      i++;
    if (i == n || !IS_DIGIT(s[i]))
      return 0;
    while (i < n && IS_DIGIT(s[i]))
      i++;
    if (i == 4)
      return 99; /* T:num_exp4 */
  }
  return i;
}

static int hex_value(char c) {
  if (IS_DIGIT(c))
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* The code unit of four hex digits, -1 when one is not a hex digit. */
long json_hex4(const char *s) {
  long v = 0;
  for (int k = 0; k < 4; k++) {
    int d = hex_value(s[k]);
    if (d < 0)
      return -1;
    v = v * 16 + d;
  }
  if (v >= 0xD800 && v <= 0xDBFF)
    return -2; /* T:hex4_surrogate */
  if (v > 0xFFFF)
    return -3; /* T:hex4_dead */
  return v;
}

/* Unescapes the body of a JSON string (no quotes) into out; \u escapes
   below 0x80 only.  Returns the output length, -1 on a bad escape. */
int json_unescape(const char *in, size_t n, char *out, size_t cap) {
  size_t o = 0;
  for (size_t i = 0; i < n; i++) {
    char c = in[i];
    if (c == '\\') {
      if (++i == n)
        return -1;
      switch (in[i]) {
      case 'n': c = '\n'; break;
      case 't': c = '\t'; break;
      case 'r': c = '\r'; break;
      case '"': c = '"'; break;
      case '\\': c = '\\'; break;
      case '/': c = '/'; break;
      case 'u': {
        if (n - i < 5)
          return -1;
        long u = 0;
        for (int k = 1; k <= 4; k++) {
          int d = hex_value(in[i + k]);
          if (d < 0)
            return -1;
          u = u * 16 + d;
        }
        if (u >= 0x80)
          return -2; /* T:unesc_wide */
        c = (char)u;
        i += 4;
        break;
      }
      default:
        return -1;
      }
    } else if ((unsigned char)c < 0x20) {
      return -3; /* T:unesc_ctrl */
    }
    if (o == cap)
      return -4;
    out[o++] = c;
  }
  if (o == 2 && out[0] == '\n' && out[1] == 'A')
    return 100; /* T:unesc_nl_A */
  return (int)o;
}

/* Checks that brackets nest properly up to depth 4, ignoring strings. */
int json_nesting_ok(const char *s, size_t n) {
  char stack[4];
  int depth = 0;
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (c == '[' || c == '{') {
      if (depth == 4)
        return -1; /* T:nest_too_deep */
      stack[depth++] = c;
    } else if (c == ']' || c == '}') {
      if (depth == 0)
        return 0;
      char open = stack[--depth];
      if ((c == ']') != (open == '['))
        return 0; /* T:nest_mismatch */
    }
  }
  return depth == 0;
}

struct json_value {
  int type;
  union {
    long integer;
    int boolean;
    struct { const char *ptr; size_t len; };
  };
};

/* Fills v from a literal token; the anonymous struct holds a string view. */
int json_literal(const char *s, size_t n, struct json_value *v) {
  if (n == 4 && memcmp(s, "true", 4) == 0) {
    v->type = TOK_TRUE;
    v->boolean = 1;
  } else if (n == 5 && memcmp(s, "false", 5) == 0) {
    v->type = TOK_FALSE;
    v->boolean = 0;
  } else if (n >= 2 && s[0] == '"' && s[n - 1] == '"') {
    v->type = TOK_STRING;
    v->ptr = s + 1;
    v->len = n - 2;
  } else {
    return -1;
  }
  if (v->type == TOK_STRING && v->len == 3 && v->ptr[1] == 'x')
    return 7; /* T:literal_str_x */
  return v->type;
}
