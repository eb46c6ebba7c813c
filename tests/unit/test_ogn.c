/* The OGN reader, the game replay and the random games. */
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"

/* A FILE holding text (tmpfile: standard C, no fmemopen). */
static FILE *text_file(const char *text, size_t len)
{
	FILE *f = tmpfile();
	if (!f)
		return NULL;
	fwrite(text, 1, len, f);
	rewind(f);
	return f;
}

/* Reads every game of text; returns how many, and the last in g. */
static int read_all(const char *text, size_t len, struct ob_game *g,
		    int *invalid)
{
	FILE *f = text_file(text, len);
	struct ob_ogn_reader *r = ob_ogn_open(f);
	struct ob_error err;
	int n = 0, got;
	*invalid = 0;
	while ((got = ob_ogn_next(r, g, &err)) > 0) {
		n++;
		if (ob_game_check(g, NULL, 0) != OB_OK)
			(*invalid)++;
	}
	CHECK(got == 0, "read error: %s", err.message);
	ob_ogn_close(r);
	fclose(f);
	return n;
}

static void test_tokens(void)
{
	static const char text[] =
		"\xef\xbb\xbf[Event \"a \\\"b\\\" \\\\\"]\r\n"
		"\r\n"
		"{\xc3\xa9t\xc3\xa9} 1.PCc2-Cc3 $12 ( 1. PBc2-Bc3 ! ) 1... "
		"PCb4-Cb3 ; end\r\n"
		"2. PCa2xCb3 1-0\r\n";
	struct ob_game g;
	int invalid;
	ob_game_init(&g);
	CHECK(read_all(text, sizeof text - 1, &g, &invalid) == 1, "one game");
	CHECK(invalid == 0, "valid: %s", g.nerrors ? g.errors[0].reason : "");
	CHECK(g.ntags == 1 && strcmp(g.text + g.tags[0].value,
				     "a \"b\" \\") == 0,
	      "escapes: %s", g.text + g.tags[0].value);
	CHECK(g.tags[0].line == 1 && g.tags[0].column == 1 &&
		      g.tags[0].value_column == 9,
	      "tag at %ld:%ld value %ld", g.tags[0].line, g.tags[0].column,
	      g.tags[0].value_column);
	static const struct {
		enum ob_token_type type;
		int depth, ply;
		long line, column;
		const char *text;
	} want[] = {
		{OB_TOKEN_COMMENT, 0, 0, 3, 1, "\xc3\xa9t\xc3\xa9"},
		{OB_TOKEN_MOVE, 0, 1, 3, 9, "PCc2-Cc3"},
		{OB_TOKEN_NAG, 0, 0, 3, 18, NULL},
		{OB_TOKEN_OPEN, 1, 0, 3, 22, NULL},
		{OB_TOKEN_MOVE, 1, 1, 3, 27, "PBc2-Bc3"},
		{OB_TOKEN_NAG, 1, 0, 3, 36, NULL},
		{OB_TOKEN_CLOSE, 1, 0, 3, 38, NULL},
		{OB_TOKEN_MOVE, 0, 2, 3, 45, "PCb4-Cb3"},
		{OB_TOKEN_COMMENT, 0, 0, 3, 54, " end"},
		{OB_TOKEN_MOVE, 0, 3, 4, 4, "PCa2xCb3"},
	};
	int n = (int)(sizeof want / sizeof *want);
	CHECK(g.ntokens == n, "%d tokens", g.ntokens);
	for (int i = 0; i < n && i < g.ntokens; i++) {
		const struct ob_token *t = &g.tokens[i];
		CHECK(t->type == want[i].type && t->depth == want[i].depth &&
			      t->ply == want[i].ply &&
			      t->line == want[i].line &&
			      t->column == want[i].column,
		      "token %d: type %d depth %d ply %d at %ld:%ld", i,
		      (int)t->type, t->depth, t->ply, t->line, t->column);
		if (want[i].text)
			CHECK(strcmp(g.text + t->text, want[i].text) == 0,
			      "token %d text '%s'", i, g.text + t->text);
	}
	CHECK(g.tokens[2].nag == 12 && g.tokens[5].nag == 1, "NAGs %d %d",
	      g.tokens[2].nag, g.tokens[5].nag);
	CHECK(strcmp(g.termination, "1-0") == 0 && g.term_line == 4 &&
		      g.term_column == 13,
	      "marker %s at %ld:%ld", g.termination, g.term_line,
	      g.term_column);
	CHECK(g.plies == 3 && g.moves_checked == 4, "plies %d, moves %ld",
	      g.plies, g.moves_checked);
	ob_game_free(&g);
}

