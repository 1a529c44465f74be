/*
 * build.c - reading numbers as blocks, choosing the format, and pointing
 * every complaint at a file and a line.
 *
 * A block line "a b c d" is the block at (a, b) reaching (c, d) in the
 * corners format, and the a x b block at (c, d) in the sizes format.  With
 * --format auto both readings of the INIT file are tried in full, up to
 * sb_puzzle_check(): a reading is valid only if the engine would accept it.
 * One valid reading wins; two valid readings that describe different
 * puzzles are an error that asks for --format, since guessing would
 * silently solve the wrong puzzle.  When neither is valid the reading that
 * got further into the file is reported: it is most likely the one meant.
 *
 * sb_puzzle_check() names a list and an item; this file turns that into the
 * file and line the item came from.  Overlaps are rephrased to name the
 * line of the other block, which the engine cannot know.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

/* One reading of the INIT numbers in one format. */
typedef struct attempt {
    sb_status st;       /* SB_OK when the reading passed sb_puzzle_check */
    sb_error err;       /* why not, already "FILE:LINE: ..." */
    long line;          /* the line err points at, 0 for none */
    sb_puzzle p;        /* the tray and blocks (no goal yet) */
} attempt;

/* A CS61B line is a plain rectangle: the other fields stay zero. */
static void to_block(sb_format fmt, const int v[4], sb_block *b)
{
    if (fmt == SB_FORMAT_SIZES)
        *b = (sb_block){ .height = v[0], .width = v[1], .row = v[2], .col = v[3] };
    else
        *b = (sb_block){ .row = v[0], .col = v[1], .height = v[2] - v[0] + 1,
                         .width = v[3] - v[1] + 1 };
}

/* Reads every line of l as a block in fmt into a new array *out.  Only the
 * corners format can be malformed here: its corners may be out of order.
 * Sizes of zero are left to sb_puzzle_check(), which words them the same
 * way for every caller. */
static sb_status read_blocks(const sb_fmt_lines *l, sb_format fmt, sb_block **out,
                             long *line, sb_error *err)
{
    sb_block *b = calloc(l->n + 1, sizeof *b);
    *out = NULL;
    if (!b)
        return sbi_fmt_fail(err, SB_ELIMIT, l->name, 0, "out of memory");
    for (size_t i = 0; i < l->n; i++) {
        const int *v = l->v[i];
        if (fmt == SB_FORMAT_CORNERS && (v[2] < v[0] || v[3] < v[1])) {
            free(b);
            *line = l->line[i];
            if (v[2] < v[0])
                return sbi_fmt_fail(err, SB_EINPUT, l->name, *line,
                                    "bottom row %d is above top row %d"
                                    " (corners lines are r1 c1 r2 c2)", v[2], v[0]);
            return sbi_fmt_fail(err, SB_EINPUT, l->name, *line,
                                "right column %d is left of left column %d"
                                " (corners lines are r1 c1 r2 c2)", v[3], v[1]);
        }
        to_block(fmt, v, &b[i]);
    }
    *out = b;
    return SB_OK;
}

static bool intersect(const sb_block *a, const sb_block *b)
{
    return (long long)a->row < (long long)b->row + b->height &&
           (long long)b->row < (long long)a->row + a->height &&
           (long long)a->col < (long long)b->col + b->width &&
           (long long)b->col < (long long)a->col + a->width;
}

