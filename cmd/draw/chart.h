/*
 * Implementation of bar charts as SVG elements, for pages that hold them.
 *
 * Three kinds: rows of horizontal bars, one row per category, in panels
 * side by side (one per figure, each on its own scale, as small
 * multiples: the moves of a piece and its checks differ a hundredfold);
 * and columns along an axis, a histogram, with a count axis at the left
 * and marks at given positions (the quartiles), whose lines stop above
 * the counts of the columns they fall on; and rows of ranges (box and
 * whiskers: quartiles and extremes) on one axis.  Every bar carries its value as text beside it, so
 * that a chart reads without colour (in grey print too); bars are drawn
 * in one dark colour on white.
 *
 * The caller owns every string; a chart only points at them while it is
 * drawn.  A bar's key, when set, is written as its data-key attribute and
 * its label as data-value, for whoever reads the figures back out.
 */
#ifndef OB_CMD_DRAW_CHART_H
#define OB_CMD_DRAW_CHART_H

#include <stdbool.h>
#include <stdio.h>

#define CHART_MAX_ROWS 64
#define CHART_MAX_PANELS 6
#define CHART_MAX_MARKS 4

struct chart_bar {
	double value;      /* its length; below 0 counts as 0 */
	const char *label; /* its value as text, beside it; NULL: none */
	const char *key;   /* data-key, or NULL */
};

struct chart_mark {
	double at;         /* columns: in column widths from the left edge */
	const char *label; /* above its line: "median 42" */
};

enum chart_kind {
	CHART_ROWS,    /* rows of bars, in panels */
	CHART_COLUMNS, /* a histogram */
	/* a row for each category, of five values on one axis: the lowest,
	 * the first quartile, the median, the third quartile and the
	 * highest (bar[r][0] to bar[r][4]), drawn as a box and whiskers,
	 * the median's value beside them; a row without a median, none */
	CHART_RANGES
};

struct chart {
	const char *title; /* the SVG's <title> */
	enum chart_kind kind;
	double width;      /* of the picture, at least: rows widen to hold
			    * each panel's bars and values, columns to
			    * hold each count above its column */
	int nrows, npanels;
	/* rows: each row's name, at its left; columns: the value at each
	 * column's left edge, under the axis, and edge after the last */
	const char *row[CHART_MAX_ROWS];
	const char *edge;
	const char *panel[CHART_MAX_PANELS]; /* rows: each panel's heading */
	/* rows: the value of a bar across its panel (100 for a percentage);
	 * 0, or below the greatest: the panel's greatest value */
	double full[CHART_MAX_PANELS];
	const char *axis;       /* columns, ranges: the axis's below */
	const char *value_axis; /* columns: the count axis's, at the left */
	struct chart_bar bar[CHART_MAX_ROWS][CHART_MAX_PANELS];
	struct chart_mark mark[CHART_MAX_MARKS];
	int nmarks;
};

/* An empty chart of that kind and width. */
void chart_init(struct chart *c, const char *title, enum chart_kind kind,
		double width);
/* Writes the chart as an <svg> element. */
void chart_svg(FILE *o, const struct chart *c);

#endif
