/*
 * lines.c - the census of a piece set whose every piece slides along one
 * axis and is one cell thick across it (Rush Hour's cars and trucks), by
 * skeletons rather than by one graph of the member's layouts.
 *
 * The central idea: such a piece never leaves its line (the run of open
 * cells between walls in its row, if it slides along rows, or in its
 * column) and never passes another piece on that line.  So the skeleton
 * of a layout -- for every line, the classes on it in order -- is the
 * same for every layout a move reaches, and every component lies inside
 * one skeleton.  A skeleton's layouts are a product over its lines of
 * each line's placements (where its pieces sit, in order), less those
 * where a row's piece and a column's piece share a cell.  A layout is
 * numbered in mixed radix over its lines' placement numbers, so a move,
 * which changes one line's placement, changes the number by
 * (new - old) * that line's radix: no ranking, and a skeleton's visited
 * bits are a small dense bitmap that stays in cache (or, when the product
 * of the radices dwarfs the skeleton's layouts, a hash of its numbers).
 *
 * Skeletons without a layout must cost nothing, and most have none (a
 * piece in every row and column collides everywhere).  So for each row
 * skeleton (the rows' sequences), each placement of its rows is extended
 * column by column with just the column sequences that have room
 * (counting their placements, not listing them), and every pair (row
 * placement, column skeleton) so found is bucketed by column skeleton;
 * only those buckets are walked.
 *
 * The report is the graph path's (components.c): components largest
 * first, ties in enumeration order (layouts.c's: cells in row-major
 * order, each empty or the anchor of a class), each with its first layout
 * in that order; with a goal, its hardest start is the first layout in
 * that order at the greatest distance from the nearest goal layout.  One
 * breadth-first search from every goal layout of a skeleton at once (a
 * walker of the engine's driver, search/bfs.h) finds those distances, and
 * a union-find joins the goal layouts whose searches meet, so each goal
 * component is walked once; the components without a goal layout are
 * walked after, one at a time, by the component walker (walk.h).  Both
 * take their moves from one generator (skel_moves).  A layout's place in that
 * order is a word over its cells, packed here into 128 bits (a few bits a
 * cell: 0 empty, 1 + class for an anchor, all ones for a covered cell),
 * so comparing layouts is comparing integers; the word also gives the
 * layout's pieces back.  With a cap on the components kept, only the
 * kept ones are held (the cap's hardest, or largest), and the counts stay
 * exact.
 *
 * Parts.  Since no component crosses skeletons, a member splits into
 * parts by skeletons, each mapped by its own call with no talk between
 * them; their counts add up and their kept lists join (census.c,
 * member_join).  A part takes every nparts-th row skeleton, in the order
 * they are met; when they are few (fewer than four a part: a red car
 * alone on its row, the rest vertical), every nparts-th skeleton
 * instead, at the cost of each part bucketing every row skeleton's
 * placements to find them.
 *
 * This path is a faster way to the graph path's answer: sbi_map_pieces
 * (components.c) on the general board, whose expand() (board.c) moves a
 * one-axis piece as skel_moves does, gives the same layouts, moves,
 * components, first layouts, goal layouts and hardest starts.
 * tests/test_components.c checks the two against each other and against
 * a brute force on random small trays; tests/census.sh compares them on
 * censuses under a cap.
 */
#include <stdlib.h>
#include <string.h>

#include "explore/explore.h"
#include "explore/walk.h"
#include "search/bfs.h"
#include "stores/table.h"

typedef unsigned __int128 u128;

enum {
    MAX_LINE = 12,       /* cells in a line: a column's free cells index a table */
    MAX_LINES = 64,      /* lines of each direction */
    MAX_SEQS = 255,      /* sequences of one line (a byte in a column skeleton) */
    MAX_PLACES = 4096,   /* placements of one sequence */
    MAX_ACTIVE = 64      /* lines with more than one placement in a skeleton */
};

/* A step of one piece by one cell: the placement it makes (-1: the line's
 * end or its neighbour is in the way).  The slides below follow them. */
typedef struct step {
    int32_t next;
} step;

/* Where one piece of a placement can slide one way: the cells it would
 * enter, numbered along the line's direction (so that they are
 * consecutive bits), the first of them, how many before the line's end or
 * its neighbour, and the placements it makes after 1, 2, ... cells
 * (delta[at + t - 1], less the placement it starts from). */
typedef struct slide {
    uint8_t first, most;
    bool down;                   /* toward lower numbers */
    uint32_t at;
} slide;

/* One sequence of classes on one line, and every placement of it. */
typedef struct seq {
    int k;                       /* pieces */
    uint8_t cls[MAX_LINE];       /* their classes, in order along the line */
    uint8_t use[SB_MAX_CLASSES]; /* pieces of each class */
    uint32_t cells;              /* cells they cover */
    int nplace;
    uint32_t most_moves;         /* the most moves of one placement, by nothing blocked */
    uint8_t *pos;                /* nplace * k anchors, offsets along the line */
    uint64_t *mask;              /* per placement: the cells it covers */
    u128 *code;                  /* per placement: its cells' codes */
    uint8_t *hits;               /* per placement: goal entries it satisfies */
    step *steps;                 /* per placement, piece, direction (back, on) */
    uint64_t *across;            /* per placement: its cells numbered column-major */
    slide *slides;               /* per placement, piece, direction: its runs */
    int16_t *delta;              /* the placements those runs reach, less the start */
} seq;

/* A line: a run of open cells along a row or a column. */
typedef struct line {
    bool vertical;
    int fixed, start, len;       /* its row (column), first column (row), cells */
    int nseq;
    seq *seqs;
    size_t seq_cap;
    /* Columns: per pattern of taken cells, the sequences with room. */
    int32_t *fit_at;             /* 2^len + 1 offsets into fit, -1: not made yet */
    uint32_t *fit;               /* seq << 16 | placements that fit */
    size_t nfit, fit_cap;
} line;

/* The skeleton being walked: its active lines (more than one placement),
 * most significant first, the layout numbers' mixed radix over them, and
 * what the lines with one placement fix.  A walk copies it into a local
 * of its own, which the compiler may keep in registers (stores into the
 * bitmap and the worklist, 64-bit words, could alias the context's
 * 64-bit fields, which it would then read again at every move). */
typedef struct skel {
    int na;                      /* active lines */
    uint64_t rad[MAX_ACTIVE], mag[MAX_ACTIVE];
    const seq *aseq[MAX_ACTIVE];
    bool vert[MAX_ACTIVE];       /* ... a column's */
    bool small;                  /* every number below 2^32: fast division */
    bool unit;                   /* unit moves */
    uint64_t base_mask;          /* lines with one placement */
    uint64_t base_across;        /* ... their cells numbered column-major */
    u128 base_code;
    const sb_table *numbers;     /* hash mode: number -> slot */
    uint64_t *seen;              /* a bit per slot */
} skel;

/* A kept component. */
typedef struct comp {
    uint64_t size, goal_layouts;
    uint32_t hardest;
    u128 first, hard;            /* its first layout; its first hardest start */
} comp;

