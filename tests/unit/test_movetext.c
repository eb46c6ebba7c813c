#include "check.h"

void test_movetext(void)
{
}
