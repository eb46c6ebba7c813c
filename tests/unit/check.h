/*
 * A tiny unit-test harness: checks log a failure and go on; the runner
 * ends with "N passed, N failed".
 */
#ifndef OB_CHECK_H
#define OB_CHECK_H

#include <stdbool.h>

#include "oblique.h"

#if defined(__GNUC__)
#define CHECK_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define CHECK_PRINTF(a, b)
#endif

/* Records one check; on failure prints where and the formatted detail. */
bool check_report(bool ok, const char *file, int line, const char *expr,
		  const char *fmt, ...) CHECK_PRINTF(5, 6);

#define CHECK(cond, ...) \
	check_report((cond), __FILE__, __LINE__, #cond, __VA_ARGS__)

/* Environment OB_QUICK=1 (sanitizer builds) asks for smaller samples. */
bool check_quick(void);

/* Reads an OFEN that the test knows to be valid (fails the check if not). */
bool check_position(struct ob_position *pos, const struct ob_variant *v,
		    const char *ofen);

/* Is the move text (the plain long form, no suffix) among the legal
 * moves? */
bool check_has_move(const struct ob_position *pos, const char *text);
/* Perft by the slow reference generator (ob-perft --reference's walk). */
uint64_t check_reference_perft(const struct ob_position *pos, int depth);

/* Positions from seeded random playouts of 2 to max_plies plies of v's
 * start: perft 3 of each equals its mirror's (the first difference is a
 * failed check); counts those with rights and an en passant cell. */
void check_mirror_symmetry(const struct ob_variant *v, uint64_t seed,
			   int positions, int max_plies, int *with_rights,
			   int *with_ep);

/* The test suites, one per file. */
void test_geometry(void);
void test_movegen(void);
void test_ofen(void);
void test_movetext(void);
void test_history(void);
void test_perft(void);
void test_diagonal(void);
void test_chess(void);
void test_split(void);
void test_ogn(void);
void test_settle(void);
void test_utf8(void);

#endif