/* Everything one member's walk holds. */
typedef struct lines_ctx {
    const sb_pieces *pc;
    sb_meter *meter;
    sb_metric metric;
    bool goal;                   /* a goal to measure against */
    uint64_t keep;               /* 0: every component */
    int ncells, bits;            /* tray cells, code bits per cell */
    uint8_t len[SB_MAX_CLASSES];
    bool vertical[SB_MAX_CLASSES];
    uint32_t ngoals;             /* distinct goal entries */
    int goal_cls[SB_MAX_CLASSES * 4];
    int goal_cell[SB_MAX_CLASSES * 4];
    int nrow, ncol;
    line rows[MAX_LINES], cols[MAX_LINES];
    /* The row skeleton being walked. */
    const seq *rseq[MAX_LINES];
    skel k;                      /* the skeleton being walked */
    uint32_t base_hits;          /* goal entries its lines with one placement meet */
    /* Numbers -> slots: dense (slot = number) or a hash. */
    bool dense;
    sb_table numbers;            /* hash: layout number -> slot (its id) */
    uint64_t *seen;              /* a bit per slot */
    size_t seen_cap;
    uint32_t *label;             /* with a goal: per slot, its goal search's node */
    size_t label_cap;
    uint32_t *parent;            /* per goal layout of the skeleton: union-find */
    size_t parent_cap;
    comp *tally;                 /* ... and each root's component */
    size_t tally_cap;
    uint64_t *queue;             /* the goal search's layouts, in the order met */
    size_t queue_cap;
    sb_component_walker walk;                /* the walk of a component without a goal layout */
    int *fits;                   /* per active column: the placements that fit */
    size_t fits_cap;
    /* Pairs (row placement, column skeleton) of a row skeleton. */
    uint64_t *pairs;             /* bucket << 32 | row placement */
    size_t npairs, pairs_cap;
    uint8_t *skel;               /* per bucket: ncol sequence numbers */
    sb_table skels;              /* the buckets: column skeleton (ncol classes'
                                    sequence numbers) -> id, its layouts the value */
    uint32_t *sorted;            /* pairs' row placements, by bucket */
    size_t sorted_cap;
    size_t *bstart;              /* per bucket: its start in sorted */
    size_t bstart_cap;
    /* Results. */
    uint64_t layouts, edges, ncomps, goal_comps, largest;
    uint32_t hardest;
    comp *comps;
    size_t nkept, kept_cap;
    sb_status failed;            /* SB_ELIMIT once the meter refused */
    bool declined;               /* the set is not one for this path after all */
    /* This call's share (see the top): the row skeletons, or with few of
     * them the skeletons, numbered part mod nparts in the order met. */
    unsigned part, nparts;
    bool counting;               /* row_skeletons only counts them */
    bool by_skeleton;
    uint64_t row_skeletons_met, skeletons_met;
} lines_ctx;

/* ---- what the path takes ------------------------------------------------ */

bool sbi_lines_takes(const sb_pieces *pc)
{
    int ncells = pc->rows * pc->cols;
    if (ncells > 64 || pc->nclasses < 1 || pc->rows > MAX_LINES || pc->cols > MAX_LINES)
        return false;
    int bits = 1;
    while ((1 << bits) < pc->nclasses + 2)
        bits++;
    if (ncells * bits > 128)
        return false;
    for (int s = 0; s < pc->nclasses; s++) {
        const sb_block *b = &pc->proto[s];
        if (b->shape)
            return false;
        if (!(b->axis == SB_AXIS_ROW && b->height == 1 && b->width <= MAX_LINE) &&
            !(b->axis == SB_AXIS_COL && b->width == 1 && b->height <= MAX_LINE))
            return false;
    }
    return true;
}

/* ---- allocation through the meter ----------------------------------- */

/* Makes room for need items in *items (core/array.h); false, with
 * c->failed, when the meter refused.  An array starts at 64 items: a
 * small member's arrays then never grow, so a member cut into parts
 * (census.c) peaks at what it does whole, which sb_census_report_merge
 * and the tests compare. */
static bool grow(lines_ctx *c, void *items, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap || sbi_array_grow(c->meter, items, cap, need < 64 ? 64 : need, size))
        return true;
    c->failed = SB_ELIMIT;
    return false;
}

static void *ctx_calloc(lines_ctx *c, size_t n, size_t size)
{
    void *p = sbi_meter_calloc(c->meter, n ? n : 1, size);
    if (!p)
        c->failed = SB_ELIMIT;
    return p;
}

/* ---- lines and their sequences ----------------------------------------- */

static int cell_of(const lines_ctx *c, const line *ln, int along)
{
    int r = ln->vertical ? ln->start + along : ln->fixed;
    int col = ln->vertical ? ln->fixed : ln->start + along;
    return r * c->pc->cols + col;
}

/* A line's cell as a bit numbered along the line's own direction: row-
 * major for a row's, column-major for a column's. */
static int along_bit(const lines_ctx *c, const line *ln, int along)
{
    return ln->vertical ? ln->fixed * c->pc->rows + ln->start + along : cell_of(c, ln, along);
}

static u128 code_at(const lines_ctx *c, int cell, unsigned code)
{
    return (u128)code << ((c->ncells - 1 - cell) * c->bits);
}

/* Whether class s may lie on line ln: its direction, and its pin. */
static bool allowed(const lines_ctx *c, const line *ln, int s)
{
    const sb_pieces *pc = c->pc;
    if (c->vertical[s] != ln->vertical || c->len[s] > ln->len)
        return false;
    return !(pc->pinned >> s & 1) ||
           (ln->fixed >= pc->pin_first[s] && ln->fixed <= pc->pin_last[s]);
}

/* The placements of sq on ln, their masks, codes, goal hits and steps. */
static bool place(lines_ctx *c, const line *ln, seq *sq)
{
    int k = sq->k;
    /* Placements in the order of their anchors: counted first, then
     * listed. */
    uint8_t p[MAX_LINE + 1];
    int n = 0;
    for (int pass = 0; pass < 2; pass++) {
        n = 0;
        /* p[i]: piece i's anchor; the odometer moves the last piece first. */
        int at = 0;
        for (int i = 0; i < k; i++) {
            p[i] = (uint8_t)at;
            at += c->len[sq->cls[i]];
        }
        for (;;) {
            if (pass == 1)
                memcpy(sq->pos + (size_t)n * (size_t)k, p, (size_t)k);
            n++;
            if (n > MAX_PLACES) {
                c->declined = true;
                return false;
            }
            /* The next placement in lexicographic order of anchors: move
             * the last piece that can move right, and pack those after it
             * against it. */
            int i = k - 1;
            for (; i >= 0; i--) {
                int after = 0;   /* the cells it and those after it take */
                for (int t = i; t < k; t++)
                    after += c->len[sq->cls[t]];
                if (p[i] + after < ln->len)
                    break;
            }
            if (i < 0)
                break;
            p[i]++;
            for (int t = i + 1; t < k; t++)
                p[t] = (uint8_t)(p[t - 1] + c->len[sq->cls[t - 1]]);
        }
        if (pass == 0) {
            sq->nplace = n;
            sq->pos = ctx_calloc(c, (size_t)n * (size_t)(k ? k : 1), 1);
            sq->mask = ctx_calloc(c, (size_t)n, sizeof *sq->mask);
            sq->code = ctx_calloc(c, (size_t)n, sizeof *sq->code);
            sq->hits = ctx_calloc(c, (size_t)n, 1);
            sq->steps = ctx_calloc(c, (size_t)n * (size_t)(k ? k : 1) * 2, sizeof *sq->steps);
            if (!sq->pos || !sq->mask || !sq->code || !sq->hits || !sq->steps)
                return false;
        }
    }
    unsigned covered = (1u << c->bits) - 1;
    for (int j = 0; j < n; j++) {
        const uint8_t *q = sq->pos + (size_t)j * (size_t)k;
        uint64_t mask = 0;
        u128 code = 0;
        uint8_t hits = 0;
        for (int i = 0; i < k; i++) {
            int s = sq->cls[i];
            for (int t = 0; t < c->len[s]; t++) {
                int cell = cell_of(c, ln, q[i] + t);
                mask |= 1ULL << cell;
                code |= code_at(c, cell, t == 0 ? (unsigned)s + 1 : covered);
            }
            int anchor = cell_of(c, ln, q[i]);
            for (uint32_t g = 0; g < c->ngoals; g++)
                hits += c->goal_cls[g] == s && c->goal_cell[g] == anchor;
        }
        sq->mask[j] = mask;
        sq->code[j] = code;
        sq->hits[j] = hits;
        /* Steps: piece i one cell back or on; the placement that makes is
         * found by binary search, placements being in anchor order. */
        for (int i = 0; i < k; i++)
            for (int dir = 0; dir < 2; dir++) {
                step *st = &sq->steps[((size_t)j * (size_t)k + (size_t)i) * 2 + (size_t)dir];
                st->next = -1;
                int li = c->len[sq->cls[i]];
                int lo = i ? q[i - 1] + c->len[sq->cls[i - 1]] : 0;
                int hi = i + 1 < k ? q[i + 1] : ln->len;
                int to = dir ? q[i] + 1 : q[i] - 1;
                if (to < lo || to + li > hi)
                    continue;
                uint8_t want[MAX_LINE];
                memcpy(want, q, (size_t)k);
                want[i] = (uint8_t)to;
                int a = 0, b = n - 1;
                while (a <= b) {
                    int mid = (a + b) / 2;
                    int cmp = memcmp(sq->pos + (size_t)mid * (size_t)k, want, (size_t)k);
                    if (cmp == 0) {
                        st->next = mid;
                        break;
                    }
                    if (cmp < 0)
                        a = mid + 1;
                    else
                        b = mid - 1;
                }
            }
    }
    /* The runs: each step's chain followed to its end. */
    size_t nslides = (size_t)n * (size_t)(k ? k : 1) * 2, ndelta = 0;
    sq->across = ctx_calloc(c, (size_t)n, sizeof *sq->across);
    sq->slides = ctx_calloc(c, nslides, sizeof *sq->slides);
    sq->delta = ctx_calloc(c, nslides * (size_t)ln->len + 1, sizeof *sq->delta);
    if (!sq->across || !sq->slides || !sq->delta)
        return false;
    for (int j = 0; j < n; j++) {
        const uint8_t *q = sq->pos + (size_t)j * (size_t)k;
        uint32_t moves = 0;
        for (int i = 0; i < k; i++) {
            for (int t = 0; t < c->len[sq->cls[i]]; t++) {
                int cell = cell_of(c, ln, q[i] + t), cols = c->pc->cols;
                sq->across[j] |= 1ULL << ((cell % cols) * c->pc->rows + cell / cols);
            }
            for (int dir = 0; dir < 2; dir++) {
                slide *sl = &sq->slides[((size_t)j * (size_t)k + (size_t)i) * 2 + (size_t)dir];
                int li = c->len[sq->cls[i]];
                sl->first = (uint8_t)along_bit(c, ln, dir ? q[i] + li : q[i] - 1);
                sl->down = dir == 0;
                sl->at = (uint32_t)ndelta;
                int at = j;
                for (;;) {
                    const step *st = &sq->steps[((size_t)at * (size_t)k + (size_t)i) * 2 +
                                                (size_t)dir];
                    if (st->next < 0)
                        break;
                    at = st->next;
                    sq->delta[ndelta++] = (int16_t)(at - j);
                    sl->most++;
                }
                moves += sl->most;
            }
        }
        if (moves > sq->most_moves)
            sq->most_moves = moves;
    }
    return true;
}

