/*
 * slide_explore.c - `slide-explore`: what lies behind a puzzle rather than
 * one way through it.
 *
 *   slide-explore [options] INIT [GOAL]   the space reachable from INIT:
 *       its size, the depth profile under the metric, the farthest layer
 *       (with one configuration from it), and with GOAL how many
 *       configurations satisfy it and how near the nearest is.
 *   slide-explore --components INIT       every layout of INIT's piece set
 *       (any shapes, walls, marked and one-axis pieces), split into
 *       connected components, with sizes and exact diameters.
 *   slide-explore --family INIT           every mix of plain 1x1, 1x2 and
 *       2x1 blocks around INIT's other pieces: layouts and components each,
 *       members mapped on --threads N threads (default every core; with
 *       --components --no-diameters, N threads walk each large component).
 *   slide-explore --census SPEC           the census of a piece alphabet
 *       (census_run.c): every member's components, diameters and hardest
 *       starts, as text, JSON, CSV or SQLite, resumable (--checkpoint).
 *   slide-explore --distances INIT GOAL   the distance oracle: every
 *       reachable configuration with its distance to GOAL (JSON or binary).
 *   slide-explore --graph graphml|edges INIT [GOAL]   the state graph,
 *       with each node's distance to GOAL when one is given.
 *
 * Text by default, one JSON document with --json.  Exit status as for
 * `slide`: 0 done, 2 bad usage or input, 3 gave up at a limit.  Like every
 * cli/ file, this is the only layer that prints or exits.
 *
 * Built with SLIDE_EXPLORE_MPI (cmake -DSLIDE_MPI=ON) this file is also
 * `slide-explore-mpi`, launched by mpirun: the same arguments and output,
 * --family and --census only (no --checkpoint), each rank mapping its
 * shard of the members and rank 0 printing the whole (explore_mpi.h).  A
 * program of its own rather than a --mpi flag, so that slide-explore needs
 * no MPI library to run.
 */
#include <errno.h>
#include <getopt.h>   /* optind */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "args.h"
#include "census_run.h"
#include "options.h"
#include "oracle_write.h"
#include "progress.h"
#include "slide_formats.h"
#include "view.h"
#ifdef SLIDE_EXPLORE_MPI
#include "explore_mpi.h"
#define PROGRAM "slide-explore-mpi"
#else
#define PROGRAM "slide-explore"
#endif

enum { EXIT_USAGE = 2 };
/* The modes, in cli.mode; the oracle's forms, in cli.form (--distances
 * writes the first two, --graph the last two, each in its choices' order). */
enum { MODE_REACH, MODE_COMPONENTS, MODE_FAMILY, MODE_CENSUS, MODE_DISTANCES, MODE_GRAPH };
enum { FORM_JSON, FORM_BINARY, FORM_GRAPHML, FORM_EDGES };

typedef struct cli {
    sb_options opts;
    sb_format format;
    int mode;                /* a mode: --components, --family, ..., or MODE_REACH */
    bool json;
    bool no_diameters;       /* --components: skip the diameters */
    int form;                /* how the oracle is written: --graph's or --distances-format's */
    int gform, dform;        /* --graph's and --distances-format's choice: 0, 1, ... */
    bool dform_given;
    const char *init_path, *goal_path;
    bool csv;                /* --census: CSV out */
    const char *sqlite_path, *checkpoint_path;
    uint64_t threads;        /* --threads N, when threads_given */
    bool threads_given;
    const char *spill_dir;   /* --spill-dir DIR, or NULL */
    sb_cache *spill;         /* DIR's files, the walk's spill (opts.spill) */
} cli;

static int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int usage_error(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, PROGRAM ": ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry '" PROGRAM " --help'.\n");
    return EXIT_USAGE;
}

