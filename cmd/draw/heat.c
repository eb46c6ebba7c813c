#include "draw/heat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const kind_names[] = {"linear", "logarithmic",
					 "quantile"};

bool heat_kind_parse(const char *name, enum heat_kind *kind)
{
	if (strcmp(name, "log") == 0) {
		*kind = HEAT_LOG;
		return true;
	}
	for (int k = 0; k < 3; k++)
		if (strcmp(name, kind_names[k]) == 0) {
			*kind = (enum heat_kind)k;
			return true;
		}
	return false;
}

const char *heat_kind_name(enum heat_kind kind)
{
	return kind_names[kind];
}

const char *heat_value_check(double x)
{
	if (isnan(x))
		return "the value is not a number (nan)";
	if (isinf(x))
		return "the value is infinite";
	if (fabs(x) > HEAT_VALUE_MAX)
		return "the value is beyond the range of a heat map, "
		       "-1e15 to 1e15";
	if (x != 0 && fabs(x) < HEAT_VALUE_MIN)
		return "the value is too small for a heat map: other than 0, "
		       "from 1e-9 in magnitude";
	return NULL;
}

static int compare_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

void heat_scale_fit(struct heat_scale *s, enum heat_kind kind,
		    const double *values, int n)
{
	memset(s, 0, sizeof *s);
	s->kind = kind;
	s->count = n;
	for (int i = 0; i < n; i++) {
		double x = values[i];
		if (i == 0 || x < s->min)
			s->min = x;
		if (i == 0 || x > s->max)
			s->max = x;
		s->sum += x;
		s->sorted[i] = x;
	}
	qsort(s->sorted, (size_t)n, sizeof s->sorted[0], compare_doubles);
	if (kind != HEAT_LINEAR) {
		s->low = s->min;
		s->high = s->max;
	} else {
		/* counts are shaded from 0, not from the least count */
		s->low = s->min < 0 ? s->min : 0;
		s->high = s->max > 0 ? s->max : 0;
	}
}

/* The fraction of the values below x, counting those equal to it as
 * half below: 0 for the least value, 1 for the greatest. */
static double quantile_of(const struct heat_scale *s, double x)
{
	int below = 0, equal = 0;
	for (int i = 0; i < s->count; i++) {
		below += s->sorted[i] < x;
		equal += s->sorted[i] == x;
	}
	if (s->count < 2)
		return 0.5;
	double rank = below + (equal > 0 ? (equal - 1) / 2.0 : -0.5);
	return rank < 0 ? 0 : rank / (s->count - 1);
}

double heat_level(const struct heat_scale *s, double x)
{
	double t;
	if (s->kind == HEAT_QUANTILE)
		t = quantile_of(s, x);
	else if (s->high <= s->low)
		return 0;
	else if (s->kind == HEAT_LOG && s->low > 0)
		t = log(x / s->low) / log(s->high / s->low);
	else if (s->kind == HEAT_LOG)
		t = log1p(x - s->low) / log1p(s->high - s->low);
	else
		t = (x - s->low) / (s->high - s->low);
	return t < 0 ? 0 : t > 1 ? 1 : t;
}

double heat_value_at(const struct heat_scale *s, double t)
{
	if (s->kind == HEAT_QUANTILE) {
		if (s->count == 0)
			return 0;
		double r = t * (s->count - 1);
		int i = (int)floor(r);
		if (i + 1 >= s->count)
			return s->sorted[s->count - 1];
		return s->sorted[i] + (r - i) * (s->sorted[i + 1] - s->sorted[i]);
	}
	if (s->kind == HEAT_LOG && s->low > 0)
		return s->low * exp(t * log(s->high / s->low));
	if (s->kind == HEAT_LOG)
		return s->low + expm1(t * log1p(s->high - s->low));
	return s->low + t * (s->high - s->low);
}

/* x in fixed notation to digits significant digits and no fewer than
 * least decimals; the zeros that end them dropped, down to least. */
static void fixed(double x, int digits, int least, char *out, size_t size)
{
	int decimals = 0;
	if (x != 0)
		decimals = digits - 1 - (int)floor(log10(fabs(x)));
	if (decimals < least)
		decimals = least;
	snprintf(out, size, "%.*f", decimals, x);
	char *point = strchr(out, '.');
	if (!point)
		return;
	char *end = out + strlen(out);
	while (end > point + 1 + least && end[-1] == '0')
		end--;
	if (end == point + 1)
		end--;
	*end = '\0';
}

void heat_exact(double x, char *out, size_t size)
{
	if (x == floor(x))
		snprintf(out, size, "%.0f", x);
	else
		fixed(x, 6, 1, out, size);
}

void heat_format(double x, char *out, size_t size)
{
	static const char suffix[] = "kMGTPE";
	double a = fabs(x);
	if (a < 9999.5) {
		fixed(x, 4, 0, out, size);
		return;
	}
	/* thousands, or the smallest larger unit that keeps three digits */
	int m = 0;
	a /= 1000;
	while (a >= 999.5 && suffix[m + 1]) {
		a /= 1000;
		m++;
	}
	snprintf(out, size, "%s%.3g%c", x < 0 ? "-" : "", a, suffix[m]);
}

void heat_legend(const struct heat_scale *s, bool digits, char *out,
		 size_t size)
{
	char low[32], mid[32], high[32];
	heat_format(s->low, low, sizeof low - 4);
	heat_format(heat_value_at(s, 0.5), mid, sizeof mid);
	heat_format(s->high, high, sizeof high - 4);
	if (digits) {
		strcat(low, " (0)");
		strcat(high, " (9)");
	}
	switch (s->kind) {
	case HEAT_LINEAR:
		snprintf(out, size, "linear scale from %s to %s", low, high);
		break;
	case HEAT_LOG:
		snprintf(out, size,
			 "logarithmic scale from %s to %s, %s in the middle",
			 low, high, mid);
		break;
	case HEAT_QUANTILE:
		snprintf(out, size,
			 "quantile scale from %s to %s, median %s", low, high,
			 mid);
		break;
	}
}
