/*
 * judge.c - the public face of the independent judge (sb_judge_*,
 * sb_check_moves in slide.h): replay.c's occupancy grid behind an opaque
 * handle, with the checks and error records the API promises.
 *
 * The handle owns a deep copy of the puzzle it judges, so the caller may
 * free or change its own puzzle at once, and two handles share nothing:
 * separate threads may use separate judges.  Like replay.c, nothing here
 * touches the solver's spaces or catalog; sb_puzzle_check() only makes
 * sure the grid can be set up safely.
 *
 * As a search handle does (search/handle.c), a live judge carries a mark
 * that sb_judge_free() wipes, so a judge freed twice or used after its
 * free is refused rather than freed again.
 */
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "replay.h"

/* "sb_judge": what a live judge holds in .live. */
#define LIVE_JUDGE UINT64_C(0x73625f6a75646765)

struct sb_judge {
    uint64_t live;      /* LIVE_JUDGE until sb_judge_free wipes it */
    sb_puzzle puzzle;   /* the judge's own copy: goals and shapes for the goal test */
    sb_replay replay;   /* the grid, on the blocks' current places */
    size_t applied;     /* legal moves applied so far */
};

/* Copies n items of size bytes; NULL only when n > 0 and memory ran out. */
static void *dup_array(const void *src, size_t n, size_t size)
{
    if (n == 0 || !src)
        return NULL;
    void *dst = malloc(n * size);
    if (dst)
        memcpy(dst, src, n * size);
    return dst;
}

/* A deep copy of p (which passed sb_puzzle_check); false when memory ran
 * out, with *q released. */
static bool copy_puzzle(sb_puzzle *q, const sb_puzzle *p)
{
    size_t ncells = (size_t)p->rows * (size_t)p->cols;
    *q = (sb_puzzle){ .rows = p->rows, .cols = p->cols, .nblocks = p->nblocks,
                      .ngoals = p->ngoals, .nshapes = p->nshapes };
    q->blocks = dup_array(p->blocks, p->nblocks, sizeof *p->blocks);
    q->goals = dup_array(p->goals, p->ngoals, sizeof *p->goals);
    q->walls = p->walls ? dup_array(p->walls, ncells, 1) : NULL;
    q->shapes = p->nshapes ? calloc(p->nshapes, sizeof *q->shapes) : NULL;
    bool ok = (!p->nblocks || q->blocks) && (!p->ngoals || q->goals) &&
              (!p->walls || q->walls) && (!p->nshapes || q->shapes);
    for (size_t k = 0; ok && k < p->nshapes; k++) {
        const sb_shape *s = &p->shapes[k];
        q->shapes[k] = (sb_shape){ s->height, s->width,
                                   dup_array(s->cells, (size_t)s->height * (size_t)s->width, 1) };
        ok = q->shapes[k].cells != NULL;
    }
    if (!ok)
        sb_puzzle_free(q);
    return ok;
}

sb_status sb_judge_new(const sb_puzzle *p, sb_judge **out, sb_error *err)
{
    if (!out)
        return sbi_fail(err, SB_EINPUT, "sb_judge_new: the handle to fill is NULL");
    *out = NULL;
    if (!p)
        return sbi_fail(err, SB_EINPUT, "sb_judge_new: the puzzle is NULL");
    sb_status st = sb_puzzle_check(p, err);
    if (st != SB_OK)
        return st;
    sb_judge *j = calloc(1, sizeof *j);
    if (!j || !copy_puzzle(&j->puzzle, p)) {
        free(j);
        return sbi_fail(err, SB_ELIMIT, "out of memory setting up the judge");
    }
    j->live = LIVE_JUDGE;
    if (sbi_replay_init(&j->replay, &j->puzzle) != SB_OK) {
        sb_judge_free(j);
        return sbi_fail(err, SB_ELIMIT, "out of memory setting up the judge");
    }
    *out = j;
    return SB_OK;
}

/* Whether j is a judge sb_judge_new made and sb_judge_free has not freed
 * (as far as its memory tells). */
static bool live(const sb_judge *j)
{
    return j && j->live == LIVE_JUDGE;
}

void sb_judge_free(sb_judge *j)
{
    if (!live(j))
        return;
    j->live = 0;
    sbi_replay_free(&j->replay);
    sb_puzzle_free(&j->puzzle);
    free(j);
}

/* Fills err for a move the judge refuses: item is the move's index. */
static sb_status refuse(sb_error *err, size_t index, const char *why)
{
    sbi_fail(err, SB_EMOVE, "%s", why);
    if (err) {
        err->list = SB_LIST_MOVES;
        err->item = index;
    }
    return SB_EMOVE;
}

sb_status sb_judge_move(sb_judge *j, const sb_move *m, sb_error *err)
{
    if (!live(j) || !m)
        return sbi_fail(err, SB_EINPUT, "sb_judge_move: the %s", !j ? "judge is NULL"
                        : !live(j) ? "judge is freed" : "move is NULL");
    char why[160];
    const char *bad = sbi_replay_move(&j->replay, m, why, sizeof why);
    if (bad)
        return refuse(err, j->applied, bad);
    j->applied++;
    return SB_OK;
}

sb_status sb_judge_goal(const sb_judge *j, sb_error *err)
{
    if (!live(j))
        return sbi_fail(err, SB_EINPUT, "sb_judge_goal: the judge is %s", j ? "freed" : "NULL");
    if (!sbi_replay_goal_met(&j->replay, &j->puzzle))
        return refuse(err, j->applied, "moves end before the goal is reached");
    return SB_OK;
}

sb_status sb_check_moves(const sb_puzzle *p, const sb_move *moves, size_t n, sb_error *err)
{
    return sbi_judge_replay("sb_check_moves", p, moves, n, true, err);
}

sb_status sbi_judge_replay(const char *fn, const sb_puzzle *p, const sb_move *moves, size_t n,
                           bool goal, sb_error *err)
{
    if (n > 0 && !moves)
        return sbi_fail(err, SB_EINPUT, "%s: %zu moves but the array is NULL", fn, n);
    sb_judge *j;
    sb_status st = sb_judge_new(p, &j, err);
    for (size_t i = 0; st == SB_OK && i < n; i++) {
        st = sb_judge_move(j, &moves[i], err);
        if (st == SB_EMOVE && err) {
            /* Say which move, as slide-check names the line.  The judge's
             * reasons are short; one that is not is cut by the precision. */
            char why[sizeof err->msg];
            memcpy(why, err->msg, sizeof why);
            snprintf(err->msg, sizeof err->msg, "move %zu: %d %d %d %d: %.300s", i + 1,
                     moves[i].from_row, moves[i].from_col, moves[i].to_row,
                     moves[i].to_col, why);
        }
    }
    if (st == SB_OK && goal)
        st = sb_judge_goal(j, err);
    sb_judge_free(j);
    return st;
}
