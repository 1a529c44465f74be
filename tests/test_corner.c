/*
 * test_corner.c - the corner-to-corner goal's hardest start
 * (engine/explore/corner.c) against a brute force of the test's own.
 *
 * For random piece sets (unit_pieces.h: walls, L, T, S, U pieces, one-axis
 * pieces, holes) on trays up to 3x3 and 2x4, under every metric, and for
 * each class of the set in turn as the goal piece's, the brute force
 * marks one piece of that class (a group of its own), lists every layout
 * and every move by unit_pieces.h's naive recursion and generator, picks
 * the starts by the rule as written (the piece on cell (0,0), else the
 * first piece in reading order whose box contains (0,0), is the marked
 * one, its box at (0,0)) and runs a breadth-first search from each start
 * separately until it meets a goal layout (the marked piece's box at the
 * lower-right corner).  The hardest start is the farthest; ties go to the
 * earlier goal class, then to the start whose anchor labels read cell by
 * cell come first (none, then the goal piece, then class 0, 1, ...).
 * sbi_corner_hardest must give the same distance, goal class and start,
 * block by block; configurations walked are more than the start's
 * distance.  One context serves half the sets in turn
 * (sbi_corner_hardest_in), so what one walk leaves behind would show in
 * the next; a quarter take a fresh one (sbi_corner_hardest), and a
 * quarter another context that walks with 128-bit keys (the small trays
 * would otherwise take the 64-bit walk only).
 * Also: the states limit stops a walk with SB_ELIMIT, a tray too large for
 * the key is refused with SB_EINPUT.
 */
#include "unit_pieces.h"

#include "core/meter.h"
#include "explore/corner.h"

static unit_rng rng = { 0xc0a7e2u };

typedef struct brute_answer {
    uint32_t moves;              /* SB_DISTANCE_NONE: no start counts */
    int goal_class;
    uint64_t key;                /* labels, cell 0 first (4 bits each) */
    size_t nblocks;
    sb_block blocks[UNIT_PIECES_TRAY];
} brute_answer;

/* The box of a piece of class k anchored at cell: top row and left column. */
static void box_of(const unit_pieces *pc, const unit_class *k, int cell, int *top, int *left)
{
    *top = cell / pc->cols;
    *left = cell % pc->cols + k->left;
}

/* Considers class `goal` of pc as the goal piece's (p's blocks: the set;
 * pclass[i] is block i's class in pc). */
static void brute_goal(const sb_puzzle *p, const int *pclass, int goal, sb_metric metric,
                       brute_answer *best)
{
    sb_puzzle mp = *p;
    mp.blocks = unit_alloc(p->nblocks * sizeof *mp.blocks);
    memcpy(mp.blocks, p->blocks, p->nblocks * sizeof *mp.blocks);
    size_t marked = 0;
    while (pclass[marked] != goal)
        marked++;
    mp.blocks[marked].group = 1;
    unit_pieces upc;
    if (!CHECK(unit_pieces_of(&mp, &upc))) {
        free(mp.blocks);
        return;
    }
    int label[UNIT_PIECE_CLASSES];
    for (size_t i = 0; i < mp.nblocks; i++) {
        unit_class k;
        unit_class_of_block(&mp, &mp.blocks[i], &k);
        label[unit_find_class(&upc, &k)] = i == marked ? 1 : 2 + pclass[i];
    }
    int mclass = -1;
    for (int t = 0; t < upc.nclasses; t++)
        if (label[t] == 1)
            mclass = t;
    const unit_class *mk = &upc.cls[mclass];
    int h = mk->proto.height, w = mk->proto.width, ncells = upc.rows * upc.cols;
    unit_layouts L;
    CHECK(unit_enumerate(&upc, SIZE_MAX, &L));
    unit_adjacency a;
    unit_layout_graph(&upc, &L, metric, &a);
    bool *is_goal = unit_alloc(L.n + 1);
    int32_t *dist = unit_alloc((L.n + 1) * sizeof *dist);
    uint32_t *queue = unit_alloc((L.n + 1) * sizeof *queue);
    int owner[UNIT_PIECES_TRAY];
    for (size_t i = 0; i < L.n; i++) {
        const uint8_t *code = unit_layout_code(&L, i);
        for (int cell = 0; cell < ncells; cell++)
            if (code[cell] == mclass + 1) {
                int top, left;
                box_of(&upc, mk, cell, &top, &left);
                is_goal[i] = top + h == upc.rows && left + w == upc.cols;
            }
    }
    for (size_t i = 0; i < L.n; i++) {
        const uint8_t *code = unit_layout_code(&L, i);
        unit_owners(&upc, code, owner);
        /* The goal piece by the rule, as its anchor cell: the piece on
         * (0,0) (owners count pieces in anchor order), else the first in
         * reading order whose box contains (0,0). */
        int pick = -1;
        for (int cell = 0, n = 0; cell < ncells && pick < 0; cell++) {
            if (!code[cell])
                continue;
            const unit_class *k = &upc.cls[code[cell] - 1];
            int top, left;
            box_of(&upc, k, cell, &top, &left);
            bool origin_in_box = top <= 0 && top + k->proto.height > 0 && left <= 0 &&
                                 left + k->proto.width > 0;
            if (owner[0] >= 0 ? n == owner[0] : origin_in_box)
                pick = cell;
            n++;
        }
        if (pick < 0 || code[pick] != mclass + 1)
            continue;
        int top, left;
        box_of(&upc, mk, pick, &top, &left);
        if (top != 0 || left != 0)
            continue;
        unit_layout_bfs(&a, L.n, (uint32_t)i, dist, queue);
        int32_t near = -1;
        for (size_t j = 0; j < L.n; j++)
            if (is_goal[j] && dist[j] >= 0 && (near < 0 || dist[j] < near))
                near = dist[j];
        if (near < 0)
            continue;
        uint64_t key = 0;
        for (int cell = 0; cell < ncells; cell++)
            key = key << 4 | (uint64_t)(code[cell] ? label[code[cell] - 1] : 0);
        bool better = best->moves == SB_DISTANCE_NONE || (uint32_t)near > best->moves ||
                      ((uint32_t)near == best->moves && best->goal_class == goal &&
                       key < best->key);
        if (better) {
            best->moves = (uint32_t)near;
            best->goal_class = goal;
            best->key = key;
            best->nblocks = unit_blocks_of(&upc, code, best->blocks);
        }
    }
    free(is_goal);
    free(dist);
    free(queue);
    unit_adjacency_free(&a);
    unit_layouts_free(&L);
    free(mp.blocks);
}

