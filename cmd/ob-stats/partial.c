/* Partial states of ob-stats written and read back; see partial.h. */
#include "partial.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "options.h"
#include "util.h"

/* ---- writing ---- */

#define PARTIAL_FORMAT "ob-stats partial"
#define PARTIAL_VERSION 1

void partial_write(struct buf *b, const struct stats *st)
{
	buf_printf(b, "{\"format\":\"%s\",\"version\":%d,\n", PARTIAL_FORMAT,
		   PARTIAL_VERSION);
	buf_puts(b, "\"by\":");
	if (opt.by)
		json_bytes(b, opt.by);
	else
		buf_puts(b, "null");
	/* the cells of the games' board; of -V's when they mix boards
	 * (whose --cells the report refuses) */
	struct buf mix = {0};
	const struct ob_variant *board = stats_board(st, &mix);
	uint64_t cells[OB_MAX_CELLS];
	free(mix.p);
	if (!board)
		board = opt.variant;
	stats_cells(st, board, cells);
	buf_printf(b, ",\"openings\":%d,\"variant\":", opt.openings);
	json_bytes(b, board->name);
	buf_puts(b, ",\n\"cells\":[");
	int ncells = ob_cell_count(board);
	for (int c = 0; c < ncells; c++)
		buf_printf(b, "%s%llu", c ? "," : "",
			   (unsigned long long)cells[c]);
	buf_puts(b, "],\n\"groups\":[");
	struct strmap_entry **groups = strmap_sorted(&st->groups);
	for (size_t i = 0; i < st->groups.count; i++) {
		const struct group *g = groups[i]->value;
		buf_puts(b, i ? ",\n{\"value\":" : "\n{\"value\":");
		if (opt.by)
			json_bytes(b, groups[i]->key);
		else
			buf_puts(b, "null");
		buf_printf(b, ",\"games\":%llu,\"invalid\":%llu,\"variants\":[",
			   (unsigned long long)g->games,
			   (unsigned long long)g->invalid);
		bool first = true;
		for (int v = 0; v < known.count; v++)
			if (g->variants >> v & 1) {
				buf_puts(b, first ? "" : ",");
				json_bytes(b, known.list[v]->name);
				first = false;
			}
		buf_puts(b, "],\n \"results\":[");
		for (int r = 0; r < NRESULTS; r++)
			buf_printf(b, "%s%llu", r ? "," : "",
				   (unsigned long long)g->results[r]);
		buf_puts(b, "],\"terminations\":[");
		for (int e = 0; e < NENDS; e++)
			buf_printf(b, "%s%llu", e ? "," : "",
				   (unsigned long long)g->ends[e]);
		buf_puts(b, "],\n \"lengths\":[");
		first = true;
		for (size_t k = 0; k < g->nlengths; k++)
			if (g->lengths[k]) {
				buf_printf(b, "%s[%zu,%llu]", first ? "" : ",",
					   k, (unsigned long long)g->lengths[k]);
				first = false;
			}
		buf_puts(b, "],\n \"pieces\":[");
		first = true;
		for (int l = 0; l < NLETTERS; l++) {
			const struct kind_figures *k = &g->kinds[l];
			if (!k->moves && !k->captured && !k->promotions)
				continue;
			buf_printf(b, "%s[\"%c\",%llu,%llu,%llu,%llu,%llu,%llu]",
				   first ? "" : ",", 'A' + l,
				   (unsigned long long)k->moves,
				   (unsigned long long)k->captures,
				   (unsigned long long)k->captured,
				   (unsigned long long)k->checks,
				   (unsigned long long)k->mates,
				   (unsigned long long)k->promotions);
			first = false;
		}
		buf_printf(b, "],\n \"special\":[%llu,%llu,%llu],\"branching\":[",
			   (unsigned long long)g->castlings,
			   (unsigned long long)g->guardings,
			   (unsigned long long)g->en_passant);
		for (int p = 0; p < NPHASES; p++)
			buf_printf(b, "%s[%llu,%llu]", p ? "," : "",
				   (unsigned long long)g->positions[p],
				   (unsigned long long)g->legal[p]);
		buf_puts(b, "],\"levels\":[");
		for (int l = 0; l < MAX_LEVELS; l++)
			buf_printf(b, "%s%llu", l ? "," : "",
				   (unsigned long long)g->levels[l]);
		buf_puts(b, "],\n \"openings\":[");
		struct strmap_entry **ops = strmap_sorted(&g->openings);
		for (size_t o = 0; o < g->openings.count; o++) {
			const struct opening *op = ops[o]->value;
			buf_puts(b, o ? ",\n  [" : "\n  [");
			json_bytes(b, ops[o]->key);
			for (int r = 0; r < NRESULTS; r++)
				buf_printf(b, ",%llu",
					   (unsigned long long)op->results[r]);
			buf_puts(b, "]");
		}
		free(ops);
		buf_puts(b, "]}");
		if (b->len > 1 << 16) {
			fwrite(b->p, 1, b->len, stdout);
			b->len = 0;
		}
	}
	free(groups);
	buf_puts(b, "]}\n");
}

