/*
 * Fuzzes the partial-state reader of ob-stats --merge (ob-stats-partial(5)).
 * Invariants: nothing crashes, hangs or leaks; a refused state has at
 * least one diagnostic and each names the input, a line and a column; an
 * accepted state has none, writes out with --partial's writer, reads back
 * accepted and writes out the same bytes again; its report is written in
 * every format without fault.  Merged with itself, a state that names
 * inputs is refused as counting their games twice (exit status 1, or 2
 * when its counts would pass 2^64 - 1), and accepted with
 * --allow-repeats unless they would.
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "fuzz.h"
#include "ob-stats/options.h"
#include "ob-stats/partial.h"
#include "ob-stats/report.h"
#include "ob-stats/tally.h"
#include "util.h"

struct options opt; /* main.c's, which the harness does not link */

/* partial_read's status. */
static int read_state(struct stats *st, const char *text, size_t len,
		      bool *first, struct buf *diag)
{
	FILE *f = fmemopen((void *)text, len, "rb");
	FUZZ_ASSERT(f != NULL);
	int status = partial_read(st, f, "in", first, diag);
	fclose(f);
	return status;
}

/* Each line is "ob-stats: in:LINE:COLUMN: reason". */
static void check_diagnostics(const struct buf *diag)
{
	FUZZ_ASSERT(diag->len > 0 && diag->p[diag->len - 1] == '\n');
	for (const char *p = diag->p; *p; p = strchr(p, '\n') + 1) {
		long line, column;
		int n = 0;
		FUZZ_ASSERT(sscanf(p, "ob-stats: in:%ld:%ld: %n", &line, &column,
				   &n) == 2 &&
			    n > 0);
		FUZZ_ASSERT(line >= 1 && column >= 1);
		FUZZ_ASSERT(p[n] != '\n' && p[n] != '\0');
	}
}

/* The accepted state text read twice into new figures: refused as a
 * repetition when it names inputs, unless allow_repeats. */
static void read_twice(const struct buf *text, bool names_inputs,
		       bool allow_repeats)
{
	struct stats st = {0};
	struct buf diag = {0};
	bool first = false;
	opt.allow_repeats = allow_repeats;
	FUZZ_ASSERT(read_state(&st, text->p, text->len, &first, &diag) ==
		    EXIT_OK);
	int status = read_state(&st, text->p, text->len, &first, &diag);
	if (!names_inputs || allow_repeats)
		FUZZ_ASSERT(status != EXIT_INVALID);
	else
		FUZZ_ASSERT(status != EXIT_OK);
	if (status != EXIT_OK)
		check_diagnostics(&diag);
	opt.allow_repeats = false;
	stats_free(&st);
	free(diag.p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static bool ready;
	if (!ready) {
		util_progname = "ob-stats";
		known_init();
		ready = true;
	}
	if (size == 0)
		return 0;
	memset(&opt, 0, sizeof opt);
	opt.variant = ob_variant_default();
	opt.top = 10;
	opt.jobs = 1;

	struct stats st = {0};
	struct buf diag = {0};
	bool first = true;
	int status = read_state(&st, (const char *)data, size, &first, &diag);
	FUZZ_ASSERT(status != EXIT_INVALID); /* one state repeats nothing */
	if (status != EXIT_OK) {
		check_diagnostics(&diag);
	} else {
		FUZZ_ASSERT(diag.len == 0 && !first);
		struct buf once = {0}, twice = {0};
		partial_write(&once, &st, NULL);
		struct stats again = {0};
		FUZZ_ASSERT(read_state(&again, once.p, once.len, &first,
				       &diag) == EXIT_OK);
		partial_write(&twice, &again, NULL);
		FUZZ_ASSERT(once.len == twice.len &&
			    memcmp(once.p, twice.p, once.len) == 0);
		read_twice(&once, st.inputs.count > 0, false);
		read_twice(&once, st.inputs.count > 0, true);
		/* the report goes to stdout: to /dev/null for a while */
		fflush(stdout);
		int out = dup(STDOUT_FILENO), null = open("/dev/null", O_WRONLY);
		FUZZ_ASSERT(out >= 0 && null >= 0 &&
			    dup2(null, STDOUT_FILENO) >= 0);
		for (enum format f = FMT_TEXT; f <= FMT_TSV; f++) {
			opt.format = f;
			report_write(&st);
		}
		fflush(stdout);
		FUZZ_ASSERT(dup2(out, STDOUT_FILENO) >= 0);
		close(out);
		close(null);
		stats_free(&again);
		free(once.p);
		free(twice.p);
	}
	stats_free(&st);
	free(diag.p);
	free((char *)opt.by);
	return 0;
}
