/* html_write.c - the frame of every page of --html: one style sheet and
 * one small script inside the page (no file, font or script from
 * elsewhere: the pages are read offline, attached to a review), and the
 * escaping of every text the pages take from sources, reports and inputs.
 *
 * Statuses are told apart by a symbol, a word and a pattern of the line's
 * edge as well as by colour (the Okabe-Ito colours, distinct for the common
 * kinds of colour blindness).  The pages read without JavaScript; the
 * script only adds buttons that fold the explanations.  A print style drops
 * the navigation and keeps every explanation.
 */
#include <ctype.h>
#include <string.h>

#include "html.h"

void html_text(FILE *out, const char *s) {
  for (const char *p = s; p && *p; p++) {
    switch (*p) {
    case '&': fputs("&amp;", out); break;
    case '<': fputs("&lt;", out); break;
    case '>': fputs("&gt;", out); break;
    case '"': fputs("&quot;", out); break;
    case '\'': fputs("&#39;", out); break;
    default:
      if ((unsigned char)*p < 0x20 && *p != '\n' && *p != '\t') fputc(' ', out); /* control characters: nothing to show */
      else fputc(*p, out);
    }
  }
}

static const char style[] =
    ":root{--met:#009E73;--dead:#6b6b6b;--unknown:#E69F00;--error:#D55E00;--safe:#0072B2}\n"
    "body{font:15px/1.4 system-ui,sans-serif;margin:0 1.5em 2em;color:#111;background:#fff}\n"
    "a{color:#0057a0}a:focus,button:focus,summary:focus{outline:3px solid #000;outline-offset:1px}\n"
    ".skip{position:absolute;left:-999px}.skip:focus{left:1em;top:.5em;background:#ff0;padding:.3em}\n"
    "nav{margin:.8em 0;font-size:14px}h1{font-size:1.4em;margin:.6em 0 .2em}h2{font-size:1.15em;margin:1.2em 0 .4em}\n"
    "table{border-collapse:collapse}th,td{padding:.15em .5em;text-align:left;vertical-align:top}\n"
    "table.summary td.n{text-align:right;font-variant-numeric:tabular-nums}\n"
    "table.summary tbody tr:nth-child(even){background:#f3f3f3}table.summary thead th{border-bottom:2px solid #333}\n"
    ".legend span{display:inline-block;margin-right:1em;padding:0 .4em}\n"
    "table.src{font:13px/1.35 ui-monospace,'DejaVu Sans Mono',monospace;width:100%}\n"
    "table.src td{padding:0 .4em}td.num{text-align:right;color:#555;user-select:none;width:3.5em}\n"
    "td.num a{color:#555;text-decoration:none}td.sym{width:1.6em;text-align:center;font-weight:bold}\n"
    "td.code{white-space:pre-wrap;word-break:break-all;tab-size:8}\n"
    "tr.met td.code,span.met{background:#dcf2ea;border-left:5px solid var(--met)}\n"
    "tr.dead td.code,span.dead{background:repeating-linear-gradient(135deg,#eee 0 6px,#dcdcdc 6px 8px);"
    "border-left:5px double var(--dead)}\n"
    "tr.unknown td.code,span.unknown{background:#fdf0d3;border-left:5px dotted var(--unknown)}\n"
    "tr.error td.code,span.error{background:repeating-linear-gradient(45deg,#fbe0d0 0 6px,#f5c7ac 6px 8px);"
    "border-left:5px solid var(--error)}\n"
    "tr.safe td.code,span.safe{background:#dcebf6;border-left:5px dashed var(--safe)}\n"
    "tr.met td.sym{color:var(--met)}tr.dead td.sym{color:var(--dead)}tr.unknown td.sym{color:#8a5d00}\n"
    "tr.error td.sym{color:var(--error)}tr.safe td.sym{color:var(--safe)}\n"
    "tr.why td{padding:.1em .4em .4em 2.5em;font:13px/1.4 system-ui,sans-serif}\n"
    "tr.why ul{margin:0;padding-left:1em}tr.why li{margin:.1em 0}\n"
    "b.st{padding:0 .3em;border-radius:3px;color:#fff}b.met{background:#00775a}b.dead{background:#555}\n"
    "b.unknown{background:#8a5d00}b.error{background:#b34a00}b.safe{background:var(--safe)}\n"
    ".folded tr.why{display:none}button{font:inherit;margin-right:.5em}\n"
    "section.test{border:1px solid #bbb;padding:.3em .8em .6em;margin:.8em 0;"
    "content-visibility:auto;contain-intrinsic-size:auto 20em}section.test:target{border:3px solid #000}\n"
    "pre.cmd{background:#f4f4f4;padding:.4em;white-space:pre-wrap;word-break:break-all}\n"
    "figure{margin:.4em 0}figure svg{max-width:100%;height:auto}figcaption{font-size:13px;color:#444}\n"
    "@media print{nav,.skip,.fold,button{display:none}body{margin:0;font-size:11pt}section.test{content-visibility:visible}"
    ".folded tr.why{display:table-row}section.test{break-inside:avoid}a{color:#000}}\n";

/* Adds the fold buttons (nothing depends on them: without the script every
   explanation shows). */
static const char script[] =
    "<script>\n(function(){var p=document.getElementById('fold');if(!p)return;\n"
    "function b(t,f){var e=document.createElement('button');e.type='button';e.textContent=t;"
    "e.onclick=f;p.appendChild(e);}\n"
    "b('Fold explanations',function(){document.body.classList.add('folded');});\n"
    "b('Unfold explanations',function(){document.body.classList.remove('folded');});})();\n</script>\n";

void html_page_open(FILE *out, const char *title, const char *home) {
  fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
        out);
  html_text(out, title);
  fprintf(out, "</title>\n<style>\n%s</style>\n</head>\n<body>\n", style);
  fputs("<a class=\"skip\" href=\"#main\">Skip to the content</a>\n", out);
  if (home) {
    fputs("<nav aria-label=\"pages\"><a href=\"", out);
    html_text(out, home);
    fputs("\">Index of the functions</a></nav>\n", out);
  }
  fputs("<main id=\"main\">\n", out);
}

void html_page_close(FILE *out) {
  fputs("</main>\n", out);
  fputs(script, out);
  fputs("</body>\n</html>\n", out);
}

void html_file_page(char *buf, size_t len, const HtmlModel *m, int k) {
  const char *path = m->files[k], *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  int n = snprintf(buf, len, "file-%d-", k + 1);
  for (const char *p = base; *p && n + 6 < (int)len; p++)   /* a name any file system and URL takes */
    buf[n++] = isalnum((unsigned char)*p) || *p == '.' || *p == '_' || *p == '-' ? *p : '_';
  snprintf(buf + n, len - (size_t)n, ".html");
}