/* ---- reading ---- */

/* Reading a partial: each accessor notes the first thing amiss. */
struct reading {
	const char *name;
	const char *problem;
};

static bool bad(struct reading *rd, const char *problem)
{
	if (!rd->problem)
		rd->problem = problem;
	return false;
}

static uint64_t jnumber(struct reading *rd, const struct json_value *v,
			const char *what)
{
	if (!v || v->type != JSON_NUMBER) {
		bad(rd, what);
		return 0;
	}
	return v->number;
}

/* The numbers of an array of exactly n numbers. */
static bool jnumbers(struct reading *rd, const struct json_value *v, size_t n,
		     uint64_t *out, const char *what)
{
	if (!v || v->type != JSON_ARRAY || v->n != n)
		return bad(rd, what);
	for (size_t i = 0; i < n; i++)
		out[i] = jnumber(rd, &v->items[i], what);
	return !rd->problem;
}

static void read_group(struct reading *rd, struct stats *st,
		       const struct json_value *jg)
{
	const struct json_value *value = json_get(jg, "value");
	if (!value ||
	    (opt.by ? value->type != JSON_STRING : value->type != JSON_NULL)) {
		bad(rd, "a group's value does not match \"by\"");
		return;
	}
	struct group *g = stats_group(st, opt.by ? value->string : "");
	struct group add = {0};
	add.games = jnumber(rd, json_get(jg, "games"), "\"games\"");
	add.invalid = jnumber(rd, json_get(jg, "invalid"), "\"invalid\"");
	const struct json_value *vs = json_get(jg, "variants");
	if (!vs || vs->type != JSON_ARRAY)
		bad(rd, "\"variants\"");
	for (size_t i = 0; vs && vs->type == JSON_ARRAY && i < vs->n; i++) {
		const struct ob_variant *v =
			vs->items[i].type == JSON_STRING
				? ob_variant_find(vs->items[i].string)
				: NULL;
		if (!v)
			bad(rd, "an unknown variant in \"variants\"");
		else
			add.variants |= 1u << variant_index(v);
	}
	jnumbers(rd, json_get(jg, "results"), NRESULTS, add.results, "\"results\"");
	jnumbers(rd, json_get(jg, "terminations"), NENDS, add.ends,
		 "\"terminations\"");
	const struct json_value *ls = json_get(jg, "lengths");
	if (!ls || ls->type != JSON_ARRAY)
		bad(rd, "\"lengths\"");
	for (size_t i = 0; !rd->problem && i < ls->n; i++) {
		uint64_t pair[2];
		if (jnumbers(rd, &ls->items[i], 2, pair, "\"lengths\"") &&
		    pair[0] <= OB_OGN_PLIES_MAX) {
			lengths_add(&add, (size_t)pair[0], pair[1]);
			add.plies += pair[0] * pair[1];
		}
		else
			bad(rd, "\"lengths\"");
	}
	const struct json_value *ps = json_get(jg, "pieces");
	if (!ps || ps->type != JSON_ARRAY)
		bad(rd, "\"pieces\"");
	for (size_t i = 0; !rd->problem && i < ps->n; i++) {
		const struct json_value *row = &ps->items[i];
		const char *l = row->type == JSON_ARRAY && row->n == 7 &&
					row->items[0].type == JSON_STRING
				? row->items[0].string
				: "";
		if (strlen(l) != 1 || l[0] < 'A' || l[0] > 'Z') {
			bad(rd, "\"pieces\"");
			break;
		}
		struct kind_figures *k = &add.kinds[l[0] - 'A'];
		uint64_t *f[6] = {&k->moves,  &k->captures, &k->captured,
				  &k->checks, &k->mates,    &k->promotions};
		for (int j = 0; j < 6; j++)
			*f[j] = jnumber(rd, &row->items[j + 1], "\"pieces\"");
	}
	uint64_t special[3] = {0};
	jnumbers(rd, json_get(jg, "special"), 3, special, "\"special\"");
	add.castlings = special[0];
	add.guardings = special[1];
	add.en_passant = special[2];
	const struct json_value *br = json_get(jg, "branching");
	if (!br || br->type != JSON_ARRAY || br->n != NPHASES)
		bad(rd, "\"branching\"");
	for (int p = 0; !rd->problem && p < NPHASES; p++) {
		uint64_t pair[2] = {0};
		jnumbers(rd, &br->items[p], 2, pair, "\"branching\"");
		add.positions[p] = pair[0];
		add.legal[p] = pair[1];
	}
	jnumbers(rd, json_get(jg, "levels"), MAX_LEVELS, add.levels, "\"levels\"");
	const struct json_value *os = json_get(jg, "openings");
	if (!os || os->type != JSON_ARRAY)
		bad(rd, "\"openings\"");
	for (size_t i = 0; !rd->problem && i < os->n; i++) {
		const struct json_value *row = &os->items[i];
		if (row->type != JSON_ARRAY || row->n != 1 + NRESULTS ||
		    row->items[0].type != JSON_STRING) {
			bad(rd, "\"openings\"");
			break;
		}
		struct opening *o = strmap_get(&add.openings,
					       row->items[0].string, sizeof *o);
		for (int r = 0; r < NRESULTS; r++)
			o->results[r] += jnumber(rd, &row->items[r + 1],
						 "\"openings\"");
	}
	if (!rd->problem)
		group_merge(g, &add);
	group_free(&add);
}

