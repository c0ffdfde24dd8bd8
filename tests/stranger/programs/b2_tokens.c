/* A tokenizer over an input string: words and unsigned numbers separated
   by spaces and commas.
   three_short is dead: three numbers need three digits and, since a number
   runs over every following digit, two separators or words between them, so
   at least five characters.  too_many_words is dead: a word runs to the next
   separator or the end, so 17 words need 16 separating characters and the
   17th starts at i >= 32, where the loop stops. */
int scan(const char *s) {
  int words = 0, nums = 0, sum = 0, i = 0;
  while (s[i] != '\0' && i < 32) {
    if (s[i] == ' ' || s[i] == ',') {
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
      while (s[i] != '\0' && s[i] != ' ' && s[i] != ',')
        i++;
      words++;
    }
  }
  if (words == 2 && nums == 1 && sum == 250)
    return 1;                                   /*@ two_words */
  if (nums == 3 && sum == 6 && i < 5)
    return 2;                                   /*@ three_short */
  if (words > 16)
    return 3;                                   /*@ too_many_words */
  if (nums == 1 && words == 0 && sum == 7 && i == 3)
    return 4;                                   /*@ padded_seven */
  return 0;
}
