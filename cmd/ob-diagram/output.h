/*
 * Implementation of ob-diagram's output: each diagram rendered to
 * standard output, or to the files an -o pattern names.
 */
#ifndef OB_CMD_DIAGRAM_OUTPUT_H
#define OB_CMD_DIAGRAM_OUTPUT_H

#include <stdbool.h>

#include "draw/scene.h"

/* Checks an -o pattern: at most one %d (or %0Nd), %% for a percent. */
bool output_pattern_ok(const char *pattern, bool *numbered);
/* Writes one diagram where -o says, in the --format asked for; exits 2 on
 * a file that cannot be created or written.  With %d in the pattern, each
 * file replaces its target once drawn; without, the one file of the run
 * waits for output_finish (outfile.h). */
void output_emit(const struct scene *sc);
/* Ends the run with this exit status: unless 2, -o's file without %d
 * replaces its target (the lines that drew are in it); exits 2 on a
 * write error. */
int output_finish(int status);

#endif
