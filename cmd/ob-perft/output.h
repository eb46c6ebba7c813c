/*
 * ob-perft's results: the count, the divide and the statistics of one
 * position, in text or JSON, and the progress line while they run.
 */
#ifndef OB_PERFT_OUTPUT_H
#define OB_PERFT_OUTPUT_H

#include <stdbool.h>
#include <stdint.h>

#include "oblique.h"

/* Seconds on a monotonic clock. */
double now(void);
/* The progress line on a terminal, and its removal once a count is in. */
void progress(const struct ob_perft_progress *p, void *arg);
void progress_clear(void);

/* {"ofen":...,"variant":...[,"depth":...] ("dfen", "pfen" on their
 * boards): the object's first members;
 * depth < 0 leaves it out. */
void json_start(const struct ob_position *pos, int depth);
/* A line's ;id, NULL when it has none: ' id "ID"' at the end of a text
 * result line, the member ',"id":"ID"' of a JSON object. */
void write_id(const char *id);
void json_id(const char *id);
/* The blank line between two text results. */
void separate(void);

/* The legal moves of pos (the reference generator's with --reference),
 * sorted by their text, with the leaves below each at depth (>= 1):
 * returns how many. */
struct divided {
	char text[OB_MOVE_TEXT_MAX];
	ob_move move;
	uint64_t count;
};
int divide_sorted(const struct ob_position *pos, int depth,
		  struct divided *rows);
/* On a board whose moves chess programs read in UCI's form (chess), the
 * rows' text in that form, sorted by it again: what --stockfish writes
 * and --compare passes and reports.  Other boards keep the long form. */
void divided_for_programs(const struct ob_position *pos,
			  struct divided *rows, int n);

/* The count of one position, times paths (0: the line had no ;M); false
 * when the product passes 2^64 - 1.  id is the line's, or NULL. */
bool write_count(const char *file, long lineno, const struct ob_position *pos,
		 uint64_t paths, const char *id);
/* The divide (its total line carries the id; Stockfish's form does not)
 * and the statistics (the id in JSON only). */
void write_divide(const struct ob_position *pos, const char *id);
void write_stats(const struct ob_position *pos, const char *id);

#endif
