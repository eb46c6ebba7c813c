#include "draw/scene.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void scene_init(struct scene *sc, enum layout layout)
{
	memset(sc, 0, sizeof *sc);
	sc->layout = layout;
}

void scene_line(struct scene *sc, int from, int to, enum line_kind kind)
{
	struct segment *s = &sc->lines[sc->nlines++];
	s->from = from;
	s->to = to;
	s->kind = kind;
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

double scene_heat_level(const struct scene *sc, double x)
{
	if (sc->high <= sc->low)
		return 0;
	double t = (x - sc->low) / (sc->high - sc->low);
	return t < 0 ? 0 : t > 1 ? 1 : t;
}