/* Appends every sequence that fits ln (the empty one first): words over
 * the classes allowed on it, each class at most its count. */
static bool sequences(lines_ctx *c, line *ln)
{
    const sb_pieces *pc = c->pc;
    uint8_t word[MAX_LINE];
    uint8_t use[SB_MAX_CLASSES] = { 0 };
    /* An odometer over words by depth-first search: next[d] is the class
     * to try at depth d. */
    int next[MAX_LINE + 1], depth = 0, cells = 0;
    next[0] = 0;
    bool emit = true;
    for (;;) {
        if (emit) {
            if (ln->nseq == MAX_SEQS) {
                c->declined = true;
                return false;
            }
            if (!grow(c, &ln->seqs, &ln->seq_cap, (size_t)ln->nseq + 1,
                         sizeof *ln->seqs))
                return false;
            seq *sq = &ln->seqs[ln->nseq++];
            memset(sq, 0, sizeof *sq);
            sq->k = depth;
            memcpy(sq->cls, word, (size_t)depth);
            memcpy(sq->use, use, sizeof use);
            sq->cells = (uint32_t)cells;
            if (!place(c, ln, sq))
                return false;
            emit = false;
        }
        int s = next[depth];
        while (s < pc->nclasses && (!allowed(c, ln, s) || use[s] >= pc->count[s] ||
                                    cells + c->len[s] > ln->len || depth == MAX_LINE))
            s++;
        if (s < pc->nclasses) {
            next[depth] = s + 1;
            word[depth] = (uint8_t)s;
            use[s]++;
            cells += c->len[s];
            depth++;
            next[depth] = 0;
            emit = true;
            continue;
        }
        if (depth == 0)
            return true;
        depth--;
        use[word[depth]]--;
        cells -= c->len[word[depth]];
    }
}

/* Gives back the memory of n lines and their sequences (place() and
 * fitting() say how large each block is). */
static void free_lines(lines_ctx *c, line *lines, int n)
{
    sb_meter *m = c->meter;
    for (int i = 0; i < n; i++) {
        line *ln = &lines[i];
        for (int s = 0; s < ln->nseq; s++) {
            seq *sq = &ln->seqs[s];
            size_t np = (size_t)(sq->nplace > 0 ? sq->nplace : 1);
            size_t per = np * (size_t)(sq->k ? sq->k : 1), nslides = per * 2;
            sbi_meter_free(m, sq->pos, per);
            sbi_meter_free(m, sq->mask, np * sizeof *sq->mask);
            sbi_meter_free(m, sq->code, np * sizeof *sq->code);
            sbi_meter_free(m, sq->hits, np);
            sbi_meter_free(m, sq->steps, nslides * sizeof *sq->steps);
            sbi_meter_free(m, sq->across, np * sizeof *sq->across);
            sbi_meter_free(m, sq->slides, nslides * sizeof *sq->slides);
            sbi_meter_free(m, sq->delta, (nslides * (size_t)ln->len + 1) * sizeof *sq->delta);
        }
        sbi_array_free(m, &ln->seqs, &ln->seq_cap, sizeof *ln->seqs);
        sbi_meter_free(m, ln->fit_at, (((size_t)1 << ln->len) + 1) * sizeof *ln->fit_at);
        sbi_array_free(m, &ln->fit, &ln->fit_cap, sizeof *ln->fit);
    }
}

/* Splits the tray into lines: the runs of open cells of every row and
 * every column. */
static bool make_lines(lines_ctx *c)
{
    const sb_pieces *pc = c->pc;
    const uint8_t *walls = pc->source ? pc->source->walls : NULL;
    for (int dir = 0; dir < 2; dir++) {
        int outer = dir ? pc->cols : pc->rows, inner = dir ? pc->rows : pc->cols;
        for (int f = 0; f < outer; f++) {
            int run = 0;
            for (int t = 0; t <= inner; t++) {
                int cell = dir ? t * pc->cols + f : f * pc->cols + t;
                bool open = t < inner && !(walls && walls[cell]);
                if (open) {
                    run++;
                    continue;
                }
                if (run) {
                    if (run > MAX_LINE || (dir ? c->ncol : c->nrow) == MAX_LINES) {
                        c->declined = true;
                        return false;
                    }
                    line *ln = dir ? &c->cols[c->ncol++] : &c->rows[c->nrow++];
                    *ln = (line){ .vertical = dir == 1, .fixed = f, .start = t - run, .len = run };
                    if (!sequences(c, ln))
                        return false;
                }
                run = 0;
            }
        }
    }
    return true;
}

/* The sequences of column line ln with room among the taken cells
 * `taken` (bit t: the line's t-th cell), each with how many of its
 * placements fit: [*n] entries of seq << 16 | count. */
