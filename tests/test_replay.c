/*
 * test_replay.c - the checker's judge (judge/replay.c) on pieces of any
 * shape, walls and one-axis pieces: legal and illegal moves with their
 * exact messages, and goals met or not by class.
 *
 * Puzzles are drawn here as small pictures and built into sb_puzzle values
 * by this file's own reader (draw()), so the tests depend neither on
 * formats/ nor on the engine's catalog.  The last parts cross-check the
 * engine against the judge: random walks made of moves the judge accepts
 * give reachable goals, and sb_solve must find a way there, under auto and
 * general, that the judge verifies; and on 600 random small puzzles (240
 * under the sanitizers) a breadth-first walk made only of the judge's moves
 * must agree with sb_explore (reachable, farthest, goals and the nearest)
 * and with sb_solve --optimal by BFS, by A* and by IDA* (solvable or not,
 * and how long, each solution replayed by the judge and measured here; A*
 * and IDA* take the pattern databases on the tiles with one hole, so their
 * lengths prove those admissible).  The puzzles come in three kinds (any
 * shapes with walls, one-axis and marked pieces; plain rectangles; numbered
 * tiles with one to five holes, which test the catalog's bound where it is
 * strongest) under the three metrics in turn.
 *
 * Auto against general compares two engines only where auto runs the
 * bitboard.  The test asks the engine which puzzles the bitboard takes
 * (demanded, it refuses the others with SB_EINPUT), requires auto to run
 * there on exactly those (the solve and explore reports name the path),
 * requires the plain rectangles to be among them, and counts the rounds
 * that ran there: as the bitboard learns other pieces, more rounds
 * compare it, with nothing here to change.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay.h"
#include "slide_formats.h"

#include "unit.h"

enum { MAX_SIDE = 16 };

/* Builds *p from a picture: rows separated by '\n', '.' empty, '#' a wall,
 * any other character one piece (its cells must be 4-connected; not
 * checked here, sb_puzzle_check does).  horizontal and vertical list the
 * one-axis pieces, groups lists space-separated words, each a group (one
 * letter: a marked piece).  goal, when not NULL, is a picture of the same
 * size whose characters name INIT's pieces at their goal places.  Returns
 * whether sb_puzzle_check accepts the result. */
static bool draw(sb_puzzle *p, const char *init, const char *goal, const char *horizontal,
                 const char *vertical, const char *groups)
{
    memset(p, 0, sizeof *p);
    char grid[MAX_SIDE][MAX_SIDE + 1];
    int rows = 0;
    for (const char *s = init; *s; rows++) {
        size_t n = strcspn(s, "\n");
        memcpy(grid[rows], s, n);
        grid[rows][n] = 0;
        p->cols = (int)n;
        s += n + (s[n] == '\n');
    }
    p->rows = rows;
    size_t cells = (size_t)rows * (size_t)p->cols;
    p->blocks = calloc(128, sizeof *p->blocks);
    p->shapes = calloc(128, sizeof *p->shapes);
    p->goals = calloc(128, sizeof *p->goals);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < p->cols; c++) {
            char ch = grid[r][c];
            if (ch == '#') {
                if (!p->walls)
                    p->walls = calloc(cells, 1);
                p->walls[r * p->cols + c] = 1;
                continue;
            }
            bool seen = false;
            for (size_t k = 0; k < p->nblocks; k++)
                seen |= p->blocks[k].label == ch;
            if (ch == '.' || seen)
                continue;
            /* The first cell met row by row is the anchor. */
            int r0 = r, r1 = r, c0 = c, c1 = c;
            for (int y = 0; y < rows; y++)
                for (int x = 0; x < p->cols; x++)
                    if (grid[y][x] == ch) {
                        r1 = y > r1 ? y : r1;
                        c0 = x < c0 ? x : c0;
                        c1 = x > c1 ? x : c1;
                    }
            sb_block *b = &p->blocks[p->nblocks++];
            b->row = r0;
            b->col = c;
            b->height = r1 - r0 + 1;
            b->width = c1 - c0 + 1;
            b->label = ch;
            b->axis = horizontal && strchr(horizontal, ch) ? SB_AXIS_ROW
                      : vertical && strchr(vertical, ch)   ? SB_AXIS_COL
                                                           : SB_AXIS_ANY;
            const char *in = groups ? strchr(groups, ch) : NULL;
            if (in)
                for (const char *s = groups; s <= in; s++)
                    b->group += s == groups || s[-1] == ' ';
            uint8_t *bits = calloc((size_t)(b->height * b->width), 1);
            int count = 0;
            for (int y = 0; y < b->height; y++)
                for (int x = 0; x < b->width; x++)
                    count += bits[y * b->width + x] = grid[r0 + y][c0 + x] == ch;
            if (count == b->height * b->width) {
                free(bits);
            } else {
                p->shapes[p->nshapes] = (sb_shape){ b->height, b->width, bits };
                b->shape = (int)++p->nshapes;
            }
        }
    for (int r = 0; goal && r < rows; r++) {
        const char *line = goal;
        for (int k = 0; k < r; k++)
            line = strchr(line, '\n') + 1;
        for (int c = 0; c < p->cols; c++) {
            char ch = line[c];
            bool seen = false;
            for (size_t k = 0; k < p->ngoals; k++)
                seen |= p->goals[k].label == ch;
            if (ch == '.' || ch == '#' || seen)
                continue;
            for (size_t k = 0; k < p->nblocks; k++)
                if (p->blocks[k].label == ch) {
                    p->goals[p->ngoals] = p->blocks[k];
                    p->goals[p->ngoals].row = r;
                    p->goals[p->ngoals].col = c;
                    p->ngoals++;
                }
        }
    }
    sb_error err;
    if (sb_puzzle_check(p, &err) != SB_OK) {
        fprintf(stderr, "test_replay.c: puzzle refused: %s\n", err.msg);
        return false;
    }
    return true;
}

/* Applies "r1 c1 r2 c2"; want is NULL for a legal move, else the exact
 * message. */
