#include "check.h"

void test_history(void)
{
}
