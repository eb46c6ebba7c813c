#include "ob-diagram/output.h"

#include <stdio.h>
#include <stdlib.h>

#include "draw/svg.h"
#include "draw/text.h"
#include "ob-diagram/diagram.h"
#include "outfile.h"
#include "util.h"

static long diagrams_written;
static FILE *shared_output; /* -o without %d: one file for the run */

bool output_pattern_ok(const char *p, bool *numbered)
{
	*numbered = false;
	for (; *p; p++) {
		if (*p != '%')
			continue;
		p++;
		if (*p == '%')
			continue;
		if (*p == '0' && p[1] >= '1' && p[1] <= '9')
			p += 2;
		if (*p != 'd' || *numbered)
			return false;
		*numbered = true;
	}
	return true;
}

static void pattern_name(const char *p, long index, char *out, size_t size)
{
	size_t n = 0;
	for (; *p && n + 24 < size; p++) {
		if (*p != '%') {
			out[n++] = *p;
			continue;
		}
		p++;
		if (*p == '%') {
			out[n++] = '%';
			continue;
		}
		int width = 0;
		if (*p == '0') {
			width = p[1] - '0';
			p += 2;
		}
		n += (size_t)sprintf(out + n, "%0*ld", width, index);
	}
	out[n] = '\0';
}

void output_emit(const struct scene *sc)
{
	long index = ++diagrams_written;
	bool numbered = false;
	char name[4096];
	FILE *o = stdout;
	if (opt.output) {
		output_pattern_ok(opt.output, &numbered);
		pattern_name(opt.output, index, name, sizeof name);
		if (!numbered && index > 1 && opt.format == FORMAT_SVG) {
			util_warn("-o %s: several SVG diagrams need a %%d in "
				  "the pattern",
				  opt.output);
			exit(EXIT_USAGE);
		}
		if (!numbered && !shared_output)
			shared_output = outfile_open("--output", name);
		o = numbered ? outfile_open("--output", name) : shared_output;
	}
	if (opt.format == FORMAT_TEXT) {
		if (index > 1 && (o == stdout || o == shared_output))
			fputc('\n', o);
		text_render(o, &opt.view, sc, opt.unicode);
	} else {
		svg_render(o, &opt.view, sc);
	}
	if (o == stdout)
		util_check_output();
	else if (numbered) /* each file whole as soon as it is drawn */
		outfile_finish(o);
}

int output_finish(int status)
{
	if (status != EXIT_USAGE)
		outfile_finish_all();
	util_check_output();
	return status;
}