static int try_move(sb_replay *r, const char *text, const char *want, int line)
{
    sb_move m;
    char why[128];
    if (sscanf(text, "%d %d %d %d", &m.from_row, &m.from_col, &m.to_row, &m.to_col) != 4)
        return unit_check((0) != 0, __FILE__, line, text);
    const char *got = sbi_replay_move(r, &m, why, sizeof why);
    bool ok = want ? got && strcmp(got, want) == 0 : got == NULL;
    if (!ok)
        fprintf(stderr, "test_replay.c:%d: %s: got '%s', want '%s'\n", line, text,
                got ? got : "(legal)", want ? want : "(legal)");
    return unit_check((ok) != 0, __FILE__, line, text);
}
#define MOVE(r, text, want) try_move((r), (text), (want), __LINE__)

/* A string of the grid as the replay holds it: each block by its label,
 * walls '#', empty '.'; rows separated by '\n'. */
static void picture(const sb_replay *r, char *out)
{
    for (int y = 0; y < r->rows; y++) {
        for (int x = 0; x < r->cols; x++) {
            uint32_t id = r->cell[y * r->cols + x];
            *out++ = id ? r->blocks[id - 1].label
                        : r->wall && r->wall[y * r->cols + x] ? '#' : '.';
        }
        *out++ = '\n';
    }
    out[-1] = 0;
}

static void shapes_and_walls(void)
{
    /* A: an L; B: a 2x1; C: a 1x1 that slides only horizontally; D: a U
     * whose notch holds E. */
    sb_puzzle p;
    CHECK(draw(&p,
               "AA..#\n"
               "A.B..\n"
               "..B.C\n"
               "D.D#.\n"
               "DDDE.",
               NULL, "C", NULL, NULL));
    sb_replay r;
    CHECK(sbi_replay_init(&r, &p) == SB_OK);
    char pic[64];

    /* Naming pieces: the L by its anchor, not by another of its cells. */
    MOVE(&r, "1 0 1 1", "no piece has its anchor at 1 0 (the piece covering it has its anchor at 0 0)");
    MOVE(&r, "0 4 1 4", "no piece has its anchor at 0 4 (that cell is a wall)");
    MOVE(&r, "1 1 1 0", "no piece has its anchor at 1 1");
    MOVE(&r, "7 7 7 6", "no piece has its anchor at 7 7");
    /* Straight slides, along the axis. */
    MOVE(&r, "0 0 1 1", "not a straight slide: row and column both change");
    MOVE(&r, "0 0 0 0", "not a straight slide: the block would not move");
    MOVE(&r, "2 4 1 4", "block slides only horizontally");
    /* The L's own cells are free: down one is legal (its corner moves
     * onto (1, 0), which it covers now). */
    MOVE(&r, "0 0 1 0", NULL);
    picture(&r, pic);
    CHECK(strcmp(pic, "....#\nAAB..\nA.B.C\nD.D#.\nDDDE.") == 0);
    /* Down again: its foot would land on the U. */
    MOVE(&r, "1 0 2 0", "block would overlap another block");
    /* Up two, or left: off the tray. */
    MOVE(&r, "1 0 -1 0", "block would leave the tray");
    MOVE(&r, "1 0 1 -1", "block would leave the tray");
    /* Back up, then right: one step is free, the second puts its foot
     * on B although its arm's path is clear. */
    MOVE(&r, "1 0 0 0", NULL);
    MOVE(&r, "0 0 0 1", NULL);
    MOVE(&r, "0 1 0 2", "block would overlap another block");
    picture(&r, pic);
    CHECK(strcmp(pic, ".AA.#\n.AB..\n..B.C\nD.D#.\nDDDE.") == 0);
    /* The U: up, its right arm meets B; right, its right arm meets the
     * wall at (3, 3), though its base row is clear up to E. */
    MOVE(&r, "3 0 2 0", "block would overlap another block");
    MOVE(&r, "3 0 3 1", "block would hit a wall");
    /* C slides left one cell, not two (B). */
    MOVE(&r, "2 4 2 3", NULL);
    MOVE(&r, "2 3 2 1", "block would overlap another block");
    /* E: the wall above it stops it; to the right and up, the wall at
     * (0, 4) stops it on the fourth step. */
    MOVE(&r, "4 3 3 3", "block would hit a wall");
    MOVE(&r, "4 3 4 4", NULL);
    MOVE(&r, "4 4 0 4", "block would hit a wall");
    MOVE(&r, "4 4 1 4", NULL);
    picture(&r, pic);
    CHECK(strcmp(pic, ".AA.#\n.AB.E\n..BC.\nD.D#.\nDDD..") == 0);
    sbi_replay_free(&r);
    sb_puzzle_free(&p);

    /* On a tray of rectangles only, the CS61B wording stays. */
    CHECK(draw(&p, "AA.\nAA.\n..B", NULL, NULL, NULL, NULL));
    CHECK(sbi_replay_init(&r, &p) == SB_OK);
    MOVE(&r, "0 1 0 2", "no block has its upper-left corner at 0 1");
    MOVE(&r, "2 2 0 2", NULL);
    sbi_replay_free(&r);
    sb_puzzle_free(&p);

    /* A vertical piece, and a piece threading a gap between walls. */
    CHECK(draw(&p, "A.#\n..B\n#..", NULL, NULL, "A", NULL));
    CHECK(sbi_replay_init(&r, &p) == SB_OK);
    MOVE(&r, "0 0 0 1", "block slides only vertically");
    MOVE(&r, "0 0 2 0", "block would hit a wall");
    MOVE(&r, "0 0 1 0", NULL);
    MOVE(&r, "1 2 0 2", "block would hit a wall");
    MOVE(&r, "1 2 1 1", NULL);
    MOVE(&r, "1 1 0 1", NULL);
    sbi_replay_free(&r);
    sb_puzzle_free(&p);
}

