/*
 * slide_check.c - the independent judge: replays moves on a puzzle and says
 * whether every move is legal and the last configuration meets the goal.
 *
 * It shares nothing with the solver's move generator, on purpose: a bug
 * there must not be able to vouch for itself here.  The tray is a plain
 * occupancy grid holding, for every cell, 1 + the index of the block that
 * covers it (0 when empty).  A move names a block by its upper-left corner,
 * so finding the block is one lookup, and replaying a move touches only the
 * cells the block covers and sweeps: a 10,000-block tray replays moves as
 * cheaply as Klotski.
 *
 * Exit status: 0 verified, 1 an illegal move or the goal not reached (one
 * message naming the input line), 2 bad usage, unreadable files or a bad
 * puzzle.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sb_format.h"
#include "slide.h"

/* The replay state.  Invariant: cell[r * cols + c] == i + 1 exactly when
 * block i covers (r, c). */
typedef struct board {
    int rows, cols;      /* tray size */
    uint32_t *cell;      /* rows * cols entries */
    sb_block *blocks;    /* current place of each block (the puzzle's own array) */
} board;

static const char usage_text[] =
    "Usage: slide-check [--format corners|sizes|auto] INIT GOAL [MOVES]\n"
    "Replays the moves in MOVES (standard input when absent or \"-\") on the\n"
    "puzzle INIT, one \"r1 c1 r2 c2\" per line, and checks that each is a legal\n"
    "straight slide and that the final configuration satisfies GOAL.\n"
    "\n"
    "  --format F   how INIT and GOAL are written: corners (r1 c1 r2 c2),\n"
    "               sizes (h w r c), or auto (default: decide from INIT)\n"
    "  --help       print this help and exit\n"
    "  --version    print the version and exit\n"
    "\n"
    "Exit status: 0 Verified, 1 an illegal move or the goal not reached,\n"
    "2 bad usage, an unreadable file or an invalid puzzle.\n";

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

static void bad_usage(const char *what, const char *arg)
{
    fputs("slide-check: ", stderr);
    fprintf(stderr, what, arg);
    fputs("\nTry 'slide-check --help' for more information.\n", stderr);
    exit(2);
}

static uint32_t *at(const board *b, int r, int c)
{
    return &b->cell[(size_t)r * (size_t)b->cols + (size_t)c];
}

/* Writes id into every cell of block k's rectangle. */
static void paint(board *b, size_t k, uint32_t id)
{
    const sb_block *blk = &b->blocks[k];
    for (int r = blk->row; r < blk->row + blk->height; r++)
        for (int c = blk->col; c < blk->col + blk->width; c++)
            *at(b, r, c) = id;
}

/* Applies one move, or returns why it is illegal (writing into why). */
static const char *apply(board *b, const sb_move *m, char *why, size_t whysz)
{
    int fr = m->from_row, fc = m->from_col, tr = m->to_row, tc = m->to_col;

    if (fr >= b->rows || fc >= b->cols || *at(b, fr, fc) == 0 ||
        b->blocks[*at(b, fr, fc) - 1].row != fr || b->blocks[*at(b, fr, fc) - 1].col != fc) {
        snprintf(why, whysz, "no block has its upper-left corner at %d %d", fr, fc);
        return why;
    }
    size_t k = *at(b, fr, fc) - 1;
    sb_block *blk = &b->blocks[k];
    if (fr == tr && fc == tc)
        return "not a straight slide: the block would not move";
    if (fr != tr && fc != tc)
        return "not a straight slide: row and column both change";
    if ((long long)tr + blk->height > b->rows || (long long)tc + blk->width > b->cols)
        return "block would leave the tray";

    /* Walk the block one cell at a time; each step uncovers one new edge
     * (a row or column of cells just beyond the block), which must be empty.
     * Cells the block already covers never block it. */
    int dr = (tr > fr) - (tr < fr), dc = (tc > fc) - (tc < fc);
    int steps = dr ? abs(tr - fr) : abs(tc - fc);
    for (int s = 1; s <= steps; s++) {
        int r0, r1, c0, c1;
        if (dr) {
            r0 = r1 = dr > 0 ? fr + blk->height - 1 + s : fr - s;
            c0 = fc;
            c1 = fc + blk->width - 1;
        } else {
            c0 = c1 = dc > 0 ? fc + blk->width - 1 + s : fc - s;
            r0 = fr;
            r1 = fr + blk->height - 1;
        }
        for (int r = r0; r <= r1; r++)
            for (int c = c0; c <= c1; c++)
                if (*at(b, r, c) != 0)
                    return "block would overlap another block";
    }
    paint(b, k, 0);
    blk->row = tr;
    blk->col = tc;
    paint(b, k, (uint32_t)(k + 1));
    return NULL;
}

