/*
 * options.h - the programs' one option parser.  A program lists the
 * options it takes as a table of rows (sb_opt): a name, what kind of value
 * it takes and where the value goes, and its line of --help.  One loop
 * over getopt_long, built from the table, reads argv into the rows'
 * targets, and --help is written from the same rows, so that what a
 * program takes and what its help lists cannot drift apart (tests/
 * options.sh holds both to the man pages).
 *
 * Every value is read by the one reader of its kind: a choice by the
 * library's parser (sb_metric_parse, ...), whose names --help lists too;
 * an amount and seconds by args.c; a limit by sb_args_limit.  Every
 * usage error is worded here, the same in every program: "unknown option
 * '--frob'", "--metric needs a value: unit, line or piece",
 * "--threads takes a whole number from 1 to 256, not '0'".
 *
 * The rows point into the program's own record of its options, so a
 * program builds its table where it parses (an automatic array); rows
 * that more than one program takes, worded once, come from the sb_opt_*
 * functions below.  CLI helpers: they print only --help and --version,
 * on stdout, and never exit.
 */
#ifndef SB_CLI_OPTIONS_H
#define SB_CLI_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "slide_formats.h"

typedef enum sb_opt_kind {
    SB_OPT_FLAG,      /* no value: *to.flag = true */
    SB_OPT_MODE,      /* no value: only *mode = set (below) */
    SB_OPT_TEXT,      /* *to.text = the value as given (a file, a directory) */
    SB_OPT_METRIC,    /* *to.metric: a name sb_metric_parse knows */
    SB_OPT_ALGO,      /* *to.algo: sb_algo_parse */
    SB_OPT_ENGINE,    /* *to.path: sb_path_parse */
    SB_OPT_WALK,      /* *to.walk: sb_walk_parse */
    SB_OPT_FORMAT,    /* *to.format: sb_fmt_parse_name */
    SB_OPT_PICK,      /* *to.number = the value's index in names */
    SB_OPT_LIMIT,     /* *to.limits: the limit the option's name says (sb_args_limit) */
    SB_OPT_COUNT,     /* *to.count: decimal digits, from min to max (sb_args_amount) */
    SB_OPT_CALL,      /* call(to.context, value, ...): the program's own reading */
    SB_OPT_HELP,      /* no value: --help is printed, and the program ends */
    SB_OPT_VERSION    /* no value: "PROGRAM VERSION" is printed, and the program ends */
} sb_opt_kind;

/* SB_OPT_CALL's reader: true when value is good, else false with the
 * whole message (no program name) in msg (n bytes). */
typedef bool (*sb_opt_reader)(void *context, const char *value, char *msg, size_t n);

typedef struct sb_opt {
    const char *name;        /* the long name without "--", or NULL (a short name only) */
    char letter;             /* the short name (-o), or 0 */
    sb_opt_kind kind;
    const char *value;       /* the value as --help names it ("FILE"); NULL for a
                                choice, whose names --help lists instead */
    const char *help;        /* what --help says of it, wrapped to fit there */
    union {
        bool *flag;
        int *number;
        const char **text;
        sb_metric *metric;
        sb_algo *algo;
        sb_path *path;
        sb_walk *walk;
        sb_format *format;
        sb_limits *limits;
        uint64_t *count;
        void *context;
    } to;                    /* where the value goes, by kind */
    int *mode, set;          /* any kind: *mode = set too when the option is met (one
                                of a program's modes, last one wins), unless NULL */
    const char *const *names;   /* SB_OPT_PICK: the choices, NULL after the last */
    uint64_t min, max;       /* SB_OPT_COUNT: the range (max 0: up to UINT64_MAX) */
    const char *takes;       /* SB_OPT_COUNT: what it takes, for the message
                                ("a whole number from 1 to 256"; NULL: "a whole number") */
    sb_opt_reader call;      /* SB_OPT_CALL */
    bool *given;             /* set true when the option is met (may be NULL) */
} sb_opt;

typedef struct sb_opt_table {
    const char *program;     /* "slide": --version's name */
    const char *usage;       /* --help's lines before the options (each ends in '\n') */
    const sb_opt *rows;
    size_t nrows;
    const char *epilogue;    /* --help's lines after the options */
} sb_opt_table;

/* What sb_opt_parse returns besides an exit status. */
enum { SB_OPT_GO = -1, SB_OPT_BAD = -2 };

/* Reads argv's options into the rows' targets, in argv's order (a later
 * value overrides an earlier one).  Returns SB_OPT_GO when the program
 * goes on: its operands are argv[optind..argc); SB_OPT_BAD on a usage
 * error, with the message (no program name) in msg (n bytes); or, after
 * --help or --version, the program's exit status: 0, or 2 when stdout
 * could not take them. */
int sb_opt_parse(const sb_opt_table *t, int argc, char **argv, char *msg, size_t n);

/* Writes t's --help: usage, a line or more per row, epilogue. */
void sb_opt_help(FILE *out, const sb_opt_table *t);

/* Rows that several programs take, worded once. */
sb_opt sb_opt_metric(sb_metric *to);
sb_opt sb_opt_engine(sb_path *to);
sb_opt sb_opt_walk(sb_walk *to);
sb_opt sb_opt_format(sb_format *to);
/* name: "max-states", "max-memory" or "time-limit"; help NULL: the
 * shared words (max-states has none: each program says what it counts). */
sb_opt sb_opt_limit(const char *name, sb_limits *to, const char *help);
sb_opt sb_opt_help_row(void);
sb_opt sb_opt_version_row(void);

#endif