/* One goal check: INIT and GOAL pictures, options, what the judge says. */
static void goal_case(const char *init, const char *goal, const char *groups,
                      const char *horizontal, bool want, int line)
{
    sb_puzzle p;
    sb_replay r;
    if (!unit_check((draw(&p, init, goal, horizontal, NULL, groups)) != 0, __FILE__, line, init)) {
        sb_puzzle_free(&p);
        return;
    }
    unit_check((sbi_replay_init(&r, &p) == SB_OK) != 0, __FILE__, line, "init");
    unit_check((sbi_replay_goal_met(&r, &p) == want) != 0, __FILE__, line, goal);
    /* The engine's own test must agree with the judge. */
    unit_check((sb_puzzle_solved(&p) == want) != 0, __FILE__, line, "sb_puzzle_solved agrees");
    sbi_replay_free(&r);
    sb_puzzle_free(&p);
}

static void goals(void)
{
    /* Met by the piece itself. */
    goal_case("AA.\nA..\n..B", "AA.\nA..\n...", NULL, NULL, true, __LINE__);
    /* Two Ls of one shape are interchangeable: B's goal is where A is. */
    goal_case("AA.BB\nA..B.", "BB.AA\nB..A.", NULL, NULL, true, __LINE__);
    /* ... unless they are marked (each its own group). */
    goal_case("AA.BB\nA..B.", "BB.AA\nB..A.", "A B", NULL, false, __LINE__);
    goal_case("AA.BB\nA..B.", "AA.BB\nA..B.", "A B", NULL, true, __LINE__);
    /* ... or in different "same" groups; one group is interchangeable. */
    goal_case("AA.BB.CC\nA..B..C.", "BB.AA...\nB..A....", "AC B", NULL, false, __LINE__);
    goal_case("AA.BB.CC\nA..B..C.", "CC....AA\nC.....A.", "AC B", NULL, true, __LINE__);
    /* A mirrored L (same box, other cells) is another class. */
    goal_case("AA.BB\nA...B", "BB.AA\n.B..A", NULL, NULL, false, __LINE__);
    /* So is a one-axis piece of the same shape. */
    goal_case("A.B", "B.A", NULL, "A", false, __LINE__);
    goal_case("A.B", "B.A", NULL, "AB", true, __LINE__);
    /* The right piece near, not at, its anchor. */
    goal_case("AA.\nA..\n...", "...\n.AA\n.A.", NULL, NULL, false, __LINE__);
    /* An empty goal holds. */
    goal_case("A#\n.B", NULL, NULL, NULL, true, __LINE__);
}

/* ---- the engine against the judge --------------------------------------- */

static uint64_t rng = 0x9e3779b97f4a7c15u;

static uint32_t next(uint32_t n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng % n);
}

/* Whether the bitboard takes p, asked the one way a caller can: with the
 * bitboard demanded, sb_solve refuses a puzzle it cannot represent (SB_EINPUT)
 * before searching; a limit of one configuration keeps the probe short when
 * it does take it.  Whatever the bitboard learns to take (shapes, walls),
 * auto must run it there, so the comparison with general is never vacuous. */
static bool bitboard_takes(const sb_puzzle *p)
{
    sb_options opts;
    sb_options_default(&opts);
    opts.path = SB_PATH_BITBOARD;
    opts.limits.max_states = 1;
    sb_solution sol = { 0 };
    sb_error err;
    sb_status st = sb_solve(p, &opts, &sol, NULL, &err);
    sb_solution_free(&sol);
    return st != SB_EINPUT;
}

/* Walks from p's INIT by random moves the judge accepts, then makes the
 * place of some pieces the goal: it is reachable, so sb_solve must solve
 * it under every representation, and the judge must verify the answer. */
static void cross_check(const char *init, const char *horizontal, const char *vertical,
                        const char *groups, int walks)
{
    for (int w = 0; w < walks; w++) {
        sb_puzzle p;
        if (!CHECK(draw(&p, init, NULL, horizontal, vertical, groups))) {
            sb_puzzle_free(&p);
            return;
        }
        sb_replay r;
        CHECK(sbi_replay_init(&r, &p) == SB_OK);
        char why[128];
        for (int s = 0; s < 40; s++) {
            const sb_block *b = &r.blocks[next((uint32_t)r.nblocks)];
            int d = (int)next(4), len = 1 + (int)next(2);
            sb_move m = { b->row, b->col, b->row, b->col };
            if (d < 2)
                m.to_row += d ? len : -len;
            else
                m.to_col += d == 3 ? len : -len;
            (void)sbi_replay_move(&r, &m, why, sizeof why);
        }
        p.ngoals = 0;
        for (size_t k = 0; k < r.nblocks; k++)
            if (next(3) == 0 || (k + 1 == r.nblocks && p.ngoals == 0))
                p.goals[p.ngoals++] = r.blocks[k];
        sbi_replay_free(&r);

        bool takes = bitboard_takes(&p);
        static const sb_path paths[] = { SB_PATH_AUTO, SB_PATH_GENERAL };
        for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
            sb_options opts;
            sb_options_default(&opts);
            opts.path = paths[i];
            opts.optimal = w % 2;
            sb_solution sol = { 0 };
            sb_stats stats;
            sb_error err;
            sb_status st = sb_solve(&p, &opts, &sol, &stats, &err);
            sb_path want_path = paths[i] == SB_PATH_AUTO && takes ? SB_PATH_BITBOARD
                                                                  : SB_PATH_GENERAL;
            if (!CHECK(stats.path == want_path))
                fprintf(stderr, "  %s (path %s): ran on %s, not %s\n", init,
                        sb_path_name(paths[i]), sb_path_name(stats.path),
                        sb_path_name(want_path));
            if (!CHECK(st == SB_OK)) {
                fprintf(stderr, "  %s (path %s): status %d: %s\n", init,
                        sb_path_name(paths[i]), (int)st, st == SB_OK ? "" : err.msg);
                continue;
            }
            CHECK(sbi_replay_init(&r, &p) == SB_OK);
            bool ok = true;
            for (size_t k = 0; k < sol.nmoves && ok; k++) {
                const char *bad = sbi_replay_move(&r, &sol.moves[k], why, sizeof why);
                if (bad) {
                    fprintf(stderr, "  %s (path %s): move %zu: %d %d %d %d: %s\n", init,
                            sb_path_name(paths[i]), k + 1, sol.moves[k].from_row,
                            sol.moves[k].from_col, sol.moves[k].to_row, sol.moves[k].to_col,
                            bad);
                    ok = false;
                }
            }
            CHECK(ok);
            if (ok && !CHECK(sbi_replay_goal_met(&r, &p)))
                fprintf(stderr, "  %s (path %s): the moves end short of the goal\n", init,
                        sb_path_name(paths[i]));
            sbi_replay_free(&r);
            sb_solution_free(&sol);
        }
        sb_puzzle_free(&p);
    }
}

