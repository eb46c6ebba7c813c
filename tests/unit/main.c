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

bool check_has_move(const struct ob_position *pos, const char *text)
{
	ob_move moves[OB_MAX_MOVES];
	char buf[OB_MOVE_TEXT_MAX];
	int n = ob_legal_moves(pos, moves);
	for (int i = 0; i < n; i++) {
		ob_move_write_plain(pos, moves[i], buf);
		if (strcmp(buf, text) == 0)
			return true;
	}
	return false;
}

uint64_t check_reference_perft(const struct ob_position *pos, int depth)
{
	const struct ob_perft_options reference = {.reference = true};
	return ob_perft_count(pos, depth, &reference);
}

void check_mirror_symmetry(const struct ob_variant *v, uint64_t seed,
			   int positions, int max_plies, int *with_rights,
			   int *with_ep)
{
	struct ob_rng rng;
	ob_rng_seed(&rng, seed);
	for (int i = 0; i < positions; i++) {
		struct ob_position pos, mirror;
		ob_position_start(&pos, v);
		int plies = 2 + (int)ob_rng_below(&rng, (uint64_t)max_plies - 1);
		for (int p = 0; p < plies; p++) {
			ob_move moves[OB_MAX_MOVES];
			int n = ob_legal_moves(&pos, moves);
			if (n == 0)
				break;
			struct ob_undo u;
			ob_make(&pos, moves[ob_rng_below(&rng, (uint64_t)n)], &u);
		}
		*with_rights += pos.rights != 0;
		*with_ep += pos.ep_cell >= 0;
		ob_position_mirror(&pos, &mirror);
		uint64_t a = ob_perft(&pos, 3), b = ob_perft(&mirror, 3);
		if (!CHECK(a == b, "%s: perft(3) %llu vs mirror %llu", v->name,
			   (unsigned long long)a, (unsigned long long)b))
			return;
	}
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