static const char USAGE[] =
#ifdef SLIDE_EXPLORE_MPI
    "usage: mpirun -np N slide-explore-mpi --family [options] INIT\n"
    "       mpirun -np N slide-explore-mpi --census [options] SPEC\n"
    "       mpirun -np N slide-explore-mpi --walk ranked [options] INIT [GOAL]\n"
    "slide-explore --family or --census with the members shared out among N\n"
    "MPI ranks (largest first), or the reachable walk under --walk ranked with\n"
    "each layer's ranks shared out; rank 0 prints the report or writes\n"
    "--sqlite's file.  Its options are slide-explore's, but for --checkpoint:\n\n"
#endif
    "usage: slide-explore [options] INIT [GOAL]\n"
    "       slide-explore --distances [options] INIT GOAL\n"
    "       slide-explore --graph graphml|edges [options] INIT [GOAL]\n"
    "       slide-explore --components [options] INIT\n"
    "       slide-explore --family [options] INIT\n"
    "       slide-explore --census [options] SPEC\n"
    "Map the configurations behind a sliding-block puzzle.  With no mode\n"
    "(--components, --family, --census, --distances, --graph): everything\n"
    "reachable from INIT: how many, how many at each distance, the farthest\n"
    "ones; with GOAL, how many satisfy it and the nearest one's distance.\n"
    "\n";

static const char EPILOGUE[] =
    "\n"
    "Exit status: 0 done, 2 bad usage or input, 3 gave up at a resource limit\n"
    "or interrupted (Ctrl-C).\n";

