/*
 * Geometry derived from a variant's tables once: cells and names, rays,
 * leaper and pawn targets, promotion cells, Zobrist keys; and the public
 * geometry queries built on them.
 */
#include "oblique.h"

#include <assert.h>
#include <string.h>

#include "internal.h"

uint64_t ob_zobrist[OB_PIECE_VALUES][OB_MAX_CELLS];
uint64_t ob_zobrist_side[OB_MAX_ARMIES];
uint64_t ob_zobrist_rights[2 * OB_MAX_PAIRS];
uint64_t ob_zobrist_ep[OB_MAX_CELLS];

static int grid_index(const struct ob_board *b, const int *c)
{
	int g = 0;
	for (int i = 0; i < b->ndims; i++)
		g = g * b->extent[i] + c[i];
	return g;
}

static bool in_grid(const struct ob_board *b, const int *c)
{
	for (int i = 0; i < b->ndims; i++)
		if (c[i] < 0 || c[i] >= b->extent[i])
			return false;
	return true;
}

/* The cell at coordinates, or -1; t must already hold grid_to_cell. */
static int cell_at(const struct ob_board *b, const struct ob_tables *t,
		   const int *c)
{
	if (!in_grid(b, c))
		return -1;
	return t->grid_to_cell[grid_index(b, c)];
}

/* An army's frame: the variant's, or for army 2 of a variant without
 * frames the point reflection. */
static struct ob_frame frame_of(const struct ob_variant *v, int army)
{
	if (v->frames)
		return v->frames[army];
	struct ob_frame f = {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, 1};
	if (army == 1)
		for (int i = 0; i < OB_MAX_DIMS; i++)
			f.m[i][i] = -1;
	return f;
}

/* Army 1's vector in the army's frame. */
static struct ob_vector framed(const struct ob_variant *v,
			       const struct ob_vector *vec, int army)
{
	struct ob_frame f = frame_of(v, army);
	struct ob_vector w = {{0}};
	for (int i = 0; i < OB_MAX_DIMS; i++) {
		int x = 0;
		for (int j = 0; j < OB_MAX_DIMS; j++)
			x += f.m[i][j] * vec->d[j];
		assert(x % f.div == 0);
		w.d[i] = (int8_t)(x / f.div);
	}
	return w;
}

static struct ob_vector negated(const struct ob_vector *vec)
{
	struct ob_vector w = *vec;
	for (int i = 0; i < OB_MAX_DIMS; i++)
		w.d[i] = (int8_t)-w.d[i];
	return w;
}

/* The cell one vector away (as is: in army 1's frame), or -1. */
static int step_by(const struct ob_board *b, const struct ob_tables *t,
		   int cell, const struct ob_vector *vec)
{
	int c[OB_MAX_DIMS] = {0};
	for (int i = 0; i < b->ndims; i++)
		c[i] = t->coords[cell][i] + vec->d[i];
	return cell_at(b, t, c);
}

/* The cell one of army 1's vectors away in the army's frame, or -1. */
static int step(const struct ob_variant *v, const struct ob_tables *t,
		int cell, const struct ob_vector *vec, int army)
{
	struct ob_vector w = framed(v, vec, army);
	return step_by(v->board, t, cell, &w);
}

static bool same_vector(const struct ob_vector *a, const struct ob_vector *b)
{
	return memcmp(a->d, b->d, sizeof a->d) == 0;
}

static int find_or_add_dir(struct ob_tables *t, const struct ob_vector *v)
{
	for (int d = 0; d < t->ndirs; d++)
		if (same_vector(&t->dirs[d], v))
			return d;
	assert(t->ndirs < OB_MAX_DIRS);
	t->dirs[t->ndirs] = *v;
	return t->ndirs++;
}

static int find_dir(const struct ob_tables *t, const struct ob_vector *v)
{
	for (int d = 0; d < t->ndirs; d++)
		if (same_vector(&t->dirs[d], v))
			return d;
	return -1;
}

