#include "draw/text.h"

static const struct text_glyphs ascii_glyphs = {"+", "+", "+", "+", "-",
						"|", ".", "/", "\\"};
static const struct text_glyphs unicode_glyphs = {
	"\u250c", "\u2510", "\u2514", "\u2518", "\u2500",
	"\u2502", "\u00b7", "\u2571", "\u2572"};

bool text_codes(const struct ob_variant *v)
{
	return ob_kind_code(v, 0)[1] != '\0';
}

const char *text_piece(const struct ob_variant *v, ob_piece p, char *buf)
{
	int kind = OB_PIECE_KIND(p), army = OB_PIECE_COLOR(p);
	if (text_codes(v)) {
		snprintf(buf, 8, "%.2s%d", ob_kind_code(v, kind), army + 1);
		return buf;
	}
	buf[0] = v->kinds[kind].letter;
	if (army == OB_BLACK)
		buf[0] = (char)(buf[0] + 32);
	buf[1] = '\0';
	return buf;
}

const char *text_cell(const struct view *view, const struct scene *sc,
		      int cell, const struct text_glyphs *g, char *buf)
{
	unsigned f = sc->flags[cell];
	ob_piece p = sc->board[cell];
	if (sc->heat) {
		if (!sc->has_value[cell])
			return g->empty;
		int d = (int)(scene_heat_level(sc, cell) * 10);
		buf[0] = (char)('0' + (d > 9 ? 9 : d));
		buf[1] = '\0';
		return buf;
	}
	if (f & F_ADVANCE)
		return "o";
	if (f & (F_ATTACK | F_CAPTURE))
		return "x";
	if (f & F_SWAP)
		return "s";
	if (f & F_CASTLE)
		return "c";
	if (p != OB_EMPTY)
		return text_piece(view->variant, p, buf);
	if (f & (F_REACH | F_MARK))
		return "*";
	return g->empty;
}

void text_render(FILE *o, const struct view *view, const struct scene *sc,
		 bool unicode)
{
	const struct text_glyphs *g = unicode ? &unicode_glyphs : &ascii_glyphs;
	view->shape->text(o, view, sc, g);
	char scale[160];
	for (int i = 0; i < sc->ncaption; i++)
		fprintf(o, "%s\n", sc->caption[i]);
	if (sc->key[0])
		fprintf(o, "%s (%s)\n", sc->key,
			text_codes(view->variant)
				? "the digit after a code is the army"
				: "upper case White's, lower case Black's");
	switch (sc->legend) {
	case LEGEND_NONE:
		break;
	case LEGEND_REACH:
		fprintf(o, "* reached cell%s%s%s\n",
			sc->captures ? ", x capture" : "",
			scene_has(sc, ob_cell_count(view->variant), F_SWAP)
				? ", s a piece it may swap with"
				: "",
			scene_has(sc, ob_cell_count(view->variant), F_CASTLE)
				? ", c castling (the King's cell)"
				: "");
		break;
	case LEGEND_PAWN:
		fputs("o advance (a quiet move only), x attacked cell "
		      "(a capture only)\n",
		      o);
		break;
	case LEGEND_HEAT:
		heat_legend(&sc->scale, true, scale, sizeof scale);
		fprintf(o, "shades 0-9, %s; %s no value\n", scale, g->empty);
		break;
	}
}