/* The first diagnostic of the only game in text, as "L:C ply P: reason". */
static void expect(const char *text, const char *want)
{
	struct ob_game g;
	char got[300] = "(valid)";
	int invalid;
	ob_game_init(&g);
	int n = read_all(text, strlen(text), &g, &invalid);
	if (g.nerrors)
		snprintf(got, sizeof got, "%ld:%ld ply %d: %s", g.errors[0].line,
			 g.errors[0].column, g.errors[0].ply,
			 g.errors[0].reason);
	CHECK(n == 1 && strcmp(got, want) == 0, "%s\n  got  %s\n  want %s",
	      text, got, want);
	ob_game_free(&g);
}

static void test_syntax(void)
{
	expect("1. PCc2-Cc3 2.. PCc4-Cc3 *",
	       "1:13 ply 1: bad move number '2..': write 2. or 2...");
	expect("1. PCc2-Cc3 $256 *", "1:13 ply 1: a NAG is $0 to $255, not '$256'");
	expect("( PCc2-Cc3 ) *", "1:1 ply 0: a variation must follow a move");
	expect("PCc2-Cc3 ) *", "1:10 ply 1: ) without (");
	expect("PCc2-Cc3 ( ) *", "1:12 ply 0: empty variation");
	/* reported at the ( itself; the game's moves are still checked */
	expect("PCc2-Cc3 (PBc2-Bc3 *", "1:10 ply 1: ( without )");
	expect("PCc2-Cc3 { open", "1:10 ply 1: comment not closed with }");
	expect("PCc2-Cc3", "1:9 ply 1: missing termination marker at the end "
			   "of the input");
	expect("[Event \"x\\n\"]\n*",
	       "1:10 ply 0: bad escape in a tag value (only \\\" and \\\\)");
	expect("[Event \"x]\n*", "1:11 ply 0: unterminated tag value");
	expect("[Event \"x\" y]\n*", "1:12 ply 0: expected ] after the tag value");
	expect("[\"x\"]\n*", "1:2 ply 0: expected a tag name after [");
	expect("PCc2-Cc3 } *", "1:10 ply 1: } without {");
	/* a tag line that lost its '[' is named so, and the game stays one
	 * (read as a move, it ended the tags and the game at the next '[') */
	expect("[Event \"a\"]\nSite \"x\"]\n[Result \"*\"]\n\n1. PCc2-Cc3 *",
	       "2:1 ply 0: a tag line without its '[' (write [Site \"...\"])");
	expect("Event \"x\"]\n[Site \"y\"]\n\n1. PCc2-Cc3 *",
	       "1:1 ply 0: a tag line without its '[' (write [Event \"...\"])");
	expect("[Event \"a\"]\n  Round\t\"1\"]\n\n1. PCc2-Cc3 *",
	       "2:3 ply 0: a tag line without its '[' (write [Round \"...\"])");

	/* nesting: the limit exactly, then one more */
	char deep[2048];
	for (int extra = 0; extra <= 1; extra++) {
		size_t n = 0;
		n += (size_t)sprintf(deep + n, "PCc2-Cc3");
		for (int i = 0; i < OB_OGN_DEPTH_MAX + extra; i++)
			n += (size_t)sprintf(deep + n, " (PBc2-Bc3");
		for (int i = 0; i < OB_OGN_DEPTH_MAX + extra; i++)
			n += (size_t)sprintf(deep + n, ")");
		sprintf(deep + n, " *");
		char want[100];
		snprintf(want, sizeof want,
			 "%d:%d ply 1: variations nested deeper than %d", 1,
			 10 + 10 * OB_OGN_DEPTH_MAX, OB_OGN_DEPTH_MAX);
		expect(deep, extra ? want : "(valid)");
	}

	/* an overlong line */
	size_t big = OB_OGN_LINE_MAX + 100;
	char *line = malloc(big + 16);
	memset(line, ' ', big);
	memcpy(line, "PCc2-Cc3", 8);
	strcpy(line + big, " *");
	char want[100];
	snprintf(want, sizeof want, "1:%d ply 1: line longer than %d bytes",
		 OB_OGN_LINE_MAX + 1, OB_OGN_LINE_MAX);
	expect(line, want);
	free(line);
}

