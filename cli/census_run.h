/*
 * census_run.h - `slide-explore --census SPEC`: reads the SPEC, runs
 * sb_census with a checkpoint and a progress line, and writes the report
 * as text, JSON, CSV or an SQLite database (census_run.c).  The same run
 * serves `slide-explore-mpi --census`: a census_share says how the
 * processes settle each step and gather the shards, so that one process
 * writes the whole census with the same writers.
 */
#ifndef SB_CLI_CENSUS_RUN_H
#define SB_CLI_CENSUS_RUN_H

#include "slide_formats.h"

typedef enum census_form { CENSUS_TEXT, CENSUS_JSON, CENSUS_CSV, CENSUS_SQLITE } census_form;

/* How one census is shared among processes that each run sb_census_run
 * on the same arguments, opts.shard and opts.nshards picking each one's
 * members (slide-explore-mpi's ranks: explore_mpi.h).  Every process
 * calls the hooks at the same points, so they may be collective. */
typedef struct census_share {
    /* A step's status, settled among the processes: all get the same,
     * and the writing process's *err says why it failed. */
    sb_status (*agree)(sb_status status, sb_error *err);
    /* The search that another process's failure cancels (NULL: none). */
    void (*watch)(sb_search *s);
    /* After sb_census of spec: settles its status as agree does and, on
     * SB_OK, makes the writing process's *rep the whole census (what the
     * others send checked against spec); on failure *rep is freed. */
    sb_status (*gather)(sb_status status, sb_census_report *rep, const sb_census_spec *spec,
                        sb_error *err);
    /* NULL, or the next place in the census's order for this process to
     * map, from a counter all share (sb_census_hooks.take; opts.nshards
     * must then be 1). */
    size_t (*take)(void);
    bool writes;                 /* this process writes the report */
    /* gather for the census of every piece set (census_sets.c): rank 0's
     * *rep becomes the whole census, the others' members checked as
     * sb_pieceset_from_words (census_codec.h) does. */
    sb_status (*gather_sets)(sb_status status, sb_pieceset_report *rep,
                             const sb_census_spec *spec, sb_error *err);
} census_share;

typedef struct census_args {
    const char *program;         /* for messages: "slide-explore" */
    const census_share *share;   /* NULL: one process does everything */
    const char *spec_path;
    census_form form;
    const char *sqlite_path;     /* with CENSUS_SQLITE */
    const char *checkpoint_path; /* NULL: none */
    sb_options opts;
} census_args;

/* Whether this build writes SQLite (libsqlite3-dev was found). */
bool sb_census_sqlite_built(void);

/* Runs the census and returns the exit status (messages on stderr). */
int sb_census_run(const census_args *a);

/* Whether f, open on the checkpoint at path, is a regular file (a device
 * or a pipe would be read forever): SB_OK with *bytes its size, else
 * SB_EINPUT with err naming path. */
sb_status sb_census_checkpoint_regular(FILE *f, const char *path, uint64_t *bytes,
                                       sb_error *err);

/* The census of every piece set (the SPEC's "pieces any", read into
 * spec, spec_hash the hash of its bytes): census_sets.c.  The exit status. */
int sb_census_sets_run(const census_args *a, const sb_census_spec *spec, uint64_t spec_hash);

/* Writes a checkpoint: its header (the census's spec_hash and metric)
 * and the member lines text has written (over *bytes, *len: a memory
 * stream's) to PATH.tmp, renamed over PATH, so a reader finds the old
 * file or the new one whole.  false, the message on stderr after
 * program's name, when it cannot. */
bool sb_census_checkpoint_write(const char *program, const char *path, uint64_t spec_hash,
                                sb_metric metric, FILE *text, char *const *bytes,
                                const size_t *len);

/* A picture (lines ending in '\n'; NULL: none) on stdout: indented two
 * blanks, or as a JSON array of its lines (null). */
void sb_census_print_indented(const char *text);
void sb_census_json_picture(const char *text);

#endif