/* Turns a complaint of sb_puzzle_check() into one naming file and line. */
static sb_status point(const sb_puzzle *p, const sb_fmt_lines *init,
                       const sb_fmt_lines *goal, const sb_error *chk,
                       sb_error *err, long *line)
{
    const sb_fmt_lines *src = chk->list == SB_LIST_GOAL ? goal : init;
    const sb_block *list = chk->list == SB_LIST_GOAL ? p->goals : p->blocks;
    size_t n = chk->list == SB_LIST_GOAL ? p->ngoals : p->nblocks;
    size_t i = chk->item;

    *line = 0;
    if (chk->status != SB_EINPUT)
        return sbi_fmt_fail(err, chk->status, init->name, 0, "%s", chk->msg);
    if (chk->list == SB_LIST_NONE || i >= n || i >= src->n) {
        *line = init->tray_line;
        return sbi_fmt_fail(err, SB_EINPUT, init->name, *line, "%s", chk->msg);
    }
    *line = src->line[i];
    if (strstr(chk->msg, "overlap")) {
        /* Searched only once, on failure, so a linear scan is fine. */
        for (size_t j = 0; j < n; j++) {
            if (j == i || !intersect(&list[i], &list[j]))
                continue;
            const char *what = chk->list == SB_LIST_GOAL ? "goal block" : "block";
            int r = list[i].row > list[j].row ? list[i].row : list[j].row;
            int c = list[i].col > list[j].col ? list[i].col : list[j].col;
            return sbi_fmt_fail(err, SB_EINPUT, src->name, *line,
                                "%s overlaps the %s of line %ld (both cover cell %d %d)",
                                what, what, src->line[j], r, c);
        }
    }
    return sbi_fmt_fail(err, SB_EINPUT, src->name, *line, "%s", chk->msg);
}

static void try_init(const sb_fmt_lines *init, sb_format fmt, attempt *a)
{
    sb_error chk;

    memset(a, 0, sizeof *a);
    a->p.rows = init->tray[0];
    a->p.cols = init->tray[1];
    a->st = read_blocks(init, fmt, &a->p.blocks, &a->line, &a->err);
    if (a->st != SB_OK)
        return;
    a->p.nblocks = init->n;
    a->st = sb_puzzle_check(&a->p, &chk);
    if (a->st != SB_OK) {
        chk.status = a->st;
        a->st = point(&a->p, init, NULL, &chk, &a->err, &a->line);
        sb_puzzle_free(&a->p);
    }
}

static int compare_block(const void *x, const void *y)
{
    const sb_block *a = x, *b = y;
    if (a->row != b->row)
        return a->row < b->row ? -1 : 1;
    if (a->col != b->col)
        return a->col < b->col ? -1 : 1;
    if (a->height != b->height)
        return a->height < b->height ? -1 : 1;
    return (a->width > b->width) - (a->width < b->width);
}

/* True when both puzzles hold the same blocks, in whatever order.  Returns
 * -1 when out of memory. */
static int same_blocks(const sb_puzzle *a, const sb_puzzle *b)
{
    size_t n = a->nblocks;
    sb_block *x = calloc(n + 1, sizeof *x), *y = calloc(n + 1, sizeof *y);
    int same = -1;

    if (x && y) {
        memcpy(x, a->blocks, n * sizeof *x);
        memcpy(y, b->blocks, n * sizeof *y);
        qsort(x, n, sizeof *x, compare_block);
        qsort(y, n, sizeof *y, compare_block);
        same = memcmp(x, y, n * sizeof *x) == 0;
    }
    free(x);
    free(y);
    return same;
}

static sb_status ambiguous(const sb_fmt_lines *init, const attempt *c,
                           const attempt *s, sb_error *err)
{
    size_t i = 0;
    while (i + 1 < init->n && compare_block(&c->p.blocks[i], &s->p.blocks[i]) == 0)
        i++;
    const int *v = init->v[i];
    const sb_block *bc = &c->p.blocks[i], *bs = &s->p.blocks[i];
    sb_status st = sbi_fmt_fail(err, SB_EINPUT, init->name, init->line[i],
                                "cannot tell the format: '%d %d %d %d' reads as a %dx%d block at "
                                "%d %d (corners) or as a %dx%d block at %d %d (sizes), and the "
                                "whole file is valid both ways; name the format",
                                v[0], v[1], v[2], v[3], bc->height, bc->width, bc->row, bc->col,
                                bs->height, bs->width, bs->row, bs->col);
    if (err)
        err->hint = SB_HINT_FORMAT_LINE;   /* each front end names its own option for it */
    return st;
}