static bool same_block(const sb_block *x, const sb_block *y)
{
    return x->row == y->row && x->col == y->col && x->height == y->height &&
           x->width == y->width && x->shape == y->shape && x->axis == y->axis &&
           x->group == y->group;
}

/* Checks p's set; the brute force's distance (SB_DISTANCE_NONE: none). */
static uint32_t check_set(const sb_puzzle *p, sb_metric metric, sb_corner_context *ctx,
                          sb_meter *m, const char *name)
{
    sb_pieces pc;
    sb_error err = { 0 };
    if (!CHECK_MSG(sbi_pieces_of(p, &pc, &err) == SB_OK, "%s: %s", name, err.msg))
        return SB_DISTANCE_NONE;
    int pclass[UNIT_PIECES_TRAY];
    for (size_t i = 0; i < p->nblocks; i++)
        pclass[i] = sbi_pieces_find(&pc, &p->blocks[i]);
    brute_answer want = { .moves = SB_DISTANCE_NONE, .goal_class = -1 };
    for (int s = 0; s < pc.nclasses; s++)
        brute_goal(p, pclass, s, metric, &want);
    sb_corner_result got;
    sb_status status = ctx ? sbi_corner_hardest_in(ctx, &pc, metric, m, &got, &err)
                           : sbi_corner_hardest(&pc, metric, m, &got, &err);
    if (!CHECK_MSG(status == SB_OK, "%s: %s", name, err.msg))
        return SB_DISTANCE_NONE;
    CHECK_MSG(got.moves == want.moves, "%s: %u moves, the brute force %u", name, got.moves,
              want.moves);
    CHECK_MSG(got.goal_class == want.goal_class, "%s: goal class %d, the brute force %d", name,
              got.goal_class, want.goal_class);
    if (CHECK_MSG(got.nblocks == want.nblocks, "%s: %zu blocks, the brute force %zu", name,
                  got.nblocks, want.nblocks))
        for (size_t i = 0; i < got.nblocks; i++)
            CHECK_MSG(same_block(&got.start[i], &want.blocks[i]),
                      "%s: block %zu at %d,%d group %d, the brute force's at %d,%d group %d",
                      name, i, got.start[i].row, got.start[i].col, got.start[i].group,
                      want.blocks[i].row, want.blocks[i].col, want.blocks[i].group);
    CHECK_MSG(want.moves == SB_DISTANCE_NONE || got.configurations > want.moves,
              "%s: %llu configurations walked for a start %u moves away", name,
              (unsigned long long)got.configurations, want.moves);
    sbi_corner_result_free(&got, m);
    return want.moves;
}

