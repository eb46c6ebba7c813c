/*
 * A move generator with one planted fault, for ob-perft --compare's tests:
 * the library's own generator with a bug of a kind an engine author makes.
 *
 *   test-engine [-csu] [-V variant] [-f fault] DEPTH POSITION MOVES
 *
 * prints the divide of POSITION after MOVES at DEPTH, one 'MOVE COUNT' a
 * line, a blank line and the total (-s: 'MOVE: COUNT' and 'Nodes
 * searched: N'; -c: moves as their cells alone; -u: in UCI's form, e2e4,
 * e7e8q, as a chess engine's perftree script prints them).  The fault
 * holds at every node of the tree, so that it shows in the counts above
 * it:
 *
 *   promotion     no promotion to the last promotion letter (or code)
 *   en-passant    no en passant capture
 *   castling      the castling right kept when the King moves
 *   pawn-capture  a pawn also captures straight ahead (last ply only)
 *   check         the King steps onto attacked cells (last ply only)
 *   swap          the Grandduke's swap (Plattraum Liu Yang) also when a
 *                 cell is attacked (last ply only)
 *   counts        the right moves, but a capture counted twice at the
 *                 last ply
 *   crash         killed by SIGSEGV; exit     exits 3; hang     sleeps
 *   garbage       a line that is not a move after the second
 *
 * (Moves added at the last ply only, so that the tree never goes on
 * below an illegal move, as a faulty bulk counter's would not.)
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "oblique.h"

static const char *fault = "";
static int castling_rule = -1;

static bool is(const char *name)
{
	return strcmp(fault, name) == 0;
}

static int cell_named(const struct ob_position *pos, int color,
		      const char *name)
{
	int cell;
	ob_cell_parse(pos->variant, name, &cell);
	return color == OB_WHITE ? cell : ob_cell_reflect(pos->variant, cell);
}

static bool listed(const ob_move *moves, int n, int from, int to)
{
	for (int i = 0; i < n; i++)
		if (OB_MOVE_FROM(moves[i]) == from && OB_MOVE_TO(moves[i]) == to)
			return true;
	return false;
}

/* The engine's own castling rights (bit = colour): its bug is that a King
 * move leaves them. */
static unsigned rights_after(const struct ob_position *pos, ob_move m,
			     unsigned rights)
{
	if (castling_rule < 0)
		return 0;
	const struct ob_pair_rule *r = &pos->variant->pairs[castling_rule];
	for (int c = 0; c < 2; c++) {
		int partner = cell_named(pos, c, r->partner_cell);
		if (OB_MOVE_FROM(m) == partner || OB_MOVE_TO(m) == partner)
			rights &= ~(1u << c);
	}
	if (OB_MOVE_SPECIAL(m) == OB_PAIRED &&
	    pos->variant->pairs[OB_MOVE_PAIR(m)].type == OB_CASTLING)
		rights &= ~(1u << pos->side);
	return rights;
}

static int add_castling(const struct ob_position *pos, unsigned rights,
			ob_move *moves, int n)
{
	const struct ob_variant *v = pos->variant;
	const struct ob_pair_rule *r = &v->pairs[castling_rule];
	int us = pos->side;
	int k = cell_named(pos, us, r->mover_cell);
	int b = cell_named(pos, us, r->partner_cell);
	int to = cell_named(pos, us, r->mover_to);
	if (!(rights & (1u << us)) || listed(moves, n, k, to) ||
	    pos->board[k] != OB_PIECE(us, r->mover_kind) ||
	    pos->board[b] != OB_PIECE(us, r->partner_kind))
		return n;
	for (int i = 0; i < OB_PAIR_CELLS && r->empty[i]; i++)
		if (pos->board[cell_named(pos, us, r->empty[i])] != OB_EMPTY)
			return n;
	for (int i = 0; i < OB_PAIR_CELLS && r->safe[i]; i++)
		if (ob_attacked(pos, cell_named(pos, us, r->safe[i]), 1 - us))
			return n;
	moves[n++] = OB_MOVE_WITH_SPECIAL(OB_MOVE_MAKE(k, to, 0, 0), OB_PAIRED,
					  castling_rule);
	return n;
}

/* The King's steps that the legal moves leave out: onto attacked cells. */
static int add_king_steps(const struct ob_position *pos, ob_move *moves, int n)
{
	const struct ob_variant *v = pos->variant;
	int us = pos->side, from = pos->royal_cell[us], nlegal = n;
	if (from < 0)
		return n;
	struct ob_cellset reach = ob_attacks_empty(v, us, v->royal_kind, from);
	for (int to = 0; to < ob_cell_count(v); to++) {
		ob_piece q = pos->board[to];
		if (!ob_cellset_has(reach, to) ||
		    (q != OB_EMPTY && (OB_PIECE_COLOR(q) == us ||
				       OB_PIECE_KIND(q) == v->royal_kind)) ||
		    listed(moves, nlegal, from, to))
			continue;
		moves[n++] = OB_MOVE_MAKE(from, to, 0, q != OB_EMPTY);
	}
	return n;
}

