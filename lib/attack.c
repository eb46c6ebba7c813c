/*
 * Attack queries on a position (the public face of the attack scan in
 * attack.h): is a cell attacked, by which pieces, is the army to move in
 * check (by any other army).
 */
#include "oblique.h"

#include "attack.h"

struct ob_cellset ob_attackers(const struct ob_position *pos, int cell, int by)
{
	const struct ob_tables *t = pos->variant->tables;
	struct ob_slider_sets sliders;
	ob_slider_sets_fill(pos, t, by, &sliders);
	return ob_attack_scan(pos, t, &sliders, cell, by,
			      ob_occupied(pos),
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
			       ob_occupied(pos));
}

bool ob_attacked_by_others(const struct ob_position *pos, int cell, int army)
{
	int n = pos->variant->tables->narmies;
	for (int a = (army + 1) % n; a != army; a = (a + 1) % n)
		if (cs_any(pos->by_color[a]) && ob_attacked(pos, cell, a))
			return true;
	return false;
}

bool ob_in_check(const struct ob_position *pos)
{
	int k = pos->royal_cell[pos->side];
	return k >= 0 && ob_attacked_by_others(pos, k, pos->side);
}

struct ob_cellset ob_checkers(const struct ob_position *pos)
{
	int k = pos->royal_cell[pos->side], n = pos->variant->tables->narmies;
	struct ob_cellset all = cs_empty();
	if (k < 0)
		return all;
	for (int a = (pos->side + 1) % n; a != pos->side; a = (a + 1) % n)
		all = cs_or(all, ob_attackers(pos, k, a));
	return all;
}