static const uint32_t *fitting(lines_ctx *c, line *ln, uint32_t taken, uint32_t *n)
{
    if (!ln->fit_at) {
        size_t slots = ((size_t)1 << ln->len) + 1;
        ln->fit_at = ctx_calloc(c, slots, sizeof *ln->fit_at);
        if (!ln->fit_at)
            return NULL;
        for (size_t i = 0; i < slots; i++)
            ln->fit_at[i] = -1;
    }
    if (ln->fit_at[taken] < 0) {
        uint64_t occ = 0;
        for (int t = 0; t < ln->len; t++)
            if (taken >> t & 1)
                occ |= 1ULL << cell_of(c, ln, t);
        size_t at = ln->nfit;
        for (int s = 0; s < ln->nseq; s++) {
            const seq *sq = &ln->seqs[s];
            uint32_t fits = 0;
            for (int j = 0; j < sq->nplace; j++)
                fits += !(sq->mask[j] & occ);
            if (!fits)
                continue;
            if (!grow(c, &ln->fit, &ln->fit_cap, ln->nfit + 2, sizeof *ln->fit))
                return NULL;
            ln->fit[ln->nfit++] = (uint32_t)s << 16 | fits;
        }
        /* The entry's length is stored in front of it. */
        if (!grow(c, &ln->fit, &ln->fit_cap, ln->nfit + 1, sizeof *ln->fit))
            return NULL;
        memmove(ln->fit + at + 1, ln->fit + at, (ln->nfit - at) * sizeof *ln->fit);
        ln->fit[at] = (uint32_t)(ln->nfit - at);
        ln->nfit++;
        ln->fit_at[taken] = (int32_t)at;
    }
    const uint32_t *e = ln->fit + ln->fit_at[taken];
    *n = e[0];
    return e + 1;
}

static uint32_t taken_on(const lines_ctx *c, const line *ln, uint64_t occ)
{
    uint32_t t = 0;
    for (int i = 0; i < ln->len; i++)
        t |= (uint32_t)(occ >> cell_of(c, ln, i) & 1) << i;
    return t;
}

/* ---- one skeleton ------------------------------------------------------ */

static inline bool test_and_set(uint64_t *bits, uint64_t slot)
{
    uint64_t bit = 1ULL << (slot & 63), *w = &bits[slot >> 6];
    if (*w & bit)
        return true;
    *w |= bit;
    return false;
}

/* Orders kept components by what the cap keeps: with a goal the hardest
 * (none last), then the report's order, largest first, ties by first
 * layout.  The policy is census.c's keep_best, which the graph path
 * applies to its finished list; this path keeps as it goes, on its own
 * records (tests/census.sh compares the two under keep). */
static int by_list(const comp *a, const comp *b)
{
    if (a->size != b->size)
        return a->size > b->size ? -1 : 1;
    return (a->first > b->first) - (a->first < b->first);
}

static int by_keep_goal(const void *x, const void *y)
{
    const comp *a = x, *b = y;
    uint64_t ha = a->hardest == SB_DISTANCE_NONE ? 0 : (uint64_t)a->hardest + 1;
    uint64_t hb = b->hardest == SB_DISTANCE_NONE ? 0 : (uint64_t)b->hardest + 1;
    if (ha != hb)
        return ha > hb ? -1 : 1;
    return by_list(a, b);
}

static int by_keep_size(const void *x, const void *y)
{
    return by_list(x, y);
}

/* Adds a component to the kept ones; past twice the cap, the cap's best
 * are kept. */
static bool keep_comp(lines_ctx *c, const comp *k)
{
    if (k->size > c->largest)
        c->largest = k->size;
    if (!grow(c, &c->comps, &c->kept_cap, c->nkept + 1, sizeof *c->comps))
        return false;
    c->comps[c->nkept++] = *k;
    if (c->keep && c->nkept / 2 >= c->keep + 512) {   /* no 2 * keep: it may wrap */
        qsort(c->comps, c->nkept, sizeof *c->comps, c->goal ? by_keep_goal : by_keep_size);
        c->nkept = (size_t)c->keep;
    }
    return true;
}

/* The slot of layout number x: the number itself when dense, else its id
 * in the table of the skeleton's numbers (it is there). */
static inline __attribute__((always_inline)) uint64_t number_slot(bool dense,
                                                                  const sb_table *numbers,
                                                                  uint64_t x)
{
    return dense ? x : sbi_table_find_n(numbers, &x, sbi_mix64(x), sizeof x);
}

/* Layout number x taken apart: each active line's placement, the cells
 * taken (row-major, and column-major), its code. */
typedef struct decoded {
    int d[MAX_ACTIVE];
    uint64_t occ, occ_t;
    u128 code;
} decoded;

static inline __attribute__((always_inline)) void skel_decode(const skel *k, uint64_t x,
                                                              decoded *at)
{
    uint64_t r = x, occ = k->base_mask, occ_t = k->base_across;
    u128 code = k->base_code;
    for (int l = 0; l < k->na; l++) {
        uint64_t v = k->rad[l] == 1 ? r
                     : k->small     ? (uint64_t)(((u128)k->mag[l] * r) >> 64)
                                    : r / k->rad[l];
        at->d[l] = (int)v;
        r -= v * k->rad[l];
        occ |= k->aseq[l]->mask[v];
        occ_t |= k->aseq[l]->across[v];
        code |= k->aseq[l]->code[v];
    }
    at->occ = occ;
    at->occ_t = occ_t;
    at->code = code;
}

/* This path's move generator: every move from layout x (taken apart in
 * at) under the metric, as the number of the layout it makes, handed to
 * visit.  A piece slides along its line while the cells ahead are free:
 * the other lines' cells, numbered along this line (row-major for a row,
 * column-major for a column), so the free run ahead is a run of zero
 * bits.  The moves are the general board's (board.c) on the same layout:
 * tests/test_components.c checks the two paths' maps agree. */
typedef void (*move_fn)(void *ctx, uint64_t y, bool dense);

static inline __attribute__((always_inline)) void skel_moves(const skel *k, uint64_t x,
                                                             const decoded *at, move_fn visit,
                                                             void *ctx, bool dense)
{
    for (int l = 0; l < k->na; l++) {
        const seq *sq = k->aseq[l];
        const int kk = sq->k, from = at->d[l];
        const uint64_t others = k->vert[l] ? at->occ_t & ~sq->across[from]
                                           : at->occ & ~sq->mask[from];
        const slide *sl = &sq->slides[(size_t)from * (size_t)kk * 2];
        const uint64_t rad = k->rad[l];
        for (int s2 = 0; s2 < 2 * kk; s2++, sl++) {
            unsigned most = sl->most;
            if (!most)
                continue;
            uint64_t ahead = sl->down ? others << (63 - sl->first) : others >> sl->first;
            unsigned room = !ahead ? 64
                                   : (unsigned)(sl->down ? __builtin_clzll(ahead)
                                                         : __builtin_ctzll(ahead));
            if (room < most)
                most = room;
            if (k->unit && most > 1)
                most = 1;
            const int16_t *delta = sq->delta + sl->at;
            for (unsigned t = 0; t < most; t++)
                visit(ctx, x + (uint64_t)((int64_t)delta[t] * (int64_t)rad), dense);
        }
    }
}

/* The most moves one layout of the skeleton can have. */
static size_t skel_most_moves(const lines_ctx *c)
{
    size_t most = 0;
    for (int l = 0; l < c->k.na; l++)
        most += c->k.aseq[l]->most_moves;
    return most;
}

/* ---- the components with a goal layout: one search from all of them ---- */

/* The search from every goal layout of a skeleton at once, a walker of
 * the engine's breadth-first driver (search/bfs.h): the current layer is
 * queue[head, end), the next grows from end to tail.  Each goal layout is
 * its own node of a union-find (label names a layout's node); every
 * layout gets its distance to the nearest goal layout (the driver's
 * depth), and searches that meet join their components, whose tallies
 * (size, first layout, the greatest distance and its first layout)
 * merge.  A move never leaves a component, so the nearest goal layout is
 * in the layout's own. */
typedef struct goal_search {
    lines_ctx *c;
    size_t head, end, tail;
    size_t roots;                /* union-find roots left */
    uint64_t edges;
} goal_search;

/* One layer's expansion works on a copy of the search and of the
 * skeleton, locals that no store into the queue, the labels or the
 * bitmap can alias, so that they stay in registers. */
typedef struct goal_layer_at {
    const skel *k;
    uint64_t *queue;
    uint32_t *label, *parent;
    comp *tally;
    size_t tail, roots;
    uint32_t root;               /* the node of the layout being expanded */
    uint64_t edges, met;
} goal_layer_at;

/* The union-find of goal components: node u's parent, and a root's
 * component so far. */