static int add_pawn_captures(const struct ob_position *pos, ob_move *moves,
			     int n)
{
	const struct ob_variant *v = pos->variant;
	int us = pos->side;
	for (int from = 0; from < ob_cell_count(v); from++) {
		if (pos->board[from] != OB_PIECE(us, v->pawn_kind))
			continue;
		int c[OB_MAX_DIMS];
		ob_cell_coords(v, from, c);
		for (int i = 0; i < v->pawn->nmoves; i++) {
			int d[OB_MAX_DIMS];
			for (int k = 0; k < v->board->ndims; k++)
				d[k] = c[k] + (us == OB_WHITE ? 1 : -1) *
						      v->pawn->moves[i].d[k];
			int to = ob_cell_at(v, d);
			if (to < 0)
				continue;
			ob_piece q = pos->board[to];
			ob_cell_coords(v, to, d);
			if (q == OB_EMPTY || OB_PIECE_COLOR(q) == us ||
			    OB_PIECE_KIND(q) == v->royal_kind ||
			    (v->pawn->promotes_on && us == OB_WHITE &&
			     v->pawn->promotes_on(d)))
				continue;
			moves[n++] = OB_MOVE_MAKE(from, to, 0, 1);
		}
	}
	return n;
}

/* The swaps that the legal moves leave out: with a cell attacked. */
static int add_swaps(const struct ob_position *pos, ob_move *moves, int n)
{
	const struct ob_variant *v = pos->variant;
	int us = pos->side, from = pos->royal_cell[us], nlegal = n;
	for (int i = 0; i < v->npairs && from >= 0; i++) {
		const struct ob_pair_rule *r = &v->pairs[i];
		if (r->type != OB_SWAP)
			continue;
		/* The steps to a partner are the same set for both armies
		 * (the mirror maps the orthogonal steps onto themselves). */
		int c[OB_MAX_DIMS];
		ob_cell_coords(v, from, c);
		for (int k = 0; k < r->nadjacent; k++) {
			int d[OB_MAX_DIMS];
			for (int j = 0; j < v->board->ndims; j++)
				d[j] = c[j] + r->adjacent[k].d[j];
			int to = ob_cell_at(v, d);
			if (to < 0 || pos->board[to] == OB_EMPTY ||
			    OB_PIECE_COLOR(pos->board[to]) != us ||
			    !(r->partner_kinds &
			      (1u << OB_PIECE_KIND(pos->board[to]))) ||
			    listed(moves, nlegal, from, to))
				continue;
			moves[n++] = OB_MOVE_WITH_SPECIAL(
				OB_MOVE_MAKE(from, to, 0, 0), OB_PAIRED, i);
		}
	}
	return n;
}

/* The kind of the last promotion choice ("N" of "RTBLN", "Sn" of
 * "Ds Fr Hr Un Sn"), or -1. */
static int last_promotion(const struct ob_variant *v)
{
	const char *letters = v->pawn ? v->pawn->promotion_letters : "";
	const char *last = strrchr(letters, ' ');
	int len;
	if (!*letters)
		return -1;
	if (ob_variant_has_codes(v))
		return ob_kind_parse(v, last ? last + 1 : letters, &len);
	return ob_kind_from_letter(v, letters[strlen(letters) - 1]);
}

/* The faulty generator; leaf: nothing is played below these moves. */
static int generate(const struct ob_position *pos, unsigned rights, bool leaf,
		    ob_move *moves)
{
	const struct ob_variant *v = pos->variant;
	ob_move all[OB_MAX_MOVES];
	int total = ob_legal_moves(pos, all), n = 0;
	int dropped = last_promotion(v);
	for (int i = 0; i < total; i++) {
		ob_move m = all[i];
		if (is("promotion") && OB_MOVE_PROMO(m) == dropped)
			continue;
		if (is("en-passant") && OB_MOVE_SPECIAL(m) == OB_EN_PASSANT)
			continue;
		moves[n++] = m;
	}
	if (is("castling") && castling_rule >= 0)
		n = add_castling(pos, rights, moves, n);
	if (leaf && is("check"))
		n = add_king_steps(pos, moves, n);
	if (leaf && is("swap"))
		n = add_swaps(pos, moves, n);
	if (leaf && is("pawn-capture"))
		n = add_pawn_captures(pos, moves, n);
	return n;
}

static uint64_t leaf_weight(ob_move m)
{
	return is("counts") && OB_MOVE_IS_CAPTURE(m) ? 2 : 1;
}