/* True when, for every goal entry, a block of that size sits at that place.
 * sb_puzzle_check() has placed every goal entry inside the tray. */
static int goal_met(const board *b, const sb_puzzle *p)
{
    for (size_t i = 0; i < p->ngoals; i++) {
        const sb_block *g = &p->goals[i];
        uint32_t id = *at(b, g->row, g->col);
        if (id == 0)
            return 0;
        const sb_block *blk = &b->blocks[id - 1];
        if (blk->row != g->row || blk->col != g->col || blk->height != g->height ||
            blk->width != g->width)
            return 0;
    }
    return 1;
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
    const char *paths[3];
    int npaths = 0, options_done = 0;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (options_done || a[0] != '-' || strcmp(a, "-") == 0) {
            if (npaths == 3)
                bad_usage("too many arguments (starting at '%s')", a);
            paths[npaths++] = a;
        } else if (strcmp(a, "--") == 0) {
            options_done = 1;
        } else if (strcmp(a, "--help") == 0) {
            fputs(usage_text, stdout);
            return fflush(stdout) == 0 ? 0 : 2;
        } else if (strcmp(a, "--version") == 0) {
            printf("slide-check %s\n", SB_VERSION);
            return fflush(stdout) == 0 ? 0 : 2;
        } else if (strcmp(a, "--format") == 0 || strncmp(a, "--format=", 9) == 0) {
            const char *name = a[8] == '=' ? a + 9 : argv[++i];
            if (!name)
                bad_usage("%s needs a value: corners, sizes or auto", a);
            if (sb_fmt_parse_name(name, &fmt) != SB_OK)
                bad_usage("unknown format '%s' (use corners, sizes or auto)", name);
        } else {
            bad_usage("unknown option '%s'", a);
        }
    }
    if (npaths < 2)
        bad_usage("%s", "expected INIT and GOAL files");

    sb_puzzle p;
    sb_error err;
    if (sb_fmt_read(paths[0], paths[1], fmt, NULL, &p, &err) != SB_OK)
        die(2, "%s", err.msg);

    board b = { p.rows, p.cols, calloc((size_t)p.rows * (size_t)p.cols, sizeof(uint32_t)),
                p.blocks };
    if (!b.cell)
        die(2, "%s", "out of memory");
    for (size_t k = 0; k < p.nblocks; k++)
        paint(&b, k, (uint32_t)(k + 1));

    FILE *in = open_moves(npaths == 3 ? paths[2] : NULL);
    sb_move_reader rd = { in, npaths == 3 ? paths[2] : "standard input", 0, "" };
    sb_move m;
    int got, status = 0;
    char why[128];
    while ((got = sb_fmt_next_move(&rd, &m, &err)) == 1) {
        const char *bad = apply(&b, &m, why, sizeof why);
        if (bad) {
            fprintf(stderr, "slide-check: line %ld: %s: %s\n", rd.line, rd.text, bad);
            status = 1;
            break;
        }
    }
    if (got < 0) {
        fprintf(stderr, "slide-check: %s\n", err.msg);
        status = ferror(in) ? 2 : 1;
    } else if (status == 0 && !goal_met(&b, &p)) {
        fputs("slide-check: moves end before the goal is reached\n", stderr);
        status = 1;
    } else if (status == 0) {
        puts("Verified");
        if (fflush(stdout) != 0) {
            fprintf(stderr, "slide-check: write error: %s\n", strerror(errno));
            status = 2;
        }
    }
    free(b.cell);
    sb_puzzle_free(&p);
    if (in != stdin)
        fclose(in);
    return status;
}