static void build_cells(const struct ob_variant *v, struct ob_tables *t)
{
	const struct ob_board *b = v->board;
	int total = 1;
	for (int i = 0; i < b->ndims; i++)
		total *= b->extent[i];
	assert(total <= OB_GRID_MAX);
	t->ncells = 0;
	for (int g = 0; g < total; g++) {
		int c[OB_MAX_DIMS] = {0}, rest = g;
		for (int i = b->ndims - 1; i >= 0; i--) {
			c[i] = rest % b->extent[i];
			rest /= b->extent[i];
		}
		t->grid_to_cell[g] = -1;
		if (b->exists && !b->exists(c))
			continue;
		assert(t->ncells < OB_MAX_CELLS);
		int cell = t->ncells++;
		t->grid_to_cell[g] = (int16_t)cell;
		for (int i = 0; i < b->ndims; i++)
			t->coords[cell][i] = (int8_t)c[i];
		cs_set(&t->all, cell);
	}
	for (int cell = 0; cell < t->ncells; cell++) {
		char *p = t->names[cell];
		if (b->name_cell) {
			int c[OB_MAX_DIMS] = {0};
			for (int i = 0; i < b->ndims; i++)
				c[i] = t->coords[cell][i];
			p += b->name_cell(c, p);
		}
		for (int k = 0; !b->name_cell && k < b->ndims; k++) {
			int dim = b->name_order[k], x = t->coords[cell][dim];
			if (b->style[dim] == OB_COORD_UPPER)
				*p++ = (char)('A' + x);
			else if (b->style[dim] == OB_COORD_LOWER)
				*p++ = (char)('a' + x);
			else if (x + 1 >= 10) {
				*p++ = (char)('0' + (x + 1) / 10);
				*p++ = (char)('0' + (x + 1) % 10);
			} else
				*p++ = (char)('1' + x);
		}
		*p = '\0';
	}
	/* Frames act on cells about the centre: on doubled offsets from
	 * it, which are whole on every board. */
	for (int army = 0; army < t->narmies; army++)
		for (int cell = 0; cell < t->ncells; cell++) {
			struct ob_vector off = {{0}};
			for (int i = 0; i < b->ndims; i++)
				off.d[i] = (int8_t)(2 * t->coords[cell][i] -
						    (b->extent[i] - 1));
			struct ob_vector f = framed(v, &off, army);
			int c[OB_MAX_DIMS] = {0};
			for (int i = 0; i < b->ndims; i++) {
				assert((f.d[i] + b->extent[i] - 1) % 2 == 0);
				c[i] = (f.d[i] + b->extent[i] - 1) / 2;
			}
			int m = cell_at(b, t, c);
			assert(m >= 0);
			t->frame_cell[army][cell] = (uint8_t)m;
			t->unframe_cell[army][m] = (uint8_t)cell;
		}
}

static void build_sliders(const struct ob_variant *v, struct ob_tables *t)
{
	const struct ob_board *b = v->board;
	for (int color = 0; color < t->narmies; color++)
		for (int k = 0; k < v->nkinds; k++) {
			const struct ob_piece_kind *pk = &v->kinds[k];
			if (pk->motion == OB_SLIDE)
				t->slider_kinds[color] |= (uint16_t)(1u << k);
			else if (pk->motion == OB_CANNON)
				t->cannon_kinds[color] |= (uint16_t)(1u << k);
			else
				continue;
			for (int i = 0; i < pk->nvectors; i++) {
				struct ob_vector w =
					framed(v, &pk->vectors[i], color);
				int d = find_or_add_dir(t, &w);
				t->slide_dirs[color][k][t->nslide_dirs[color][k]++] =
					(uint8_t)d;
			}
		}
	/* Every slider direction needs its opposite for attack scans. */
	for (int d = 0, n = t->ndirs; d < n; d++) {
		struct ob_vector opp = negated(&t->dirs[d]);
		find_or_add_dir(t, &opp);
	}
	for (int d = 0; d < t->ndirs; d++) {
		int g = 0;
		for (int i = 0; i < b->ndims; i++)
			g = g * b->extent[i] + t->dirs[d].d[i];
		t->positive[d] = g > 0;
		for (int cell = 0; cell < t->ncells; cell++) {
			struct ob_cellset ray = cs_empty();
			for (int c = step_by(b, t, cell, &t->dirs[d]); c >= 0;
			     c = step_by(b, t, c, &t->dirs[d])) {
				assert((c > cell) == t->positive[d]);
				cs_set(&ray, c);
			}
			t->ray[d][cell] = ray;
		}
	}
	memset(t->dir_to, -1, sizeof t->dir_to);
	for (int d = 0; d < t->ndirs; d++)
		for (int cell = 0; cell < t->ncells; cell++)
			for (struct ob_cellset r = t->ray[d][cell]; cs_any(r);) {
				int x = cs_pop(&r);
				assert(t->dir_to[cell][x] == -1);
				t->dir_to[cell][x] = (int8_t)d;
			}
	for (int d = 0; d < t->ndirs; d++)
		for (int cell = 0; cell < t->ncells; cell++)
			t->lines_from[cell] =
				cs_or(t->lines_from[cell], t->ray[d][cell]);
	for (int color = 0; color < t->narmies; color++) {
		for (int d = 0; d < t->ndirs; d++) {
			struct ob_vector opp = negated(&t->dirs[d]);
			int od = find_dir(t, &opp);
			uint16_t mask = 0;
			for (int k = 0; k < v->nkinds; k++)
				for (int i = 0; (t->slider_kinds[color] >> k & 1) &&
						i < t->nslide_dirs[color][k];
				     i++)
					if (t->slide_dirs[color][k][i] == od)
						mask |= (uint16_t)(1u << k);
			t->line_kinds[color][d] = mask;
			int g;
			for (g = 0; g < t->ngroups[color]; g++)
				if (t->group_kinds[color][g] == mask)
					break;
			if (g == t->ngroups[color])
				t->group_kinds[color][t->ngroups[color]++] = mask;
			t->group_dirs[color][g][t->ngroup_dirs[color][g]++] =
				(uint8_t)d;
			for (int cell = 0; cell < t->ncells; cell++)
				t->group_rays[color][g][cell] =
					cs_or(t->group_rays[color][g][cell],
					      t->ray[d][cell]);
		}
		for (int d = 0; d < t->ndirs; d++) {
			struct ob_vector opp = negated(&t->dirs[d]);
			int od = find_dir(t, &opp);
			uint16_t mask = 0;
			for (int k = 0; k < v->nkinds; k++)
				for (int i = 0; (t->cannon_kinds[color] >> k & 1) &&
						i < t->nslide_dirs[color][k];
				     i++)
					if (t->slide_dirs[color][k][i] == od)
						mask |= (uint16_t)(1u << k);
			t->cannon_line_kinds[color][d] = mask;
			if (!mask)
				continue;
			int n = t->ncannon_scans[color]++;
			t->cannon_scan_dir[color][n] = (uint8_t)d;
			t->cannon_scan_kinds[color][n] = mask;
			for (int cell = 0; cell < t->ncells; cell++)
				t->cannon_rays[color][cell] =
					cs_or(t->cannon_rays[color][cell],
					      t->ray[d][cell]);
		}
	}
}