static uint64_t perft(const struct ob_position *pos, unsigned rights,
		      int depth)
{
	ob_move moves[OB_MAX_MOVES];
	int n = generate(pos, rights, depth == 1, moves);
	uint64_t sum = 0;
	for (int i = 0; i < n; i++) {
		if (depth == 1) {
			sum += leaf_weight(moves[i]);
			continue;
		}
		struct ob_position child = *pos;
		struct ob_undo u;
		ob_make(&child, moves[i], &u);
		sum += perft(&child, rights_after(pos, moves[i], rights),
			     depth - 1);
	}
	return sum;
}

/* The move as its cells alone: 'Ca1Ca4=R', 'e9e10=Ds', castling as the
 * King's cells, guarding and swaps with '&' and the partner's cells. */
static void write_cells(const struct ob_position *pos, ob_move m, char *out)
{
	char text[OB_MOVE_TEXT_MAX], a[8], b[8];
	ob_move_write_plain(pos, m, text);
	ob_cell_name(pos->variant, OB_MOVE_FROM(m), a);
	ob_cell_name(pos->variant, OB_MOVE_TO(m), b);
	char *eq = strchr(text, '='), *amp = strchr(text, '&');
	int code = ob_variant_has_codes(pos->variant) ? 2 : 1; /* letters */
	sprintf(out, "%s%s%.*s", a, b, eq ? 1 + code : 0, eq ? eq : "");
	if (amp) {
		char *dash = strchr(amp, '-');
		*dash = '\0';
		sprintf(out + strlen(out), "&%s%s", amp + 1 + code, dash + 1);
	}
}

int main(int argc, char **argv)
{
	const struct ob_variant *v = ob_variant_default();
	bool cells = false, stockfish = false, uci = false;
	int c;
	while ((c = getopt(argc, argv, "cf:suV:")) != -1) {
		switch (c) {
		case 'c':
			cells = true;
			break;
		case 'f':
			fault = optarg;
			break;
		case 's':
			stockfish = true;
			break;
		case 'u':
			uci = true;
			break;
		case 'V':
			v = ob_variant_find(optarg);
			break;
		default:
			return 2;
		}
	}
	if (!v || argc - optind != 3) {
		fputs("usage: test-engine [-csu] [-V variant] [-f fault] DEPTH "
		      "POSITION MOVES\n", stderr);
		return 2;
	}
	if (is("crash")) {
		signal(SIGSEGV, SIG_DFL); /* a sanitizer's handler too */
		raise(SIGSEGV);
	}
	if (is("exit")) {
		fputs("test-engine: cannot go on\n", stderr);
		return 3;
	}
	if (is("hang"))
		sleep(60);
	for (int i = 0; i < v->npairs; i++)
		if (v->pairs[i].type == OB_CASTLING)
			castling_rule = i;
	int depth = atoi(argv[optind]);
	const char *text = argv[optind + 1], *moves = argv[optind + 2];
	struct ob_position pos;
	struct ob_error err;
	if (ob_ofen_read(&pos, v, text, strlen(text), NULL, &err) != OB_OK) {
		fprintf(stderr, "test-engine: %s\n", err.message);
		return 2;
	}
	unsigned rights = 0;
	for (int col = 0; col < 2 && castling_rule >= 0; col++)
		if (pos.rights & (1u << (col * v->npairs + castling_rule)))
			rights |= 1u << col;
	for (const char *p = moves; *p;) {
		size_t len = strcspn(p, " ");
		ob_move m;
		if (len && ob_move_read(&pos, p, len, 0, &m, &err) != OB_OK) {
			fprintf(stderr, "test-engine: %.*s: %s\n", (int)len, p,
				err.message);
			return 2;
		}
		if (len) {
			struct ob_undo u;
			unsigned after = rights_after(&pos, m, rights);
			ob_make(&pos, m, &u);
			rights = after;
		}
		p += len + (p[len] == ' ');
	}
	ob_move list[OB_MAX_MOVES];
	int n = generate(&pos, rights, depth == 1, list);
	uint64_t total = 0;
	for (int i = 0; i < n; i++) {
		char out[OB_MOVE_TEXT_MAX + 8];
		uint64_t count = leaf_weight(list[i]);
		if (depth > 1) {
			struct ob_position child = pos;
			struct ob_undo u;
			ob_make(&child, list[i], &u);
			count = perft(&child, rights_after(&pos, list[i], rights),
				      depth - 1);
		}
		if (uci)
			ob_move_write_uci(&pos, list[i], out);
		else if (cells)
			write_cells(&pos, list[i], out);
		else
			ob_move_write_plain(&pos, list[i], out);
		printf("%s%s%llu\n", out, stockfish ? ": " : " ",
		       (unsigned long long)count);
		if (is("garbage") && i == 1)
			puts("the rest is silence");
		total += count;
	}
	printf(stockfish ? "\nNodes searched: %llu\n" : "\n%llu\n",
	       (unsigned long long)total);
	return 0;
}
