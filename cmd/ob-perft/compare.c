/* --compare: where another generator's divide parts from ours; see
 * compare.h. */
#include "compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "options.h"
#include "output.h"
#include "json.h"
#include "util.h"

/* One divide of the descent. */
struct step {
	int depth;
	int plies;              /* moves from the root before it */
	uint64_t expected, got; /* totals: ours, theirs */
	int nmoves, ndiffer;    /* our moves; moves in both, counted apart */
	int nmissing, nextra;   /* moves in ours or theirs alone */
	bool descended;         /* into path.text[plies] */
	uint64_t next_expected, next_got; /* its counts: ours, theirs */
};

/* How the descent ended. */
enum finding {
	AGREE,        /* every count agrees */
	MOVES,        /* moves missing or extra */
	MISCOUNTED,   /* the same moves at depth 1, other counts */
	INCONSISTENT  /* the divide below a move adds up to another count */
};

static bool failed;

bool compare_failed(void)
{
	return failed;
}

/* The moves from the root, as text ("a b c"), and each move's text: the
 * long form without suffix, or UCI's form on a board that chess programs
 * read so (chess), as the other program is given them. */
static struct {
	char (*text)[OB_MOVE_TEXT_MAX];
	int n, cap;
	char *joined;
} path;

static void path_push(const struct ob_position *pos, ob_move m)
{
	if (path.n == path.cap) {
		int cap = path.cap ? 2 * path.cap : 64;
		void *t = realloc(path.text, (size_t)cap * sizeof *path.text);
		char *j = realloc(path.joined, (size_t)cap * OB_MOVE_TEXT_MAX);
		if (!t || !j)
			util_out_of_memory();
		path.text = t;
		path.joined = j;
		path.cap = cap;
	}
	if (pos->variant->uci_moves)
		ob_move_write_uci(pos, m, path.text[path.n]);
	else
		ob_move_write_plain(pos, m, path.text[path.n]);
	char *end = path.joined;
	if (path.n > 0)
		end += strlen(path.joined);
	sprintf(end, "%s%s", path.n ? " " : "", path.text[path.n]);
	path.n++;
}

/* The moves path.text[0..n), space-separated. */
static void print_path(int n)
{
	for (int i = 0; i < n; i++)
		printf("%s%s", i ? " " : "", path.text[i]);
}

static void json_path(int n)
{
	putchar('[');
	for (int i = 0; i < n; i++) {
		printf("%s", i ? "," : "");
		json_write_text(stdout, path.text[i]);
	}
	putchar(']');
}

static struct divided ours[OB_MAX_MOVES];
static int matched[OB_MAX_MOVES]; /* ours[i]'s row in theirs, or -1 */
static struct their_divide theirs;
static bool *extra;               /* theirs.moves[j] is not one of ours */

/* Matches their moves to ours; counts the differences into s. */
static void match(int n, struct step *s)
{
	free(extra);
	extra = calloc((size_t)theirs.n + 1, sizeof *extra);
	if (!extra)
		util_out_of_memory();
	for (int i = 0; i < n; i++)
		matched[i] = -1;
	s->nextra = 0;
	for (int j = 0; j < theirs.n; j++) {
		struct their_move *m = &theirs.moves[j];
		int i = 0;
		while (i < n && (m->move == OB_MOVE_NONE ||
				 ours[i].move != m->move))
			i++;
		if (i < n && matched[i] < 0) {
			matched[i] = j;
			continue;
		}
		if (i < n)
			snprintf(m->reason, sizeof m->reason,
				 "listed twice (line %ld too)",
				 theirs.moves[matched[i]].line);
		else if (m->move != OB_MOVE_NONE)
			snprintf(m->reason, sizeof m->reason,
				 "legal, but not generated here");
		extra[j] = true;
		s->nextra++;
	}
	s->nmissing = 0;
	s->ndiffer = 0;
	s->expected = 0;
	for (int i = 0; i < n; i++) {
		s->expected += ours[i].count;
		if (matched[i] < 0)
			s->nmissing++;
		else if (theirs.moves[matched[i]].count != ours[i].count)
			s->ndiffer++;
	}
	s->got = theirs.total;
	s->nmoves = n;
}

/* Is the other generator's notation understood?  Not when most of its
 * moves do not even read as moves, or when none of two or more names a
 * legal move here (while there are some): then every move would be both
 * missing and extra, which says nothing of its counts.  why names a
 * sample. */