static void engine_against_judge(void)
{
    /* Ls and a T around walls. */
    cross_check("AAB.\n"
                "A.BB\n"
                "..#.\n"
                "CCC.\n"
                ".C..",
                NULL, NULL, NULL, 12);
    /* Rush Hour in small: one-axis cars. */
    cross_check("AA.B\n"
                "..CB\n"
                "DDC.\n"
                "....",
                "AD", "BC", NULL, 12);
    /* Two interchangeable Ls and a marked one, with a U. */
    cross_check("AA.BB\n"
                "A..B.\n"
                "C.C..\n"
                "CCCDD\n"
                "...D.",
                NULL, NULL, "D", 12);
    /* Klotski-like rectangles with a wall. */
    cross_check("ABBC\n"
                "ABBC\n"
                "DEEF\n"
                "DGHF\n"
                "I#.J",
                NULL, NULL, NULL, 8);
    /* Without the wall: the bitboard's own puzzle, which auto runs there. */
    cross_check("ABBC\n"
                "ABBC\n"
                "DEEF\n"
                "DGHF\n"
                "I..J",
                NULL, NULL, NULL, 8);
}

/* ---- the whole space, walked by the judge ------------------------------ */

/* Everything reachable from INIT by moves the judge accepts, breadth
 * first under the line metric (any straight slide of one piece is one
 * move).  A configuration is every block's anchor, two bytes each, with
 * the anchors of interchangeable blocks sorted among them, so that it is
 * the same key whichever of them is where.  Classes are the judge's
 * reading of the puzzle (cells around the anchor, axis, group), not the
 * engine's. */
typedef struct space {
    size_t n, keylen;      /* blocks, and 2 * n */
    int *cls;              /* n: the first block of each block's class */
    size_t count, cap;     /* configurations found */
    uint8_t *keys;         /* count * keylen, in the order found */
    unsigned *depth;       /* count: distance from INIT */
    size_t *slot;          /* nslots: 1 + index into keys, 0 when free */
    size_t nslots;
} space;

static bool same_cells(const sb_replay *r, size_t a, size_t b)
{
    size_t na = r->first[a + 1] - r->first[a], nb = r->first[b + 1] - r->first[b];
    if (na != nb || r->blocks[a].axis != r->blocks[b].axis ||
        r->blocks[a].group != r->blocks[b].group)
        return false;
    for (size_t j = 0; j < na; j++)
        if (r->dy[r->first[a] + j] != r->dy[r->first[b] + j] ||
            r->dx[r->first[a] + j] != r->dx[r->first[b] + j])
            return false;
    return true;
}

/* The key of r's configuration: anchors in block order, then each
 * class's anchors sorted among its members' places. */
static void key_of(const space *sp, const sb_replay *r, uint8_t *key)
{
    for (size_t i = 0; i < sp->n; i++) {
        key[2 * i] = (uint8_t)r->blocks[i].row;
        key[2 * i + 1] = (uint8_t)r->blocks[i].col;
    }
    for (size_t i = 0; i < sp->n; i++) {   /* insertion sort within classes */
        for (size_t j = i; j-- > 0;) {
            if (sp->cls[j] != sp->cls[i])
                continue;
            /* j is the previous member; members before i are sorted. */
            size_t at = i;
            for (size_t k = j + 1; k-- > 0;) {
                if (sp->cls[k] != sp->cls[i])
                    continue;
                if (memcmp(key + 2 * k, key + 2 * at, 2) <= 0)
                    break;
                uint8_t t[2];
                memcpy(t, key + 2 * k, 2);
                memcpy(key + 2 * k, key + 2 * at, 2);
                memcpy(key + 2 * at, t, 2);
                at = k;
            }
            break;
        }
    }
}

/* Puts r's blocks where key says. */
static void set_state(sb_replay *r, const uint8_t *key)
{
    memset(r->cell, 0, (size_t)r->rows * (size_t)r->cols * sizeof *r->cell);
    for (size_t i = 0; i < r->nblocks; i++) {
        r->blocks[i].row = key[2 * i];
        r->blocks[i].col = key[2 * i + 1];
        for (size_t j = r->first[i]; j < r->first[i + 1]; j++)
            r->cell[(r->blocks[i].row + r->dy[j]) * r->cols + r->blocks[i].col + r->dx[j]] =
                (uint32_t)i + 1;
    }
}

static uint64_t hash_key(const uint8_t *key, size_t len)
{
    uint64_t h = 1469598103934665603u;
    for (size_t i = 0; i < len; i++)
        h = (h ^ key[i]) * 1099511628211u;
    return h;
}

/* Adds key at depth d unless it is known. */
static void add(space *sp, const uint8_t *key, unsigned d)
{
    if (2 * (sp->count + 1) > sp->nslots) {
        size_t nslots = sp->nslots ? 2 * sp->nslots : 1024;
        size_t *slot = calloc(nslots, sizeof *slot);
        for (size_t k = 0; k < sp->count; k++) {
            size_t h = hash_key(sp->keys + k * sp->keylen, sp->keylen) & (nslots - 1);
            while (slot[h])
                h = (h + 1) & (nslots - 1);
            slot[h] = k + 1;
        }
        free(sp->slot);
        sp->slot = slot;
        sp->nslots = nslots;
    }
    size_t h = hash_key(key, sp->keylen) & (sp->nslots - 1);
    for (; sp->slot[h]; h = (h + 1) & (sp->nslots - 1))
        if (memcmp(sp->keys + (sp->slot[h] - 1) * sp->keylen, key, sp->keylen) == 0)
            return;
    size_t depth_cap = sp->cap;   /* the keys' and the depths' capacities are one */
    unit_reserve(&sp->keys, &sp->cap, sp->count + 1, sp->keylen);
    unit_reserve(&sp->depth, &depth_cap, sp->count + 1, sizeof *sp->depth);
    memcpy(sp->keys + sp->count * sp->keylen, key, sp->keylen);
    sp->depth[sp->count] = d;
    sp->slot[h] = ++sp->count;
}