/* Parses argv into c.  Returns -1 to go on, or an exit status. */
static int parse_args(cli *c, int argc, char **argv)
{
    static const char *const dforms[] = { "json", "binary", NULL };
    static const char *const gforms[] = { "graphml", "edges", NULL };
    sb_limits *lim = &c->opts.limits;
    const sb_opt rows[] = {
        { .name = "components", .kind = SB_OPT_MODE, .mode = &c->mode,
          .set = MODE_COMPONENTS,
          .help = "every layout of INIT's pieces on its tray (any shape, walls, marked and "
                  "one-axis pieces), split into connected components (sizes, exact "
                  "diameters)" },
        { .name = "no-diameters", .kind = SB_OPT_FLAG, .to.flag = &c->no_diameters,
          .help = "with --components: skip the diameters" },
        { .name = "family", .kind = SB_OPT_MODE, .mode = &c->mode, .set = MODE_FAMILY,
          .help = "every mix of plain 1x1, 1x2, 2x1 blocks around INIT's other pieces: "
                  "layouts and components of each" },
        { .name = "census", .kind = SB_OPT_MODE, .mode = &c->mode, .set = MODE_CENSUS,
          .help = "(SPEC) every member of a piece alphabet (SPEC: a tray, kinds of piece "
                  "with counts, a goal; see docs/explore.md): components, diameters, "
                  "hardest starts as pictures" },
        { .name = "csv", .kind = SB_OPT_FLAG, .to.flag = &c->csv,
          .help = "with --census: one CSV row per component; with the reachable walk: "
                  "depth,count rows" },
        { .name = "sqlite", .kind = SB_OPT_TEXT, .to.text = &c->sqlite_path, .value = "FILE",
          .help = "with --census: an SQLite database in FILE" },
        { .name = "checkpoint", .kind = SB_OPT_TEXT, .to.text = &c->checkpoint_path,
          .value = "FILE",
          .help = "with --census: record finished members in FILE; a rerun skips them "
                  "(same output)" },
        { .name = "distances", .kind = SB_OPT_MODE, .mode = &c->mode,
          .set = MODE_DISTANCES,
          .help = "(INIT GOAL) every reachable configuration with its distance to GOAL "
                  "under the metric" },
        { .name = "distances-format", .kind = SB_OPT_PICK, .to.number = &c->dform,
          .names = dforms, .given = &c->dform_given,
          .help = "how --distances writes them (default json)" },
        { .name = "graph", .kind = SB_OPT_PICK, .to.number = &c->gform, .names = gforms,
          .mode = &c->mode, .set = MODE_GRAPH,
          .help = "(INIT [GOAL]) the state graph of everything INIT reaches: "
                  "configurations (with their distance to GOAL) and the moves between "
                  "them" },
        { .name = "threads", .kind = SB_OPT_COUNT, .to.count = &c->threads, .value = "N",
          .min = 1, .max = 256, .takes = "a whole number from 1 to 256",
          .given = &c->threads_given,
          .help = "with --family and --census, N members mapped at once; with "
                  "--components --no-diameters, large components walked by N threads "
                  "(default: every core); the output does not depend on N" },
        sb_opt_metric(&c->opts.metric),
        sb_opt_engine(&c->opts.path),
        sb_opt_walk(&c->opts.walk),
        { .name = "spill-dir", .kind = SB_OPT_TEXT, .to.text = &c->spill_dir, .value = "DIR",
          .help = "where a walk writes layers that pass --max-memory (--walk disk) and "
                  "what it needs to resume" },
        sb_opt_format(&c->format),
        { .name = "json", .kind = SB_OPT_FLAG, .to.flag = &c->json,
          .help = "one JSON document instead of text" },
        sb_opt_limit("max-states", lim, "give up beyond N configurations (or layouts)"),
        sb_opt_limit("max-memory", lim, NULL),
        sb_opt_limit("time-limit", lim, NULL),
        sb_opt_help_row(),
        sb_opt_version_row(),
    };
    const sb_opt_table table = { PROGRAM, USAGE, rows, sizeof rows / sizeof rows[0], EPILOGUE };
    sb_options_default(&c->opts);
    c->opts.limits.max_bytes = sb_args_default_memory();
    char msg[512];
    int done = sb_opt_parse(&table, argc, argv, msg, sizeof msg);
    if (done == SB_OPT_BAD)
        return usage_error("%s", msg);
    if (done != SB_OPT_GO)
        return done;
#ifdef SLIDE_EXPLORE_MPI
    if (c->mode != MODE_FAMILY && c->mode != MODE_CENSUS &&
        !(c->mode == MODE_REACH && c->opts.walk == SB_WALK_RANKED))
        return usage_error("%s", "maps --family and --census only, and the reachable walk "
                           "under --walk ranked (run slide-explore for the rest)");
    /* The checkpoint is one process's record of the members it mapped;
     * ranks would need one each and a rerun on as many ranks. */
    if (c->checkpoint_path)
        return usage_error("%s", "--checkpoint is slide-explore's only: under MPI, a rerun "
                           "maps the whole census again");
#endif
    if (c->threads_given && c->mode != MODE_FAMILY && c->mode != MODE_COMPONENTS &&
        c->mode != MODE_CENSUS && c->mode != MODE_REACH)
        return usage_error("%s", "--threads goes with --family, --census, --components or "
                                 "the reachable walk");
    if (c->csv && c->mode != MODE_CENSUS && c->mode != MODE_REACH)
        return usage_error("%s", "--csv goes with --census or the reachable walk");
    if ((c->sqlite_path || c->checkpoint_path) && c->mode != MODE_CENSUS)
        return usage_error("%s", "--sqlite and --checkpoint go with --census");
    if (c->mode == MODE_REACH && c->json && c->csv)
        return usage_error("%s", "the reachable walk writes one of --json and --csv");
    if (c->mode == MODE_CENSUS && c->json + c->csv + (c->sqlite_path != NULL) > 1)
        return usage_error("%s", "--census writes one of --json, --csv and --sqlite");
    if (c->sqlite_path && !sb_census_sqlite_built())
        return usage_error("%s", "--sqlite: this slide-explore was built without SQLite "
                           "(install libsqlite3-dev, e.g. ./setup.sh --deps, and rebuild)");
    if (c->threads_given) {
        c->opts.threads = (unsigned)c->threads;
    } else {   /* every core */
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        c->opts.threads = cores < 1 ? 1 : cores > 256 ? 256 : (unsigned)cores;
    }
    if (c->opts.walk == SB_WALK_DISK && !c->spill_dir)
        return usage_error("%s", "--walk disk needs --spill-dir DIR");
    const char *bad = sb_args_spill_dir(c->spill_dir, &c->opts, &c->spill, msg, sizeof msg);
    if (bad)
        return usage_error("%s", bad);
    int files = argc - optind;
    if (c->mode == MODE_CENSUS && files != 1)
        return usage_error("%s", "--census takes one SPEC file");
    if (files < 1)
        return usage_error("%s", "needs an INIT file");
    if (c->mode == MODE_DISTANCES && files != 2)
        return usage_error("%s", "--distances takes an INIT file and a GOAL file");
    if (c->dform_given && c->mode != MODE_DISTANCES)
        return usage_error("%s", "--distances-format goes with --distances");
    c->form = c->mode == MODE_DISTANCES ? FORM_JSON + c->dform : FORM_GRAPHML + c->gform;
    if (files > (c->mode == MODE_REACH || c->mode >= MODE_DISTANCES ? 2 : 1))
        return usage_error("%s", c->mode == MODE_REACH || c->mode >= MODE_DISTANCES
                                     ? "takes INIT and at most one GOAL file"
                                     : "--components and --family take only an INIT file");
    c->init_path = argv[optind];
    c->goal_path = files == 2 ? argv[optind + 1] : NULL;
    return -1;
}

