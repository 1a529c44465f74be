/*
 * test_options.c - cli/options.c, the programs' one option parser, on a
 * table of its own that has a row of every kind:
 *
 * - values land in their targets, long and short names, "--name=value",
 *   a unique prefix of a long name, options after the operands and "--";
 * - a later value overrides an earlier one, and of several modes the last
 *   one wins, also for a row that is a mode and a choice at once;
 * - every usage error is refused with its one wording: an unknown long
 *   or short option (also inside a cluster of short ones), a prefix that
 *   begins several names, a value given to a flag, a missing value (with
 *   a choice's names), a name the library or the row does not know, a
 *   count out of its range, a limit that is no limit, the program's own
 *   reader's refusal;
 * - --help lists every row once, with its value or its choices, its words
 *   whole and in order, no line over 79 characters; --version prints the
 *   program's name and the library's version.
 */
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "options.h"
#include "unit.h"

enum { MODE_NONE, MODE_A, MODE_B, MODE_GRAPH };

typedef struct values {
    bool flag, flag_given;
    int mode, pick;
    const char *text;
    sb_metric metric;
    sb_algo algo;
    sb_path path;
    sb_format format;
    sb_limits limits;
    uint64_t count;
    int calls;
} values;

/* An SB_OPT_CALL reader: takes "good" only. */
static bool read_word(void *context, const char *value, char *msg, size_t n)
{
    values *v = context;
    v->calls++;
    if (strcmp(value, "good") == 0)
        return true;
    snprintf(msg, n, "-w takes good, not '%s'", value);
    return false;
}

static const char *const PICKS[] = { "graphml", "edges", NULL };

/* Parses the NULL-terminated words after the program's name into *v;
 * returns what sb_opt_parse does, the message in msg and the first
 * operand's index in *first. */
static int parse(values *v, char *msg, int *first, ...)
{
    char *argv[32] = { "prog" };
    int argc = 1;
    va_list ap;
    va_start(ap, first);
    for (char *w; argc < 31 && (w = va_arg(ap, char *));)
        argv[argc++] = w;
    va_end(ap);
    argv[argc] = NULL;
    memset(v, 0, sizeof *v);
    const sb_opt rows[] = {
        { .name = "flag", .kind = SB_OPT_FLAG, .to.flag = &v->flag, .given = &v->flag_given,
          .help = "a flag" },
        { .name = "mode-a", .kind = SB_OPT_MODE, .mode = &v->mode, .set = MODE_A,
          .help = "the first mode" },
        { .name = "mode-b", .kind = SB_OPT_MODE, .mode = &v->mode, .set = MODE_B,
          .help = "the second mode" },
        { .name = "graph", .kind = SB_OPT_PICK, .to.number = &v->pick, .names = PICKS,
          .mode = &v->mode, .set = MODE_GRAPH, .help = "a mode and a choice" },
        { .name = "text", .letter = 't', .kind = SB_OPT_TEXT, .to.text = &v->text,
          .value = "FILE", .help = "a file" },
        sb_opt_metric(&v->metric),
        { .name = "algo", .kind = SB_OPT_ALGO, .to.algo = &v->algo, .help = "an algorithm" },
        sb_opt_engine(&v->path),
        sb_opt_format(&v->format),
        sb_opt_limit("max-states", &v->limits, "a count of configurations"),
        sb_opt_limit("max-memory", &v->limits, NULL),
        sb_opt_limit("time-limit", &v->limits, NULL),
        { .name = "count", .kind = SB_OPT_COUNT, .to.count = &v->count, .value = "N",
          .min = 1, .max = 256, .takes = "a whole number from 1 to 256",
          .help = "a count of things, with words enough to need more than one line of "
                  "help, so that the wrapping is tested on long words too: "
                  "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwx" },
        { .letter = 'w', .kind = SB_OPT_CALL, .call = read_word, .to.context = v,
          .value = "WORD", .help = "a word the program reads" },
        { .letter = 'q', .kind = SB_OPT_FLAG, .to.flag = &v->flag, .help = "quietly a flag" },
        sb_opt_help_row(),
        sb_opt_version_row(),
    };
    const sb_opt_table t = { "prog", "usage: prog [options] FILE\n\n", rows,
                             sizeof rows / sizeof rows[0], "\nThe end.\n" };
    msg[0] = '\0';
    int got = sb_opt_parse(&t, argc, argv, msg, 512);
    *first = optind;
    return got;
}

