/* HTTP/1.x request-line and header parsing in the style of small embedded servers. */
#include <stddef.h>
#include <string.h>
#include <strings.h>
#include <stdlib.h>
#include <errno.h>
#include <ctype.h>

#define METHOD(name) { #name, sizeof(#name) - 1, M_##name }
enum method { M_NONE, M_GET, M_PUT, M_POST, M_DELETE };
static const struct { const char *text; size_t len; int id; } methods[] = {
  METHOD(GET), METHOD(PUT), METHOD(POST), METHOD(DELETE),
};

/* The method that starts line and is followed by a space. */
int http_method(const char *line) {
  for (size_t k = 0; k < sizeof methods / sizeof methods[0]; k++) {
    if (strncmp(line, methods[k].text, methods[k].len) == 0 && line[methods[k].len] == ' ') {
      if (methods[k].id == M_DELETE)
        return 40; /* T:method_delete */
      return methods[k].id;
    }
  }
  return M_NONE;
}

struct request { int method; const char *path; size_t path_len; int minor; };

/* Parses "METHOD SP PATH SP HTTP/1.x" of n bytes. */
int http_request_line(const char *s, size_t n, struct request *r) {
  const char *sp1 = memchr(s, ' ', n);
  if (!sp1)
    return -1;
  size_t mlen = (size_t)(sp1 - s);
  if (mlen == 3 && memcmp(s, "GET", 3) == 0)
    r->method = M_GET;
  else if (mlen == 4 && memcmp(s, "POST", 4) == 0)
    r->method = M_POST;
  else
    return -2;
  const char *path = sp1 + 1;
  const char *sp2 = memchr(path, ' ', n - mlen - 1);
  if (!sp2 || sp2 == path || path[0] != '/')
    return -3;
  r->path = path;
  r->path_len = (size_t)(sp2 - path);
  const char *ver = sp2 + 1;
  size_t vlen = n - (size_t)(ver - s);
  if (vlen != 8 || memcmp(ver, "HTTP/1.", 7) != 0)
    return -4;
  if (ver[7] != '0' && ver[7] != '1')
    return -5;
  r->minor = ver[7] - '0';
  if (r->method == M_POST && r->path_len == 2 && r->minor == 1)
    return 9; /* T:reqline_post */
  return 0;
}

/* A header line "Name: value": 1 for a Content-Length of at most 1024. */
int http_header(const char *line, long *content_length) {
  size_t name_len = strcspn(line, ":");
  if (line[name_len] != ':' || name_len == 0)
    return -1;
  const char *value = line + name_len + 1;
  value += strspn(value, " \t");
  if (name_len == 14 && strncasecmp(line, "Content-Length", 14) == 0) {
    char *end;
    errno = 0;
    long v = strtol(value, &end, 10);
    if (errno == ERANGE || end == value || *end != '\0' || v < 0)
      return -2;
    if (v > 1024)
      return -3; /* T:header_too_long */
    *content_length = v;
    return 1; /* T:header_cl */
  }
  if (strcasecmp(line, "Connection: close") == 0)
    return 2; /* T:header_close */
  return 0;
}

/* A three-digit status code followed by a space or the end. */
int http_status(const char *s) {
  if (!isdigit((unsigned char)s[0]) || !isdigit((unsigned char)s[1]) || !isdigit((unsigned char)s[2]))
    return -1;
  if (s[3] != ' ' && s[3] != '\0')
    return -1;
  int code = (s[0] - '0') * 100 + (s[1] - '0') * 10 + (s[2] - '0');
  if (code < 100 || code > 599)
    return -2;
  if (code == 418)
    return 1; /* T:status_teapot */
  if (code > 999)
    return 3; /* T:status_dead */
  return 0;
}

/* The size of a chunk of chunked transfer coding: hex digits, optional ";ext". */
long http_chunk_size(const char *s) {
  char *end;
  errno = 0;
  long v = strtol(s, &end, 16);
  if (end == s)
    return -1;
  if (errno == ERANGE)
    return -2; /* T:chunk_range */
  if (*end != '\0' && *end != ';')
    return -3;
  if (v == 0x1F && *end == ';')
    return 100; /* T:chunk_ext */
  return v;
}

static int unhex(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = (char)(c | 0x20);
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

/* Percent-decodes in[0..n) into out ('+' is a space); -1 on a bad escape. */
int url_decode(const char *in, size_t n, char *out) {
  size_t o = 0;
  for (size_t i = 0; i < n; i++) {
    if (in[i] == '%') {
      if (i + 2 >= n)
        return -1;
      int hi = unhex(in[i + 1]), lo = unhex(in[i + 2]);
      if (hi < 0 || lo < 0)
        return -1;
      out[o++] = (char)(hi * 16 + lo);
      i += 2;
    } else if (in[i] == '+') {
      out[o++] = ' ';
    } else {
      out[o++] = in[i];
    }
  }
  if (o == 1 && out[0] == '/')
    return 50; /* T:url_slash */
  return (int)o;
}

/* Atoi-based port: "host:port" with 1 <= port <= 65535. */
int parse_port(const char *hostport) {
  const char *colon = strrchr(hostport, ':');
  if (!colon || colon == hostport)
    return -1;
  int port = atoi(colon + 1);
  if (port <= 0 || port > 65535)
    return -2;
  if (port == 8080)
    return 1; /* T:port_8080 */
  return 0;
}