/* prefix, then unit n times, then " *": the first error is want, and no
 * list of the game was ever allocated past its limit. */
static void expect_flood(const char *prefix, const char *unit, long n,
			 const char *want)
{
	size_t p = strlen(prefix), u = strlen(unit);
	char *text = malloc(p + u * (size_t)n + 3);
	memcpy(text, prefix, p);
	for (long i = 0; i < n; i++)
		memcpy(text + p + u * (size_t)i, unit, u);
	strcpy(text + p + u * (size_t)n, " *");
	struct ob_game g;
	int invalid;
	ob_game_init(&g);
	read_all(text, strlen(text), &g, &invalid);
	CHECK(g.nerrors && strstr(g.errors[0].reason, want),
	      "%s x %ld: %s", unit, n, g.nerrors ? g.errors[0].reason : "");
	CHECK(g.tokens_cap + g.tags_cap <= 2 * OB_OGN_TOKENS_MAX &&
		      g.tokens_cap <= OB_OGN_TOKENS_MAX &&
		      g.tags_cap <= OB_OGN_TOKENS_MAX &&
		      g.text_cap <= OB_OGN_GAME_BYTES_MAX,
	      "%s x %ld: %d tokens, %d tags, %zu bytes allocated", unit, n,
	      g.tokens_cap, g.tags_cap, g.text_cap);
	ob_game_free(&g);
	free(text);
}

/* Every token and every byte of a game counts toward its limits. */
static void test_limits(void)
{
	long over = OB_OGN_TOKENS_MAX + 10;
	expect_flood("1. PCc2-Cc3", " $1\n", over, "longer than 262144 tokens");
	expect_flood("1. PCc2-Cc3", " !\n", over, "longer than 262144 tokens");
	expect_flood("1. PCc2-Cc3", "{}\n", over, "longer than 262144 tokens");
	expect_flood("", "[A \"\"]\n", over, "longer than 262144 tokens");
	expect_flood("1. PCc2-Cc3", "\n", OB_OGN_GAME_BYTES_MAX,
		     "longer than 16777216 bytes");
}

/* After a syntax error the reader finds the next game. */
static void test_resync(void)
{
	static const char text[] =
		"[Event \"1\"]\n\n1. PCc2-Cc3 2.. ( [not a tag] 1-0\n\n"
		"[Event \"2\"]\n\n1. PCc2-Cc3 *\n\n"
		"[Event \"3\" oops]\n[Site \"x\"]\n\n1. PCc2-Cc3 {1-0} 0-1\n"
		"[Event \"4\"]\n\n1. PCc2-Cc3 { never closed\n\n"
		"[Event \"5\"]\n\n*\n"
		"1. PCc2-Cc3\n[Event \"6\"]\n\n*\n";
	FILE *f = text_file(text, sizeof text - 1);
	struct ob_ogn_reader *r = ob_ogn_open(f);
	struct ob_game g;
	struct ob_error err;
	/* a broken game keeps the tags read before the error */
	static const char *const want[] = {"1", "2", NULL, "4", "5",
					   NULL, "6"};
	/* a missing marker does not break a game: its moves are checked */
	static const bool broken[] = {true, false, true, true, false, false,
				      false};
	int n = 0;
	ob_game_init(&g);
	while (ob_ogn_next(r, &g, &err) > 0) {
		const char *event = ob_game_tag(&g, "Event");
		if (n < 7)
			CHECK((event && want[n] && strcmp(event, want[n]) == 0) ||
				      (!event && !want[n]),
			      "game %d: Event %s", n + 1, event ? event : "-");
		if (n < 7)
			CHECK(g.broken == broken[n], "game %d broken %d",
			      n + 1, g.broken);
		CHECK(g.index == n + 1, "index %ld", g.index);
		n++;
	}
	CHECK(n == 7, "%d games", n);
	ob_game_free(&g);
	ob_ogn_close(r);
	fclose(f);
}