/* The usage error of words: SB_OPT_BAD with exactly message want. */
#define REFUSED(want, ...)                                                                    \
    do {                                                                                      \
        values v_;                                                                            \
        char msg_[512];                                                                       \
        int first_;                                                                           \
        int got_ = parse(&v_, msg_, &first_, __VA_ARGS__, (char *)NULL);                      \
        CHECK_MSG(got_ == SB_OPT_BAD && strcmp(msg_, want) == 0,                              \
                  "got %d '%s', want '%s'", got_, msg_, want);                                \
    } while (0)

static void values_land(void)
{
    values v;
    char msg[512];
    int first;
    int got = parse(&v, msg, &first, "--flag", "--text", "a.txt", "--metric=unit", "--algo",
                    "idastar", "--engine", "general", "--format", "picture", "--max-states",
                    "1000", "--max-memory", "2M", "--time-limit", "2.5", "--count", "256",
                    "-wgood", "INIT", "GOAL", (char *)NULL);
    CHECK_MSG(got == SB_OPT_GO, "%d %s", got, msg);
    CHECK(v.flag && v.flag_given && v.text && strcmp(v.text, "a.txt") == 0);
    CHECK(v.metric == SB_METRIC_UNIT && v.algo == SB_ALGO_IDASTAR && v.path == SB_PATH_GENERAL);
    CHECK(v.format == SB_FORMAT_PICTURE);
    CHECK(v.limits.max_states == 1000 && v.limits.max_bytes == 2 * 1024 * 1024);
    CHECK(v.limits.max_seconds == 2.5);
    CHECK(v.count == 256 && v.calls == 1 && v.mode == MODE_NONE);
    CHECK_MSG(first == 20, "operands from %d", first);

    /* Short names, a prefix, options after the operands, "--". */
    got = parse(&v, msg, &first, "INIT", "-t", "b.txt", "--met", "piece", "-q", "--", "--flag",
                (char *)NULL);
    CHECK_MSG(got == SB_OPT_GO, "%d %s", got, msg);
    CHECK(v.text && strcmp(v.text, "b.txt") == 0 && v.metric == SB_METRIC_PIECE && v.flag);
    CHECK_MSG(first == 7, "operands from %d", first);   /* getopt moved INIT after "--" */
    got = parse(&v, msg, &first, "-qtc.txt", (char *)NULL);   /* a cluster, its value attached */
    CHECK(got == SB_OPT_GO && v.flag && v.text && strcmp(v.text, "c.txt") == 0);

    /* Later values and the last mode win; a mode that is a choice too. */
    got = parse(&v, msg, &first, "--metric", "unit", "--metric", "line", "--mode-a", "--graph",
                "edges", (char *)NULL);
    CHECK(got == SB_OPT_GO && v.metric == SB_METRIC_LINE && v.mode == MODE_GRAPH && v.pick == 1);
    got = parse(&v, msg, &first, "--graph", "graphml", "--mode-b", (char *)NULL);
    CHECK(got == SB_OPT_GO && v.mode == MODE_B && v.pick == 0);
    got = parse(&v, msg, &first, (char *)NULL);
    CHECK(got == SB_OPT_GO && !v.flag_given && v.mode == MODE_NONE && first == 1);
}

