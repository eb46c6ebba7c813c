/* The unit-test runner: every suite, then "N passed, N failed". */
#include "check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long passed, failed;

bool check_report(bool ok, const char *file, int line, const char *expr,
		  const char *fmt, ...)
{
	if (ok) {
		passed++;
		return true;
	}
	failed++;
	fprintf(stderr, "%s:%d: check failed: %s: ", file, line, expr);
	va_list ap;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return false;
}

bool check_quick(void)
{
	const char *q = getenv("OB_QUICK");
	return q && *q && strcmp(q, "0") != 0;
}

bool check_position(struct ob_position *pos, const struct ob_variant *v,
		    const char *ofen)
{
	struct ob_error err;
	enum ob_status st = ob_ofen_read(pos, v, ofen, strlen(ofen), NULL, &err);
	return CHECK(st == OB_OK, "%s: %s", ofen, err.message);
}

static const struct {
	const char *name;
	void (*run)(void);
} suites[] = {
	{"geometry", test_geometry},
	{"movegen", test_movegen},
	{"ofen", test_ofen},
	{"movetext", test_movetext},
	{"history", test_history},
	{"perft", test_perft},
	{"diagonal", test_diagonal},
	{"chess", test_chess},
	{"split", test_split},
	{"ogn", test_ogn},
	{"settle", test_settle},
	{"utf8", test_utf8},
};

int main(int argc, char **argv)
{
	for (size_t i = 0; i < sizeof suites / sizeof *suites; i++) {
		if (argc > 1 && strcmp(argv[1], suites[i].name) != 0)
			continue;
		long before = failed;
		suites[i].run();
		fprintf(stderr, "%-10s %s\n", suites[i].name,
			failed == before ? "ok" : "FAILED");
	}
	printf("%ld passed, %ld failed\n", passed, failed);
	return failed ? 1 : 0;
}