static void random_sets(sb_metric metric)
{
    static const int trays[][2] = { { 1, 1 }, { 1, 3 }, { 3, 1 }, { 2, 2 }, { 2, 3 },
                                    { 3, 2 }, { 3, 3 }, { 2, 4 }, { 4, 2 } };
    sb_meter m;
    sbi_meter_init(&m, NULL);
    sb_corner_context *ctx = sbi_corner_context_new(&m), *wide = sbi_corner_context_new(&m);
    sbi_corner_context_wide(wide, true);
    int cases = unit_cases(1000, 200), counted = 0;
    uint32_t farthest = 0;
    for (int i = 0; i < cases; i++) {
        const int *t = trays[unit_below(&rng, (int)(sizeof trays / sizeof trays[0]))];
        unit_pieces_plan plan = { .wall_pct = unit_below(&rng, 3) ? 0 : 15,
                                  .keep_empty = 1 + unit_below(&rng, 3),
                                  .max_pieces = 9,
                                  .shapes = UNIT_NSHAPES,
                                  .axis_pct = unit_below(&rng, 4) ? 0 : 20 };
        sb_puzzle p;
        unit_random_pieces(&p, &rng, t[0], t[1], &plan);
        char name[96];
        snprintf(name, sizeof name, "metric %d, set %d (%dx%d, %zu pieces)", (int)metric, i,
                 t[0], t[1], p.nblocks);
        uint32_t moves = check_set(&p, metric, i % 4 == 3 ? NULL : i % 4 == 2 ? wide : ctx, &m,
                                   name);
        if (moves != SB_DISTANCE_NONE) {
            counted++;
            farthest = moves > farthest ? moves : farthest;
        }
        sb_puzzle_free(&p);
    }
    sbi_corner_context_free(ctx);
    sbi_corner_context_free(wide);
    printf("test_corner: metric %d: %d of %d sets have a start that counts, the farthest %u "
           "moves away\n", (int)metric, counted, cases, farthest);
    /* A series where few sets have a start, or none is far, proves little. */
    CHECK_MSG(counted >= cases / 5 && farthest >= 4, "%d counted, farthest %u", counted,
              farthest);
    CHECK_MSG(m.held == 0, "%zu bytes still held", m.held);
    sbi_meter_end(&m);
}

static void unit_metric(void) { random_sets(SB_METRIC_UNIT); }
static void line_metric(void) { random_sets(SB_METRIC_LINE); }
static void piece_metric(void) { random_sets(SB_METRIC_PIECE); }

/* A 3x3 tray of eight 1x1 pieces: a states limit of 2 stops the walk. */
static void limits(void)
{
    sb_puzzle p;
    unit_puzzle_init(&p, 3, 3, 8);
    for (int i = 0; i < 8; i++)
        p.blocks[i] = (sb_block){ .row = i / 3, .col = i % 3, .height = 1, .width = 1 };
    p.nblocks = 8;
    sb_pieces pc;
    sb_error err = { 0 };
    CHECK(sbi_pieces_of(&p, &pc, &err) == SB_OK);
    sb_options opts;
    sb_options_default(&opts);
    opts.limits.max_states = 2;
    sb_meter m;
    sbi_meter_init(&m, &opts);
    sb_corner_result r;
    CHECK(sbi_corner_hardest(&pc, SB_METRIC_PIECE, &m, &r, &err) == SB_ELIMIT);
    CHECK_MSG(err.limit == SB_LIMIT_STATES, "limit %d: %s", (int)err.limit, err.msg);
    CHECK(r.start == NULL && r.moves == SB_DISTANCE_NONE);
    sbi_meter_end(&m);
    sb_puzzle_free(&p);

    /* 8x8: rows of 9 bits pass a 64-bit word. */
    unit_puzzle_init(&p, 8, 8, 1);
    p.blocks[0] = (sb_block){ .row = 0, .col = 0, .height = 1, .width = 1 };
    p.nblocks = 1;
    CHECK(sbi_pieces_of(&p, &pc, &err) == SB_OK);
    sbi_meter_init(&m, NULL);
    CHECK(sbi_corner_hardest(&pc, SB_METRIC_PIECE, &m, &r, &err) == SB_EINPUT);
    CHECK_MSG(strstr(err.msg, "8x8") != NULL, "%s", err.msg);
    sbi_meter_end(&m);
    sb_puzzle_free(&p);
}

int main(int argc, char **argv)
{
    static const unit_part parts[] = {
        { "unit", unit_metric }, { "line", line_metric }, { "piece", piece_metric },
        { "limits", limits },
    };
    return unit_run_parts("test_corner", argc, argv, parts, sizeof parts / sizeof parts[0]);
}
