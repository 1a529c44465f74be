/*
 * slide.c - the solver's command line: arguments in, moves out, and the
 * exit status that says what happened (0 solved, 1 proven unsolvable,
 * 2 bad usage or input, 3 gave up at a limit).
 *
 * stdout carries nothing but the moves unless asked for another view of
 * them: --show draws pictures, --json prints one JSON document (slide.h);
 * --html writes a page to a file and leaves stdout to the moves; so does
 * --play, whose page lets a person play with hints from the distance
 * oracle (render_play.c), computed here before solving.  Messages,
 * debug output and the progress line go to stderr.  This is the only layer
 * that prints or exits.
 */
#include <errno.h>
#include <getopt.h>   /* optind */
#include <sys/stat.h>
#include <langinfo.h>
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "progress.h"
#include "render_html.h"
#include "args.h"
#include "options.h"
#include "slide_formats.h"
#include "view.h"

enum { EXIT_USAGE = 2 };

/* Configurations a play page's hint table holds by default: Klotski's
 * 25,955 cost 35 KB of page; 200,000 cost about 270 KB and a second or two
 * of the page's own walk on a phone. */
enum { PLAY_HINTS_DEFAULT = 200000 };

/* The page's own walk of the space costs a key of every piece for every
 * configuration, and the oracle holds an anchor per piece per
 * configuration: hints only up to this many of them (Klotski: 259,550;
 * the 8-puzzle: 1,632,960), so that a tray of 10,000 pieces is not
 * walked for a page that could not use the table. */
enum { PLAY_SLOTS_MAX = 4000000 };

/* The -o debug options, as in the CS61B solver. */
typedef struct debug_option {
    const char *name;
    const char *what;
} debug_option;

static const debug_option DEBUG_OPTIONS[] = {
    { "options", "list the debug options and what each does" },
    { "stats", "print search statistics on stderr: algorithm, representation, "
               "configurations stored and expanded, peak memory, time, the "
               "pattern database's size and build or read time, IDA*'s bounds "
               "and expansions per iteration, and the solution's length under "
               "every metric" },
};
enum { DEBUG_COUNT = sizeof DEBUG_OPTIONS / sizeof DEBUG_OPTIONS[0] };

typedef struct cli {
    sb_options opts;
    sb_format format;
    bool debug[DEBUG_COUNT];
    bool show;                  /* --show: pictures on stdout */
    bool json;                  /* --json: one JSON document on stdout */
    const char *html_path;      /* --html FILE, or NULL */
    const char *play_path;      /* --play FILE, or NULL */
    const char *pdb_dir;        /* --pdb-dir DIR, or NULL: the user's cache directory */
    bool no_pdb_cache;          /* --no-pdb-cache: keep no pattern databases */
    uint64_t play_hints;        /* --play-hints N: the most configurations a page's table
                                   holds */
    const char *init_path, *goal_path;
} cli;

/* Reports an input or usage error on stderr and, under --json, as a JSON
 * document on stdout, so a script always gets a document to parse; p is
 * the puzzle when it was read, else NULL. */
static void report_error(const cli *c, const char *msg, const sb_stats *stats, bool hint,
                         const sb_puzzle *p)
{
    fprintf(stderr, "slide: %s\n%s", msg, hint ? "Try 'slide --help'.\n" : "");
    if (c->json) {
        sb_json_report r = { SB_EINPUT, NULL, 0, c->opts.metric, false, stats, msg, p };
        sb_json_write(stdout, &r, NULL);
    }
}

