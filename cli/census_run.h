/*
 * census_run.h - `slide-explore --census SPEC`: reads the SPEC, runs
 * sb_census with a checkpoint and a progress line, and writes the report
 * as text, JSON, CSV or an SQLite database (census_run.c).
 */
#ifndef SB_CLI_CENSUS_RUN_H
#define SB_CLI_CENSUS_RUN_H

#include "slide.h"

typedef enum census_form { CENSUS_TEXT, CENSUS_JSON, CENSUS_CSV, CENSUS_SQLITE } census_form;

typedef struct census_args {
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

#endif