/* What the judge's walk of p found. */
typedef struct walk {
    size_t reachable;
    unsigned farthest;
    size_t goals;          /* configurations meeting p's goal */
    unsigned nearest;      /* the nearest of them (goals > 0) */
} walk;

/* Adds, one move deeper than depth, every configuration that block i of
 * key reaches by one-cell steps the judge accepts while the others stay
 * put: the piece metric's moves (one piece along any path).  The places
 * it has reached are kept in a list and walked in turn, each set up on r
 * afresh. */
static void piece_moves(space *sp, sb_replay *r, const uint8_t *key, size_t i, unsigned depth)
{
    static const int DR[4] = { -1, 1, 0, 0 }, DC[4] = { 0, 0, -1, 1 };
    int row[MAX_SIDE * MAX_SIDE], col[MAX_SIDE * MAX_SIDE], n = 1;
    uint8_t at[64], child[64];
    char why[128];
    row[0] = key[2 * i];
    col[0] = key[2 * i + 1];
    for (int k = 0; k < n; k++) {
        memcpy(at, key, sp->keylen);
        at[2 * i] = (uint8_t)row[k];
        at[2 * i + 1] = (uint8_t)col[k];
        for (int d = 0; d < 4; d++) {
            set_state(r, at);
            sb_move m = { row[k], col[k], row[k] + DR[d], col[k] + DC[d] };
            if (sbi_replay_move(r, &m, why, sizeof why))
                continue;
            bool known = false;
            for (int j = 0; j < n && !known; j++)
                known = row[j] == m.to_row && col[j] == m.to_col;
            if (known)
                continue;
            row[n] = m.to_row;
            col[n++] = m.to_col;
            key_of(sp, r, child);
            add(sp, child, depth + 1);
        }
    }
}

/* The walk under metric: a move is a one-cell slide (unit), a straight
 * slide of any length (line), or any path of one piece (piece).  It gives
 * up (reachable 0) beyond cap configurations. */
static walk judge_walk(const sb_puzzle *p, sb_metric metric, size_t cap)
{
    sb_replay r;
    space sp = { 0 };
    walk out = { 0 };
    char why[128];
    if (sbi_replay_init(&r, p) != SB_OK)
        return out;
    sp.n = r.nblocks;
    sp.keylen = 2 * sp.n;
    sp.cls = malloc((sp.n + 1) * sizeof *sp.cls);
    for (size_t i = 0; i < sp.n; i++) {
        sp.cls[i] = (int)i;
        for (size_t j = 0; j < i && sp.cls[i] == (int)i; j++)
            if (same_cells(&r, i, j))
                sp.cls[i] = sp.cls[j];
    }
    uint8_t key[64], child[64];
    key_of(&sp, &r, key);
    add(&sp, key, 0);
    static const int DR[4] = { -1, 1, 0, 0 }, DC[4] = { 0, 0, -1, 1 };
    bool unit = metric == SB_METRIC_UNIT;
    for (size_t s = 0; s < sp.count && sp.count <= cap; s++) {
        memcpy(key, sp.keys + s * sp.keylen, sp.keylen);
        set_state(&r, key);
        if (sbi_replay_goal_met(&r, p) && out.goals++ == 0)
            out.nearest = sp.depth[s];
        out.farthest = sp.depth[s];
        if (metric == SB_METRIC_PIECE) {
            for (size_t i = 0; i < sp.n; i++)
                piece_moves(&sp, &r, key, i, sp.depth[s]);
            continue;
        }
        for (size_t i = 0; i < sp.n; i++)
            for (int d = 0; d < 4; d++)
                for (int len = 1; len == 1 || !unit; len++) {
                    sb_block *b = &r.blocks[i];
                    sb_move m = { b->row, b->col, b->row + len * DR[d], b->col + len * DC[d] };
                    if (sbi_replay_move(&r, &m, why, sizeof why))
                        break;   /* a longer slide would cross the same obstacle */
                    key_of(&sp, &r, child);
                    add(&sp, child, sp.depth[s] + 1);
                    sb_move back = { m.to_row, m.to_col, m.from_row, m.from_col };
                    if (sbi_replay_move(&r, &back, why, sizeof why) != NULL) {
                        CHECK(!"a slide back is legal");
                        break;
                    }
                }
    }
    out.reachable = sp.count <= cap ? sp.count : 0;
    sbi_replay_free(&r);
    free(sp.cls);
    free(sp.keys);
    free(sp.depth);
    free(sp.slot);
    return out;
}

/* The shapes random puzzles are made of, as small pictures of 'X'.  The
 * notched ones (a U, a C) come last: sliding two cells, a leading cell
 * lands on a cell the piece itself covered (the notch's far side), which
 * must count as free (NOTCHED 0 leaves them out, to tell such a bug from
 * others). */
#define NOTCHED 1
static const char *const SHAPES[] = {
    "X", "X", "XX", "X\nX", "XX\nX.", "XX\n.X", ".X\nXX", "XXX\n.X.", "XX\nXX", "X.\nXX\n.X",
    "XXX", "X.X\nXXX", "XX\nX.\nXX",
};
enum { NSHAPES = sizeof SHAPES / sizeof SHAPES[0] - (NOTCHED ? 0 : 2) };

/* Stamps shape s with ch at (r, c) of grid (rows x cols) when every cell
 * is free ('.'); returns whether it did. */