/* Blocks as {"row", "col", "height", "width", "cells"}: the anchor, the
 * box and the cells covered (a rectangle's too, so that a script needs no
 * special case). */
static void json_blocks(const sb_puzzle *p, const sb_block *b, size_t n)
{
    putchar('[');
    for (size_t i = 0; i < n; i++) {
        printf("%s{\"row\": %d, \"col\": %d, \"height\": %d, \"width\": %d, \"cells\": [",
               i ? ", " : "", b[i].row, b[i].col, b[i].height, b[i].width);
        int left = sbi_view_box_left(p, &b[i]);
        const char *sep = "";
        for (int r = b[i].row; r < b[i].row + b[i].height; r++)
            for (int c = left; c < left + b[i].width; c++)
                if (sb_block_covers(p, &b[i], r, c)) {
                    printf("%s[%d, %d]", sep, r, c);
                    sep = ", ";
                }
        printf("]}");
    }
    putchar(']');
}

/* A layout as the lines of a picture file ("picture": [...], no indent),
 * which a script can save as an INIT file as it is: the blocks alone do
 * not say which pieces are marked or slide one way.  null when the layout
 * cannot be drawn (more pieces than characters) or the memory for it
 * runs out: the blocks still say where every piece is. */
static void json_picture(const sb_puzzle *p, const sb_block *b, size_t n)
{
    char *text = NULL;
    size_t len = 0;
    sb_error err;
    FILE *mem = open_memstream(&text, &len);
    bool drawn = mem && sb_fmt_picture_write(mem, p, b, n, "", &err) == SB_OK;
    if (mem && fclose(mem) != 0)
        drawn = false;
    if (!drawn || !text) {
        printf("null");
        free(text);
        return;
    }
    putchar('[');
    const char *sep = "";
    for (char *line = text, *end; *line; line = end + 1) {
        end = strchr(line, '\n');
        if (!end)
            end = line + strlen(line) - 1;   /* the writer ends every line; just in case */
        else
            *end = '\0';
        fputs(sep, stdout);
        sbi_json_string(stdout, line);
        sep = ", ";
    }
    putchar(']');
    free(text);
}

/* Block lines in the format the INIT file used, so they can be pasted
 * back into a puzzle file. */
static void text_blocks(const sb_block *b, size_t n, sb_format f, const char *indent)
{
    for (size_t i = 0; i < n; i++) {
        if (f == SB_FORMAT_SIZES)
            printf("%s%d %d %d %d\n", indent, b[i].height, b[i].width, b[i].row, b[i].col);
        else
            printf("%s%d %d %d %d\n", indent, b[i].row, b[i].col, b[i].row + b[i].height - 1,
                   b[i].col + b[i].width - 1);
    }
}

