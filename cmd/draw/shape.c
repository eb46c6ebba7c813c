#include "draw/shape.h"

/* The shapes, tried in order: the first that fits a board draws it. */
static const struct shape *const shapes[] = {
	&shape_lattice,
	&shape_diamond,
	&shape_hex,
};

const struct shape *shape_for(const struct ob_board *b)
{
	for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
		if (shapes[i]->fits(b))
			return shapes[i];
	return NULL;
}

bool shape_panels_apart(const struct view *view, const struct frame *fr,
			int a, int b)
{
	const struct shape *s = view->shape;
	return s->panel && s->panel(view, fr, a) != s->panel(view, fr, b);
}

bool shape_planes_apart(const struct view *view, const struct frame *fr,
			int a, int b)
{
	const struct shape *s = view->shape;
	return s->plane && s->plane(view, fr, a) != s->plane(view, fr, b);
}

const char *shape_layout_name(const struct shape *s, enum layout layout)
{
	static const char *const names[] = {"default", "slices", "stacked"};
	return layout == LAYOUT_FLAT ? s->name : names[layout];
}

void shape_coord_label(const struct ob_variant *v, int dim, int x, char *out)
{
	switch (v->board->style[dim]) {
	case OB_COORD_UPPER:
		sprintf(out, "%c", 'A' + x);
		break;
	case OB_COORD_LOWER:
		sprintf(out, "%c", 'a' + x);
		break;
	case OB_COORD_NUMBER:
		sprintf(out, "%d", x + 1);
		break;
	}
}
