/*
 * Attack queries on a position (the public face of the attack scan in
 * attack.h): is a cell attacked, by which pieces, is the side to move in
 * check.
 */
#include "oblique.h"

#include "attack.h"

struct ob_cellset ob_attackers(const struct ob_position *pos, int cell, int by)
{
	const struct ob_tables *t = pos->variant->tables;
	struct ob_slider_sets sliders;
	ob_slider_sets_fill(pos, t, by, &sliders);
	return ob_attack_scan(pos, t, &sliders, cell, by,
			      cs_or(pos->by_color[0], pos->by_color[1]),
			      false);
}

bool ob_attacked_occ(const struct ob_position *pos, int cell, int by,
		     struct ob_cellset occ)
{
	const struct ob_tables *t = pos->variant->tables;
	struct ob_slider_sets sliders;
	ob_slider_sets_fill(pos, t, by, &sliders);
	return cs_any(ob_attack_scan(pos, t, &sliders, cell, by, occ, true));
}

bool ob_attacked(const struct ob_position *pos, int cell, int by)
{
	return ob_attacked_occ(pos, cell, by,
			       cs_or(pos->by_color[0], pos->by_color[1]));
}

bool ob_in_check(const struct ob_position *pos)
{
	int k = pos->royal_cell[pos->side];
	return k >= 0 && ob_attacked(pos, k, 1 - pos->side);
}

struct ob_cellset ob_checkers(const struct ob_position *pos)
{
	int k = pos->royal_cell[pos->side];
	if (k < 0)
		return cs_empty();
	return ob_attackers(pos, k, 1 - pos->side);
}
