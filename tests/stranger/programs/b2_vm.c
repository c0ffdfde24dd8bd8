/* A small stack machine over an input byte code of n bytes:
   0 PUSH imm (the next byte), 1 ADD, 2 MUL, 3 DUP, 4 SWAP, 5 HALT.
   Every sp++ is guarded by sp < 4 (PUSH: sp == 4 fails; DUP: sp == 4
   fails) and every pop by sp >= 1 or 2, so overflow is dead. */
int run_vm(const unsigned char *code, int n) {
  int stack[4];
  int sp = 0, pc = 0, steps = 0;
  if (n < 0 || n > 8)
    return -1;
  while (pc < n && steps < 16) {
    unsigned char op = code[pc++];
    steps++;
    switch (op) {
    case 0:
      if (pc >= n || sp == 4)
        return -2;
      stack[sp++] = code[pc++];
      break;
    case 1:
      if (sp < 2)
        return -3;
      stack[sp - 2] += stack[sp - 1];
      sp--;
      break;
    case 2:
      if (sp < 2)
        return -3;
      stack[sp - 2] *= stack[sp - 1];
      sp--;
      break;
    case 3:
      if (sp == 0 || sp == 4)
        return -2;
      stack[sp] = stack[sp - 1];
      sp++;
      break;
    case 4:
      if (sp < 2)
        return -3;
      {
        int t = stack[sp - 1];
        stack[sp - 1] = stack[sp - 2];
        stack[sp - 2] = t;
      }
      break;
    case 5:
      goto done;
    default:
      return -4;
    }
  }
done:
  if (sp == 1 && stack[0] == 1764 && n <= 4)
    return 1;                                   /*@ squared42 */
  if (sp == 4 && stack[3] > 255)
    return 2;                                   /*@ deep_big */
  if (sp > 4)
    return 3;                                   /*@ overflow */
  if (sp == 2 && stack[0] == 7 && stack[1] == 9 && code[0] == 0 && code[2] == 0 && code[1] == 9)
    return 4;                                   /*@ swapped */
  return 0;
}
