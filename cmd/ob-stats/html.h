/*
 * Implementation of ob-stats --format html: the report as one page of
 * tables and charts (inline SVG and CSS, nothing from elsewhere).
 */
#ifndef OB_STATS_HTML_H
#define OB_STATS_HTML_H

#include <stddef.h>
#include <stdio.h>

#include "strmap.h"
#include "tally.h"

/* Writes the page: each group's sections (report_section) as tables and
 * charts, one section per group with --by, then the heat map of the
 * moves' destinations on each board played, drawn as ob-diagram draws
 * it (draw/). */
void html_write(FILE *o, struct strmap_entry **groups, size_t ngroups,
		const struct stats *st);

#endif