/* The look-up of the directions in the set dirs (a bit per direction),
 * added if new. */
static int find_or_add_line(struct ob_tables *t, uint32_t dirs)
{
	for (int l = 0; l < t->nlines; l++)
		if (t->line_dirs[l] == dirs)
			return l;
	assert(t->nlines < OB_MAX_LINES);
	t->line_dirs[t->nlines] = dirs;
	return t->nlines++;
}

/* The attacks along the directions dirs from cell over occ, ray by ray. */
static struct ob_cellset line_by_rays(const struct ob_tables *t,
				      uint32_t dirs, int cell,
				      struct ob_cellset occ)
{
	struct ob_cellset att = cs_empty();
	for (; dirs; dirs &= dirs - 1)
		att = cs_or(att, ob_ray_attacks(t, __builtin_ctz(dirs), cell, occ));
	return att;
}

/* The cells whose occupancy decides the attacks along dirs from cell:
 * each ray but its edge cell. */
static struct ob_cellset line_mask(const struct ob_tables *t, uint32_t dirs,
				   int cell)
{
	struct ob_cellset mask = cs_empty();
	for (; dirs; dirs &= dirs - 1) {
		int d = __builtin_ctz(dirs);
		struct ob_cellset ray = t->ray[d][cell];
		if (cs_any(ray))
			ray = cs_andnot(ray, cs_bit(t->positive[d] ? cs_last(ray)
								  : cs_first(ray)));
		mask = cs_or(mask, ray);
	}
	return mask;
}

/* The widest index (in bits) of the look-up of dirs over all cells; 64
 * when a mask cannot be folded into one word. */
static int line_bits(const struct ob_tables *t, uint32_t dirs)
{
	int bits = 0;
	for (int cell = 0; cell < t->ncells; cell++) {
		struct ob_cellset mask = line_mask(t, dirs, cell);
		if (mask.lo & mask.hi)
			return 64;
		if (cs_count(mask) > bits)
			bits = cs_count(mask);
	}
	return bits;
}

/* Tries the multiplier: fills table (2^(64 - shift) entries) and says
 * whether no two different attack sets met in it.  used[i]: the try that
 * last wrote table[i]. */
static bool try_magic(uint64_t magic, unsigned shift, const uint64_t *subs,
		      const struct ob_cellset *atts, int n,
		      struct ob_cellset *table, uint32_t *used, uint32_t try)
{
	for (int s = 0; s < n; s++) {
		uint32_t i = (uint32_t)((subs[s] * magic) >> shift);
		if (used[i] != try) {
			used[i] = try;
			table[i] = atts[s];
		} else if (table[i].lo != atts[s].lo || table[i].hi != atts[s].hi)
			return false;
	}
	return true;
}

