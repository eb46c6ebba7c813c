/* Writing a partial state of ob-stats; see partial.h. */
#include "partial.h"

#include <stdlib.h>

#include "json.h"
#include "options.h"
#include "partialread.h"

/* The inputs counted, in byte order of their digests, each as often as
 * it is counted. */
static void write_inputs(struct buf *b, const struct stats *st)
{
	buf_puts(b, ",\n\"inputs\":[");
	struct strmap_entry **inputs = strmap_sorted(&st->inputs);
	bool first = true;
	for (size_t i = 0; i < st->inputs.count; i++) {
		const struct input *in = inputs[i]->value;
		for (uint64_t k = 0; k < in->times; k++) {
			buf_printf(b, "%s[\"%s\",%llu]", first ? "" : ",",
				   inputs[i]->key, (unsigned long long)in->games);
			first = false;
		}
	}
	free(inputs);
	buf_puts(b, "]");
}

void partial_write(struct buf *b, const struct stats *st, FILE *out)
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
	write_inputs(b, st);
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
		buf_puts(b, "],\n \"eliminations\":[");
		for (int a = 0; a < OB_MAX_ARMIES; a++) {
			buf_puts(b, a ? ",[" : "[");
			for (int by = 0; by < OB_MAX_ARMIES; by++)
				buf_printf(b, "%llu,",
					   (unsigned long long)
						   g->eliminated[a][by]);
			buf_printf(b, "%llu]",
				   (unsigned long long)g->no_move[a]);
		}
		buf_puts(b, "],\n \"lengths\":[");
		first = true;
		for (size_t k = 0; k < g->nlengths; k++)
			if (g->lengths[k]) {
				buf_printf(b, "%s[%zu,%llu]", first ? "" : ",",
					   k, (unsigned long long)g->lengths[k]);
				first = false;
			}
		buf_puts(b, "],\n \"lengths_by_result\":");
		if (g->unsplit) {
			buf_puts(b, "null");
		} else {
			first = true;
			buf_puts(b, "[");
			for (size_t k = 0; k < g->nlengths; k++) {
				if (!g->lengths[k])
					continue;
				buf_printf(b, "%s[%zu", first ? "" : ",", k);
				for (int r = 0; r < NRESULTS; r++)
					buf_printf(b, ",%llu",
						   (unsigned long long)g->by_result
							   [k * NRESULTS + r]);
				buf_puts(b, "]");
				first = false;
			}
			buf_puts(b, "]");
		}
		buf_puts(b, ",\n \"pieces\":[");
		first = true;
		for (int p = 0; p < known.npieces; p++) {
			const struct kind_figures *k = &g->kinds[p];
			if (!k->moves && !k->captured && !k->promotions)
				continue;
			buf_printf(b, "%s[\"%s\",%llu,%llu,%llu,%llu,%llu,%llu]",
				   first ? "" : ",", known.piece_name[p],
				   (unsigned long long)k->moves,
				   (unsigned long long)k->captures,
				   (unsigned long long)k->captured,
				   (unsigned long long)k->checks,
				   (unsigned long long)k->mates,
				   (unsigned long long)k->promotions);
			first = false;
		}
		buf_printf(b,
			   "],\n \"special\":[%llu,%llu,%llu,%llu],"
			   "\"branching\":[",
			   (unsigned long long)g->castlings,
			   (unsigned long long)g->guardings,
			   (unsigned long long)g->en_passant,
			   (unsigned long long)g->swaps);
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
		if (out && b->len > 1 << 16) {
			fwrite(b->p, 1, b->len, out);
			b->len = 0;
		}
	}
	free(groups);
	buf_puts(b, "]}\n");
}