/* A layout, indented by two spaces, as a puzzle file: in the INIT file's
 * line format when it has one and it can say the layout (the blocks are
 * p's, moved: the CS61B model when p is), else as a picture (any shape,
 * walls, one-axis and marked pieces).  SB_EINPUT (err says why) when the
 * picture cannot be drawn. */
static sb_status print_layout(const sb_puzzle *p, const sb_block *b, size_t n, sb_format f,
                              sb_error *err)
{
    if ((f == SB_FORMAT_CORNERS || f == SB_FORMAT_SIZES) && sb_puzzle_is_plain(p)) {
        printf("  %d %d\n", p->rows, p->cols);
        text_blocks(b, n, f, "  ");
        return SB_OK;
    }
    return sb_fmt_picture_write(stdout, p, b, n, "  ", err);
}

/* The report of the space reachable from p; SB_EINPUT (err says why) when
 * its example cannot be drawn, after the rest is printed. */
static sb_status print_reach(const cli *c, const sb_puzzle *p, const sb_explore_report *r,
                             sb_format f, sb_error *err)
{
    uint64_t at_far = r->per_depth[r->farthest];
    if (c->csv) {   /* the profile alone, for a spreadsheet or a plot */
        printf("depth,count\n");
        for (unsigned d = 0; d <= r->farthest; d++)
            printf("%u,%llu\n", d, (unsigned long long)r->per_depth[d]);
        return SB_OK;
    }
    if (c->json) {
        printf("{\"init\": ");
        sbi_json_string(stdout, c->init_path);
        printf(", \"rows\": %d, \"cols\": %d, \"metric\": \"%s\", \"engine\": \"%s\", "
               "\"walk\": \"%s\",\n"
               " \"reachable\": %llu,\n \"farthest\": {\"distance\": %u, \"count\": %llu, "
               "\"example\": ",
               p->rows, p->cols, sb_metric_name(r->metric), sb_path_name(r->path),
               sb_walk_name(r->walk),
               (unsigned long long)r->reachable, r->farthest, (unsigned long long)at_far);
        json_blocks(p, r->far_example, r->nblocks);
        printf(", \"picture\": ");
        json_picture(p, r->far_example, r->nblocks);
        printf("},\n \"widest\": {\"distance\": %u, \"count\": %llu},\n", r->widest_depth,
               (unsigned long long)r->widest);
        if (r->has_goal) {
            printf(" \"goal\": {\"file\": ");
            sbi_json_string(stdout, c->goal_path);
            printf(", \"satisfying\": %llu, \"nearest\": ", (unsigned long long)r->goal_count);
            if (r->goal_count)
                printf("%u},\n", r->nearest_goal);
            else
                printf("null},\n");
        }
        printf(" \"per_depth\": [");
        for (unsigned d = 0; d <= r->farthest; d++)
            printf("%s%llu", d ? ", " : "", (unsigned long long)r->per_depth[d]);
        printf("],\n \"seconds\": ");
        sbi_json_number(stdout, r->seconds, 6);
        printf(", \"peak_bytes\": %zu}\n", r->peak_bytes);
        return SB_OK;
    }
    printf("puzzle: %s (%dx%d tray, %zu blocks)\nmetric: %s\nengine: %s\nwalk: %s\n",
           c->init_path, p->rows, p->cols, p->nblocks, sb_metric_name(r->metric),
           sb_path_name(r->path), sb_walk_name(r->walk));
    printf("reachable: %llu configurations\n", (unsigned long long)r->reachable);
    printf("farthest: distance %u, %llu configuration%s\n", r->farthest,
           (unsigned long long)at_far, at_far == 1 ? "" : "s");
    printf("widest layer: distance %u, %llu new configurations\n", r->widest_depth,
           (unsigned long long)r->widest);
    if (r->has_goal) {
        printf("goal: %s: %llu reachable configurations satisfy it", c->goal_path,
               (unsigned long long)r->goal_count);
        if (r->goal_count)
            printf("; nearest at distance %u\n", r->nearest_goal);
        else
            printf("; it cannot be reached\n");
    }
    printf("time: %.3f ms, peak memory %zu bytes\n", r->seconds * 1e3, r->peak_bytes);
    printf("one configuration at distance %u:\n", r->farthest);
    sb_status st = print_layout(p, r->far_example, r->nblocks, f, err);
    printf("depth profile (distance: new configurations):\n");
    for (unsigned d = 0; d <= r->farthest; d++)
        printf("  %u: %llu\n", d, (unsigned long long)r->per_depth[d]);
    return st;
}