/*
 * Finds a multiplier that maps every occupancy of the entry's mask to an
 * index with no two different attack sets meeting, and fills the table.
 * A try moves the mask's i-th cell to the index's bit slot[i], which
 * works when the products do not carry into each other: first in order,
 * then in shuffled orders, then sparse random multipliers; after those,
 * the index gets a bit wider.  Deterministic: the same seed everywhere.
 */
static void build_line_entry(struct ob_tables *t, int l, int cell,
			     struct ob_rng *rng, uint32_t *used,
			     uint32_t *try)
{
	struct ob_line_entry *e = &t->line[cell][l];
	uint32_t dirs = t->line_dirs[l];
	struct ob_cellset mask = line_mask(t, dirs, cell);
	assert((mask.lo & mask.hi) == 0); /* the fold keeps cells apart */
	uint64_t folded = mask.lo | mask.hi;
	int bits = __builtin_popcountll(folded);
	e->mask = mask;
	e->offset = (uint32_t)t->nline_attacks;
	struct ob_cellset *table = &t->line_attacks[e->offset];
	if (bits == 0) {
		assert(t->nline_attacks + 1 <= OB_LINE_ATTACKS);
		e->shift = 63;
		e->magic = 0;
		table[0] = line_by_rays(t, dirs, cell, cs_empty());
		t->nline_attacks++;
		return;
	}
	/* Every subset of the mask (Carry-Rippler) and its attacks. */
	uint64_t subs[1 << OB_LINE_WIDEST];
	struct ob_cellset atts[1 << OB_LINE_WIDEST];
	assert(bits <= OB_LINE_WIDEST);
	uint64_t sub = 0;
	int n = 0;
	do {
		struct ob_cellset occ = {sub & mask.lo, sub & mask.hi};
		subs[n] = sub;
		atts[n++] = line_by_rays(t, dirs, cell, occ);
		sub = (sub - folded) & folded;
	} while (sub);
	for (int width = bits; width <= OB_LINE_WIDEST; width++) {
		assert(t->nline_attacks + (1 << width) <= OB_LINE_ATTACKS);
		unsigned shift = (unsigned)(64 - width);
		int slot[OB_LINE_WIDEST];
		for (int i = 0; i < bits; i++)
			slot[i] = i;
		for (int k = 0; k < 4096; k++) {
			uint64_t magic = 0;
			if (k < 64) {
				int i = 0;
				for (uint64_t m = folded; m; m &= m - 1, i++) {
					unsigned at = (unsigned)__builtin_ctzll(m);
					unsigned to = shift + (unsigned)slot[i];
					if (at <= to)
						magic += (uint64_t)1 << (to - at);
				}
				for (int j = bits - 1; j > 0; j--) {
					int r = (int)ob_rng_below(rng, (uint64_t)j + 1);
					int x = slot[j];
					slot[j] = slot[r];
					slot[r] = x;
				}
			} else {
				magic = ob_rng_next(rng) & ob_rng_next(rng) &
					ob_rng_next(rng);
			}
			if (try_magic(magic, shift, subs, atts, n, table, used,
				      ++*try)) {
				e->magic = magic;
				e->shift = shift;
				t->nline_attacks += 1 << width;
				return;
			}
		}
	}
	assert(!"no multiplier for a line look-up");
}

/*
 * Each slider kind's look-ups: its lines (a direction and its opposite;
 * a lone ray where the kind lacks the opposite), taken in order and
 * merged while the merged index stays within OB_LINE_BITS on every cell,
 * so that a kind of many lines needs fewer look-ups.  Then the tables.
 */