static void errors_worded(void)
{
    REFUSED("unknown option '--frob'", "--frob");
    REFUSED("unknown option '--frob=3'", "INIT", "--frob=3");
    REFUSED("unknown option '-x'", "-x");
    REFUSED("unknown option '-x'", "-qx");   /* the letter itself, inside a cluster */
    REFUSED("unknown option '-x'", "-xq");
    REFUSED("ambiguous option '--m' (--mode-a, --mode-b, --metric, --max-states or "
            "--max-memory)", "--m");
    REFUSED("ambiguous option '--mode' (--mode-a or --mode-b)", "--mode=1");
    REFUSED("--flag takes no value", "--flag=yes");
    REFUSED("--mode-a takes no value", "--mode-a=1");
    REFUSED("--text needs a value", "--text");
    REFUSED("--text needs a value", "-t");   /* by its long name */
    REFUSED("-w needs a value", "-w");
    REFUSED("--metric needs a value: unit, line or piece", "--metric");
    REFUSED("--format needs a value: auto, corners, sizes or picture", "--format");
    REFUSED("--graph needs a value: graphml or edges", "--graph");
    REFUSED("--count needs a value", "--count");
    REFUSED("--metric: unknown metric 'miles' (unit, line or piece)", "--metric", "miles");
    REFUSED("--algo: unknown algorithm 'dfs' (auto, bfs, astar, idastar or bidir)", "--algo",
            "dfs");
    REFUSED("--engine: unknown representation 'gpu' (auto, bitboard or general)", "--engine",
            "gpu");
    REFUSED("--format: unknown format 'x' (auto, corners, sizes or picture)", "--format=x");
    REFUSED("--graph takes graphml or edges, not 'dot'", "--graph", "dot");
    REFUSED("--count takes a whole number from 1 to 256, not '0'", "--count", "0");
    REFUSED("--count takes a whole number from 1 to 256, not '257'", "--count", "257");
    REFUSED("--count takes a whole number from 1 to 256, not '0x10'", "--count", "0x10");
    REFUSED("--count takes a whole number from 1 to 256, not ' 5'", "--count", " 5");
    REFUSED("--max-states takes a positive count, not '0'", "--max-states", "0");
    REFUSED("--max-memory takes a size like 512M or 2G, not '5Q'", "--max-memory", "5Q");
    REFUSED("--time-limit takes a positive number of seconds, not '0x10'", "--time-limit",
            "0x10");
    REFUSED("-w takes good, not 'bad'", "-w", "bad");
    /* The first error is the one reported, whatever follows. */
    REFUSED("unknown option '--frob'", "--frob", "--metric", "miles");
}

/* The help and the version, written to a file and read back. */
static char *captured(const char *option, int *status)
{
    fflush(stdout);
    FILE *f = tmpfile();
    int saved = dup(fileno(stdout));
    if (!CHECK(f && saved >= 0 && dup2(fileno(f), fileno(stdout)) >= 0))
        return NULL;
    values v;
    char msg[512];
    int first;
    *status = parse(&v, msg, &first, option, "--frob", (char *)NULL);
    fflush(stdout);
    dup2(saved, fileno(stdout));
    close(saved);
    long n = ftell(f);
    char *text = calloc(1, (size_t)(n > 0 ? n : 0) + 1);
    rewind(f);
    if (text && n > 0 && fread(text, 1, (size_t)n, f) != (size_t)n)
        text[0] = '\0';
    fclose(f);
    return text;
}

static void help_and_version(void)
{
    int status = -9;
    char *help = captured("--help", &status);
    CHECK_MSG(status == 0, "--help: %d", status);   /* and the --frob after it is not read */
    if (!CHECK(help))
        return;
    CHECK(strncmp(help, "usage: prog [options] FILE\n\n", 28) == 0);
    CHECK(strlen(help) > 10 && strcmp(help + strlen(help) - 10, "\nThe end.\n") == 0);
    const char *want[] = { "  --flag                    a flag\n",
                           "  --graph graphml|edges     a mode and a choice\n",
                           "  -t, --text FILE           a file\n",
                           "  --metric unit|line|piece  how moves are counted",
                           "  --algo auto|bfs|astar|idastar|bidir\n                            an",
                           "  --max-states N            a count of configurations\n",
                           "  --max-memory SIZE         give up beyond SIZE bytes",
                           "  --time-limit SECONDS      give up after SECONDS\n",
                           "  -wWORD                    a word the program reads\n",
                           "  -q                        quietly a flag\n",
                           "  --help                    print this help and exit\n",
                           "  --version                 print the version and exit\n" };
    const char *at = help;
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const char *found = strstr(at, want[i]);
        CHECK_MSG(found, "--help lacks (in order) '%s'", want[i]);
        at = found ? found : at;
    }
    /* Wrapped, not cut: the count's words come whole, in order, one space
     * or a line break and the indent apart; no line is over 79. */
    CHECK(strstr(help, "  --count N                 a count of things, with words enough"));
    CHECK(strstr(help, "\n                            "
                       "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwx\n"));
    size_t longest = 0;
    for (const char *line = help; *line;) {
        size_t len = strcspn(line, "\n");
        longest = len > longest ? len : longest;
        line += len + (line[len] == '\n');
    }
    CHECK_MSG(longest <= 79, "a --help line of %zu characters", longest);
    free(help);

    char *version = captured("--version", &status);
    char want_version[64];
    snprintf(want_version, sizeof want_version, "prog %s\n", SB_VERSION);
    CHECK(status == 0 && version && strcmp(version, want_version) == 0);
    free(version);
}

int main(void)
{
    values_land();
    errors_worded();
    help_and_version();
    return unit_finish("test_options");
}