/* The report of the components of p's layouts: their sizes (the
 * components come largest first, so sizes group already) and diameters
 * (counted into a table).  SB_EINPUT (err says why) when the example
 * cannot be drawn, after the rest is printed. */
static sb_status print_components(const cli *c, const sb_puzzle *p,
                                  const sb_components_report *r, sb_format f, sb_error *err)
{
    const sb_component *in = r->ncomponents ? &r->components[r->init_component] : NULL;
    if (c->json) {
        printf("{\"init\": ");
        sbi_json_string(stdout, c->init_path);
        printf(", \"rows\": %d, \"cols\": %d, \"metric\": \"%s\", \"layouts\": %llu, "
               "\"moves\": %llu, \"components\": %zu,\n \"init_component\": %zu, "
               "\"diameters\": %s, \"seconds\": %.6f, \"peak_bytes\": %zu,\n \"list\": [",
               p->rows, p->cols, sb_metric_name(r->metric), (unsigned long long)r->layouts,
               (unsigned long long)r->edges, r->ncomponents, r->init_component,
               r->diameters ? "true" : "false", r->seconds, r->peak_bytes);
        for (size_t i = 0; i < r->ncomponents; i++) {
            printf("%s\n  {\"size\": %llu, ", i ? "," : "",
                   (unsigned long long)r->components[i].size);
            if (r->diameters)
                printf("\"diameter\": %u, \"sweeps\": %u, ", r->components[i].diameter,
                       r->components[i].sweeps);
            printf("\"example\": ");
            json_blocks(p, r->examples + i * r->nblocks, r->nblocks);
            printf(", \"picture\": ");
            json_picture(p, r->examples + i * r->nblocks, r->nblocks);
            putchar('}');
        }
        printf("]}\n");
        return SB_OK;
    }
    printf("tray: %dx%d, %zu blocks, metric %s\n", p->rows, p->cols, p->nblocks,
           sb_metric_name(r->metric));
    printf("layouts: %llu\nmoves: %llu (each direction)\ncomponents: %zu\n",
           (unsigned long long)r->layouts, (unsigned long long)r->edges, r->ncomponents);
    if (in) {
        printf("INIT's component: %llu layouts", (unsigned long long)in->size);
        if (r->diameters)
            printf(", diameter %u", in->diameter);
        printf("\n");
    }
    printf("time: %.3f ms, peak memory %zu bytes\n", r->seconds * 1e3, r->peak_bytes);
    printf("component sizes (size x how many):\n");
    for (size_t i = 0; i < r->ncomponents;) {
        size_t j = i;
        while (j < r->ncomponents && r->components[j].size == r->components[i].size)
            j++;
        printf("  %llu x %zu\n", (unsigned long long)r->components[i].size, j - i);
        i = j;
    }
    if (r->diameters && r->ncomponents) {
        unsigned most = 0;
        uint64_t sweeps = 0;
        for (size_t i = 0; i < r->ncomponents; i++) {
            most = r->components[i].diameter > most ? r->components[i].diameter : most;
            sweeps += r->components[i].sweeps;
        }
        printf("diameters (diameter x how many components), %llu BFS in all:\n",
               (unsigned long long)sweeps);
        for (unsigned d = most + 1; d-- > 0;) {
            size_t n = 0;
            for (size_t i = 0; i < r->ncomponents; i++)
                n += r->components[i].diameter == d;
            if (n)
                printf("  %u x %zu\n", d, n);
        }
        printf("largest component, diameter %u, contains:\n", r->components[0].diameter);
    } else if (r->ncomponents) {
        printf("largest component contains:\n");
    }
    return r->ncomponents ? print_layout(p, r->examples, r->nblocks, f, err) : SB_OK;
}

