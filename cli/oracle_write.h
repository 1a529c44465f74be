/*
 * oracle_write.h - the distance oracle's report (sb_distances) written
 * for other programs: every configuration with its distance to the goal
 * (JSON, or a packed binary file for big spaces), and the state graph
 * (GraphML for graph tools, or plain edge lines).  docs/explore.md
 * describes each layout byte by byte.
 *
 * CLI helpers: they write to a FILE the caller opened and return 0, or -1
 * when a write failed (errno set).  They never print elsewhere and never
 * exit.
 */
#ifndef SB_ORACLE_WRITE_H
#define SB_ORACLE_WRITE_H

#include <stdio.h>

#include "slide_formats.h"

/* Where the report came from, for the JSON and GraphML headers. */
typedef struct sb_oracle_source {
    const char *init_path;
    const char *goal_path;      /* NULL: no goal given */
    const sb_puzzle *puzzle;
} sb_oracle_source;

/* One JSON document: the classes (the slot order), then each
 * configuration's anchors and distance (null: no goal reachable). */
int sb_oracle_write_json(FILE *out, const sb_oracle_source *src, const sb_distances *d);

/* The packed binary form (docs/explore.md): a header, then per
 * configuration its anchor cells (uint16) and distance (uint32). */
int sb_oracle_write_binary(FILE *out, const sb_distances *d);

/* The state graph as GraphML: nodes with their anchors (and distance,
 * when a goal was given), each move once as an undirected edge. */
int sb_oracle_write_graphml(FILE *out, const sb_oracle_source *src, const sb_distances *d);

/* The state graph as lines "FROM TO r1 c1 r2 c2": each move once, FROM <
 * TO, numbered as --distances numbers configurations. */
int sb_oracle_write_edges(FILE *out, const sb_distances *d);

#endif