/* The replay's end of game against ob_history and ob_game_end: random
 * games from sparse positions, which repeat and run out the clock. */
static void test_end_oracle(void)
{
	static const char *const starts[] = {
		"4s/5/5/5/5|5/5/5/5/5|5/5/2r2/5/5|5/5/5/5/5|5/5/5/5/ST3 w 0 1",
		"4s/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/SN3 w 60 1",
		"s4/5/S4/5/5|5/5/R4/5/5|5/5/5/5/5|5/2R2/5/5/5|5/5/5/5/5 w 0 1",
		"5/5/5/5/5|5/5/5/R4/5|5/5/5/5/5|5/5/5/5/5|5/5/2S2/2N2/2s2 w 0 1",
	};
	const struct ob_variant *v = ob_variant_default();
	struct ob_rng rng;
	struct ob_game g;
	int ends[5] = {0};
	int games = 400; /* fast enough for the sanitizers too */
	char *text = malloc(1 << 16);
	ob_game_init(&g);
	ob_rng_seed(&rng, 99);
	for (int i = 0; i < games; i++) {
		const char *ofen = starts[i % 4];
		struct ob_position pos;
		struct ob_history *h = malloc(sizeof *h);
		check_position(&pos, v, ofen);
		ob_history_start(h, &pos);
		size_t n = (size_t)sprintf(text, "[OFEN \"%s\"]\n\n", ofen);
		enum ob_game_end end;
		int ply = 0;
		while ((end = ob_game_end(h)) == OB_END_NONE && ply < 300) {
			ob_move moves[OB_MAX_MOVES];
			char mt[OB_MOVE_TEXT_MAX];
			int k = ob_legal_moves(&pos, moves);
			ob_move m = moves[ob_rng_below(&rng, (uint64_t)k)];
			ob_move_write(&pos, m, mt);
			n += (size_t)sprintf(text + n, "%s ", mt);
			struct ob_undo u;
			ob_make(&pos, m, &u);
			ob_history_push(h, &pos, pos.halfmove_clock == 0);
			ply++;
		}
		ends[end]++;
		const char *result = end == OB_END_CHECKMATE
					     ? (pos.side == OB_WHITE ? "0-1"
								     : "1-0")
				     : end == OB_END_NONE ? "*"
							  : "1/2-1/2";
		sprintf(text + n, "%s\n", result);
		int invalid;
		CHECK(read_all(text, strlen(text), &g, &invalid) == 1 &&
			      invalid == 0 && g.end == end && g.plies == ply,
		      "game %d: end %d (oracle %d), plies %d (%d): %s", i,
		      (int)g.end, (int)end, g.plies, ply,
		      g.nerrors ? g.errors[0].reason : "");
		if (end != OB_END_NONE && end != OB_END_CHECKMATE &&
		    end != OB_END_STALEMATE) {
			/* one move more is a move after the end */
			ob_move moves[OB_MAX_MOVES];
			char mt[OB_MOVE_TEXT_MAX];
			ob_legal_moves(&pos, moves);
			ob_move_write(&pos, moves[0], mt);
			sprintf(text + n, "%s %s\n", mt, result);
			read_all(text, strlen(text), &g, &invalid);
			CHECK(g.nerrors == 1 &&
				      g.errors[0].status == OB_ERR_MOVE_GAME_OVER &&
				      g.errors[0].ply == ply + 1,
			      "game %d: a move after the end: %s", i,
			      g.nerrors ? g.errors[0].reason : "accepted");
		}
		free(h);
	}
	CHECK(ends[OB_END_THREEFOLD] > 0 && ends[OB_END_FIFTY_MOVES] > 0 &&
		      ends[OB_END_CHECKMATE] > 0,
	      "every end seen: mate %d stalemate %d threefold %d clock %d",
	      ends[1], ends[2], ends[3], ends[4]);
	free(text);
	ob_game_free(&g);
}

/* Random games: the quick sort agrees with ob_moves_sort, the writer's
 * output reads back to the same game, and every game is valid. */