static void build_lines(const struct ob_variant *v, struct ob_tables *t)
{
	int opposite[OB_MAX_DIRS];
	for (int d = 0; d < t->ndirs; d++) {
		struct ob_vector o = negated(&t->dirs[d]);
		opposite[d] = find_dir(t, &o);
	}
	for (int color = 0; color < t->narmies; color++)
		for (int k = 0; k < v->nkinds; k++) {
			const uint8_t *dirs = t->slide_dirs[color][k];
			int n = t->nslide_dirs[color][k];
			uint32_t units[2 * OB_MAX_DIRS];
			int nunits = 0;
			for (int i = 0; i < n; i++) {
				int d = dirs[i], od = -1;
				for (int j = 0; j < n; j++)
					if (dirs[j] == opposite[d])
						od = opposite[d];
				if (od >= 0 && od < d)
					continue; /* the line is taken with od */
				uint32_t line = 1u << d | (od >= 0 ? 1u << od : 0);
				/* A long line (the hexagonal board's, of up to 11
				 * cells) costs 2^(a+b) entries a cell, its two
				 * rays 2^a + 2^b: a table that stays in cache. */
				if (od >= 0 && line_bits(t, line) > OB_LINE_BITS) {
					units[nunits++] = 1u << d;
					units[nunits++] = 1u << od;
				} else
					units[nunits++] = line;
			}
			uint32_t merged = 0;
			for (int i = 0; i < nunits; i++) {
				uint32_t line = units[i];
				if (merged &&
				    line_bits(t, merged | line) > OB_LINE_BITS) {
					t->slide_lines[color][k]
						      [t->nslide_lines[color][k]++] =
						(uint8_t)find_or_add_line(t, merged);
					merged = 0;
				}
				merged |= line;
			}
			if (merged)
				t->slide_lines[color][k][t->nslide_lines[color][k]++] =
					(uint8_t)find_or_add_line(t, merged);
			/* ob_slider_attacks_w takes the first look-up untested */
			assert(t->nslide_lines[color][k] > 0 ||
			       (v->kinds[k].motion != OB_SLIDE &&
				v->kinds[k].motion != OB_CANNON));
		}
	struct ob_rng rng;
	ob_rng_seed(&rng, 0x11e5ULL);
	uint32_t used[1 << OB_LINE_WIDEST] = {0}, try = 0;
	for (int l = 0; l < t->nlines; l++)
		for (int cell = 0; cell < t->ncells; cell++)
			build_line_entry(t, l, cell, &rng, used, &try);
}

static void build_leapers(const struct ob_variant *v, struct ob_tables *t)
{
	for (int color = 0; color < t->narmies; color++)
		for (int k = 0; k < v->nkinds; k++) {
			const struct ob_piece_kind *pk = &v->kinds[k];
			const struct ob_vector *leaps = pk->leaps;
			int n = pk->nleaps;
			if (pk->motion == OB_LEAP)
				leaps = pk->vectors, n = pk->nvectors;
			if (n == 0)
				continue;
			t->leaper_kinds[color] |= (uint16_t)(1u << k);
			for (int cell = 0; cell < t->ncells; cell++)
				for (int i = 0; i < n; i++) {
					int to = step(v, t, cell, &leaps[i], color);
					if (to < 0)
						continue;
					cs_set(&t->leap[color][k][cell], to);
					cs_set(&t->leap_from[color][k][to], cell);
				}
		}
}

static void build_pawns(const struct ob_variant *v, struct ob_tables *t)
{
	const struct ob_board *b = v->board;
	const struct ob_pawn_rules *p = v->pawn;
	for (int color = 0; color < t->narmies; color++)
		for (int cell = 0; cell < t->ncells; cell++) {
			/* the cell as army 1 sees it decides what the pawn may */
			int c[OB_MAX_DIMS] = {0};
			int own = t->unframe_cell[color][cell];
			for (int i = 0; i < b->ndims; i++)
				c[i] = t->coords[own][i];
			if (p->promotes_on(c))
				cs_set(&t->promotion[color], cell);
			if (p->forbidden_on(c))
				cs_set(&t->pawn_forbidden[color], cell);
			for (int i = 0; i < p->nmoves; i++) {
				int to = step(v, t, cell, &p->moves[i], color);
				if (to >= 0)
					cs_set(&t->pawn_push[color][cell], to);
			}
			t->double_to[color][cell] = t->double_mid[color][cell] = -1;
			if (p->double_step_on && p->double_step_on(c)) {
				int mid = step(v, t, cell, &p->moves[0], color);
				int to = mid < 0 ? -1
						 : step(v, t, mid, &p->moves[0], color);
				if (to >= 0) {
					t->double_mid[color][cell] = (int8_t)mid;
					t->double_to[color][cell] = (int8_t)to;
				}
			}
			struct ob_vector here[OB_MAX_DIRS];
			const struct ob_vector *caps = p->captures;
			int ncaps = p->ncaptures;
			if (p->captures_at)
				caps = here, ncaps = p->captures_at(c, here);
			for (int i = 0; i < ncaps; i++) {
				int to = step(v, t, cell, &caps[i], color);
				if (to < 0)
					continue;
				cs_set(&t->pawn_attack[color][cell], to);
				cs_set(&t->pawn_attack_from[color][to], cell);
			}
		}
	t->npromotions = 0;
	t->promotion_limited = p->promotion_limited;
	for (const char *l = p->promotion_letters; *l;) {
		int len, k = ob_kind_parse(v, l, &len);
		if (k < 0) {
			assert(*l == ' ');
			l++;
			continue;
		}
		t->promotion_kinds[t->npromotions++] = (int8_t)k;
		l += len;
	}
}

/* What each piece attacks on an empty board: its leaps, a pawn's
 * captures, and its lines to the edge. */
