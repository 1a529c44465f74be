/*
 * explore_mpi.h - slide-explore-mpi's one layer over MPI: slide-explore
 * run as one process per MPI rank, each rank mapping its shard of a
 * family or a census (sb_options.shard = rank, nshards = ranks) and rank
 * 0 gathering the members, merging them (sb_family_report_merge,
 * sb_census_report_merge) and printing exactly what slide-explore
 * --family or --census prints.
 *
 * Every rank runs the same program over the same arguments, so parsing
 * and usage errors come out alike everywhere; what may differ between
 * ranks (a file one node cannot read, a limit only one shard reaches) is
 * settled by sb_mpi_agree, which every rank calls at the same points.
 * Only rank 0 writes: the others' stdout and stderr go to /dev/null, so
 * a message is printed once.
 *
 * CLI helpers: they return statuses and never exit.  Ranks must run one
 * build of slide on one kind of machine (error records travel as bytes).
 */
#ifndef SB_EXPLORE_MPI_H
#define SB_EXPLORE_MPI_H

#include <stdbool.h>

#include "census_run.h"
#include "slide_formats.h"

/* Starts MPI (MPI_Init_thread, SERIALIZED: the progress callback below
 * talks MPI from whichever of sb_family's threads calls it, one at a
 * time) and silences every rank but 0.  Returns false when MPI could not
 * start (the caller exits 2). */
bool sb_mpi_start(int *argc, char ***argv);

/* Ends MPI; returns code, for `return sb_mpi_finish(code);`. */
int sb_mpi_finish(int code);

/* This rank's share of the work (opts->shard and opts->nshards), and a
 * watch on the other ranks: opts->progress (which must be NULL) polls for
 * word that another rank failed and then cancels the search sb_mpi_watch
 * names, so one rank's limit stops the others' shards early instead of
 * at their end.  Without SERIALIZED threads from MPI there is no watch:
 * the others finish their shards first, as slowly but as correctly. */
void sb_mpi_take_share(sb_options *opts);

/* The search the watch cancels (NULL before it is freed). */
void sb_mpi_watch(sb_search *s);

/* Collective: every rank gives the status of the same step; all get back
 * the status of the lowest rank that failed (SB_OK when none did), and
 * rank 0's *err becomes that rank's error record, for the one message. */
sb_status sb_mpi_agree(sb_status status, sb_error *err);

/* Collective, after sb_family on every rank's shard: tells the other
 * ranks' watches when this rank failed, and settles status as
 * sb_mpi_agree does, a search the watch cancelled giving way to the
 * failure that caused it; then, on success, gathers every rank's members on
 * rank 0 (MPI_Gatherv of fixed-width words) and replaces rank 0's *r by
 * the merged report: the whole family.  Other ranks keep their shard.
 * Returns the agreed status (a failed gather or merge on rank 0 is
 * agreed too); on failure *r is freed on every rank. */
sb_status sb_mpi_family_gather(sb_status status, sb_family_report *r, sb_error *err);

/* Collective, after sb_census of spec on every rank's shard: as
 * sb_mpi_family_gather, rank 0's *r becoming the whole census (every
 * rank's mapped members sent as census_codec.c's words, checked against
 * spec on arrival).  Other ranks keep their shard; on failure *r is freed
 * on every rank. */
sb_status sb_mpi_census_gather(sb_status status, sb_census_report *r,
                               const sb_census_spec *spec, sb_error *err);

/* How sb_census_run shares a census among the ranks: these calls, rank 0
 * writing, and members dealt from a counter on rank 0 (an MPI window:
 * each rank's threads take the next member, largest first, when they are
 * free), in which case opts' static shard (sb_mpi_take_share) is undone.
 * Without MPI threads (SERIALIZED) the static shards stay. */
/* sb_mpi_census_gather for the census of every piece set (census_sets.c):
 * rank 0's *r gets every rank's walked members. */
sb_status sb_mpi_sets_gather(sb_status status, sb_pieceset_report *r, const sb_census_spec *spec,
                             sb_error *err);

void sb_mpi_census_share(census_share *share, sb_options *opts);

#endif
