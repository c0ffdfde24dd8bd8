/* Source text the pages must show as text, never as markup: <b>bold</b>,
   an ampersand & an "entity" &lt; and a closing </td></tr> in a comment. */
int ratio(int a, int b) {
  const char *tag = "</td><script>alert(1)</script>";
  if (a < b && tag[0] == '<')
    return 0;
  return a / b;
}

int shift_left(int x, int k) {
  if (k < 0 || k > 30)
    return 0;
  return x << k;
}