static bool stamp(char grid[][MAX_SIDE + 1], int rows, int cols, int s, int r, int c, char ch)
{
    for (int pass = 0; pass < 2; pass++) {
        int y = 0, x = 0;
        for (const char *t = SHAPES[s]; *t; t++) {
            if (*t == '\n') {
                y++, x = 0;
                continue;
            }
            if (*t == 'X') {
                if (r + y >= rows || c + x >= cols || (pass == 0 && grid[r + y][c + x] != '.'))
                    return false;
                if (pass == 1)
                    grid[r + y][c + x] = ch;
            }
            x++;
        }
    }
    return true;
}

static void join(char grid[][MAX_SIDE + 1], int rows, char *out)
{
    out[0] = 0;
    for (int r = 0; r < rows; r++) {
        strcat(out, grid[r]);
        if (r + 1 < rows)
            strcat(out, "\n");
    }
}

/* What a round draws. */
typedef enum kind {
    MIXED,   /* a few pieces of any shape, walls, one-axis and marked pieces */
    PLAIN,   /* rectangles only, interchangeable by size, no walls: the CS61B
                model, which the bitboard takes on trays this small */
    TILES    /* numbered tiles: every free cell but one to four holds a marked
                1x1, at times beside a wall; the goal puts all of them somewhere */
} kind;

static const char *const KIND_NAME[] = { "mixed", "plain", "tiles" };

/* A round's puzzle as pictures, with its option lines. */
typedef struct drawing {
    int rows, cols;
    char grid[MAX_SIDE][MAX_SIDE + 1], goal[MAX_SIDE][MAX_SIDE + 1];
    char horizontal[8], vertical[8], groups[64];
} drawing;

static void clear(drawing *d, int rows, int cols)
{
    memset(d, 0, sizeof *d);
    d->rows = rows;
    d->cols = cols;
    for (int r = 0; r < rows; r++) {
        memset(d->grid[r], '.', (size_t)cols);
        memcpy(d->goal[r], d->grid[r], (size_t)cols + 1);
    }
}

/* A few pieces (walls, one-axis and marked pieces unless plain, when
 * every piece is a rectangle) and a goal for one or two of them, or one
 * round in three for every one (a whole goal, unless some piece finds no
 * room), somewhere they fit, reachable or not.  Returns how many pieces
 * it placed. */
static int draw_pieces(drawing *d, bool plain)
{
    clear(d, 3 + (int)next(3), 3 + (int)next(3));
    int rows = d->rows, cols = d->cols, npieces = 2 + (int)next(4);
    int shape_of[8] = { 0 };
    for (int w = plain ? 0 : (int)next(3); w > 0; w--)
        d->grid[next((uint32_t)rows)][next((uint32_t)cols)] = '#';
    int placed = 0;
    for (int k = 0; k < npieces; k++) {
        int s = (int)next(NSHAPES);
        while (plain && strchr(SHAPES[s], '.'))
            s = (int)next(NSHAPES);
        for (int tries = 0; tries < 30; tries++)
            if (stamp(d->grid, rows, cols, s, (int)next((uint32_t)rows),
                      (int)next((uint32_t)cols), (char)('A' + placed))) {
                char ch[2] = { (char)('A' + placed), 0 };
                shape_of[placed++] = s;
                uint32_t roll = plain ? 9 : next(10);
                strcat(roll == 0 ? d->horizontal : roll == 1 ? d->vertical : d->groups,
                       roll < 2 ? ch : "");
                if (roll == 2 || roll == 3)
                    strcat(strcat(d->groups, ch), " ");
                break;
            }
    }
    /* The goal: one or two pieces, placed clear of the walls and each other. */
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            d->goal[r][c] = d->grid[r][c] == '#' ? '#' : '.';
    bool in_goal[8] = { false };
    int goal_pieces = next(3) == 0 ? placed : 1 + (int)next(2);
    for (int k = 0; k < goal_pieces && k < placed; k++) {
        int which = goal_pieces == placed ? k : (int)next((uint32_t)placed);
        for (int tries = 0; tries < 30 && !in_goal[which]; tries++)
            in_goal[which] = stamp(d->goal, rows, cols, shape_of[which],
                                   (int)next((uint32_t)rows), (int)next((uint32_t)cols),
                                   (char)('A' + which));
    }
    return placed;
}

/* Numbered tiles on a tray of at most nine cells: as many holes as keep
 * the arrangements (free cells! / holes!) to a few tens of thousands, so
 * that the judge can walk them all.  With one hole, half the goals are out
 * of reach (the 15-puzzle's parity), and the engine must prove it. */
static int draw_tiles(drawing *d)
{
    static const int TRAYS[][2] = { { 2, 2 }, { 2, 3 }, { 3, 2 }, { 2, 4 }, { 4, 2 }, { 3, 3 } };
    const int *t = TRAYS[next(sizeof TRAYS / sizeof TRAYS[0])];
    clear(d, t[0], t[1]);
    int cells = d->rows * d->cols, free_cells = cells;
    if (next(3) == 0) {
        d->grid[next((uint32_t)d->rows)][next((uint32_t)d->cols)] = '#';
        free_cells--;
    }
    int holes = 1 + (int)next(2);
    for (;;) {
        double arrangements = 1;
        for (int k = holes + 1; k <= free_cells; k++)
            arrangements *= k;
        if (arrangements <= 12000)
            break;
        holes++;
    }
    /* Free cells in a random order: the first ones hold the tiles at INIT,
     * and again, shuffled anew, in the goal. */
    int order[MAX_SIDE * MAX_SIDE], n = 0;
    for (int k = 0; k < cells; k++)
        if (d->grid[k / d->cols][k % d->cols] == '.')
            order[n++] = k;
    for (int pass = 0; pass < 2; pass++) {
        for (int k = n - 1; k > 0; k--) {
            int j = (int)next((uint32_t)k + 1), tmp = order[k];
            order[k] = order[j];
            order[j] = tmp;
        }
        char (*into)[MAX_SIDE + 1] = pass ? d->goal : d->grid;
        for (int k = 0; k < n - holes; k++)
            into[order[k] / d->cols][order[k] % d->cols] = (char)('A' + k);
    }
    for (int k = 0; k < n - holes; k++) {
        char word[3] = { (char)('A' + k), ' ', 0 };
        strcat(d->groups, word);
    }
    return n - holes;
}