static bool understood(int n, char *why, size_t whylen)
{
	int legal = 0, unreadable = 0;
	const struct their_move *sample = NULL;
	for (int j = 0; j < theirs.n; j++) {
		const struct their_move *m = &theirs.moves[j];
		if (m->move != OB_MOVE_NONE) {
			legal++;
			continue;
		}
		if (!m->readable)
			unreadable++;
		if (!sample || (!m->readable && sample->readable))
			sample = m;
	}
	if (2 * unreadable <= theirs.n &&
	    (legal > 0 || theirs.n < 2 || n == 0))
		return true;
	snprintf(why, whylen, "its notation is not understood: %d of its %d "
		 "moves name no legal move here, %d do not read as moves at "
		 "all (as output line %ld '%s': %.160s)",
		 theirs.n - legal, theirs.n, unreadable, sample->line,
		 sample->text, sample->reason);
	return false;
}

/* The other generator failed, or what it printed could not be used. */
static void warn_failed(const char *file, long lineno, int depth,
			const char *why)
{
	const char *after = path.n ? " after " : "";
	const char *moves = path.n ? path.joined : "";
	if (lineno > 0)
		util_warn_at(file, lineno, 1, "--compare: the other generator, "
			     "depth %d%s%s: %s", depth, after, moves, why);
	else /* --startpos: no line */
		util_warn("%s: --compare: the other generator, depth %d%s%s: "
			  "%s", file, depth, after, moves, why);
	failed = true;
}

/* The differing move with the smallest subtree (ours), or -1. */
static int smallest_differing(int n)
{
	int best = -1;
	for (int i = 0; i < n; i++)
		if (matched[i] >= 0 &&
		    theirs.moves[matched[i]].count != ours[i].count &&
		    (best < 0 || ours[i].count < ours[best].count))
			best = i;
	return best;
}

/* ---- the report ---- */

/* What the last step found, as text. */
static void text_finding(enum finding f, const struct step *last, int n)
{
	if (f == INCONSISTENT) {
		const struct step *up = last - 1;
		printf("inconsistent %s: got %llu at D%d, but the D%d divide "
		       "after it adds up to %llu\n",
		       path.text[up->plies], (unsigned long long)up->next_got,
		       up->depth, last->depth, (unsigned long long)last->got);
		return;
	}
	for (int i = 0; i < n; i++)
		if (matched[i] < 0)
			printf("missing %s\n", ours[i].text);
	/* Their text is quoted escaped, as in a diagnostic. */
	for (int j = 0; j < theirs.n; j++)
		if (extra[j]) {
			fputs("extra ", stdout);
			util_put_escaped(stdout, theirs.moves[j].text, false);
			fputs(": ", stdout);
			util_put_escaped(stdout, theirs.moves[j].reason, false);
			putchar('\n');
		}
	for (int i = 0; f == MISCOUNTED && i < n; i++)
		if (theirs.moves[matched[i]].count != ours[i].count) {
			fputs("miscounted ", stdout);
			util_put_escaped(stdout, theirs.moves[matched[i]].text,
					 false);
			printf(" expected %llu got %llu\n",
			       (unsigned long long)ours[i].count,
			       (unsigned long long)theirs.moves[matched[i]].count);
		}
}

static void text_report(const struct step *steps, int nsteps, enum finding f,
			const char *final_ofen, int n)
{
	const struct step *last = &steps[nsteps - 1];
	separate();
	if (f == AGREE) {
		printf("ok D%d %llu\n", last->depth,
		       (unsigned long long)last->expected);
		return;
	}
	for (int k = 0; k < nsteps; k++) {
		const struct step *s = &steps[k];
		printf("D%d", s->depth);
		if (s->plies > 0) {
			fputs(" after ", stdout);
			print_path(s->plies);
		}
		printf(" expected %llu got %llu: ",
		       (unsigned long long)s->expected,
		       (unsigned long long)s->got);
		if (s->descended)
			printf("%d of %d moves differ, smallest %s expected "
			       "%llu got %llu\n",
			       s->ndiffer, s->nmoves, path.text[s->plies],
			       (unsigned long long)s->next_expected,
			       (unsigned long long)s->next_got);
		else if (f == MOVES)
			printf("%d missing, %d extra\n", s->nmissing,
			       s->nextra);
		else if (f == MISCOUNTED)
			printf("the same moves, %d counted otherwise\n",
			       s->ndiffer);
		else
			printf("every move agrees\n");
	}
	printf("position %s\npath%s", final_ofen, last->plies ? " " : "");
	print_path(last->plies);
	putchar('\n');
	text_finding(f, last, n);
}

