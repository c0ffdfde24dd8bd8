/* GNU case ranges. */
int grade(int score) {
  switch (score) {
  case 90 ... 100:
    return 4;                                   /*@ a_grade */
  case 80 ... 89:
    return 3;
  default:
    return 0;
  }
}