static void build_sight(const struct ob_variant *v, struct ob_tables *t)
{
	for (int color = 0; color < t->narmies; color++)
		for (int k = 0; k < v->nkinds; k++)
			for (int cell = 0; cell < t->ncells; cell++) {
				struct ob_cellset s = t->leap[color][k][cell];
				if (k == v->pawn_kind)
					s = cs_or(s, t->pawn_attack[color][cell]);
				for (int i = 0; i < t->nslide_dirs[color][k]; i++)
					s = cs_or(s, t->ray[t->slide_dirs[color][k][i]]
							   [cell]);
				t->sight[color][k][cell] = s;
			}
}

/* Army 1's pieces of each kind in the start position: its placement's
 * letters, or its codes followed by the army digit 1. */
static void build_setup(const struct ob_variant *v, struct ob_tables *t)
{
	for (const char *s = v->start_ofen; *s && *s != ' '; s++) {
		int len, k = ob_kind_parse(v, s, &len);
		if (k < 0)
			continue;
		if (t->has_codes ? s[len] == '1'
				 : *s == v->kinds[k].letter)
			t->setup_count[k]++;
		s += len - 1;
	}
	for (int army = 0; army < t->narmies; army++) {
		t->far_corner[army] = -1;
		for (int c = 0; v->far_corner && c < t->ncells; c++)
			if (strcmp(t->names[c], v->far_corner) == 0)
				t->far_corner[army] =
					(int8_t)t->frame_cell[army][c];
	}
}
static void build_zobrist(void)
{
	static bool done;
	if (done)
		return;
	struct ob_rng rng;
	ob_rng_seed(&rng, 0x0b11c0eULL);
	for (int p = 0; p < OB_PIECE_VALUES; p++)
		for (int c = 0; c < OB_MAX_CELLS; c++)
			ob_zobrist[p][c] = ob_rng_next(&rng);
	ob_zobrist_side[1] = ob_rng_next(&rng);
	for (int i = 0; i < 2 * OB_MAX_PAIRS; i++)
		ob_zobrist_rights[i] = ob_rng_next(&rng);
	for (int c = 0; c < OB_MAX_CELLS; c++)
		ob_zobrist_ep[c] = ob_rng_next(&rng);
	ob_zobrist_side[2] = ob_rng_next(&rng); /* last: the others' as before */
	done = true;
}

/* A White cell name from a pair rule, as Black's when color is Black. */
static int8_t pair_cell(const struct ob_variant *v, struct ob_tables *t,
			const char *name, int color)
{
	if (!name)
		return -1;
	int cell = -1;
	/* v->tables is not ready yet: parse against the names just built. */
	for (int c = 0; c < t->ncells; c++)
		if (strcmp(t->names[c], name) == 0)
			cell = c;
	assert(cell >= 0);
	(void)v;
	return (int8_t)t->frame_cell[color][cell];
}

/* Is a castling target on the rule's empty list, or one of its pieces'
 * own cells? */
static bool target_free(const struct ob_tables *t, int color, int rule,
			int cell)
{
	return cell >= 0 && (ob_cellset_has(t->pair_empty[color][rule], cell) ||
			     cell == t->pair[color][rule].mover ||
			     cell == t->pair[color][rule].partner);
}

/*
 * Is castling `rule` of army `color` legal exactly when its safe cells are
 * not attacked (the mover being the royal piece)?  Its target must be one
 * of them, and scanned over the occupancy before the move it must not
 * miss an attack that the move opens: along a line from the target
 * through a cell the two pieces leave, unless the partner's target stands
 * between or nothing lies beyond.  (The cells the move fills only block.)
 * A cannon could use a filled cell as its screen: not with cannons.
 */
static bool castle_safe_decides(const struct ob_tables *t, int color,
				int rule)
{
	int target = t->pair[color][rule].mover_to;
	int partner_to = t->pair[color][rule].partner_to;
	int left[2] = {t->pair[color][rule].mover, t->pair[color][rule].partner};
	for (int a = 0; a < t->narmies; a++)
		if (t->cannon_kinds[a])
			return false;
	if (!ob_cellset_has(t->pair_safe[color][rule], target))
		return false;
	for (int i = 0; i < 2; i++) {
		int c = left[i];
		if (c == target || c == partner_to)
			continue; /* filled again */
		int d = t->dir_to[target][c];
		if (d < 0 || !cs_any(t->ray[d][c]))
			continue; /* on no line, or nothing beyond */
		/* the cells from the target up to c */
		struct ob_cellset between = cs_xor(t->ray[d][target],
						   t->ray[d][c]);
		if (partner_to < 0 || partner_to == c ||
		    !ob_cellset_has(between, partner_to))
			return false;
	}
	return true;
}