static uint32_t find(uint32_t *parent, uint32_t u)
{
    while (parent[u] != u) {
        parent[u] = parent[parent[u]];
        u = parent[u];
    }
    return u;
}

/* Folds component b into a (both roots' tallies). */
static void merge(comp *a, const comp *b)
{
    a->size += b->size;
    a->goal_layouts += b->goal_layouts;
    if (b->first < a->first)
        a->first = b->first;
    if (b->hardest > a->hardest || (b->hardest == a->hardest && b->hard < a->hard)) {
        a->hardest = b->hardest;
        a->hard = b->hard;
    }
}

static inline __attribute__((always_inline)) void goal_move(void *ctx, uint64_t y, bool dense)
{
    goal_layer_at *g = ctx;
    uint64_t sy = number_slot(dense, g->k->numbers, y), bit = 1ULL << (sy & 63);
    uint64_t *word = &g->k->seen[sy >> 6];
    g->edges++;
    if (!(*word & bit)) {
        *word |= bit;
        g->queue[g->tail++] = y;
        g->label[sy] = g->root;
        g->met++;
    } else if (g->roots > 1) {
        uint32_t other = find(g->parent, g->label[sy]);
        if (other != g->root) {
            /* Two goal layouts' searches meet: one component. */
            uint32_t keep = g->root < other ? g->root : other;
            uint32_t gone = g->root < other ? other : g->root;
            merge(&g->tally[keep], &g->tally[gone]);
            g->parent[gone] = keep;
            g->roots--;
            g->root = keep;
        }
    }
}

static inline __attribute__((always_inline)) sb_status goal_layer_with(goal_search *s,
                                                                       sb_bfs *run, bool dense)
{
    lines_ctx *c = s->c;
    skel k = c->k;
    goal_layer_at g = { &k, c->queue, c->label, c->parent, c->tally, s->tail, s->roots, 0, 0,
                        0 };
    size_t most = skel_most_moves(c);
    uint32_t depth = run->depth;
    sb_status status = SB_OK;
    for (size_t i = s->head; i < s->end; i++) {
        if (g.tail + most > c->queue_cap) {
            if (!grow(c, &c->queue, &c->queue_cap, g.tail + most, sizeof *c->queue)) {
                status = SB_ELIMIT;
                break;
            }
            g.queue = c->queue;
        }
        if (sbi_meter_tick(c->meter, 0) != SB_OK) {
            status = SB_ELIMIT;
            break;
        }
        uint64_t x = g.queue[i];
        decoded at;
        skel_decode(&k, x, &at);
        g.root = find(g.parent, g.label[number_slot(dense, k.numbers, x)]);
        comp *t = &g.tally[g.root];
        t->size++;
        if (at.code < t->first)
            t->first = at.code;
        if (depth > t->hardest || (depth == t->hardest && at.code < t->hard)) {
            t->hardest = depth;
            t->hard = at.code;
        }
        skel_moves(&k, x, &at, goal_move, &g, dense);
    }
    s->tail = g.tail;
    s->roots = g.roots;
    s->edges += g.edges;
    sbi_bfs_met(run, g.met, false);
    return status;
}

static sb_status goal_layer(void *walker, sb_bfs *run)
{
    goal_search *s = walker;
    return s->c->dense ? goal_layer_with(s, run, true) : goal_layer_with(s, run, false);
}

static void goal_advance(void *walker)
{
    goal_search *s = walker;
    s->head = s->end;
    s->end = s->tail;
}

static const sb_bfs_walker goal_walker = { goal_layer, goal_advance, NULL, NULL, NULL };

/* Searches from c->queue[0..n), the skeleton's goal layouts, each marked
 * seen and its own node of the union-find (goal_search). */
static bool search_goals(lines_ctx *c, size_t n)
{
    for (size_t u = 0; u < n; u++)
        c->parent[u] = (uint32_t)u;
    sb_bfs run;
    sbi_bfs_init(&run, c->meter, false, false, n, false);
    goal_search s = { c, 0, n, n, n, 0 };
    sb_status status = sbi_bfs_run(&run, &goal_walker, &s);
    sbi_bfs_free(&run);
    c->edges += s.edges;
    if (status != SB_OK)
        c->failed = SB_ELIMIT;
    return status == SB_OK;
}

/* ---- the components without: the component walker ---- */

/* One component walk's: the skeleton, and the component's first layout
 * (its size is the walker's count), locals of walk_rest that only
 * inlined code sees. */
typedef struct rest_walk {
    skel k;
    u128 first;
} rest_walk;

/* One expansion's: the walker and the layout being expanded.  Its moves are not told apart from the move back to
 * where it was met from: with dense numbers a look-up costs less than
 * the test. */
typedef struct rest_move_at {
    sb_component_walker *w;
    const skel *k;
    uint64_t x;
} rest_move_at;

static inline __attribute__((always_inline)) void rest_move(void *ctx, uint64_t y, bool dense)
{
    rest_move_at *at = ctx;
    uint64_t sy = number_slot(dense, at->k->numbers, y), bit = 1ULL << (sy & 63);
    uint64_t *word = &at->k->seen[sy >> 6];
    uint64_t old = *word;
    *word = old | bit;
    sbi_walk_meet(at->w, y, at->x, !(old & bit));
}

static inline __attribute__((always_inline)) void rest_expand_with(sb_component_walker *w, void *ctx,
                                                                   uint64_t x, uint64_t from,
                                                                   bool dense)
{
    rest_walk *r = ctx;
    decoded d;
    (void)from;
    skel_decode(&r->k, x, &d);
    if (d.code < r->first)
        r->first = d.code;
    rest_move_at at = { w, &r->k, x };
    skel_moves(&r->k, x, &d, rest_move, &at, dense);
}

static inline __attribute__((always_inline)) void rest_expand_dense(sb_component_walker *w, void *ctx,
                                                                    uint64_t x, uint64_t from)
{
    rest_expand_with(w, ctx, x, from, true);
}

static inline __attribute__((always_inline)) void rest_expand_hash(sb_component_walker *w, void *ctx,
                                                                   uint64_t x, uint64_t from)
{
    rest_expand_with(w, ctx, x, from, false);
}

/* Walks the component of layout x (marked seen already), which holds no
 * goal layout, into *k. */
/* Each numbering's walk in a function of its own, out of line: so the
 * compiler lays it out alone, the same whatever each_valid holds. */
static __attribute__((noinline)) bool rest_dense(lines_ctx *c, rest_walk *r)
{
    return sbi_walk_run(&c->walk, rest_expand_dense, r, SIZE_MAX);
}

static __attribute__((noinline)) bool rest_hash(lines_ctx *c, rest_walk *r)
{
    return sbi_walk_run(&c->walk, rest_expand_hash, r, SIZE_MAX);
}

static bool walk_rest(lines_ctx *c, uint64_t x, comp *k)
{
    rest_walk r = { c->k, ~(u128)0 };
    c->walk.most = skel_most_moves(c);
    if (!sbi_walk_seed(&c->walk, x, c->layouts) ||
        !(c->dense ? rest_dense(c, &r) : rest_hash(c, &r))) {
        c->failed = SB_ELIMIT;
        return false;
    }
    c->edges += c->walk.edges;
    *k = (comp){ c->walk.found, 0, c->goal ? SB_DISTANCE_NONE : 0, r.first, r.first };
    return true;
}

/* What to do with each valid layout of a skeleton (each_valid). */
enum { FILL_TABLE, SEED_GOALS, WALK_REST };

/* Adds layout number x to the skeleton's table (hash mode).  Out of line:
 * inlined, the table's code changed how the compiler laid out the walks
 * beside it. */
static __attribute__((noinline)) bool add_number(lines_ctx *c, uint64_t x)
{
    uint32_t id;
    bool fresh;
    if (sbi_table_intern(&c->numbers, &x, sbi_mix64(x), &id, &fresh) == SB_OK)
        return true;
    c->failed = SB_ELIMIT;
    return false;
}

/* Calls for every valid layout of the skeleton, in number order (each row
 * placement of hs, then the column placements that fit it, an odometer
 * over per-line lists): FILL_TABLE puts it in the hash, SEED_GOALS queues
 * the goal layouts as sources, WALK_REST walks the component of each one
 * not seen yet. */
