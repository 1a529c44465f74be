/*
 * census_codec.h - a census's members (of an alphabet, or of every piece
 * set) in the two forms they leave a process in: 64-bit words, which slide-explore-mpi sends to rank 0, and
 * the text of a --checkpoint file, which a later run reads back
 * (census_codec.c).  One list of a member's fields serves both forms and
 * both directions, and whatever is read is checked against the census it
 * claims to be of (census_frame) before anything uses it: a member index,
 * count, layout or total that does not fit is an error naming the field,
 * never carried into a report or a rewritten checkpoint.
 *
 * The checkpoint's format (docs/explore.md, "Progress, Ctrl-C and
 * checkpoints") carries a version in its first line; a file of another
 * version is refused with a message saying so.  Ranks run one build, so
 * the words carry none.
 */
#ifndef SB_CLI_CENSUS_CODEC_H
#define SB_CLI_CENSUS_CODEC_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "slide_formats.h"

/* The checkpoint format this build writes and reads. */
enum { SB_CHECKPOINT_VERSION = 3 };

/* What members read back are checked against: the census's SPEC (its
 * tray, walls, kinds, pins, goal and keep) and a report of it that lists
 * every member (mapped or not: sb_census with every member skipped gives
 * one cheaply), whose counts and has_goal are each member's. */
typedef struct census_frame {
    const sb_census_spec *spec;
    const sb_census_report *like;
} census_frame;

/* The kind (an index into kinds[0..nkinds)) of a piece of a census layout:
 * a marked kind is its group, the others match by shape (shapes: the
 * census's kind_shapes, NULL when it has none), size and axis; nkinds
 * when none does. */
size_t sb_census_kind_of(const sb_census_kind *kinds, const sb_shape *shapes, size_t nkinds,
                         const sb_block *b);

/* A piece of kind k anchored at 0 0, as sb_census hands them back: a
 * shape that does not fill its box named as shape k + 1 of shapes. */
sb_block sb_census_kind_block(const sb_census_kind *kinds, const sb_shape *shapes, size_t k);

/* Writes the members rep holds, whole or in parts, after a header to w,
 * and returns how many words they take; w NULL counts them only.  shapes:
 * the census's kind_shapes (NULL when it has none). */
size_t sb_census_to_words(const sb_census_report *rep, const sb_shape *shapes, uint64_t *w);

/* Rebuilds into *out the report whose words are w[0..n): every member of
 * frame->like, unmapped but for those the words carry, each checked.
 * SB_EINPUT ("a shard of the census came back garbled: ...") when the
 * words are not such a report, SB_ELIMIT out of memory; on SB_OK the
 * caller owns *out (sb_census_report_free), on failure it is empty. */
sb_status sb_census_from_words(const uint64_t *w, size_t n, const census_frame *frame,
                               sb_census_report *out, sb_error *err);

/* A checkpoint's first line, naming the census by spec_hash (of the SPEC's
 * bytes) and the metric.  false when out reports a write error. */
bool sb_checkpoint_header(FILE *out, uint64_t spec_hash, sb_metric metric);

/* Member index of spec's census, mapped whole, as checkpoint lines.
 * false when out reports a write error. */
bool sb_checkpoint_member(FILE *out, const sb_census_spec *spec, size_t index,
                          const sb_census_member *m);

/* Reads a checkpoint of `size` bytes from in (path names it in messages),
 * which must be of the census spec_hash and metric name, into *out: every
 * member of frame->like, those the checkpoint holds mapped, each checked.
 * SB_EINPUT with "PATH:LINE: FIELD: what is wrong" when it is not such a
 * checkpoint, SB_ELIMIT out of memory; on SB_OK the caller owns *out
 * (sb_census_report_free), on failure it is empty. */
sb_status sb_checkpoint_read(FILE *in, uint64_t size, const char *path, uint64_t spec_hash,
                             sb_metric metric, const census_frame *frame,
                             sb_census_report *out, sb_error *err);

/* ---- a census of every piece set ("pieces any", census_sets.c) ---- */

/* The puzzle a start of rep's member is: spec's tray and walls, rep's
 * shapes, blocks[0..n). */
sb_puzzle sb_pieceset_puzzle(const sb_census_spec *spec, const sb_pieceset_report *rep,
                             sb_block *blocks, size_t n);

/* The members of a census of every piece set that rep has walked, as
 * 64-bit words (slide-explore-mpi's): written to w, their count returned
 * (w NULL: counted only). */
size_t sb_pieceset_to_words(const sb_pieceset_report *rep, uint64_t *w);

/* Puts the members that words w[0..n) carry into *into (a listing of the
 * census of spec: every member, unwalked but for those already put in),
 * each checked as a checkpoint's line is: its index, not walked twice,
 * each field in range, its start a layout of its pieces.  SB_EINPUT ("a
 * shard of the census came back garbled: member I: FIELD: ...") or
 * SB_ELIMIT; members put in before a failure stay (into is freed whole
 * by sb_pieceset_report_free). */
sb_status sb_pieceset_from_words(const uint64_t *w, size_t n, const sb_census_spec *spec,
                                 sb_pieceset_report *into, sb_error *err);

/* Walked member index as a checkpoint line ("set ..."; docs/explore.md).
 * false when out reports a write error. */
bool sb_checkpoint_set(FILE *out, size_t index, const sb_pieceset_member *m);

/* Reads a checkpoint of a census of every piece set (`size` bytes from
 * in, path naming it in messages), which must be of the census spec_hash
 * and metric name, into *into (a listing of spec's census, as
 * sb_pieceset_from_words): each line checked as the words are.  SB_EINPUT
 * with "PATH:LINE: FIELD: what is wrong" when it is not such a
 * checkpoint, SB_ELIMIT out of memory. */
sb_status sb_checkpoint_read_sets(FILE *in, uint64_t size, const char *path,
                                  uint64_t spec_hash, sb_metric metric,
                                  const sb_census_spec *spec, sb_pieceset_report *into,
                                  sb_error *err);

#endif
