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
 * a file that cannot be created or written. */
void output_emit(const struct scene *sc);
/* Closes the file that -o without %d has gathered text diagrams in, if
 * any; exits 2 on a write error. */
void output_close(void);

#endif
