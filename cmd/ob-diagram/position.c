#include "ob-diagram/position.h"

#include <stdlib.h>
#include <string.h>

#include "draw/scene.h"
#include "input.h"
#include "ob-diagram/diagram.h"
#include "ob-diagram/output.h"
#include "oblique.h"
#include "util.h"

struct game_track {
	struct ob_position before, now;
	int plies;
};

static void track_ply(const struct ob_position *pos, ob_move move, int ply,
		      void *arg)
{
	struct game_track *t = arg;
	(void)move;
	(void)ply;
	t->before = t->now;
	t->now = *pos;
	t->plies++;
}

/* The legal move that led from before to now. */
static ob_move find_move(const struct ob_position *before,
			 const struct ob_position *now)
{
	ob_move moves[OB_MAX_MOVES];
	int n = ob_legal_moves(before, moves);
	for (int i = 0; i < n; i++) {
		struct ob_position p = *before;
		struct ob_undo u;
		ob_make(&p, moves[i], &u);
		if (ob_position_same(&p, now) &&
		    memcmp(p.board, now->board, sizeof p.board) == 0)
			return moves[i];
	}
	return OB_MOVE_NONE;
}

/* The rights and en passant fields of a position line (DFEN and FEN
 * fields 3 and 4), in words. */
static void state_caption(struct scene *sc, const char *line)
{
	const char *rights = strchr(line, ' '), *ep, *end;
	if (!rights || !(rights = strchr(rights + 1, ' ')))
		return;
	rights++;
	if (!(ep = strchr(rights, ' ')))
		return;
	ep++;
	if (!(end = strchr(ep, ' ')))
		end = ep + strlen(ep);
	int nr = (int)(ep - 1 - rights), ne = (int)(end - ep);
	bool no_rights = nr == 1 && *rights == '-', no_ep = ne == 1 && *ep == '-';
	/* chess's rights are castlings only; Diagonal Oblong's guard too */
	bool castling = true;
	for (int i = 0; i < opt.view.variant->npairs; i++)
		castling &= opt.view.variant->pairs[i].type == OB_CASTLING;
	scene_caption(sc, "%s: %.*s; en passant: %.*s",
		      castling ? "Castling" : "Rights", no_rights ? 4 : nr,
		      no_rights ? "none" : rights,
		      no_ep ? 4 : ne, no_ep ? "none" : ep);
}

/* A paired move (castling, guarding) moves a second piece: its cells are
 * the last move's too.  The rule's cells are White's; Black's are their
 * point reflections. */
static void mark_partner(struct scene *sc, const struct ob_position *before,
			 ob_move m)
{
	const struct ob_variant *v = before->variant;
	const struct ob_pair_rule *rule = &v->pairs[OB_MOVE_PAIR(m)];
	int from, to;
	/* a swap's partner goes where the mover stood: marked already */
	if (!rule->partner_cell || !rule->partner_to)
		return;
	if (ob_cell_parse(v, rule->partner_cell, &from) <= 0 ||
	    ob_cell_parse(v, rule->partner_to, &to) <= 0)
		return;
	if (before->side == OB_BLACK) {
		from = ob_cell_reflect(v, from);
		to = ob_cell_reflect(v, to);
	}
	sc->flags[from] |= F_FROM;
	sc->flags[to] |= F_TO;
}

static void position_scene(struct scene *sc, const struct ob_position *pos,
			   const struct game_track *t)
{
	const struct ob_variant *v = opt.view.variant;
	char ofen[OB_OFEN_MAX], text[OB_MOVE_TEXT_MAX];
	diagram_scene_init(sc, opt.view.shape->positions);
	memcpy(sc->board, pos->board, sizeof sc->board);
	ob_ofen_write(pos, ofen);
	snprintf(sc->title, sizeof sc->title, "%s", ofen);
	enum ob_game_status st = ob_status(pos);
	if (st == OB_CHECK || st == OB_CHECKMATE)
		sc->flags[pos->royal_cell[pos->side]] |= F_CHECK;
	if (st == OB_LAST_ARMY)
		scene_caption(sc, "%s has won: the last army left",
			      side_name(pos->side));
	else if (st == OB_ONGOING)
		scene_caption(sc, "%s to move", side_name(pos->side));
	else
		scene_caption(sc, "%s to move: %s", side_name(pos->side),
			      ob_game_status_name(st));
	/* three armies: one may be out of the game (it has no pieces) */
	unsigned out = ((1u << ob_armies(v)) - 1) & ~ob_armies_in_game(pos);
	if (ob_armies(v) > 2 && st != OB_LAST_ARMY && out)
		scene_caption(sc, "Army %d is out of the game",
			      __builtin_ctz(out) + 1);
	if (v->state_fields)
		state_caption(sc, ofen);
	if (t->plies > 0) {
		ob_move m = find_move(&t->before, &t->now);
		if (m != OB_MOVE_NONE) {
			ob_move_write(&t->before, m, text);
			sc->flags[OB_MOVE_FROM(m)] |= F_FROM;
			sc->flags[OB_MOVE_TO(m)] |= F_TO;
			if (OB_MOVE_SPECIAL(m) == OB_PAIRED)
				mark_partner(sc, &t->before, m);
			scene_caption(sc, "Last move: %s", text);
		}
	}
}

bool position_line(const char *file, long lineno, const char *line,
		   size_t len)
{
	struct ob_position pos;
	struct ob_error err;
	size_t rest;
	if (input_position(opt.view.variant, line, len, &pos, &rest, &err) !=
	    OB_OK) {
		util_warn_at(file, lineno, err.column, "%s", err.message);
		return false;
	}
	struct game_track *t = malloc(sizeof *t);
	if (!t) {
		util_warn("out of memory");
		exit(EXIT_USAGE);
	}
	t->now = pos;
	t->plies = 0;
	int plies = 0;
	bool ok = input_play_at(&pos, line + rest, len - rest, file, lineno,
				rest, &plies, track_ply, t) &&
		  (!opt.play ||
		   input_play_at(&pos, opt.play, strlen(opt.play), "--play", 1,
				 0, &plies, track_ply, t));
	if (ok) {
		static struct scene sc;
		position_scene(&sc, &pos, t);
		output_emit(&sc);
	}
	free(t);
	return ok;
}