static void build_pairs(const struct ob_variant *v, struct ob_tables *t)
{
	assert(v->npairs <= OB_MAX_PAIRS);
	for (int i = 0; i < v->npairs; i++)
		t->has_swap |= v->pairs[i].type == OB_SWAP;
	for (int i = 0; i < v->npairs; i++)
		for (int cell = 0; cell < t->ncells; cell++)
			for (int k = 0; k < v->pairs[i].nadjacent; k++) {
				/* the steps are the same in every frame */
				int to = step_by(v->board, t, cell,
						 &v->pairs[i].adjacent[k]);
				if (to >= 0)
					cs_set(&t->swap_adjacent[cell], to);
			}
	for (int color = 0; color < t->narmies; color++)
		for (int i = 0; i < v->npairs; i++) {
			const struct ob_pair_rule *r = &v->pairs[i];
			if (r->type == OB_SWAP)
				continue;
			t->pair[color][i].mover = pair_cell(v, t, r->mover_cell, color);
			t->pair[color][i].partner =
				pair_cell(v, t, r->partner_cell, color);
			t->pair[color][i].mover_to =
				pair_cell(v, t, r->mover_to, color);
			t->pair[color][i].partner_to =
				pair_cell(v, t, r->partner_to, color);
			for (int k = 0; k < OB_PAIR_CELLS && r->empty[k]; k++) {
				int8_t c = pair_cell(v, t, r->empty[k], color);
				t->pair[color][i].empty[k] = c;
				t->pair[color][i].nempty = (int8_t)(k + 1);
				cs_set(&t->pair_empty[color][i], c);
			}
			for (int k = 0; k < OB_PAIR_CELLS && r->safe[k]; k++) {
				t->pair[color][i].safe[k] =
					pair_cell(v, t, r->safe[k], color);
				t->pair[color][i].nsafe = (int8_t)(k + 1);
				cs_set(&t->pair_safe[color][i],
				       t->pair[color][i].safe[k]);
			}
			/* The generator reads the empty list only: castling's
			 * targets are on it, or are the pieces' own cells. */
			assert(r->type != OB_CASTLING ||
			       (target_free(t, color, i, t->pair[color][i].mover_to) &&
				target_free(t, color, i,
					    t->pair[color][i].partner_to)));
			unsigned bit = ob_right_bit(v, color, i);
			t->rights_of[color] |= bit;
			t->rights_clear[t->pair[color][i].mover] |= bit;
			t->rights_clear[t->pair[color][i].partner] |= bit;
			if (r->type == OB_CASTLING &&
			    castle_safe_decides(t, color, i))
				t->castle_safe_decides[color] |= bit;
		}
}

void ob_tables_build(const struct ob_variant *v, struct ob_tables *t)
{
	/* t is static, so zero already: clearing it would touch every page
	 * of its largest tables, most of which a board leaves unused. */
	assert(v->narmies <= OB_MAX_ARMIES && v->nkinds <= OB_MAX_KINDS);
	t->narmies = v->narmies ? v->narmies : 2;
	for (int k = 0; k < v->nkinds; k++) {
		const char *code = v->kinds[k].code;
		t->codes[k][0] = code ? code[0] : v->kinds[k].letter;
		t->codes[k][1] = code ? code[1] : '\0';
		t->has_codes |= code != NULL;
		t->gen_class[k] = (uint8_t)v->kinds[k].motion;
		if (v->kinds[k].motion == OB_CANNON || v->kinds[k].nleaps > 0)
			t->gen_class[k] = OB_GEN_OTHER;
	}
	build_zobrist();
	build_cells(v, t);
	build_sliders(v, t);
	/* The generator reads cannons only on boards of more than 64 cells
	 * (its one-word copy has none): a smaller board with cannons would
	 * need that copy to read them too. */
	assert(t->ncells > 64 || !t->cannon_kinds[0]);
	build_lines(v, t);
	build_leapers(v, t);
	build_pawns(v, t);
	build_pairs(v, t);
	build_sight(v, t);
	build_setup(v, t);
}

/* ---- public geometry queries ---- */

int ob_cell_count(const struct ob_variant *v)
{
	return v->tables->ncells;
}

int ob_cell_at(const struct ob_variant *v, const int *coords)
{
	return cell_at(v->board, v->tables, coords);
}

void ob_cell_coords(const struct ob_variant *v, int cell, int *coords)
{
	assert(cell >= 0 && cell < v->tables->ncells);
	for (int i = 0; i < v->board->ndims; i++)
		coords[i] = v->tables->coords[cell][i];
}

int ob_cell_name(const struct ob_variant *v, int cell, char *out)
{
	assert(cell >= 0 && cell < v->tables->ncells);
	strcpy(out, v->tables->names[cell]);
	return (int)strlen(out);
}

