#include "check.h"

void test_ofen(void)
{
}
