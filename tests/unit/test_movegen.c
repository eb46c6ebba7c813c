#include "check.h"

void test_movegen(void)
{
}