static void test_random(void)
{
	const struct ob_variant *const *all = ob_variants();
	struct ob_game g, back;
	ob_game_init(&g);
	ob_game_init(&back);
	for (int vi = 0; all[vi]; vi++) {
		struct ob_rng rng;
		ob_rng_seed(&rng, 5);
		int games = check_quick() ? 3 : 12;
		for (int i = 0; i < games; i++) {
			CHECK(ob_game_random(&g, all[vi], &rng, i + 1, 120) ==
				      OB_OK,
			      "random game");
			/* sorting, along the main line */
			struct ob_position pos = g.start;
			for (int k = 0; k < g.ntokens; k++) {
				const struct ob_token *t = &g.tokens[k];
				if (t->type != OB_TOKEN_MOVE || t->depth)
					continue;
				ob_move a[OB_MAX_MOVES], b[OB_MAX_MOVES];
				int n = ob_legal_moves(&pos, a);
				memcpy(b, a, sizeof a);
				ob_moves_sort(&pos, a, n);
				game_moves_sort(&back, &pos, b, n);
				CHECK(memcmp(a, b, (size_t)n * sizeof *a) == 0,
				      "%s: the sorts differ at ply %d",
				      all[vi]->name, t->ply);
				struct ob_undo u;
				ob_make(&pos, t->move, &u);
			}
			FILE *f = tmpfile();
			ob_ogn_write(f, &g);
			rewind(f);
			struct ob_ogn_reader *r = ob_ogn_open(f);
			struct ob_error err;
			CHECK(ob_ogn_next(r, &back, &err) == 1, "read back");
			CHECK(ob_game_check(&back, NULL, OB_CHECK_STRICT |
							  OB_CHECK_CANONICAL) ==
				      OB_OK,
			      "%s game %d: %s", all[vi]->name, i + 1,
			      back.nerrors ? back.errors[0].reason : "");
			CHECK(back.ntokens == g.ntokens && back.plies == g.plies &&
				      back.end == g.end &&
				      strcmp(back.termination, g.termination) == 0,
			      "%s game %d read back differs", all[vi]->name,
			      i + 1);
			for (int k = 0; k < g.ntokens && k < back.ntokens; k++)
				if (g.tokens[k].type == OB_TOKEN_MOVE)
					CHECK(back.tokens[k].move == g.tokens[k].move &&
						      strcmp(back.tokens[k].canonical,
							     g.tokens[k].canonical) ==
							      0,
					      "token %d", k);
			ob_ogn_close(r);
			fclose(f);
		}
	}
	ob_game_free(&g);
	ob_game_free(&back);
}

/* Each tag that repeats an earlier name of its game is marked, over
 * games of many tags (the reader's set grows) and of few (it is emptied
 * between games). */
static void test_repeated_tags(void)
{
	static const int ntags[] = {300, 3, 1000, 0, 2};
	char *text = malloc(64 * 1400);
	size_t len = 0;
	for (size_t k = 0; k < sizeof ntags / sizeof *ntags; k++) {
		for (int i = 0; i < ntags[k]; i++)
			len += (size_t)sprintf(text + len, "[N%d \"%d\"]\n",
					       i % (ntags[k] / 2 + 1), i);
		len += (size_t)sprintf(text + len, "\n1. PCc2-Cc3 *\n\n");
	}
	FILE *f = text_file(text, len);
	struct ob_ogn_reader *r = ob_ogn_open(f);
	struct ob_game g;
	struct ob_error err;
	ob_game_init(&g);
	for (size_t k = 0; k < sizeof ntags / sizeof *ntags; k++) {
		CHECK(ob_ogn_next(r, &g, &err) == 1, "game %zu", k + 1);
		CHECK(g.ntags == ntags[k], "game %zu: %d tags", k + 1, g.ntags);
		int wrong = 0;
		for (int i = 0; i < g.ntags; i++) {
			const char *name = g.text + g.tags[i].name;
			bool first = ob_game_tag(&g, name) ==
				     g.text + g.tags[i].value;
			wrong += g.tags[i].repeated == first;
		}
		CHECK(wrong == 0, "game %zu: %d tags marked wrongly", k + 1,
		      wrong);
	}
	ob_game_free(&g);
	ob_ogn_close(r);
	fclose(f);
	free(text);
}

void test_ogn(void)
{
	test_tokens();
	test_syntax();
	test_limits();
	test_resync();
	test_end_oracle();
	test_random();
	test_repeated_tags();
}
