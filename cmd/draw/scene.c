#include "draw/scene.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void scene_init(struct scene *sc, enum layout layout)
{
	memset(sc, 0, sizeof *sc);
	sc->layout = layout;
}

struct segment *scene_line(struct scene *sc, int from, int to,
			   enum line_kind kind)
{
	struct segment *s = &sc->lines[sc->nlines++];
	s->from = from;
	s->to = to;
	s->kind = kind;
	s->colour = NULL;
	return s;
}

void scene_caption(struct scene *sc, const char *fmt, ...)
{
	if (sc->ncaption == SCENE_MAX_CAPTION)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(sc->caption[sc->ncaption++], sizeof sc->caption[0], fmt, ap);
	va_end(ap);
}

void scene_key(struct scene *sc, const struct ob_variant *v)
{
	size_t n = (size_t)snprintf(sc->key, sizeof sc->key, "%s:",
				    v->tag_name);
	for (int k = 0; k < v->nkinds && n < sizeof sc->key; k++)
		n += (size_t)snprintf(sc->key + n, sizeof sc->key - n,
				      "%s %s %s", k ? "," : "",
				      ob_kind_code(v, k), v->kinds[k].name);
}

void scene_heat(struct scene *sc, int ncells, enum heat_kind kind)
{
	double values[OB_MAX_CELLS];
	int n = 0;
	for (int c = 0; c < ncells; c++)
		if (sc->has_value[c])
			values[n++] = sc->value[c];
	heat_scale_fit(&sc->scale, kind, values, n);
	sc->heat = true;
	sc->legend = LEGEND_HEAT;
}

void scene_heat_map(struct scene *sc, int ncells, enum heat_kind kind)
{
	scene_heat(sc, ncells, kind);
	const struct heat_scale *s = &sc->scale;
	bool one = s->count == 1;
	snprintf(sc->title, sizeof sc->title, "Heat map of %d cell%s",
		 s->count, one ? "" : "s");
	if (s->count == 0) {
		scene_caption(sc, "No cell has a value");
		return;
	}
	char sum[32], min[32], max[32];
	heat_exact(s->sum, sum, sizeof sum);
	heat_exact(s->min, min, sizeof min);
	heat_exact(s->max, max, sizeof max);
	scene_caption(sc, "%d %s, total %s, from %s to %s", s->count,
		      one ? "cell with a value" : "cells with values", sum,
		      min, max);
}

bool scene_has(const struct scene *sc, int ncells, unsigned flags)
{
	for (int c = 0; c < ncells; c++)
		if (sc->flags[c] & flags)
			return true;
	return false;
}

double scene_heat_level(const struct scene *sc, int cell)
{
	return heat_level(&sc->scale, sc->value[cell]);
}
