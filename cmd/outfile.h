/*
 * Output files replaced whole or not at all, as GNU sort -o, rsync and git
 * do: what a tool writes to a file named by -o, --cells or a pattern goes
 * to a temporary file beside it (".NAME.XXXXXX" in the same directory,
 * with the mode the file would get: the old file's, or 0666 less the
 * umask), renamed over the target only when the tool says that the run
 * succeeded.  A run that ends before (any exit, or SIGHUP, SIGINT, SIGPIPE,
 * SIGQUIT, SIGTERM, SIGXFSZ) removes its temporary files: the targets stay
 * as they were.  A target that is not a regular file (/dev/null, a pipe,
 * a terminal) is written directly.
 */
#ifndef OB_CMD_OUTFILE_H
#define OB_CMD_OUTFILE_H

#include <stdio.h>

/* The most output files open at once (ob-stats: -o and --cells). */
#define OUTFILE_MAX 4

/*
 * A stream for path, refusing an input (util_refuse_input names option);
 * exit 2 with the system's reason when it cannot be created ("cannot
 * create PATH: ...").
 */
FILE *outfile_open(const char *option, const char *path);
/* -o FILE: standard output goes to outfile_open(path); "-" keeps it. */
void outfile_stdout(const char *option, const char *path);
/* Closes f (from outfile_open) and renames its file over the target;
 * exit 2 on a write error, the target left as it was. */
void outfile_finish(FILE *f);
/* The run succeeded: flushes standard output (util_check_output) and
 * finishes every output still open, -o's included. */
void outfile_finish_all(void);

#endif
