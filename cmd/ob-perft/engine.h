/*
 * The other move generator of --compare: running its command in a
 * process group of its own, within a time limit, and reading the divide
 * it prints.
 */
#ifndef OB_PERFT_ENGINE_H
#define OB_PERFT_ENGINE_H

#include <stdbool.h>
#include <stddef.h>

#include "oblique.h"
#include "their_divide.h"

/* After SIGTERM, what is left of the command's process group has this
 * long to end before SIGKILL. */
#define ENGINE_GRACE_SECONDS 1

/*
 * Runs `/bin/sh -c 'CMD "$@"' sh DEPTH POSITION MOVES` (standard input
 * from /dev/null, standard error passed on) in a process group of its
 * own, and reads its divide (their_divide_read), each move resolved
 * against pos, the position after MOVES.  With a timeout (seconds; 0:
 * none) the command must close its output and exit within it.  When it
 * has exited, or runs out of time, its whole group (whatever it started
 * and left) is ended: SIGTERM, then SIGKILL after ENGINE_GRACE_SECONDS.
 * Should ob-perft be ended meanwhile by SIGHUP, SIGINT or SIGTERM, the
 * group is ended so first, then ob-perft by the same signal.  False when
 * the command fails, runs out of time or prints what cannot be read (why
 * says what).
 */
bool engine_divide(const char *cmd, long timeout, int depth,
		   const char *position, const char *moves,
		   const struct ob_position *pos, struct their_divide *out,
		   char *why, size_t whylen);

#endif
