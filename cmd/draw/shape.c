#include "draw/shape.h"

/* The shapes, tried in order: the first that fits a board draws it. */
static const struct shape *const shapes[] = {
	&shape_lattice,
	&shape_diamond,
	&shape_hex,
	&shape_square,
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

int shape_rank_dim(const struct view *view)
{
	return view->variant->board->rank_dim;
}

int shape_file_dim(const struct view *view)
{
	return 1 - shape_rank_dim(view);
}

int shape_nfiles(const struct view *view)
{
	return view->variant->board->extent[shape_file_dim(view)];
}

int shape_nranks(const struct view *view)
{
	return view->variant->board->extent[shape_rank_dim(view)];
}

void shape_file_rank_class(const struct view *view, int cell, char *out,
			   size_t size)
{
	int c[OB_MAX_DIMS], f = shape_file_dim(view), r = shape_rank_dim(view);
	char file[8], rank[8];
	ob_cell_coords(view->variant, cell, c);
	shape_coord_label(view->variant, f, c[f], file);
	shape_coord_label(view->variant, r, c[r], rank);
	snprintf(out, size, " file-%s rank-%s", file, rank);
}