/* Words the error when neither reading of the INIT file is valid.  The
 * reading that got further is reported.  Unless the other one failed at
 * once, on the first block line, the user should also learn that
 * auto-detection was at work and what the other reading found. */
static void explain_both(const sb_fmt_lines *init, const attempt *best,
                         const attempt *other, const char *bname, const char *oname,
                         sb_error *err)
{
    *err = best->err;
    if (best->st != SB_EINPUT || strcmp(best->err.msg, other->err.msg) == 0)
        return;
    if (init->n > 0 && other->line == init->line[0] && best->line > other->line)
        return;
    if (best->line == other->line) {
        /* Same line, different complaints: give both, each after its format.
         * Both messages start with the same "FILE:LINE: "; an empty message
         * made the same way measures it. */
        sb_error where;
        sbi_fmt_fail(&where, SB_EINPUT, init->name, best->line, "%s", "");
        size_t head = strlen(where.msg);
        sbi_fmt_fail(err, SB_EINPUT, init->name, best->line, "as %s: %s; as %s: %s",
                     bname, best->err.msg + head, oname, other->err.msg + head);
        return;
    }
    size_t len = strlen(err->msg);
    snprintf(err->msg + len, sizeof err->msg - len,
             " (auto format chose %s: read as %s the file fails earlier, at line %ld)",
             bname, oname, other->line);
}

/* Decides the format of init for --format auto; on SB_OK *win is moved out
 * of the winning attempt. */
static sb_status decide(const sb_fmt_lines *init, sb_format *chosen, sb_puzzle *win,
                        sb_error *err)
{
    attempt c, s;
    sb_status st = SB_OK;

    try_init(init, SB_FORMAT_CORNERS, &c);
    try_init(init, SB_FORMAT_SIZES, &s);
    if (c.st == SB_OK && s.st == SB_OK) {
        int same = same_blocks(&c.p, &s.p);
        if (same < 0)
            st = sbi_fmt_fail(err, SB_ELIMIT, init->name, 0, "out of memory");
        else if (!same)
            st = ambiguous(init, &c, &s, err);
        *chosen = SB_FORMAT_CORNERS;   /* the same puzzle either way */
    } else if (c.st == SB_OK || s.st == SB_OK) {
        *chosen = c.st == SB_OK ? SB_FORMAT_CORNERS : SB_FORMAT_SIZES;
    } else {
        const attempt *best = &c, *other = &s;
        if (s.st == SB_ELIMIT || (c.st != SB_ELIMIT && s.line > c.line)) {
            best = &s;
            other = &c;
        }
        st = best->st;
        if (err)
            explain_both(init, best, other, best == &c ? "corners" : "sizes",
                         best == &c ? "sizes" : "corners", err);
    }
    if (st == SB_OK) {
        attempt *keep = *chosen == SB_FORMAT_CORNERS ? &c : &s;
        *win = keep->p;
        memset(&keep->p, 0, sizeof keep->p);
    }
    sb_puzzle_free(&c.p);
    sb_puzzle_free(&s.p);
    return st;
}

sb_status sbi_fmt_build(const sb_fmt_lines *init, const sb_fmt_lines *goal,
                        sb_format fmt, sb_format *used, sb_puzzle *out,
                        sb_error *err)
{
    sb_status st;
    sb_error chk;
    long line;

    memset(out, 0, sizeof *out);
    if (fmt == SB_FORMAT_AUTO) {
        st = decide(init, &fmt, out, err);
    } else {
        attempt a;
        try_init(init, fmt, &a);
        st = a.st;
        if (st == SB_OK)
            *out = a.p;
        else if (err)
            *err = a.err;
    }
    if (st != SB_OK)
        return st;
    if (used)
        *used = fmt;

    st = read_blocks(goal, fmt, &out->goals, &line, err);
    if (st == SB_OK) {
        out->ngoals = goal->n;
        st = sb_puzzle_check(out, &chk);
        if (st != SB_OK) {
            chk.status = st;
            st = point(out, init, goal, &chk, err, &line);
        }
    }
    if (st != SB_OK)
        sb_puzzle_free(out);
    return st;
}
