/*
 * progress.h - the one updating status line the programs keep on stderr
 * while long work runs: a search's configurations stored, depth, rate and
 * memory (IDA*, which holds only its path: those expanded, its bound); or, for work in a phase (sb_progress.phase: a table's build, a
 * census's members), the phase, its percentage, rate and time left.
 *
 * It is shown only when stderr is a terminal and CI is unset, and only
 * once the search has run for a second, so quick solves, pipes, logs and
 * CI output never see it.
 */
#ifndef SB_PROGRESS_H
#define SB_PROGRESS_H

#include <stdbool.h>
#include <stdio.h>

#include "slide.h"

typedef struct sb_progress_line {
    FILE *out;          /* where the line goes (stderr) */
    bool enabled;       /* a terminal, and not under CI */
    bool drawn;         /* a line is on the screen and must be cleared */
    const char *phase;  /* the phase last shown (NULL: the search), and  */
    double phase_start; /* when it began, so that its rate and time left */
    uint64_t phase_done, phase_stored;  /* count from there; done (the search:
                                           expanded) and stored then */
} sb_progress_line;

/* Sets pl up for out, deciding whether it may draw at all. */
void sb_progress_line_init(sb_progress_line *pl, FILE *out);

/* Sets pl up for out, as sb_progress_line_init does, and makes it opts'
 * progress callback, unless opts has one already (slide-explore-mpi's
 * watch on the other ranks, whose rank 0 writes to mpirun's pipe). */
void sb_progress_line_attach(sb_progress_line *pl, FILE *out, sb_options *opts);

/* The sb_options.progress callback; ctx is a sb_progress_line. */
void sb_progress_line_update(const sb_progress *p, void *ctx);

/* Erases the line, if one was drawn. */
void sb_progress_line_clear(sb_progress_line *pl);

#endif