static void print_family(const cli *c, const sb_family_report *r)
{
    if (c->json) {
        printf("{\"init\": ");
        sbi_json_string(stdout, c->init_path);
        printf(", \"members\": %zu, \"layouts\": %llu, \"components\": %llu, \"seconds\": %.6f, "
               "\"peak_bytes\": %zu,\n \"list\": [", r->nmembers,
               (unsigned long long)r->layouts, (unsigned long long)r->ncomponents, r->seconds,
               r->peak_bytes);
        for (size_t i = 0; i < r->nmembers; i++) {
            const sb_family_member *m = &r->members[i];
            printf("%s\n  {\"1x1\": %u, \"1x2\": %u, \"2x1\": %u, \"layouts\": %llu, "
                   "\"components\": %llu}", i ? "," : "", m->units, m->wides, m->talls,
                   (unsigned long long)m->layouts, (unsigned long long)m->ncomponents);
        }
        printf("]}\n");
        return;
    }
    printf("members: %zu\nlayouts: %llu\ncomponents: %llu\ntime: %.3f s, peak memory %zu bytes "
           "(largest member)\n1x1 1x2 2x1 layouts components\n", r->nmembers,
           (unsigned long long)r->layouts, (unsigned long long)r->ncomponents, r->seconds,
           r->peak_bytes);
    for (size_t i = 0; i < r->nmembers; i++) {
        const sb_family_member *m = &r->members[i];
        printf("%3u %3u %3u %llu %llu\n", m->units, m->wides, m->talls,
               (unsigned long long)m->layouts, (unsigned long long)m->ncomponents);
    }
}

/* Puts SIGINT back as it was once the search is over, as slide does: a
 * Ctrl-C while the results print must stop the program, not cancel a
 * search that has ended and let it exit 0; and erases the progress line
 * (progress.h) before anything is printed.  Returns st. */
static sb_status search_ended(sb_status st, sb_progress_line *line)
{
    sb_args_cancel_on_interrupt(NULL);
    sb_progress_line_clear(line);
    return st;
}

