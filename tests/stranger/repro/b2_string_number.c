/* 4.5 s and 1363 search nodes (19k unfoldings) to find " 250" or "250":
   digits scanned by a nested loop over an input string; with the words
   branch of b2_tokens.c (h2_tok_two: "ab,cd 250") it runs past 30 s, and
   the string proofs h2_tok_short, h2_tok_many time out.  The value
   v = v * 10 + (c - '0') is not inverted: the search labels characters and
   string lengths blindly.
   inka-ng --stats --reach b2_string_number.c:28 b2_string_number.c */
int scan(const char *s) {
  int nums = 0, sum = 0, i = 0;
  while (s[i] != '\0' && i < 32) {
    if (s[i] == ' ') {
      i++;
      continue;
    }
    if (s[i] >= '0' && s[i] <= '9') {
      int v = 0;
      while (s[i] >= '0' && s[i] <= '9') {
        v = v * 10 + (s[i] - '0');
        i++;
      }
      nums++;
      sum += v;
    } else {
      return -1;
    }
  }
  if (nums == 1 && sum == 250)
    return 1;
  return 0;
}