static bool each_valid(lines_ctx *c, const uint32_t *hs, size_t nh, int rows_active,
                       uint64_t col_span, int what, size_t *n)
{
    int ncols_active = c->k.na - rows_active;
    int nfits[MAX_ACTIVE], at[MAX_ACTIVE], off[MAX_ACTIVE + 1];
    off[0] = 0;
    for (int l = 0; l < ncols_active; l++)
        off[l + 1] = off[l] + c->k.aseq[rows_active + l]->nplace;
    if (!grow(c, &c->fits, &c->fits_cap, (size_t)off[ncols_active] + 1,
                 sizeof *c->fits))
        return false;
    int *fits = c->fits;
    for (size_t hi = 0; hi < nh; hi++) {
        uint64_t h = hs[hi], rest = h;
        uint64_t x0 = h * col_span, occ = c->k.base_mask;
        uint32_t hits = c->base_hits;
        for (int l = rows_active - 1; l >= 0; l--) {
            uint64_t np = (uint64_t)c->k.aseq[l]->nplace;
            int dl = (int)(rest % np);
            rest /= np;
            occ |= c->k.aseq[l]->mask[dl];
            hits += c->k.aseq[l]->hits[dl];
        }
        bool none = false;
        for (int l = 0; l < ncols_active; l++) {
            const seq *sq = c->k.aseq[rows_active + l];
            nfits[l] = 0;
            for (int j = 0; j < sq->nplace; j++)
                if (!(sq->mask[j] & occ))
                    fits[off[l] + nfits[l]++] = j;
            none |= nfits[l] == 0;
            at[l] = 0;
        }
        if (none)
            continue;
        for (;;) {
            /* Columns' placements never collide with each other: they are
             * on different columns. */
            uint64_t x = x0;
            uint32_t all_hits = hits;
            for (int l = 0; l < ncols_active; l++) {
                int j = fits[off[l] + at[l]];
                x += (uint64_t)j * c->k.rad[rows_active + l];
                all_hits += c->k.aseq[rows_active + l]->hits[j];
            }
            if (what == FILL_TABLE) {
                if (!add_number(c, x))
                    return false;
                (*n)++;
            } else if (what == SEED_GOALS) {
                if (all_hits == c->ngoals) {
                    uint64_t s = number_slot(c->dense, &c->numbers, x);
                    test_and_set(c->seen, s);
                    if (!grow(c, &c->queue, &c->queue_cap, *n + 1,
                                 sizeof *c->queue) ||
                        !grow(c, &c->parent, &c->parent_cap, *n + 1,
                                 sizeof *c->parent) ||
                        !grow(c, &c->tally, &c->tally_cap, *n + 1,
                                 sizeof *c->tally))
                        return false;
                    c->label[s] = (uint32_t)*n;
                    c->tally[*n] = (comp){ 0, 1, 0, ~(u128)0, ~(u128)0 };
                    c->queue[(*n)++] = x;
                }
            } else if (!test_and_set(c->seen, number_slot(c->dense, &c->numbers, x))) {
                /* A component without a goal layout: its size and first
                 * layout. */
                comp k;
                if (!walk_rest(c, x, &k))
                    return false;
                c->layouts += k.size;
                c->ncomps++;
                if (!keep_comp(c, &k))
                    return false;
            }
            int l = ncols_active - 1;
            for (; l >= 0; l--) {
                if (++at[l] < nfits[l])
                    break;
                at[l] = 0;
            }
            if (l < 0)
                break;
        }
    }
    return true;
}

/* Walks every component of the skeleton whose valid layouts come from
 * the row placements hs[0..nh) (ascending) with column sequences cs. */
static bool walk_skeleton(lines_ctx *c, const uint32_t *hs, size_t nh, const uint8_t *cs,
                          uint64_t count)
{
    /* Active lines: rows, then columns; the others fold into the base. */
    c->k.na = 0;
    c->k.base_mask = 0;
    c->k.base_code = 0;
    c->base_hits = 0;
    c->k.base_across = 0;
    const seq *all[2 * MAX_LINES];
    int nall = 0;
    for (int r = 0; r < c->nrow; r++)
        all[nall++] = c->rseq[r];
    for (int k = 0; k < c->ncol; k++)
        all[nall++] = &c->cols[k].seqs[cs[k]];
    int rows_active = 0;
    for (int i = 0; i < nall; i++) {
        const seq *sq = all[i];
        if (sq->nplace == 1) {
            c->k.base_mask |= sq->mask[0];
            c->k.base_code |= sq->code[0];
            c->base_hits += sq->hits[0];
            c->k.base_across |= sq->across[0];
            continue;
        }
        if (c->k.na == MAX_ACTIVE) {
            c->declined = true;
            return false;
        }
        c->k.vert[c->k.na] = i >= c->nrow;
        c->k.aseq[c->k.na++] = sq;
        rows_active += i < c->nrow;
    }
    uint64_t size = 1;
    for (int l = c->k.na - 1; l >= 0; l--) {
        c->k.rad[l] = size;
        if (size > UINT64_MAX / 4096) {
            c->declined = true;
            return false;
        }
        size *= (uint64_t)c->k.aseq[l]->nplace;
    }
    c->k.small = size <= UINT32_MAX;
    for (int l = 0; l < c->k.na; l++)
        c->k.mag[l] = c->k.rad[l] > 1 ? UINT64_MAX / c->k.rad[l] + 1 : 0;
    uint64_t col_span = 1;   /* numbers per row placement */
    for (int l = rows_active; l < c->k.na; l++)
        col_span *= (uint64_t)c->k.aseq[l]->nplace;
    /* Dense when the numbers are not many more than the layouts (a label
     * of 4 bytes per number with a goal), else a hash of the numbers. */
    c->dense = size <= (c->goal ? 16 : 64) * count + 4096;
    size_t slots = c->dense ? (size_t)size : (size_t)count;
    if (!c->dense) {
        sbi_table_clear(&c->numbers);
        if (count > SIZE_MAX / 2 || sbi_table_reserve(&c->numbers, (size_t)count) != SB_OK) {
            c->failed = SB_ELIMIT;
            return false;
        }
    }
    size_t words = (slots + 63) / 64;
    if (!grow(c, &c->seen, &c->seen_cap, words, sizeof *c->seen) ||
        (c->goal && !grow(c, &c->label, &c->label_cap, slots, sizeof *c->label)))
        return false;
    memset(c->seen, 0, words * sizeof *c->seen);
    c->k.seen = c->seen;
    size_t n = 0;
    if (!c->dense) {
        if (!each_valid(c, hs, nh, rows_active, col_span, FILL_TABLE, &n))
            return false;
        if (n != count) {
            c->failed = SB_EINPUT;   /* internal: the buckets miscounted */
            return false;
        }
    }
    if (c->goal && c->ngoals) {
        /* The components with a goal layout, all at once. */
        n = 0;
        if (!each_valid(c, hs, nh, rows_active, col_span, SEED_GOALS, &n) ||
            (n && !search_goals(c, n)))
            return false;
        for (size_t u = 0; u < n; u++)
            if (c->parent[u] == u) {
                comp *k = &c->tally[u];
                c->layouts += k->size;
                c->ncomps++;
                c->goal_comps++;
                if (k->hardest > c->hardest)
                    c->hardest = k->hardest;
                if (!keep_comp(c, k))
                    return false;
            }
    }
    /* The others, one at a time. */
    if (!each_valid(c, hs, nh, rows_active, col_span, WALK_REST, &n))
        return false;
    c->meter->stored = c->layouts;   /* what the progress report counts */
    if (c->meter->limits.max_states && c->layouts > c->meter->limits.max_states) {
        c->meter->hit = SB_LIMIT_STATES;
        c->failed = SB_ELIMIT;
        return false;
    }
    return true;
}

/* ---- row skeletons and their buckets ---------------------------------- */

