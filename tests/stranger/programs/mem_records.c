/* An array of records: the best score wins, ties go to the lower id. */
struct rec { int id; int score; };

int best(int s0, int s1, int s2, int s3) {
  struct rec r[4];
  int i, b = 0;
  r[0].score = s0; r[1].score = s1; r[2].score = s2; r[3].score = s3;
  for (i = 0; i < 4; i++)
    r[i].id = 10 + i;
  for (i = 1; i < 4; i++)
    if (r[i].score > r[b].score)
      b = i;
  if (r[b].id == 13 && r[b].score == s1)
    return 1;                                   /*@ tie_last */
  if (r[b].id == 12 && s3 > s2)
    return 2;                                   /*@ beaten */
  if (r[b].id == 10 && s0 == s1 && s1 > s2 && s2 > s3)
    return 3;                                   /*@ tie_first */
  return 0;
}