/* The program but for starting and ending MPI: returns the exit status. */
static int run(int argc, char **argv)
{
    cli c = { 0 };
    int done = parse_args(&c, argc, argv);
    if (done >= 0)
        return done;
#ifdef SLIDE_EXPLORE_MPI
    sb_mpi_take_share(&c.opts);
#endif
    if (c.mode == MODE_CENSUS) {
        census_args a = { PROGRAM, NULL, c.init_path,
                          c.json ? CENSUS_JSON : c.csv ? CENSUS_CSV
                          : c.sqlite_path ? CENSUS_SQLITE : CENSUS_TEXT,
                          c.sqlite_path, c.checkpoint_path, c.opts };
#ifdef SLIDE_EXPLORE_MPI
        census_share share;
        sb_mpi_census_share(&share, &a.opts);   /* dealt members; rank 0 writes */
        a.share = &share;
#endif
        int code = sb_census_run(&a);
        sb_fmt_cache_dir_free(c.spill);
        return code;
    }

    sb_puzzle puzzle;
    sb_error err;
    sb_format used = SB_FORMAT_CORNERS;
    sb_status status = sb_fmt_read(c.init_path, c.goal_path, c.format, &used, &puzzle, &err);
#ifdef SLIDE_EXPLORE_MPI
    status = sb_mpi_agree(status, &err);   /* a node may lack the file */
    if (status != SB_OK)
        sb_puzzle_free(&puzzle);
#endif
    char worded[sizeof err.msg + 128];
    if (status != SB_OK) {
        fprintf(stderr, PROGRAM ": %s\n", sb_args_error_message(&err, worded, sizeof worded));
        sb_fmt_cache_dir_free(c.spill);
        return sb_args_exit_code(status);
    }
    sb_search *search;
    bool write_failed = false;
    sb_progress_line line;
    sb_progress_line_attach(&line, stderr, &c.opts);
    status = sb_search_new(&puzzle, &c.opts, &search, &err);
#ifdef SLIDE_EXPLORE_MPI
    status = sb_mpi_agree(status, &err);
    sb_mpi_watch(status == SB_OK ? search : NULL);
#endif
    sb_args_cancel_on_interrupt(search);
    if (status == SB_OK && c.mode == MODE_REACH) {
        sb_explore_report r;
        status = search_ended(sb_search_explore(search, &r, &err), &line);
#ifdef SLIDE_EXPLORE_MPI
        status = sb_mpi_agree(status, &err);   /* every rank has the whole report */
#endif
        if (status == SB_OK)
            status = print_reach(&c, &puzzle, &r, used, &err);
        sb_explore_report_free(&r);
    } else if (status == SB_OK && c.mode == MODE_COMPONENTS) {
        sb_components_report r;
        status = search_ended(sb_search_components(search, !c.no_diameters, &r, &err), &line);
        if (status == SB_OK)
            status = print_components(&c, &puzzle, &r, used, &err);
        sb_components_report_free(&r);
    } else if (status == SB_OK && c.mode >= MODE_DISTANCES) {
        sb_options o = c.opts;
        o.cancel = search;   /* Ctrl-C stops the oracle's walk too */
        sb_distances d;
        status = search_ended(sb_distances_compute(&puzzle, &o, &d, &err), &line);
        if (status == SB_OK) {
            sb_oracle_source src = { c.init_path, c.goal_path, &puzzle };
            write_failed = (c.form == FORM_JSON     ? sb_oracle_write_json(stdout, &src, &d)
                            : c.form == FORM_BINARY  ? sb_oracle_write_binary(stdout, &d)
                            : c.form == FORM_GRAPHML ? sb_oracle_write_graphml(stdout, &src, &d)
                                                     : sb_oracle_write_edges(stdout, &d)) != 0;
        }
        sb_distances_free(&d);
    } else if (status == SB_OK) {
        sb_family_report r;
        status = search_ended(sb_search_family(search, &r, &err), &line);
#ifdef SLIDE_EXPLORE_MPI
        status = sb_mpi_family_gather(status, &r, &err);   /* rank 0: the whole family */
#endif
        if (status == SB_OK)
            print_family(&c, &r);
        sb_family_report_free(&r);
    }
    sb_args_cancel_on_interrupt(NULL);   /* when no search ran */
#ifdef SLIDE_EXPLORE_MPI
    sb_mpi_watch(NULL);
#endif
    sb_search_free(search);
    /* A family stopped short keeps nothing; a census of its pieces would
     * (docs/explore.md). */
    const char *kept = c.mode == MODE_FAMILY && status == SB_ELIMIT
                           ? "; nothing is kept: a census SPEC of the same pieces maps them "
                             "with --checkpoint (docs/explore.md)"
                           : "";
    if (status != SB_OK)
        fprintf(stderr, PROGRAM ": %s%s\n", sb_args_error_message(&err, worded, sizeof worded),
                kept);
    else if (write_failed || fflush(stdout) != 0) {
        fprintf(stderr, PROGRAM ": cannot write the report: %s\n", strerror(errno));
        status = SB_EWRITE;
    }
    sb_puzzle_free(&puzzle);
    sb_fmt_cache_dir_free(c.spill);
    return sb_args_exit_code(status);
}

int main(int argc, char **argv)
{
    sb_args_return_freed_memory();
#ifdef SLIDE_EXPLORE_MPI
    if (!sb_mpi_start(&argc, &argv)) {
        fprintf(stderr, PROGRAM ": MPI did not start\n");
        return EXIT_USAGE;
    }
    return sb_mpi_finish(run(argc, argv));
#else
    return run(argc, argv);
#endif
}