static int usage_error(const cli *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int usage_error(const cli *c, const char *fmt, ...)
{
    char msg[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    report_error(c, msg, NULL, true, NULL);
    return EXIT_USAGE;
}

/* -oDEBUG: a comma-separated list of DEBUG_OPTIONS' names (options.h's
 * sb_opt_reader; context is the cli). */
static bool read_debug(void *context, const char *list, char *msg, size_t n)
{
    cli *c = context;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *save = NULL, *name = strtok_r(buf, ",", &save); name;
         name = strtok_r(NULL, ",", &save)) {
        int i = 0;
        while (i < DEBUG_COUNT && strcmp(DEBUG_OPTIONS[i].name, name) != 0)
            i++;
        if (i == DEBUG_COUNT) {
            snprintf(msg, n, "unknown debug option '%s'; -ooptions lists them", name);
            return false;
        }
        c->debug[i] = true;
    }
    return true;
}

static const char USAGE[] =
    "usage: slide [-oDEBUG] [options] INIT GOAL\n"
    "Solve a sliding-block puzzle; print the moves as 'r1 c1 r2 c2' lines.\n"
    "\n";

static const char EPILOGUE[] =
    "\n"
    "Exit status: 0 solved, 1 no solution exists, 2 bad usage or input,\n"
    "3 gave up at a resource limit or interrupted (Ctrl-C).\n";

/* Parses argv into c.  Returns -1 to go on, or an exit status. */
static int parse_args(cli *c, int argc, char **argv)
{
    sb_limits *lim = &c->opts.limits;
    const sb_opt rows[] = {
        sb_opt_metric(&c->opts.metric),
        { .name = "optimal", .kind = SB_OPT_FLAG, .to.flag = &c->opts.optimal,
          .help = "guarantee a shortest solution under the metric" },
        { .name = "algo", .kind = SB_OPT_ALGO, .to.algo = &c->opts.algo,
          .help = "search strategy (default auto; bidir needs a GOAL that places every "
                  "piece)" },
        { .name = "pdb-dir", .kind = SB_OPT_TEXT, .to.text = &c->pdb_dir, .value = "DIR",
          .help = "keep pattern databases (numbered tiles; blocks with --engine general) in "
                  "DIR between runs (default $XDG_CACHE_HOME/slide, else ~/.cache/slide)" },
        { .name = "no-pdb-cache", .kind = SB_OPT_FLAG, .to.flag = &c->no_pdb_cache,
          .help = "keep no pattern databases: build them for this run only" },
        sb_opt_engine(&c->opts.path),
        sb_opt_walk(&c->opts.walk),
        sb_opt_format(&c->format),
        sb_opt_limit("max-states", lim, "give up after storing N configurations"),
        sb_opt_limit("max-memory", lim, NULL),
        sb_opt_limit("time-limit", lim, NULL),
        { .name = "show", .kind = SB_OPT_FLAG, .to.flag = &c->show,
          .help = "draw the tray before each move and at the end (instead of the bare "
                  "moves)" },
        { .name = "html", .kind = SB_OPT_TEXT, .to.text = &c->html_path, .value = "FILE",
          .help = "also write FILE, a web page that plays the solution" },
        { .name = "play", .kind = SB_OPT_TEXT, .to.text = &c->play_path, .value = "FILE",
          .help = "also write FILE, a web page to play the puzzle on, with optimal hints "
                  "(under --metric) from anywhere" },
        { .name = "play-hints", .kind = SB_OPT_COUNT, .to.count = &c->play_hints, .value = "N",
          .takes = "a number of configurations",
          .help = "a table of hints only when at most N configurations are reachable "
                  "(default 200000; past it, the page's engine; 0: no hints)" },
        { .name = "json", .kind = SB_OPT_FLAG, .to.flag = &c->json,
          .help = "print one JSON document instead of the moves" },
        { .letter = 'o', .kind = SB_OPT_CALL, .call = read_debug, .to.context = c,
          .value = "DEBUG", .help = "debug output on stderr; -ooptions lists them" },
        sb_opt_help_row(),
        sb_opt_version_row(),
    };
    const sb_opt_table table = { "slide", USAGE, rows, sizeof rows / sizeof rows[0], EPILOGUE };
    sb_options_default(&c->opts);
    c->opts.limits.max_bytes = sb_args_default_memory();
    c->play_hints = PLAY_HINTS_DEFAULT;
    /* --json anywhere (before "--") means a usage error is JSON too, even
     * one found before getopt reaches --json. */
    for (int k = 1; k < argc && strcmp(argv[k], "--") != 0; k++)
        if (strcmp(argv[k], "--json") == 0)
            c->json = true;
    char msg[512];
    int done = sb_opt_parse(&table, argc, argv, msg, sizeof msg);
    if (done == SB_OPT_BAD)
        return usage_error(c, "%s", msg);
    if (done != SB_OPT_GO)
        return done;
    if (c->debug[0]) {
        for (int k = 0; k < DEBUG_COUNT; k++)
            fprintf(stderr, "-o%-8s %s\n", DEBUG_OPTIONS[k].name, DEBUG_OPTIONS[k].what);
        if (optind == argc)
            return 0;
    }
    if (c->json && c->show)
        return usage_error(c, "%s", "--show and --json both want stdout; pick one");
    if (c->pdb_dir && c->no_pdb_cache)
        return usage_error(c, "%s", "--pdb-dir keeps pattern databases and --no-pdb-cache "
                                    "keeps none; pick one");
    if (argc - optind != 2)
        return usage_error(c, "%s", argc - optind < 2 ? "needs an INIT file and a GOAL file"
                                                      : "takes exactly two files, INIT and GOAL");
    c->init_path = argv[optind];
    c->goal_path = argv[optind + 1];
    return -1;
}

static void print_stats(const sb_stats *st, const sb_solution *sol, sb_status status)
{
    fprintf(stderr, "algorithm: %s\nengine: %s\nstored: %llu\nexpanded: %llu\n"
                    "peak memory: %zu bytes\ntime: ",
            sb_algo_name(st->algo), sb_path_name(st->path), (unsigned long long)st->stored,
            (unsigned long long)st->expanded, st->peak_bytes);
    sbi_json_number(stderr, st->seconds, 6);   /* the JSON's number, in every locale */
    fputs(" s\n", stderr);
    /* IDA* stores nothing to count a rate by; its expansions are the work. */
    if (st->seconds > 0 && st->algo == SB_ALGO_IDASTAR)
        fprintf(stderr, "rate: %.0f expanded/s\n", (double)st->expanded / st->seconds);
    else if (st->seconds > 0)
        fprintf(stderr, "rate: %.0f states/s\n", (double)st->stored / st->seconds);
    if (st->pdb_groups)
        fprintf(stderr, "pattern database: %u tables, %zu bytes, %s in %.6f s\n",
                st->pdb_groups, st->pdb_bytes, st->pdb_loaded ? "read" : "built", st->pdb_seconds);
    unsigned first = st->nbounds > SB_STATS_BOUNDS ? st->nbounds - SB_STATS_BOUNDS : 0;
    for (unsigned i = first; i < st->nbounds; i++)
        fprintf(stderr, "iteration %u: bound %u, expanded %llu\n", i + 1,
                st->bound[i - first], (unsigned long long)st->bound_expanded[i - first]);
    if (status != SB_OK)
        return;
    fprintf(stderr, "length: %llu unit, %llu line, %llu piece%s\n",
            (unsigned long long)sb_moves_length(sol->moves, sol->nmoves, SB_METRIC_UNIT),
            (unsigned long long)sb_moves_length(sol->moves, sol->nmoves, SB_METRIC_LINE),
            (unsigned long long)sb_moves_length(sol->moves, sol->nmoves, SB_METRIC_PIECE),
            sol->optimal ? " (optimal under the metric searched)" : "");
    if (!sol->optimal && st->max_ratio > 1)
        fprintf(stderr, "bound: at most %g times the shortest\n", st->max_ratio);
}

/* True when the user's locale encodes text as UTF-8.  Only LC_CTYPE is
 * taken from the environment, the one category the pictures need; the
 * numbers with a fraction (the JSON's, the statistics' time) go through
 * sbi_json_number, which ignores LC_NUMERIC, so no locale can make them a
 * comma. */
static bool utf8_locale(void)
{
    if (!setlocale(LC_CTYPE, ""))
        return false;
    const char *cs = nl_langinfo(CODESET);
    return cs && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}

/* Writes the HTML player to c->html_path.  Returns 0, or prints why not. */
static int write_html(const cli *c, const sb_puzzle *p, const sb_solution *sol)
{
    char name[256], title[320];
    sbi_view_name(c->init_path, name, sizeof name);
    snprintf(title, sizeof title, "%s: a solution in %zu moves", name, sol->nmoves);
    FILE *f = fopen(c->html_path, "w");
    if (!f || sb_html_write(f, p, sol->moves, sol->nmoves, title) != 0 || fclose(f) != 0) {
        fprintf(stderr, "slide: cannot write %s: %s\n", c->html_path, strerror(errno));
        return -1;
    }
    return 0;
}

/* Writes the play page to c->play_path, with hints when the oracle maps
 * the space within --play-hints configurations and the limits; without
 * them (saying so on stderr) otherwise.  Returns 0, or prints why not and
 * returns the exit status. */
static int write_play(const cli *c, const sb_puzzle *p)
{
    sb_distances d;
    sb_error err;
    char why[sizeof err.msg + 200] = "";
    sb_options opts = c->opts;
    bool hints = c->play_hints > 0;
    uint64_t most = c->play_hints, by_pieces = PLAY_SLOTS_MAX / (p->nblocks ? p->nblocks : 1);
    if (by_pieces < most)
        most = by_pieces > 0 ? by_pieces : 1;
    if (hints && (!opts.limits.max_states || opts.limits.max_states > most))
        opts.limits.max_states = most;
    sb_status status = hints ? sb_distances_compute(p, &opts, &d, &err) : SB_ELIMIT;
    /* The puzzle or the options are wrong for any search (the bitboard
     * asked for a tray it cannot take): solving, next, says so as it
     * always does (in JSON too, under --json); there is no page to write. */
    if (status == SB_EINPUT)
        return 0;
    if (status != SB_OK) {
        char worded[sizeof err.msg + 128];
        if (!hints)
            snprintf(why, sizeof why, "No hints: --play-hints 0 asked for none.");
        else if (err.limit == SB_LIMIT_STATES && most == c->play_hints &&
                 opts.limits.max_states == most)
            snprintf(why, sizeof why, "No hints: more than %llu configurations are reachable "
                     "from the start (slide --play-hints sets the limit).",
                     (unsigned long long)most);
        else if (err.limit == SB_LIMIT_STATES && opts.limits.max_states == most)
            snprintf(why, sizeof why, "No hints: more than %llu configurations of %zu pieces "
                     "are reachable from the start, too many for the page to index.",
                     (unsigned long long)most, p->nblocks);
        else
            snprintf(why, sizeof why, "No hints: %s.",
                     sb_args_error_message(&err, worded, sizeof worded));
        /* Every reason above starts "No hints: "; the page's engine
         * answers them instead when this build has one. */
        if (hints && sb_play_has_engine())
            fprintf(stderr, "slide: %s: hints from the page's engine (WebAssembly), not a "
                            "table: %s\n", c->play_path, why + strlen("No hints: "));
        else
            fprintf(stderr, "slide: %s: %s\n", c->play_path, why);
    }
    char title[256];
    sbi_view_name(c->init_path, title, sizeof title);
    /* Past the table, the page's own engine (none when asked for no hints). */
    sb_play_source src = { c->init_path, c->goal_path, c->format };
    FILE *f = fopen(c->play_path, "w");
    int written = f ? sb_play_write(f, p, status == SB_OK ? &d : NULL, c->opts.metric, why, title,
                                    hints ? &src : NULL)
                    : -1;
    if (f && fclose(f) != 0)
        written = -1;
    if (status == SB_OK)
        sb_distances_free(&d);
    if (written != 0) {
        fprintf(stderr, "slide: cannot write %s: %s\n", c->play_path, strerror(errno));
        return EXIT_USAGE;
    }
    return 0;
}

/* ---- where pattern databases are kept ---- */

/* The user's cache directory for slide, in buf: $XDG_CACHE_HOME/slide
 * (the XDG base directory rule: only an absolute path counts), else
 * $HOME/.cache/slide; NULL when neither is known. */
static const char *user_cache_dir(char *buf, size_t n)
{
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    int len = xdg && xdg[0] == '/' ? snprintf(buf, n, "%s/slide", xdg)
              : home && home[0]    ? snprintf(buf, n, "%s/.cache/slide", home)
                                   : -1;
    return len > 0 && (size_t)len < n ? buf : NULL;
}

/* A directory cache whose directory is made (with its parents, mode 0700
 * for each new one, as the XDG rule asks) the first time an entry is
 * written, so a run that keeps nothing makes nothing.  Reading and
 * writing are the directory cache's own; only opening an entry passes
 * through here. */
typedef struct made_cache {
    sb_cache cache;              /* first: the engine's sb_cache * is this too */
    sb_cache *dir;
    const char *path;
    bool made;
} made_cache;

static void *made_open_read(void *ctx, const char *name)
{
    made_cache *c = ctx;
    return c->dir->open_read(c->dir->ctx, name);
}

static void *made_open_write(void *ctx, const char *name)
{
    made_cache *c = ctx;
    if (!c->made) {
        char path[4096];
        snprintf(path, sizeof path, "%s", c->path);
        for (char *slash = path + 1;; slash++) {
            if (*slash != '/' && *slash)
                continue;
            char was = *slash;
            *slash = '\0';
            mkdir(path, 0700);   /* one that is there already stays as it is */
            if (!(*slash = was))
                break;
        }
        c->made = true;
    }
    return c->dir->open_write(c->dir->ctx, name);
}

/* Opens the cache c's options ask for into *made (its dir NULL: none).
 * Returns SB_OK or the directory cache's failure. */
static sb_status open_pdb_cache(cli *c, made_cache *made, char *buf, size_t n, sb_error *err)
{
    memset(made, 0, sizeof *made);
    made->path = c->no_pdb_cache ? NULL : c->pdb_dir ? c->pdb_dir : user_cache_dir(buf, n);
    if (!made->path)
        return SB_OK;
    sb_status status = sb_fmt_cache_dir_new(made->path, &made->dir, err);
    if (status != SB_OK)
        return status;
    made->cache = *made->dir;
    made->cache.open_read = made_open_read;
    made->cache.open_write = made_open_write;
    made->cache.ctx = made;
    c->opts.cache = &made->cache;
    return SB_OK;
}

/* Prints the solution on stdout: JSON, pictures, or the bare moves.
 * Returns the writer's status (SB_EWRITE: stdout refused them). */
static sb_status print_solution(const cli *c, const sb_puzzle *p, const sb_solution *sol,
                                const sb_stats *stats, sb_error *err)
{
    if (c->json) {
        sb_json_report r = { SB_OK, sol->moves, sol->nmoves, c->opts.metric, sol->optimal,
                             stats, NULL, p };
        return sb_json_write(stdout, &r, err);
    }
    if (c->show && sb_show_fits(p)) {
        const char *nc = getenv("NO_COLOR"), *term = getenv("TERM");
        sb_show_style st = { utf8_locale(), isatty(STDOUT_FILENO) && !(nc && *nc) &&
                                                !(term && strcmp(term, "dumb") == 0) };
        return sb_show_write(stdout, p, sol->moves, sol->nmoves, &st, err);
    }
    if (c->show)
        fprintf(stderr, "slide: the %dx%d tray is too large to draw (--show draws up to "
                        "%dx%d); printing the moves only\n",
                p->rows, p->cols, SB_SHOW_MAX_ROWS, SB_SHOW_MAX_COLS);
    return sb_fmt_write_moves(stdout, sol->moves, sol->nmoves, err);
}

int main(int argc, char **argv)
{
    sb_args_return_freed_memory();
    cli c = { 0 };
    int done = parse_args(&c, argc, argv);
    if (done >= 0)
        return done;

    sb_puzzle puzzle;
    sb_error err;
    char worded[sizeof err.msg + 128];
    sb_status status = sb_fmt_read(c.init_path, c.goal_path, c.format, NULL, &puzzle, &err);
    if (status != SB_OK) {
        report_error(&c, sb_args_error_message(&err, worded, sizeof worded), NULL, false, NULL);
        return sb_args_exit_code(status);
    }
    if (c.play_path && (done = write_play(&c, &puzzle)) != 0) {
        sb_puzzle_free(&puzzle);
        return done;
    }
    made_cache cache;
    char cache_path[4096];
    if ((status = open_pdb_cache(&c, &cache, cache_path, sizeof cache_path, &err)) != SB_OK) {
        report_error(&c, err.msg, NULL, false, &puzzle);
        sb_puzzle_free(&puzzle);
        return sb_args_exit_code(status);
    }
    sb_progress_line progress;
    sb_progress_line_init(&progress, stderr);
    c.opts.progress = sb_progress_line_update;
    c.opts.progress_ctx = &progress;
    sb_solution sol = { 0 };
    sb_stats stats = { 0 };
    sb_search *search;
    status = sb_search_new(&puzzle, &c.opts, &search, &err);
    if (status == SB_OK) {
        sb_args_cancel_on_interrupt(search);
        status = sb_search_solve(search, &sol, &err);
        sb_args_cancel_on_interrupt(NULL);
        sb_search_stats(search, &stats);
        sb_search_free(search);
    }
    sb_progress_line_clear(&progress);
    if (c.debug[1])
        print_stats(&stats, &sol, status);
    if (status == SB_OK) {
        /* A write that fails is SB_EWRITE, exit 2 as for bad input: the
         * run did not do its job, and no limit stopped it. */
        if (c.html_path && write_html(&c, &puzzle, &sol) != 0) {
            status = SB_EWRITE;
        } else if ((status = print_solution(&c, &puzzle, &sol, &stats, &err)) != SB_OK) {
            fprintf(stderr, "slide: cannot write the solution: %s\n", err.msg);
        } else if (fflush(stdout) != 0) {
            fprintf(stderr, "slide: cannot write the solution: %s\n", strerror(errno));
            status = SB_EWRITE;
        } else if (!sol.optimal && stats.max_ratio > 1) {
            /* Default mode's weighted search says how far from shortest it may be. */
            fprintf(stderr, "slide: %llu %s moves, at most %g times as many as the shortest "
                            "solution (--optimal finds a shortest)\n",
                    (unsigned long long)sb_moves_length(sol.moves, sol.nmoves, c.opts.metric),
                    sb_metric_name(c.opts.metric), stats.max_ratio);
        }
    } else if (status == SB_EINPUT) {
        report_error(&c, sb_args_error_message(&err, worded, sizeof worded), &stats, false,
                     &puzzle);
    } else {
        /* A limit or a proof of no solution, in the engine's words (which
         * proof: the configurations searched, or the tiles' parity);
         * stdout stays empty for either, as the exit codes promise. */
        const char *msg = sb_args_error_message(&err, worded, sizeof worded);
        char named[sizeof worded + sizeof cache_path];
        if (cache.path && strstr(msg, " kept in the cache")) {   /* say which */
            snprintf(named, sizeof named, "%s (%s)", msg, cache.path);
            msg = named;
        }
        fprintf(stderr, "slide: %s\n", msg);
        if (c.json) {
            sb_json_report r = { status, NULL, 0, c.opts.metric, false, &stats, msg, &puzzle };
            sb_json_write(stdout, &r, NULL);
        }
        if (c.html_path)
            fprintf(stderr, "slide: %s not written: there is no solution to play\n",
                    c.html_path);
    }
    sb_solution_free(&sol);
    sb_puzzle_free(&puzzle);
    sb_fmt_cache_dir_free(cache.dir);
    return sb_args_exit_code(status);
}
