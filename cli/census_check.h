/*
 * census_check.h - whether a census member read back from words or a
 * checkpoint can be the member it claims to be (census_check.c), checked
 * against the census's SPEC and its enumeration of members (a
 * census_frame) before anything uses it.  census_codec.c calls these as
 * it reads each field, so that a complaint names the field and the line
 * it came from.
 *
 * Every check is cheap: no layout is enumerated.  What they hold a member
 * to is what sb_census gives: its index in range and read once, its
 * counts those of that index, its lists in the report's order (largest
 * first) and as long as keep makes them, every number within what its
 * pieces and its other numbers allow (the layouts at most the product of
 * each kind's placements, each distance shorter than its component), and
 * every layout legal (inside the tray, off the walls, on its pins, no two
 * pieces on one cell, the member's pieces and no others).
 */
#ifndef SB_CLI_CENSUS_CHECK_H
#define SB_CLI_CENSUS_CHECK_H

#include <stdbool.h>
#include <stdint.h>

#include "census_codec.h"

/* What a check found wrong. */
typedef struct census_fault {
    const char *field;           /* the field at fault (docs/explore.md's names) */
    char why[224];               /* what is wrong with it */
} census_fault;

/* What the checks of one census share: its frame, and scratch sized for
 * its tray and kinds. */
typedef struct census_checker {
    const census_frame *frame;
    uint64_t *places;            /* per kind: the anchors a piece of it may take */
    uint32_t *tally;             /* per kind: its pieces in the layout being checked */
    uint32_t *stamp;             /* per cell: the last layout that covered it */
    uint32_t layout;             /* the layout being checked (its stamp) */
} census_checker;

/* Sets k up for frame's census; false out of memory (k is then empty). */
bool sb_census_checker_init(census_checker *k, const census_frame *frame);
void sb_census_checker_free(census_checker *k);

/* Each returns true when the member passes, else false with *f filled. */

/* Member index i is one of the census's, and out (being filled) does not
 * hold it yet. */
bool sb_census_check_index(const census_checker *k, uint64_t i, const sb_census_report *out,
                           census_fault *f);

/* counts[0..nkinds) are member i's. */
bool sb_census_check_counts(const census_checker *k, uint64_t i, const uint32_t *counts,
                            census_fault *f);

/* m's numbers fit together and its pieces (m->counts, m->has_goal set);
 * whole: m must be mapped whole (a checkpoint holds no parts). */
bool sb_census_check_member(const census_checker *k, const sb_census_member *m, bool whole,
                            census_fault *f);

/* Component c of m: its numbers against m's, and against component c - 1. */
bool sb_census_check_component(const census_checker *k, const sb_census_member *m, size_t c,
                               census_fault *f);

/* A layout of m (m->nblocks pieces; what names it: "example", "start"). */
bool sb_census_check_layout(census_checker *k, const sb_census_member *m, const sb_block *b,
                            const char *what, census_fault *f);

/* m's list as a whole: its sizes, goal components and hardest against the
 * totals m states. */
bool sb_census_check_list(const census_checker *k, const sb_census_member *m, census_fault *f);

#endif