/* The length of moves under metric, counted here as SPEC words it: unit,
 * cells travelled; line, slides, a slide that goes on in the direction
 * of the one before from where it stopped continuing it; piece, runs of
 * slides each starting where the one before stopped (one piece). */
static unsigned long length_of(const sb_move *m, size_t n, sb_metric metric)
{
    unsigned long len = 0;
    for (size_t k = 0; k < n; k++) {
        int dr = m[k].to_row - m[k].from_row, dc = m[k].to_col - m[k].from_col;
        bool follows = k > 0 && m[k].from_row == m[k - 1].to_row &&
                       m[k].from_col == m[k - 1].to_col;
        if (metric == SB_METRIC_UNIT) {
            len += (unsigned long)(abs(dr) + abs(dc));
        } else if (metric == SB_METRIC_LINE) {
            int pr = k ? m[k - 1].to_row - m[k - 1].from_row : 0;
            int pc = k ? m[k - 1].to_col - m[k - 1].from_col : 0;
            bool same_way = (dr > 0) == (pr > 0) && (dr < 0) == (pr < 0) &&
                            (dc > 0) == (pc > 0) && (dc < 0) == (pc < 0);
            len += !(follows && same_way);
        } else {
            len += !follows;
        }
    }
    return len;
}

/* Replays sol on p with the judge: whether every move is legal and the
 * goal holds at the end, and (then) the length under metric in *len.
 * Says what went wrong on stderr, after where. */
static bool judged(const sb_puzzle *p, const sb_solution *sol, sb_metric metric,
                   unsigned long *len, const char *where)
{
    sb_replay r;
    char why[128];
    if (sbi_replay_init(&r, p) != SB_OK)
        return false;
    bool ok = true;
    for (size_t k = 0; k < sol->nmoves && ok; k++) {
        const char *bad = sbi_replay_move(&r, &sol->moves[k], why, sizeof why);
        if (bad)
            fprintf(stderr, "  %s: move %zu: %d %d %d %d: %s\n", where, k + 1,
                    sol->moves[k].from_row, sol->moves[k].from_col, sol->moves[k].to_row,
                    sol->moves[k].to_col, bad);
        ok = !bad;
    }
    if (ok && !sbi_replay_goal_met(&r, p)) {
        fprintf(stderr, "  %s: the moves end short of the goal\n", where);
        ok = false;
    }
    sbi_replay_free(&r);
    *len = length_of(sol->moves, sol->nmoves, metric);
    return ok;
}

/* Rounds by kind and metric, and how many of them auto ran on the
 * bitboard. */
static int rounds_of[3][3], bitboard_rounds[3][3];
static int whole_goal_rounds;   /* rounds whose goal places every piece: bidir ran */
enum { WALK_CAP = 20000 };

/* A random puzzle of one of the kinds above under one of the metrics; the
 * judge's walk, and auto and general alike (explore, then optimal BFS and
 * A*: every solution replayed by the judge), must agree on everything. */
