/*
 * slide_check.c - the independent judge: replays moves on a puzzle and says
 * whether every move is legal and the last configuration meets the goal.
 *
 * It shares nothing with the solver's move generator, on purpose: a bug
 * there must not be able to vouch for itself here.  The judge itself is
 * the library's (sb_judge in slide.h, judge/replay.c: an occupancy grid,
 * cheap per move on any tray), so that the fuzz harnesses and every user
 * of the library judge answers with the same code; this file is the
 * command line around it, and uses nothing but the public headers (and
 * args.c's wording of an error's hint, options.c's reading of options).
 *
 * Exit status: 0 verified, 1 an illegal move or the goal not reached (one
 * message naming the input line), 2 bad usage, unreadable files, a bad
 * puzzle, or output that could not be written.
 */
#include <errno.h>
#include <getopt.h>   /* optind */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "args.h"
#include "options.h"
#include "slide_formats.h"

static const char USAGE[] =
    "usage: slide-check [options] INIT GOAL [MOVES]\n"
    "Replays the moves in MOVES (standard input when absent or \"-\") on the\n"
    "puzzle INIT, one \"r1 c1 r2 c2\" per line, and checks that each is a legal\n"
    "straight slide and that the final configuration satisfies GOAL.  A move\n"
    "names a piece by its anchor, the leftmost cell of its top row (the\n"
    "upper-left corner of a rectangle).\n"
    "\n";

static const char EPILOGUE[] =
    "\n"
    "Exit status: 0 Verified, 1 an illegal move or the goal not reached,\n"
    "2 bad usage, an unreadable file, an invalid puzzle or a write error.\n";

static void die(int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3), noreturn))
#endif
    ;

static void die(int status, const char *fmt, ...)
{
    va_list ap;
    fputs("slide-check: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(status);
}

static void bad_usage(const char *fmt, ...)
    __attribute__((format(printf, 1, 2), noreturn));

static void bad_usage(const char *fmt, ...)
{
    va_list ap;
    fputs("slide-check: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputs("\nTry 'slide-check --help'.\n", stderr);
    exit(2);
}

static FILE *open_moves(const char *path)
{
    struct stat st;
    if (!path || strcmp(path, "-") == 0)
        return stdin;
    FILE *f = fopen(path, "r");
    if (!f)
        die(2, "%s: %s", path, strerror(errno));
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode))
        die(2, "%s: is a directory, not a move file", path);
    return f;
}

int main(int argc, char **argv)
{
    sb_format fmt = SB_FORMAT_AUTO;
    const sb_opt rows[] = { sb_opt_format(&fmt), sb_opt_help_row(), sb_opt_version_row() };
    const sb_opt_table table = { "slide-check", USAGE, rows, sizeof rows / sizeof rows[0],
                                 EPILOGUE };
    char msg[512];
    int done = sb_opt_parse(&table, argc, argv, msg, sizeof msg);
    if (done == SB_OPT_BAD)
        bad_usage("%s", msg);
    if (done != SB_OPT_GO)
        return done;
    char **paths = argv + optind;
    int npaths = argc - optind;
    if (npaths > 3)
        bad_usage("too many arguments (starting at '%s')", paths[3]);
    if (npaths < 2)
        bad_usage("%s", "needs an INIT file and a GOAL file");

    sb_puzzle p;
    sb_error err;
    char worded[sizeof err.msg + 128];
    if (sb_fmt_read(paths[0], paths[1], fmt, NULL, &p, &err) != SB_OK)
        die(2, "%s", sb_args_error_message(&err, worded, sizeof worded));

    sb_judge *judge;
    if (sb_judge_new(&p, &judge, &err) != SB_OK)
        die(2, "%s", err.msg);

    FILE *in = open_moves(npaths == 3 ? paths[2] : NULL);
    sb_move_reader rd = { in, npaths == 3 ? paths[2] : "standard input" };
    sb_move m;
    sb_status got;
    int status = 0;
    while ((got = sb_fmt_next_move(&rd, &m, &err)) == SB_OK && !rd.end) {
        sb_status st = sb_judge_move(judge, &m, &err);
        if (st != SB_OK) {
            fprintf(stderr, "slide-check: line %ld: %s: %s\n", rd.line, rd.text, err.msg);
            status = st == SB_EMOVE ? 1 : 2;
            break;
        }
    }
    if (got != SB_OK) {
        fprintf(stderr, "slide-check: %s\n", err.msg);
        status = ferror(in) ? 2 : 1;
    } else if (status == 0 && sb_judge_goal(judge, &err) != SB_OK) {
        fprintf(stderr, "slide-check: %s\n", err.msg);
        status = 1;
    } else if (status == 0) {
        puts("Verified");
        if (fflush(stdout) != 0) {
            fprintf(stderr, "slide-check: write error: %s\n", strerror(errno));
            status = 2;
        }
    }
    sb_judge_free(judge);
    sb_puzzle_free(&p);
    if (in != stdin)
        fclose(in);
    return status;
}