static void json_report(const struct step *steps, int nsteps, enum finding f,
			const struct ob_position *root, const char *final_ofen,
			int nroot, int n)
{
	static const char *const names[] = {"agree", "moves", "miscounted",
					    "inconsistent"};
	const struct step *last = &steps[nsteps - 1];
	json_start(root, steps[0].depth);
	fputs(",\"moves\":", stdout);
	json_path(nroot);
	printf(",\"ok\":%s,\"finding\":\"%s\",\"steps\":[",
	       f == AGREE ? "true" : "false", names[f]);
	for (int k = 0; k < nsteps; k++) {
		const struct step *s = &steps[k];
		printf("%s{\"depth\":%d,\"path\":", k ? "," : "", s->depth);
		json_path(s->plies);
		printf(",\"expected\":%llu,\"got\":%llu,\"moves\":%d,"
		       "\"missing\":%d,\"extra\":%d,\"differ\":%d",
		       (unsigned long long)s->expected,
		       (unsigned long long)s->got, s->nmoves, s->nmissing,
		       s->nextra, s->ndiffer);
		if (s->descended) {
			fputs(",\"next\":", stdout);
			json_write_text(stdout, path.text[s->plies]);
			printf(",\"next_expected\":%llu,\"next_got\":%llu",
			       (unsigned long long)s->next_expected,
			       (unsigned long long)s->next_got);
		}
		putchar('}');
	}
	fputs("],\"position\":", stdout);
	json_write_text(stdout, final_ofen);
	fputs(",\"path\":", stdout);
	json_path(last->plies);
	fputs(",\"missing\":[", stdout);
	bool first = true;
	for (int i = 0; f == MOVES && i < n; i++)
		if (matched[i] < 0) {
			printf("%s", first ? "" : ",");
			json_write_text(stdout, ours[i].text);
			first = false;
		}
	fputs("],\"extra\":[", stdout);
	first = true;
	for (int j = 0; f == MOVES && j < theirs.n; j++)
		if (extra[j]) {
			printf("%s{\"move\":", first ? "" : ",");
			json_write_text(stdout, theirs.moves[j].text);
			printf(",\"line\":%ld,\"reason\":", theirs.moves[j].line);
			json_write_text(stdout, theirs.moves[j].reason);
			putchar('}');
			first = false;
		}
	fputs("],\"miscounted\":[", stdout);
	first = true;
	for (int i = 0; f == MISCOUNTED && i < n; i++)
		if (theirs.moves[matched[i]].count != ours[i].count) {
			printf("%s{\"move\":", first ? "" : ",");
			json_write_text(stdout, ours[i].text);
			printf(",\"expected\":%llu,\"got\":%llu}",
			       (unsigned long long)ours[i].count,
			       (unsigned long long)theirs.moves[matched[i]].count);
			first = false;
		}
	puts("]}");
}

bool compare_position(const char *file, long lineno,
		      const struct ob_position *root, const ob_move *moves,
		      int nmoves)
{
	static struct step steps[OB_PERFT_MAX_DEPTH + 1];
	char ofen[OB_OFEN_MAX], why[512];
	struct ob_position pos = *root;
	struct ob_undo u;
	path.n = 0;
	if (path.joined)
		path.joined[0] = '\0';
	for (int i = 0; i < nmoves; i++) {
		path_push(&pos, moves[i]);
		ob_make(&pos, moves[i], &u);
	}
	ob_ofen_write(root, ofen);
	int nsteps = 0, n_last = 0;
	enum finding f = AGREE;
	for (int depth = opt.depth; depth >= 1; depth--) {
		struct step *s = &steps[nsteps++];
		int n = divide_sorted(&pos, depth, ours);
		divided_for_programs(&pos, ours, n);
		n_last = n;
		s->depth = depth;
		s->plies = path.n;
		s->descended = false;
		if (!engine_divide(opt.compare, opt.timeout, depth, ofen,
				   path.n ? path.joined : "", &pos, &theirs,
				   why, sizeof why) ||
		    !understood(n, why, sizeof why)) {
			warn_failed(file, lineno, depth, why);
			return false;
		}
		match(n, s);
		if (s->nmissing || s->nextra) {
			f = MOVES;
			break;
		}
		if (s->ndiffer == 0) {
			if (nsteps > 1 && steps[nsteps - 2].next_got != s->got)
				f = INCONSISTENT;
			break;
		}
		if (depth == 1) {
			f = MISCOUNTED;
			break;
		}
		int k = smallest_differing(n);
		s->descended = true;
		s->next_expected = ours[k].count;
		s->next_got = theirs.moves[matched[k]].count;
		path_push(&pos, ours[k].move);
		ob_make(&pos, ours[k].move, &u);
	}
	char final_ofen[OB_OFEN_MAX];
	ob_ofen_write(&pos, final_ofen);
	if (opt.json)
		json_report(steps, nsteps, f, root, final_ofen, nmoves, n_last);
	else
		text_report(steps, nsteps, f, final_ofen, n_last);
	positions_written++;
	util_check_output();
	return f == AGREE;
}
