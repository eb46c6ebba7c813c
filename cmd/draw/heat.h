/*
 * Implementation of heat scales: how per-cell values become shades.
 *
 * A scale is fitted to a set of values once; it then gives each value a
 * shade from 0 (lightest) to 1 (darkest), the value at any shade (for a
 * legend's labels), and says in words which scale it is.  Real counts
 * are skewed: on a linear scale one hot cell turns the rest white, which
 * a logarithmic scale or a quantile scale (each value shaded by its rank)
 * does not.  A linear scale runs from 0 (or the least value, if
 * negative) to the greatest value (or 0), as counts are read; a
 * logarithmic one from the least value to the greatest, by log(v / least)
 * when all values are positive, else by log(1 + v - least).
 *
 * Values are kept within +-HEAT_VALUE_MAX, so that no sum or difference
 * overflows, and are 0 or at least HEAT_VALUE_MIN in magnitude, so that
 * they print without an exponent: readers refuse others with
 * heat_value_check.  ob-diagram's heat maps and any other tool's draw
 * through this.
 */
#ifndef OB_CMD_DRAW_HEAT_H
#define OB_CMD_DRAW_HEAT_H

#include <stdbool.h>
#include <stddef.h>

#include "oblique.h"

/* The largest magnitude of a value: counts stay far below it, and no sum
 * or difference of OB_MAX_CELLS such values comes near overflowing. */
#define HEAT_VALUE_MAX 1e15
/* The least magnitude of a value other than 0: numbers are written
 * without an exponent, and one so small would be a row of zeros. */
#define HEAT_VALUE_MIN 1e-9

enum heat_kind { HEAT_LINEAR, HEAT_LOG, HEAT_QUANTILE };

struct heat_scale {
	enum heat_kind kind;
	int count;             /* values fitted */
	double min, max, sum;  /* of the values */
	double low, high;      /* the values at shade 0 and shade 1 */
	double sorted[OB_MAX_CELLS]; /* quantile: the values, ascending */
};

/* The scale named "linear", "log" (or "logarithmic") or "quantile";
 * false if none is. */
bool heat_kind_parse(const char *name, enum heat_kind *kind);
/* "linear", "logarithmic" or "quantile". */
const char *heat_kind_name(enum heat_kind kind);
/* NULL if x may be drawn, else why not ("not a number", ...). */
const char *heat_value_check(double x);
/* Fits a scale of that kind to n values (each passing heat_value_check,
 * n at most OB_MAX_CELLS). */
void heat_scale_fit(struct heat_scale *s, enum heat_kind kind,
		    const double *values, int n);
/* The shade of a value, 0 to 1. */
double heat_level(const struct heat_scale *s, double x);
/* The value that has shade t, for a legend's labels. */
double heat_value_at(const struct heat_scale *s, double t);
/* A value as a cell shows it, never with an exponent: below 10,000 to
 * four significant digits ("2.5", "0.00001234"; at most 7 characters
 * from 0.001 on), then in thousands, millions and so on ("12.3k",
 * "457M"). */
void heat_format(double x, char *out, size_t size);
/* A value for a caption, never with an exponent: a whole number in full
 * ("96775600"), another to six significant digits but with its whole
 * part in full and at least one decimal ("0.00001234", "123456.8"). */
void heat_exact(double x, char *out, size_t size);
/* The scale in words, for a legend: "linear scale from 0 to 2500";
 * with digits, the text renderer's shades 0 to 9 named at the ends:
 * "linear scale from 0 (0) to 2500 (9)".  Logarithmic and quantile
 * scales name their middle value too. */
void heat_legend(const struct heat_scale *s, bool digits, char *out,
		 size_t size);

#endif
