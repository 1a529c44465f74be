/*
 * fuzz_solve.c - libFuzzer harness for whole solves of tiny trays.
 *
 * Input: two option bytes, then INIT text, then optionally '|' and GOAL
 * text.  Byte 0 picks the metric; byte 1's bits pick --optimal, the
 * algorithm, the representation and sometimes a small memory limit.
 * Trays are kept tiny (at most MAX_CELLS cells) and every search is capped
 * at MAX_STATES stored configurations, so one input costs milliseconds.
 *
 * Invariants, judged by the checker's replay (judge/replay.c), which shares
 * nothing with the engine's move generators:
 *  - SB_OK: every move is a legal straight slide and the last
 *    configuration meets the goal; no moves exactly when INIT already does.
 *  - SB_UNSOLVABLE is a proof: it never comes after a limit (no more than
 *    MAX_STATES stored), and the other representation / algorithm never
 *    finds a solution for the same puzzle.
 *  - Two optimal searches that both finish agree on the length.
 */
#include "fuzz_common.h"
#include "replay.h"
#include "sb_format.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_CELLS = 36, MAX_STATES = 2000 };

/* Replays sol on p; true when every move is legal and the goal is met. */
static int replays(const sb_puzzle *p, const sb_solution *sol)
{
    sb_replay r;
    FUZZ_REQUIRE(sbi_replay_init(&r, p) == SB_OK, "out of memory");
    int ok = 1;
    for (size_t i = 0; ok && i < sol->nmoves; i++) {
        char why[128];
        const char *bad = sbi_replay_move(&r, &sol->moves[i], why, sizeof why);
        if (bad) {
            fprintf(stderr, "move %zu (%d %d %d %d): %s\n", i + 1, sol->moves[i].from_row,
                    sol->moves[i].from_col, sol->moves[i].to_row, sol->moves[i].to_col, bad);
            ok = 0;
        }
    }
    if (ok && !sbi_replay_goal_met(&r, p)) {
        fprintf(stderr, "the %zu moves end before the goal is reached\n", sol->nmoves);
        ok = 0;
    }
    sbi_replay_free(&r);
    return ok;
}

/* Whether the bitboard can take p: rectangles of group 0 that slide both
 * ways, and no walls (pictures can say otherwise). */
static bool plain(const sb_puzzle *p)
{
    if (p->walls)
        for (size_t i = 0; i < (size_t)p->rows * p->cols; i++)
            if (p->walls[i])
                return false;
    for (size_t i = 0; i < p->nblocks; i++)
        if (p->blocks[i].shape || p->blocks[i].group || p->blocks[i].axis != SB_AXIS_ANY)
            return false;
    return true;
}

/* Solves and checks what any single answer must satisfy. */
static sb_status solve_checked(const sb_puzzle *p, const sb_options *o, sb_solution *sol)
{
    sb_stats stats;
    sb_error err;
    sb_status st = sb_solve(p, o, sol, &stats, &err);
    switch (st) {
    case SB_OK:
        FUZZ_REQUIRE(replays(p, sol), "solution does not replay to the goal");
        FUZZ_REQUIRE((sol->nmoves == 0) == sb_puzzle_solved(p),
                     "no moves, yet INIT does not meet the goal (or the reverse)");
        break;
    case SB_UNSOLVABLE:
        FUZZ_REQUIRE(stats.stored <= MAX_STATES, "unsolvable claimed past the state limit");
        break;
    case SB_ELIMIT:
        break;
    case SB_EINPUT:
        /* Only a bitboard asked for a tray or pieces it cannot hold may be
         * refused. */
        FUZZ_REQUIRE(o->path == SB_PATH_BITBOARD && (!sb_bitboard_fits(p->rows, p->cols) ||
                                                     !plain(p)),
                     "checked puzzle refused by sb_solve");
        break;
    case SB_EMOVE:
        FUZZ_REQUIRE(false, "sb_solve returned the judge's status");
        break;
    case SB_EWRITE:
        FUZZ_REQUIRE(false, "sb_solve, which writes nothing, returned a write error");
        break;
    }
    return st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    sb_options o;
    sb_options_default(&o);
    o.metric = (sb_metric)(data[0] % 3);
    o.optimal = data[1] & 1;
    o.algo = (sb_algo)((data[1] >> 1) & 3) % 3;
    o.path = (sb_path)((data[1] >> 3) & 3) % 3;
    o.limits.max_states = MAX_STATES;
    o.limits.max_seconds = 2;
    if (data[1] & 0x20)
        o.limits.max_bytes = (uint64_t)4096 << ((data[1] >> 6) * 3);   /* 4K .. 2M */

    fuzz_texts t;
    fuzz_split(data + 2, size - 2, &t);
    sb_puzzle p;
    sb_error err;
    if (sb_fmt_parse(t.init, t.init_len, "INIT", t.goal, t.goal_len, "GOAL", SB_FORMAT_AUTO,
                     NULL, &p, &err) != SB_OK || (long long)p.rows * p.cols > MAX_CELLS) {
        sb_puzzle_free(&p);
        fuzz_texts_free(&t);
        return 0;
    }

    sb_solution a, b;
    sb_status sa = solve_checked(&p, &o, &a);

    /* The same puzzle through the other representation (when the tray
     * fits both) and the other algorithm, without a memory limit. */
    sb_options other = o;
    other.limits.max_bytes = 0;
    if (sb_bitboard_fits(p.rows, p.cols))
        other.path = o.path == SB_PATH_GENERAL ? SB_PATH_BITBOARD : SB_PATH_GENERAL;
    other.algo = o.algo == SB_ALGO_BFS ? SB_ALGO_ASTAR : SB_ALGO_BFS;
    sb_status sb = solve_checked(&p, &other, &b);

    FUZZ_REQUIRE(!(sa == SB_UNSOLVABLE && sb == SB_OK), "unsolvable, yet the other search solved it");
    FUZZ_REQUIRE(!(sb == SB_UNSOLVABLE && sa == SB_OK), "solved, yet the other search proved unsolvable");
    if (sa == SB_OK && sb == SB_OK && o.optimal) {
        uint64_t la = sb_moves_length(a.moves, a.nmoves, o.metric);
        uint64_t lb = sb_moves_length(b.moves, b.nmoves, o.metric);
        if (la != lb)
            fprintf(stderr, "optimal lengths differ under %s: %llu (%s, %s) vs %llu (%s, %s)\n",
                    sb_metric_name(o.metric), (unsigned long long)la, sb_algo_name(o.algo),
                    sb_path_name(o.path), (unsigned long long)lb, sb_algo_name(other.algo),
                    sb_path_name(other.path));
        FUZZ_REQUIRE(la == lb, "two optimal searches disagree on the length");
        FUZZ_REQUIRE(a.optimal && b.optimal, "optimal search did not say so");
    }
    sb_solution_free(&a);
    sb_solution_free(&b);
    sb_puzzle_free(&p);
    fuzz_texts_free(&t);
    return 0;
}