static void random_space(int round)
{
    kind k = round % 4 == 1 ? PLAIN : round % 4 == 3 ? TILES : MIXED;
    static const sb_metric METRICS[] = { SB_METRIC_LINE, SB_METRIC_PIECE, SB_METRIC_UNIT };
    sb_metric metric = METRICS[round % 3];
    /* Drawn again (up to ten times) while the judge's walk would pass
     * WALK_CAP configurations: a test, not a benchmark, and the engine
     * runs six searches of each. */
    drawing d;
    sb_puzzle p;
    walk judge = { 0 };
    char init_text[MAX_SIDE * (MAX_SIDE + 1) + 1], goal_text[MAX_SIDE * (MAX_SIDE + 1) + 1];
    for (int tries = 0; tries < 10 && !judge.reachable; tries++) {
        if ((k == TILES ? draw_tiles(&d) : draw_pieces(&d, k == PLAIN)) == 0)
            continue;
        join(d.grid, d.rows, init_text);
        join(d.goal, d.rows, goal_text);
        if (!CHECK(draw(&p, init_text, goal_text, d.horizontal, d.vertical, d.groups))) {
            fprintf(stderr, "  round %d:\n%s\n--\n%s\n", round, init_text, goal_text);
            sb_puzzle_free(&p);
            return;
        }
        judge = judge_walk(&p, metric, WALK_CAP);
        if (!judge.reachable)
            sb_puzzle_free(&p);
    }
    if (!judge.reachable)
        return;
    char where[160];
    snprintf(where, sizeof where, "round %d (%s, %s)", round, KIND_NAME[k], sb_metric_name(metric));
    bool takes = bitboard_takes(&p);
    if (k == PLAIN && !CHECK(takes || !sb_bitboard_fits(p.rows, p.cols)))
        fprintf(stderr, "  %s: the bitboard refuses plain rectangles on a tray it fits\n%s\n",
                where, init_text);
    rounds_of[k][round % 3]++;
    bitboard_rounds[k][round % 3] += takes;

    static const sb_path paths[] = { SB_PATH_AUTO, SB_PATH_GENERAL };
    unsigned long lengths[2][4] = { { 0 } };
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        /* The representation that must run: auto's is the bitboard whenever
         * it takes the puzzle. */
        sb_path want_path = paths[i] == SB_PATH_AUTO && takes ? SB_PATH_BITBOARD
                                                              : SB_PATH_GENERAL;
        sb_options opts;
        sb_options_default(&opts);
        opts.path = paths[i];
        opts.metric = metric;
        sb_explore_report rep;
        sb_error err;
        bool ok = CHECK(sb_explore(&p, &opts, &rep, &err) == SB_OK);
        if (ok && !CHECK(rep.path == want_path))
            fprintf(stderr, "  %s, %s: explored on %s, not %s\n", where, sb_path_name(paths[i]),
                    sb_path_name(rep.path), sb_path_name(want_path));
        if (ok && !CHECK(rep.reachable == judge.reachable && rep.farthest == judge.farthest &&
                         /* no goal named: explore counts none, the judge all */
                         (p.ngoals ? rep.goal_count == judge.goals : !rep.has_goal) &&
                         (judge.goals == 0 || !p.ngoals || rep.nearest_goal == judge.nearest)))
            fprintf(stderr, "  %s, %s: engine %llu reachable, farthest %u, %llu goals "
                            "(nearest %u); judge %zu, %u, %zu (%u)\n%s\nhorizontal: %s\n"
                            "vertical: %s\ngroups: %s\n--\n%s\n",
                    where, sb_path_name(paths[i]), (unsigned long long)rep.reachable,
                    rep.farthest, (unsigned long long)rep.goal_count, rep.nearest_goal,
                    judge.reachable, judge.farthest, judge.goals, judge.nearest, init_text,
                    d.horizontal, d.vertical, d.groups, goal_text);
        if (ok)
            sb_explore_report_free(&rep);

        /* Optimal by BFS, A* and IDA* (the catalog's bound, or the pattern
         * databases) and, when the goal places every piece, by bidirectional
         * BFS: each as short as the judge's walk says, and each verified by
         * the judge.  IDA* cannot prove most unsolvable puzzles so (it stores
         * nothing, and cycles go on): there it must give up at its time limit
         * or prove it, never solve.  Without a whole goal, bidirectional
         * search must refuse to search: it answers only what needs no
         * search (INIT meeting the goal, or a proof with nothing stored,
         * which the judge's walk confirms). */
        opts.optimal = true;
        static const sb_algo algos[] = { SB_ALGO_BFS, SB_ALGO_ASTAR, SB_ALGO_IDASTAR,
                                         SB_ALGO_BIDIR };
        bool whole = p.ngoals == p.nblocks;
        whole_goal_rounds += whole && i == 0;
        for (size_t a = 0; a < sizeof algos / sizeof algos[0]; a++) {
            opts.algo = algos[a];
            opts.limits.max_seconds = algos[a] == SB_ALGO_IDASTAR && !judge.goals ? 0.02 : 0;
            sb_solution sol = { 0 };
            sb_stats stats;
            char run[256];
            snprintf(run, sizeof run, "%s, %s, %s", where, sb_path_name(paths[i]),
                     sb_algo_name(algos[a]));
            sb_status st = sb_solve(&p, &opts, &sol, &stats, &err);
            bool met = judge.goals && judge.nearest == 0;
            sb_status want = algos[a] == SB_ALGO_BIDIR && !whole && !met ? SB_EINPUT
                             : judge.goals                                ? SB_OK
                                                                          : SB_UNSOLVABLE;
            if (algos[a] == SB_ALGO_IDASTAR && st == SB_ELIMIT && !judge.goals)
                want = SB_ELIMIT;
            if (algos[a] == SB_ALGO_BIDIR && !whole && st == SB_UNSOLVABLE && !judge.goals &&
                stats.stored == 0 && stats.expanded == 0)
                want = SB_UNSOLVABLE;
            if (!CHECK(stats.path == want_path))
                fprintf(stderr, "  %s: ran on %s, not %s\n", run, sb_path_name(stats.path),
                        sb_path_name(want_path));
            unsigned long len = 0;
            bool fine = st == want && (st != SB_OK || judged(&p, &sol, metric, &len, run));
            lengths[i][a] = len;
            if (!CHECK(fine && len == (st == SB_OK ? judge.nearest : 0) &&
                       (st != SB_OK || sol.optimal)))
                fprintf(stderr, "  %s: sb_solve %d with %lu moves; the judge's walk says "
                                "%s%u\n%s\nhorizontal: %s\nvertical: %s\ngroups: %s\n--\n%s\n",
                        run, (int)st, len, judge.goals ? "solvable in " : "unsolvable ",
                        judge.goals ? judge.nearest : 0, init_text, d.horizontal, d.vertical,
                        d.groups, goal_text);
            sb_solution_free(&sol);
        }
    }
    /* Implied by the above, said outright: the engines and algorithms agree. */
    for (int a = 0; a < 3; a++)
        CHECK(lengths[0][a] == lengths[1][a] && lengths[0][a] == lengths[0][0]);
    if (p.ngoals == p.nblocks)
        CHECK(lengths[0][3] == lengths[0][0] && lengths[1][3] == lengths[0][0]);
    sb_puzzle_free(&p);
}

int main(void)
{
    shapes_and_walls();
    goals();
    engine_against_judge();
    /* 600 rounds, 240 under the sanitizers: a round's kind and metric go
     * round by round, so every kind meets every metric in both. */
    int rounds = unit_cases(600, 240);
    for (int round = 0; round < rounds; round++)
        random_space(round);
    /* The comparison of auto with general means something only where auto
     * ran the bitboard: every plain round must have (checked above), and
     * the plain rounds must be there under every metric (one in twelve of
     * them is plain with a given metric). */
    int on_bitboard = 0;
    for (int k = 0; k < 3; k++)
        for (int m = 0; m < 3; m++) {
            on_bitboard += bitboard_rounds[k][m];
            CHECK(k != PLAIN || (rounds_of[k][m] >= rounds / 15 &&
                                 bitboard_rounds[k][m] == rounds_of[k][m]));
        }
    printf("test_replay: %d random rounds, %d of them on the bitboard (auto) against the general "
           "board;", rounds, on_bitboard);
    for (int k = 0; k < 3; k++)
        printf(" %s %d/%d/%d", KIND_NAME[k], rounds_of[k][0], rounds_of[k][1], rounds_of[k][2]);
    printf(" (line/piece/unit); %d with a whole goal, solved bidirectionally too\n",
           whole_goal_rounds);
    /* Tiles always have whole goals; some drawn pieces must have them too. */
    CHECK(whole_goal_rounds >=
          rounds_of[TILES][0] + rounds_of[TILES][1] + rounds_of[TILES][2] + rounds / 15);
    return unit_finish("test_replay");
}
