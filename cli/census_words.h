/*
 * census_words.h - a census shard as 64-bit words and back, for
 * slide-explore-mpi to send each rank's members (whole or parts) to rank 0
 * (census_words.c).  Ranks run one build, so the words need no version;
 * they carry every field the writers read, so the rebuilt report prints
 * exactly as the one that was sent.
 */
#ifndef SB_CLI_CENSUS_WORDS_H
#define SB_CLI_CENSUS_WORDS_H

#include <stddef.h>
#include <stdint.h>

#include "slide_formats.h"

/* Writes the members rep holds, whole or in parts (index first), after a
 * header to w, and returns how many words they take; w NULL counts them
 * only. */
size_t sb_census_to_words(const sb_census_report *rep, uint64_t *w);

/* Rebuilds into *out the report whose words are w[0..n): every member of
 * like (a report of the same census: its counts, kinds and keep), unmapped
 * but for those the words carry.  SB_EINPUT when the words are not such a report (a
 * member out of range, a count past the end), SB_ELIMIT out of memory;
 * on SB_OK the caller owns *out (sb_census_report_free), on failure it
 * is empty. */
sb_status sb_census_from_words(const uint64_t *w, size_t n, const sb_census_report *like,
                               sb_census_report *out, sb_error *err);

#endif