int ob_cell_parse(const struct ob_variant *v, const char *s, int *cell)
{
	const struct ob_board *b = v->board;
	int c[OB_MAX_DIMS] = {0}, n = 0;
	bool fits = true;
	if (b->parse_cell) {
		n = b->parse_cell(s, c);
		if (n <= 0)
			return n;
		int found = cell_at(b, v->tables, c);
		if (found < 0)
			return -1;
		*cell = found;
		return n;
	}
	for (int k = 0; k < b->ndims; k++) {
		int dim = b->name_order[k];
		unsigned char ch = (unsigned char)s[n];
		if (b->style[dim] == OB_COORD_NUMBER) {
			if (ch < '0' || ch > '9')
				return n == 0 ? 0 : -1;
			int x = 0, digits = 0;
			while (s[n] >= '0' && s[n] <= '9' && digits < 3) {
				x = x * 10 + (s[n] - '0');
				n++, digits++;
			}
			c[dim] = x - 1;
		} else {
			char lo = b->style[dim] == OB_COORD_UPPER ? 'A' : 'a';
			if (ch < (unsigned char)lo || ch > (unsigned char)(lo + 25))
				return n == 0 ? 0 : -1;
			c[dim] = ch - lo;
			n++;
		}
		if (c[dim] < 0 || c[dim] >= b->extent[dim])
			fits = false;
	}
	if (!fits)
		return -1;
	int found = cell_at(b, v->tables, c);
	if (found < 0)
		return -1;
	*cell = found;
	return n;
}

int ob_cell_reflect(const struct ob_variant *v, int cell)
{
	return v->tables->frame_cell[1][cell];
}

int ob_cell_frame(const struct ob_variant *v, int army, int cell)
{
	return v->tables->frame_cell[army][cell];
}

int ob_cell_unframe(const struct ob_variant *v, int army, int cell)
{
	return v->tables->unframe_cell[army][cell];
}

int ob_armies(const struct ob_variant *v)
{
	return v->tables->narmies;
}

bool ob_variant_has_codes(const struct ob_variant *v)
{
	return v->tables->has_codes;
}

const char *ob_kind_code(const struct ob_variant *v, int kind)
{
	return v->tables->codes[kind];
}

int ob_kind_parse(const struct ob_variant *v, const char *text, int *len)
{
	const struct ob_tables *t = v->tables;
	for (int k = 0; k < v->nkinds; k++) {
		const char *code = t->codes[k];
		if (t->has_codes ? text[0] == code[0] && text[1] == code[1]
				 : text[0] != '\0' &&
					   ob_kind_from_letter(v, text[0]) == k) {
			*len = t->has_codes ? 2 : 1;
			return k;
		}
	}
	return -1;
}

int ob_kind_from_letter(const struct ob_variant *v, char letter)
{
	char up = (letter >= 'a' && letter <= 'z') ? (char)(letter - 32) : letter;
	for (int k = 0; k < v->nkinds; k++)
		if (v->kinds[k].letter == up)
			return k;
	return -1;
}

struct ob_cellset ob_attacks_empty(const struct ob_variant *v, int color,
				   int kind, int cell)
{
	const struct ob_tables *t = v->tables;
	switch (v->kinds[kind].motion) {
	case OB_SLIDE:
		return cs_or(ob_slider_attacks(t, color, kind, cell, cs_empty()),
			     t->leap[color][kind][cell]);
	case OB_LEAP:
		return t->leap[color][kind][cell];
	case OB_PAWN:
		return t->pawn_attack[color][cell];
	case OB_CANNON: /* nothing without a screen */
		break;
	}
	return cs_empty();
}

struct ob_cellset ob_lines_empty(const struct ob_variant *v, int color,
				 int kind, int cell)
{
	enum ob_motion m = v->kinds[kind].motion;
	if (m != OB_SLIDE && m != OB_CANNON)
		return cs_empty();
	return ob_slider_attacks(v->tables, color, kind, cell, cs_empty());
}

struct ob_cellset ob_between(const struct ob_variant *v, int a, int b)
{
	const struct ob_tables *t = v->tables;
	for (int d = 0; d < t->ndirs; d++)
		if (ob_cellset_has(t->ray[d][a], b))
			return cs_andnot(cs_xor(t->ray[d][a], t->ray[d][b]),
					 cs_bit(b));
	return cs_empty();
}

int ob_kind_direction_count(const struct ob_variant *v, int kind)
{
	if (v->kinds[kind].motion == OB_PAWN)
		return v->pawn->nmoves + v->pawn->ncaptures;
	return v->kinds[kind].nvectors;
}

int ob_cellset_count(struct ob_cellset s)
{
	return cs_count(s);
}
