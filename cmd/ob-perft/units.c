/* Perft work units, --split and --sum; see units.h. */
#include "units.h"

#include <stdio.h>
#include <stdlib.h>

#include "options.h"
#include "output.h"
#include "util.h"

/* The variant of the units or the total: the first a position was read
 * in (NULL before), named in what is written so that no later run can
 * take the units for another board's. */
static const struct ob_variant *board;
/* --split: the table of work units and the paths put into it. */
static struct ob_split *units;
static uint64_t units_paths;
/* --sum: the total so far, the positions and paths behind it; void once
 * a line could not be counted, as the total would then be wrong. */
static uint64_t sum_nodes, sum_paths;
static long sum_positions;
static bool sum_void;

bool units_open(void)
{
	units = ob_split_new((size_t)opt.memory_mb << 20);
	return units != NULL;
}

static const char *mode_option(void)
{
	return opt.mode == MODE_SPLIT ? "--split" : "--sum";
}

bool units_follow(const struct input_at *at, const struct ob_variant *v)
{
	if (!board || v == board)
		return true;
	util_warn_at(at->file, at->lineno, 1,
		     "%s takes the positions of one variant, %s (the first "
		     "read): the %s lines up to the next #variant are "
		     "skipped%s",
		     mode_option(), board->name, v->name,
		     v == opt.variant ? " (a file without a #variant line is "
					"read in -V's variant)"
				      : "");
	if (opt.mode == MODE_SUM)
		units_line_failed();
	return false;
}

void units_line_failed(void)
{
	sum_void = true;
}

bool split_position(const char *file, long lineno,
		    const struct ob_position *pos, uint64_t paths)
{
	if (!board)
		board = pos->variant;
	/* First the table, which stops as soon as it passes --memory. */
	enum ob_status st = ob_split_add(units, pos, opt.split, paths);
	if (st != OB_OK) {
		if (st == OB_ERR_SPLIT_FULL)
			util_warn("--split %d: the distinct positions do not "
				  "fit in --memory %ld MiB (up to %d bytes "
				  "each): stopped at %zu positions; raise "
				  "--memory or split fewer plies",
				  opt.split, opt.memory_mb,
				  OB_SPLIT_ENTRY_BYTES, ob_split_count(units));
		else
			util_warn("--split %d: %s", opt.split,
				  ob_status_name(st));
		ob_split_free(units);
		exit(EXIT_USAGE);
	}
	/* Every entry's path count is at most the total of all paths, so a
	 * total that fits in 64 bits keeps every entry exact; past it, some
	 * may have wrapped in the table: no unit is written. */
	uint64_t leaves = ob_perft_count(pos, opt.split, &opt.perft);
	progress_clear();
	if (!add_product(&units_paths, leaves, paths)) {
		util_warn_at(file, lineno, 1,
			     "its %llu paths %d plies down, times ;M %llu, "
			     "take the work units' path counts past %llu",
			     (unsigned long long)leaves, opt.split,
			     (unsigned long long)paths,
			     (unsigned long long)UINT64_MAX);
		util_warn("no work units written");
		ob_split_free(units);
		exit(EXIT_INVALID);
	}
	return true;
}

static void write_unit(const struct ob_position *pos, uint64_t paths,
		       void *arg)
{
	(void)arg;
	char ofen[OB_OFEN_MAX];
	if (opt.json) { /* each object names its variant */
		json_start(pos, -1);
		printf(",\"paths\":%llu}\n", (unsigned long long)paths);
		return;
	}
	ob_ofen_write(pos, ofen);
	printf("%s ;M %llu\n", ofen, (unsigned long long)paths);
}

void sum_position(const char *file, long lineno,
		  const struct ob_position *pos, uint64_t paths)
{
	if (!board)
		board = pos->variant;
	if (sum_void) /* read for its diagnostics, not counted */
		return;
	uint64_t n = ob_perft_count(pos, opt.depth, &opt.perft);
	progress_clear();
	nodes_total += n;
	if (!add_product(&sum_nodes, n, paths) ||
	    !add_product(&sum_paths, paths, 1)) {
		util_warn_at(file, lineno, 1, "the sum passes %llu",
			     (unsigned long long)UINT64_MAX);
		util_warn("no total written");
		exit(EXIT_INVALID);
	}
	sum_positions++;
}

static void write_sum(void)
{
	if (sum_void) {
		util_warn("--sum: no total written, as not every line was "
			  "counted");
		return;
	}
	if (opt.json)
		printf("{\"variant\":\"%s\",\"depth\":%d,\"positions\":%ld,"
		       "\"paths\":%llu,\"nodes\":%llu}\n",
		       (board ? board : opt.variant)->name, opt.depth,
		       sum_positions,
		       (unsigned long long)sum_paths,
		       (unsigned long long)sum_nodes);
	else
		printf("%llu\n", (unsigned long long)sum_nodes);
}

void units_write(bool complete)
{
	if (!complete)
		units_line_failed();
	if (opt.mode == MODE_SPLIT) {
		/* Written only now that the table is complete, after the
		 * directive that names its variant (even the default's: a
		 * shard made by copying it names its board). */
		if (!opt.json)
			printf("#variant %s\n",
			       (board ? board : opt.variant)->name);
		ob_split_each(units, write_unit, NULL);
		nodes_total = units_paths;
	} else if (opt.mode == MODE_SUM) {
		write_sum();
	}
}

bool units_verbose(double seconds)
{
	if (opt.mode != MODE_SPLIT)
		return false;
	fprintf(stderr, "%s: %zu positions, %llu paths in %.3f s\n",
		util_progname, ob_split_count(units),
		(unsigned long long)units_paths, seconds);
	return true;
}

void units_close(void)
{
	ob_split_free(units);
	units = NULL;
}
