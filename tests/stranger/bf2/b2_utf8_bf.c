#include <stdio.h>
#include "../programs/b2_utf8.c"
int main(void) {
  unsigned char e[] = {'a', 0xE2, 0x82, 0xAC, 0}, o[] = {0xC0, 0x80, 0}, as[] = {0xF0, 0x9F, 0x98, 0x80, 0};
  int arr[8] = {0, 0, 0, 0, 20, 20, 20, 0};
  printf("%d %d %d window %d\n", utf8_count(e), utf8_count(o), utf8_count(as), window3(arr, 8, 60));
  return 0;
}