static uint64_t skel_hash(const uint8_t *cs, int n)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < n; i++)
        h = sbi_mix64(h ^ cs[i]) + (uint64_t)i;
    return h;
}

/* The bucket of column skeleton cs (added when new, with no layouts
 * yet), or -1. */
static long bucket(lines_ctx *c, const uint8_t *cs)
{
    uint32_t id;
    bool fresh;
    if (sbi_table_intern(&c->skels, cs, skel_hash(cs, c->ncol), &id, &fresh) != SB_OK) {
        c->failed = SB_ELIMIT;
        return -1;
    }
    if (fresh)
        memset(sbi_table_value(&c->skels, id), 0, sizeof(uint64_t));
    return (long)id;
}

/* Adds `layouts` to bucket b's count. */
static void add_layouts(lines_ctx *c, long b, uint64_t layouts)
{
    uint64_t sum;
    memcpy(&sum, sbi_table_value(&c->skels, (uint32_t)b), sizeof sum);
    sum += layouts;
    memcpy(sbi_table_value(&c->skels, (uint32_t)b), &sum, sizeof sum);
}

/* Column by column, the sequences with room among the rows' cells, within
 * the column counts left: every full choice is a pair (row placement h,
 * column skeleton) with product layouts. */
typedef struct colwalk {
    uint64_t occ;
    uint32_t h;
    uint8_t cs[MAX_LINES];
    uint32_t taken[MAX_LINES];
    uint32_t left[SB_MAX_CLASSES];
    uint32_t room_after[MAX_LINES + 1]; /* free cells of the columns from k on */
    uint32_t cells_left;
} colwalk;

static bool columns(lines_ctx *c, colwalk *w, int k, uint64_t product)
{
    if (w->cells_left > w->room_after[k])
        return true;
    if (k == c->ncol) {
        if (w->cells_left)
            return true;
        long b = bucket(c, w->cs);
        if (b < 0 || !grow(c, &c->pairs, &c->pairs_cap, c->npairs + 1,
                              sizeof *c->pairs))
            return false;
        add_layouts(c, b, product);
        c->pairs[c->npairs++] = (uint64_t)b << 32 | w->h;
        return true;
    }
    line *ln = &c->cols[k];
    uint32_t n;
    const uint32_t *f = fitting(c, ln, w->taken[k], &n);
    if (!f)
        return false;
    for (uint32_t e = 0; e < n; e++) {
        const seq *sq = &ln->seqs[f[e] >> 16];
        bool fits = sq->cells <= w->cells_left;
        for (int i = 0; fits && i < sq->k; i++)
            fits = sq->use[sq->cls[i]] <= w->left[sq->cls[i]];
        if (!fits)
            continue;
        for (int i = 0; i < sq->k; i++)
            w->left[sq->cls[i]]--;
        w->cells_left -= sq->cells;
        w->cs[k] = (uint8_t)(f[e] >> 16);
        bool ok = columns(c, w, k + 1, product * (f[e] & 0xffff));
        for (int i = 0; i < sq->k; i++)
            w->left[sq->cls[i]]++;
        w->cells_left += sq->cells;
        if (!ok)
            return false;
    }
    return true;
}

/* Every skeleton of the row skeleton in c->rseq: the pairs, bucketed by
 * column skeleton, then each bucket walked. */
static bool row_skeleton(lines_ctx *c, const uint32_t *vleft, uint32_t vcells)
{
    int active[MAX_LINES], nact = 0;
    uint64_t base = 0, ph = 1;
    for (int r = 0; r < c->nrow; r++) {
        if (c->rseq[r]->nplace == 1)
            base |= c->rseq[r]->mask[0];
        else
            active[nact++] = r;
        ph *= (uint64_t)c->rseq[r]->nplace;
        if (ph > UINT32_MAX) {
            c->declined = true;
            return false;
        }
    }
    colwalk w;
    memset(w.cs, 0, sizeof w.cs);
    memcpy(w.left, vleft, sizeof w.left);
    w.cells_left = vcells;
    c->npairs = 0;
    sbi_table_clear(&c->skels);
    size_t nskel;
    int d[MAX_LINES] = { 0 };
    for (uint64_t h = 0; h < ph; h++) {
        if (sbi_meter_tick(c->meter, 0) != SB_OK) {
            c->failed = SB_ELIMIT;
            return false;
        }
        uint64_t occ = base;
        for (int i = 0; i < nact; i++)
            occ |= c->rseq[active[i]]->mask[d[i]];
        w.occ = occ;
        w.h = (uint32_t)h;
        w.room_after[c->ncol] = 0;
        for (int k = c->ncol - 1; k >= 0; k--) {
            w.taken[k] = taken_on(c, &c->cols[k], occ);
            w.room_after[k] = w.room_after[k + 1] + (uint32_t)c->cols[k].len -
                              (uint32_t)__builtin_popcount(w.taken[k]);
        }
        if (!columns(c, &w, 0, 1))
            return false;
        for (int i = nact - 1; i >= 0; i--) {
            if (++d[i] < c->rseq[active[i]]->nplace)
                break;
            d[i] = 0;
        }
    }
    /* Bucket the pairs (a counting sort keeps each bucket's row placements
     * ascending), then walk each skeleton. */
    nskel = c->skels.count;
    if (!grow(c, &c->sorted, &c->sorted_cap, c->npairs + 1, sizeof *c->sorted) ||
        !grow(c, &c->bstart, &c->bstart_cap, nskel + 2, sizeof *c->bstart))
        return false;
    memset(c->bstart, 0, (nskel + 2) * sizeof *c->bstart);
    for (size_t i = 0; i < c->npairs; i++)
        c->bstart[(c->pairs[i] >> 32) + 2]++;
    for (size_t b = 0; b < nskel; b++)
        c->bstart[b + 2] += c->bstart[b + 1];
    for (size_t i = 0; i < c->npairs; i++)
        c->sorted[c->bstart[(c->pairs[i] >> 32) + 1]++] = (uint32_t)c->pairs[i];
    for (uint32_t b = 0; b < nskel; b++) {
        uint64_t layouts;
        memcpy(&layouts, sbi_table_value(&c->skels, b), sizeof layouts);
        if ((!c->by_skeleton || c->skeletons_met++ % c->nparts == c->part) &&
            !walk_skeleton(c, c->sorted + c->bstart[b], c->bstart[b + 1] - c->bstart[b],
                           sbi_table_key(&c->skels, b), layouts))
            return false;
    }
    return true;
}

/* Every row skeleton of this call's share: a sequence per row line, using
 * every row piece. */
static bool row_skeletons(lines_ctx *c, int r, uint32_t *hleft, uint32_t hcells,
                          const uint32_t *vleft, uint32_t vcells)
{
    if (r == c->nrow) {
        if (hcells)
            return true;
        uint64_t k = c->row_skeletons_met++;
        return c->counting || (!c->by_skeleton && k % c->nparts != c->part) ||
               row_skeleton(c, vleft, vcells);
    }
    uint32_t room = 0;
    for (int t = r; t < c->nrow; t++)
        room += (uint32_t)c->rows[t].len;
    if (hcells > room)
        return true;
    line *ln = &c->rows[r];
    for (int s = 0; s < ln->nseq; s++) {
        const seq *sq = &ln->seqs[s];
        bool fits = sq->cells <= hcells;
        for (int i = 0; fits && i < sq->k; i++)
            fits = sq->use[sq->cls[i]] <= hleft[sq->cls[i]];
        if (!fits)
            continue;
        for (int i = 0; i < sq->k; i++)
            hleft[sq->cls[i]]--;
        c->rseq[r] = sq;
        bool ok = row_skeletons(c, r + 1, hleft, hcells - sq->cells, vleft, vcells);
        for (int i = 0; i < sq->k; i++)
            hleft[sq->cls[i]]++;
        if (!ok)
            return false;
    }
    return true;
}