void partial_read(struct stats *st, const char *path, bool *first)
{
	struct reading rd = {strcmp(path, "-") == 0 ? "<stdin>" : path, NULL};
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	if (!f) {
		util_warn("%s: %s", path, strerror(errno));
		exit(EXIT_USAGE);
	}
	struct buf text = {0};
	char chunk[65536];
	size_t n;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		buf_add(&text, chunk, n);
	if (ferror(f)) {
		util_warn("%s: read error: %s", rd.name, strerror(errno));
		exit(EXIT_USAGE);
	}
	if (f != stdin)
		fclose(f);

	struct json_value root;
	const char *error;
	size_t at;
	if (!json_parse(text.p, text.len, &root, &error, &at)) {
		util_warn("%s: not a partial state: %s at byte %zu", rd.name,
			  error, at + 1);
		exit(EXIT_USAGE);
	}
	const struct json_value *fmt = json_get(&root, "format");
	if (!fmt || fmt->type != JSON_STRING ||
	    strcmp(fmt->string, PARTIAL_FORMAT) != 0 ||
	    jnumber(&rd, json_get(&root, "version"), "\"version\"") !=
		    PARTIAL_VERSION) {
		util_warn("%s: not a partial state of ob-stats %s", rd.name,
			  OB_VERSION);
		exit(EXIT_USAGE);
	}
	const struct json_value *by = json_get(&root, "by");
	const struct json_value *var = json_get(&root, "variant");
	uint64_t openings = jnumber(&rd, json_get(&root, "openings"),
				    "\"openings\"");
	const struct ob_variant *v =
		var && var->type == JSON_STRING ? ob_variant_find(var->string)
					     : NULL;
	if (!by || (by->type != JSON_NULL && by->type != JSON_STRING) || !v ||
	    openings > 1000)
		bad(&rd, "\"by\", \"openings\" or \"variant\"");
	if (!rd.problem && *first) {
		if (!opt.by && by->type == JSON_STRING)
			opt.by = util_xstrdup(by->string);
		if (!opt.openings_given)
			opt.openings = (int)openings;
		if (!opt.variant_given)
			opt.variant = v;
		*first = false;
	}
	if (!rd.problem) {
		const char *why = NULL;
		if ((by->type == JSON_NULL) != !opt.by ||
		    (opt.by && strcmp(opt.by, by->string) != 0))
			why = "--by";
		else if (openings != (uint64_t)opt.openings)
			why = "--openings";
		else if (v != opt.variant)
			why = "-V";
		if (why) {
			util_warn("%s: made with another %s than the other "
				  "partial states or the options",
				  rd.name, why);
			exit(EXIT_USAGE);
		}
	}
	uint64_t cells[OB_MAX_CELLS] = {0};
	jnumbers(&rd, json_get(&root, "cells"), (size_t)ob_cell_count(opt.variant),
		 cells, "\"cells\"");
	const struct json_value *groups = json_get(&root, "groups");
	if (!groups || groups->type != JSON_ARRAY)
		bad(&rd, "\"groups\"");
	struct stats add = {0};
	for (size_t i = 0; !rd.problem && i < groups->n; i++)
		read_group(&rd, &add, &groups->items[i]);
	if (rd.problem) {
		util_warn("%s: not a partial state: bad %s", rd.name,
			  rd.problem);
		exit(EXIT_USAGE);
	}
	memcpy(add.cells[variant_index(v)], cells, sizeof cells);
	stats_merge(st, &add);
	stats_free(&add);
	json_free(&root);
	free(text.p);
}