/* A layout's pieces from its code, in row-major order of anchors. */
static void blocks_of(const lines_ctx *c, u128 code, sb_block *out)
{
    size_t n = 0;
    unsigned covered = (1u << c->bits) - 1;
    for (int cell = 0; cell < c->ncells; cell++) {
        unsigned v = (unsigned)(code >> ((c->ncells - 1 - cell) * c->bits)) & covered;
        if (v == 0 || v == covered)
            continue;
        out[n] = c->pc->proto[v - 1];
        out[n].row = cell / c->pc->cols;
        out[n].col = cell % c->pc->cols;
        n++;
    }
}

static int by_list_q(const void *x, const void *y)
{
    return by_list(x, y);
}

sb_status sbi_lines_map(const sb_pieces *pc, sb_metric metric, bool hardest, bool examples,
                        uint64_t keep, unsigned part, unsigned nparts, const sb_options *opts,
                        sb_budget *budget, sb_piece_map *res, bool *taken, sb_error *err)
{
    memset(res, 0, sizeof *res);
    *taken = false;
    if (!sbi_lines_takes(pc))
        return SB_OK;
    sb_meter meter;
    sbi_meter_init(&meter, opts);
    sbi_meter_draw_on(&meter, budget);
    lines_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return sbi_fail(err, SB_ELIMIT, "out of memory");
    c->pc = pc;
    c->meter = &meter;
    sbi_walk_init(&c->walk, &meter, 0, NULL);
    sbi_table_init(&c->numbers, sizeof(uint64_t), 0, &meter, false);
    sbi_table_init(&c->skels, 1, sizeof(uint64_t), &meter, false);
    c->metric = metric;
    c->k.unit = metric == SB_METRIC_UNIT;
    c->k.numbers = &c->numbers;
    c->keep = keep;
    c->nparts = nparts > 1 ? nparts : 1;
    c->part = nparts > 1 ? part : 0;
    c->ncells = pc->rows * pc->cols;
    c->bits = 1;
    while ((1 << c->bits) < pc->nclasses + 2)
        c->bits++;
    uint32_t hleft[SB_MAX_CLASSES] = { 0 }, vleft[SB_MAX_CLASSES] = { 0 }, hcells = 0,
             vcells = 0;
    for (int s = 0; s < pc->nclasses; s++) {
        c->vertical[s] = pc->proto[s].axis == SB_AXIS_COL;
        c->len[s] = (uint8_t)(c->vertical[s] ? pc->proto[s].height : pc->proto[s].width);
        if (c->vertical[s]) {
            vleft[s] = pc->count[s];
            vcells += pc->count[s] * c->len[s];
        } else {
            hleft[s] = pc->count[s];
            hcells += pc->count[s] * c->len[s];
        }
    }
    const sb_puzzle *src = pc->source;
    if (hardest && src && src->ngoals) {
        c->goal = true;
        for (size_t g = 0; g < src->ngoals; g++) {
            int s = sbi_pieces_find(pc, &src->goals[g]);
            int cell = src->goals[g].row * pc->cols + src->goals[g].col;
            bool dup = false;
            for (uint32_t e = 0; e < c->ngoals; e++)
                dup |= c->goal_cls[e] == s && c->goal_cell[e] == cell;
            if (s < 0 || dup || c->ngoals == SB_MAX_CLASSES * 4) {
                /* A goal of no class here is never met: no goal layouts. */
                if (s < 0)
                    c->ngoals = UINT32_MAX;
                if (s < 0)
                    break;
                continue;
            }
            c->goal_cls[c->ngoals] = s;
            c->goal_cell[c->ngoals++] = cell;
        }
        if (c->ngoals == UINT32_MAX)
            c->ngoals = 0, c->goal = true;
    }
    sb_status status = SB_OK;
    /* The walker's first stack (what sbi_walk_seed would take) from the
     * start: every part of a member has it then, and the part holding
     * the goal layouts peaks where the member whole does. */
    bool ok = grow(c, &c->walk.stack, &c->walk.cap, 1024, sizeof *c->walk.stack) &&
              make_lines(c);
    /* A column skeleton is a sequence number per column line. */
    sbi_table_init(&c->skels, c->ncol ? (size_t)c->ncol : 1, sizeof(uint64_t), &meter, false);
    if (ok && c->nparts > 1) {
        /* Parts by row skeleton when they are many; else by skeleton,
         * each part then bucketing every row skeleton's placements. */
        c->counting = true;
        ok = row_skeletons(c, 0, hleft, hcells, vleft, vcells);
        c->counting = false;
        c->by_skeleton = c->row_skeletons_met < 4 * (uint64_t)c->nparts;
        c->row_skeletons_met = 0;
    }
    ok = ok && row_skeletons(c, 0, hleft, hcells, vleft, vcells);
    if (c->declined) {
        status = SB_OK;   /* not taken: the graph path maps it */
    } else if (!ok) {
        status = c->failed == SB_EINPUT
                     ? sbi_fail(err, SB_EINPUT, "internal error: the line census miscounted "
                                "a skeleton's layouts")
                     : sbi_meter_fail(&meter, err);
    } else {
        *taken = true;
        /* The kept components, in the report's order. */
        if (c->keep && c->nkept > c->keep) {
            qsort(c->comps, c->nkept, sizeof *c->comps, c->goal ? by_keep_goal : by_keep_size);
            c->nkept = (size_t)c->keep;
        }
        if (c->nkept > 1)   /* none kept: comps may be NULL, which qsort may not get */
            qsort(c->comps, c->nkept, sizeof *c->comps, by_list_q);
        size_t nb = sbi_pieces_blocks(pc);
        res->nblocks = nb;
        res->layouts = c->layouts;
        res->edges = c->edges;
        res->ncomponents = c->nkept;
        res->counted = true;
        res->all_components = c->ncomps;
        res->largest = c->largest;
        res->goal_components = c->goal_comps;
        res->hardest_moves = c->goal_comps ? c->hardest : SB_DISTANCE_NONE;
        res->components = malloc((c->nkept + 1) * sizeof *res->components);
        if (examples)
            res->examples = calloc(c->nkept * nb + 1, sizeof *res->examples);
        if (hardest)
            res->hardest = calloc(c->nkept * nb + 1, sizeof *res->hardest);
        if (!res->components || (examples && !res->examples) || (hardest && !res->hardest)) {
            free(res->components);
            free(res->examples);
            free(res->hardest);
            memset(res, 0, sizeof *res);
            *taken = true;
            status = sbi_fail(err, SB_ELIMIT, "out of memory");
        } else {
            for (size_t i = 0; i < c->nkept; i++) {
                const comp *k = &c->comps[i];
                res->components[i] = (sb_component){ .size = k->size,
                                                     .goal_layouts = k->goal_layouts,
                                                     .hardest = k->hardest };
                if (examples)
                    blocks_of(c, k->first, res->examples + i * nb);
                if (hardest)
                    blocks_of(c, k->goal_layouts ? k->hard : k->first, res->hardest + i * nb);
            }
        }
    }
    res->peak = meter.peak;
    free_lines(c, c->rows, c->nrow);
    free_lines(c, c->cols, c->ncol);
    sb_meter *m = &meter;
    sbi_table_free(&c->numbers);
    sbi_array_free(m, &c->seen, &c->seen_cap, sizeof *c->seen);
    sbi_array_free(m, &c->label, &c->label_cap, sizeof *c->label);
    sbi_array_free(m, &c->parent, &c->parent_cap, sizeof *c->parent);
    sbi_array_free(m, &c->tally, &c->tally_cap, sizeof *c->tally);
    sbi_array_free(m, &c->queue, &c->queue_cap, sizeof *c->queue);
    sbi_walk_free(&c->walk);
    sbi_array_free(m, &c->fits, &c->fits_cap, sizeof *c->fits);
    sbi_array_free(m, &c->pairs, &c->pairs_cap, sizeof *c->pairs);
    sbi_table_free(&c->skels);
    sbi_array_free(m, &c->sorted, &c->sorted_cap, sizeof *c->sorted);
    sbi_array_free(m, &c->bstart, &c->bstart_cap, sizeof *c->bstart);
    sbi_array_free(m, &c->comps, &c->kept_cap, sizeof *c->comps);
    free(c);
    sbi_meter_end(&meter);
    return status;
}
