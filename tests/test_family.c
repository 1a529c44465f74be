/*
 * test_family.c - sb_family() and sb_components() against a brute force
 * that shares nothing with the engine but slide.h (the random pictures
 * are read by the picture reader, as a user's would be).
 *
 * Piece sets.  A class is a list of cells relative to the anchor (the
 * piece's first cell in row-major order), an axis and a group; pieces of
 * one class are interchangeable.  Classes are read off a puzzle's blocks
 * with sb_block_covers alone.
 *
 * Layouts.  Trays have at most 16 cells and 15 classes, so a layout fits
 * one 64-bit word: four bits per cell, 1 + the class of the piece
 * anchored there, 0 elsewhere; anchors and classes determine the layout,
 * so the word is canonical.  Layouts are enumerated piece by piece (class
 * after class, each class's pieces at increasing anchors), not cell by
 * cell as the engine does, so the two share no idea but the count they
 * must reach.  They are kept sorted; each must come out once.
 *
 * Moves.  A step moves one piece one cell along its axis onto free cells
 * (not walls, not other pieces).  Every move of every metric is a run of
 * steps and can be undone, so components are labelled by BFS over steps.
 * A line move is a run of steps of one piece in one direction; a piece
 * move any run of steps of one piece.  Diameters under each metric come
 * from a BFS from every layout of a component (they are small here).
 *
 * Checks, for hand-made and random pictures (L and T pieces, walls,
 * marked, grouped and one-axis pieces) and for plain ones and random
 * trays of plain rectangles on both representations: the layout count; the components' number and sizes,
 * which add up to the layouts; that example i lies in a component of the
 * size listed for i, no two in one; that the plain walk (sb_explore) from
 * each example reaches exactly its component's size; with diameters, each
 * component's diameter under each metric.  And sb_family: the plain 1x1,
 * 1x2 and 2x1 blocks vary, everything else stays, every member against
 * the brute force; the family split into 1 to 4 shards, each shard's
 * members and their merge against the whole.  And sb_census: random
 * alphabets of rectangles (one-axis and marked kinds, counts in ranges)
 * on small trays with walls, every member's components, diameters, goal
 * layouts and hardest starts against a brute-force BFS from the goal
 * layouts, and 2 to 4 shards, or 1 to 4 processes dealt members by the
 * take hook, merged (sb_census_report_merge) making the whole, member
 * for member.  Shaped censuses likewise (L and T pieces each way round,
 * pins on the anchor's line), the general board's census against auto's,
 * and what sb_census refuses in a caller's shapes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sb_format.h"
#include "slide_formats.h"

#include "unit_pieces.h"

enum { MAX_CELLS = 16, MAX_CLASSES = 15 };

/* Classes and piece sets are unit_pieces.h's (unit_class, unit_pieces);
 * layouts here are one 64-bit word (below), so a set has at most 15
 * classes on at most 16 cells. */

/* Every layout of a piece set and its components, by brute force. */
typedef struct census {
    size_t n, cap;
    uint64_t *keys;                   /* sorted */
    size_t *label;                    /* component of each key */
    size_t ncomponents;
    uint64_t *sizes;                  /* per component, in label order */
} census;

static int get(uint64_t key, int cell)
{
    return (int)((key >> (4 * cell)) & 15);
}

static uint64_t put(uint64_t key, int cell, int code)
{
    return (key & ~((uint64_t)15 << (4 * cell))) | ((uint64_t)code << (4 * cell));
}

static bool is_wall(const unit_pieces *pc, int r, int c)
{
    return pc->source->walls && pc->source->walls[r * pc->cols + c];
}

/* ---- classes ----------------------------------------------------------- */

/* The index of t's class in pc, added (count 0) when new. */
static int add_class(unit_pieces *pc, const unit_class *t)
{
    for (int s = 0; s < pc->nclasses; s++)
        if (unit_same_class(&pc->cls[s], t))
            return s;
    if (pc->nclasses == MAX_CLASSES) {
        fprintf(stderr, "test_family: too many classes\n");
        exit(2);
    }
    pc->cls[pc->nclasses] = *t;
    pc->cls[pc->nclasses].count = 0;
    return pc->nclasses++;
}

static void pieces_of(const sb_puzzle *p, unit_pieces *pc)
{
    memset(pc, 0, sizeof *pc);
    pc->rows = p->rows;
    pc->cols = p->cols;
    pc->source = p;
    for (size_t i = 0; i < p->nblocks; i++) {
        unit_class t;
        CHECK_MSG(unit_class_of_block(p, &p->blocks[i], &t), "block %zu: anchor not its first cell", i);
        pc->cls[add_class(pc, &t)].count++;
    }
}

/* A plain h x w rectangle's class: group 0, both ways. */
static unit_class rect_class(int h, int w)
{
    unit_class t = { .pin_first = -1, .pin_last = -1 };
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            t.dr[t.n] = y;
            t.dc[t.n++] = x;
        }
    t.axis = SB_AXIS_ANY;
    t.proto = (sb_block){ 0, 0, h, w };
    return t;
}

/* ---- layouts ------------------------------------------------------------ */

/* Whether a piece of class k anchored at (r, c) fits: on its pin, on the
 * tray, off walls, and on cells whose owner[] is -1 or self. */
static bool fits(const unit_pieces *pc, int k, int r, int c, const int *owner, int self)
{
    const unit_class *t = &pc->cls[k];
    int line = t->axis == SB_AXIS_COL ? c + t->left : r;   /* a pin holds the box's edge */
    if (t->pin_first >= 0 && (line < t->pin_first || line > t->pin_last))
        return false;
    for (int i = 0; i < t->n; i++) {
        int y = r + t->dr[i], x = c + t->dc[i];
        if (y < 0 || x < 0 || y >= pc->rows || x >= pc->cols || is_wall(pc, y, x))
            return false;
        int o = owner[y * pc->cols + x];
        if (o != -1 && o != self)
            return false;
    }
    return true;
}

static void mark(const unit_pieces *pc, int k, int at, int *owner, int value)
{
    const unit_class *t = &pc->cls[k];
    for (int i = 0; i < t->n; i++)
        owner[at + t->dr[i] * pc->cols + t->dc[i]] = value;
}

static void push(census *c, uint64_t key)
{
    unit_reserve(&c->keys, &c->cap, c->n + 1, sizeof *c->keys);
    c->keys[c->n++] = key;
}

/* Places the `left` pieces still to go of class k at anchors from `from`
 * on, then the next classes. */
static void place(const unit_pieces *pc, int k, int left, int from, int *owner, uint64_t key,
                  census *out, size_t limit)
{
    if (out->n > limit)
        return;
    if (k == pc->nclasses) {
        push(out, key);
        return;
    }
    if (left == 0) {
        place(pc, k + 1, k + 1 < pc->nclasses ? pc->cls[k + 1].count : 0, 0, owner, key, out,
              limit);
        return;
    }
    for (int at = from; at < pc->rows * pc->cols; at++) {
        if (!fits(pc, k, at / pc->cols, at % pc->cols, owner, -1))
            continue;
        mark(pc, k, at, owner, at);
        place(pc, k, left - 1, at + 1, owner, put(key, at, k + 1), out, limit);
        mark(pc, k, at, owner, -1);
    }
}

static int compare_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a > b) - (a < b);
}

/* The index of key among c's keys, or c->n. */
static size_t find(const census *c, uint64_t key)
{
    const uint64_t *at = bsearch(&key, c->keys, c->n, sizeof key, compare_u64);
    return at ? (size_t)(at - c->keys) : c->n;
}

/* owner[cell]: the anchor of the piece covering it, or -1. */
static void owners(const unit_pieces *pc, uint64_t key, int *owner)
{
    for (int i = 0; i < pc->rows * pc->cols; i++)
        owner[i] = -1;
    for (int a = 0; a < pc->rows * pc->cols; a++)
        if (get(key, a))
            mark(pc, get(key, a) - 1, a, owner, a);
}

static const int DR[4] = { -1, 1, 0, 0 }, DC[4] = { 0, 0, -1, 1 };

static bool may_go(sb_axis axis, int d)
{
    return axis == SB_AXIS_ANY || (axis == SB_AXIS_ROW) == (d >= 2);
}

/* Appends to out[] (index into c) every layout one move of metric away
 * from key; returns the new count. */
static size_t neighbours(const unit_pieces *pc, const census *c, uint64_t key, sb_metric metric,
                         size_t *out)
{
    int owner[MAX_CELLS], cols = pc->cols;
    size_t n = 0;
    owners(pc, key, owner);
    for (int a = 0; a < pc->rows * cols; a++) {
        int code = get(key, a);
        if (!code)
            continue;
        int k = code - 1;
        /* Anchors the piece reaches: straight runs, or (piece) any path. */
        bool seen[MAX_CELLS] = { false };
        int queue[MAX_CELLS], head = 0, tail = 0;
        seen[a] = true;
        queue[tail++] = a;
        while (head < tail) {
            int from = queue[head++];
            for (int d = 0; d < 4; d++) {
                if (!may_go(pc->cls[k].axis, d))
                    continue;
                for (int r = from / cols + DR[d], col = from % cols + DC[d];
                     fits(pc, k, r, col, owner, a); r += DR[d], col += DC[d]) {
                    int to = r * cols + col;
                    if (!seen[to]) {
                        seen[to] = true;
                        if (metric == SB_METRIC_PIECE)
                            queue[tail++] = to;
                        size_t i = find(c, put(put(key, a, 0), to, code));
                        if (i == c->n) {   /* counted as a check only when it fails */
                            CHECK_MSG(false, "a move leads to a layout not enumerated");
                            continue;
                        }
                        out[n++] = i;
                    }
                    if (metric == SB_METRIC_UNIT || metric == SB_METRIC_PIECE)
                        break;
                }
            }
        }
    }
    return n;
}

/* Every layout (at most limit + 1 of them: c->n > limit says the count
 * ran over) and its components. */
static void census_of(const unit_pieces *pc, census *out, size_t limit)
{
    memset(out, 0, sizeof *out);
    int owner[MAX_CELLS];
    for (int i = 0; i < MAX_CELLS; i++)
        owner[i] = -1;
    place(pc, 0, pc->nclasses ? pc->cls[0].count : 0, 0, owner, 0, out, limit);
    if (out->n > limit)
        return;
    if (out->n)
        qsort(out->keys, out->n, sizeof *out->keys, compare_u64);
    for (size_t i = 1; i < out->n; i++)
        CHECK_MSG(out->keys[i - 1] != out->keys[i], "a layout enumerated twice");

    out->label = unit_alloc((out->n + 1) * sizeof *out->label);
    out->sizes = unit_alloc((out->n + 1) * sizeof *out->sizes);
    size_t *queue = unit_alloc((out->n + 1) * sizeof *queue);
    for (size_t i = 0; i < out->n; i++)
        out->label[i] = (size_t)-1;
    size_t next[4 * MAX_CELLS * MAX_CELLS];
    for (size_t start = 0; start < out->n; start++) {
        if (out->label[start] != (size_t)-1)
            continue;
        size_t comp = out->ncomponents++, head = 0, tail = 0;
        out->label[start] = comp;
        queue[tail++] = start;
        while (head < tail) {
            size_t v = queue[head++];
            size_t k = neighbours(pc, out, out->keys[v], SB_METRIC_UNIT, next);
            for (size_t j = 0; j < k; j++)
                if (out->label[next[j]] == (size_t)-1) {
                    out->label[next[j]] = comp;
                    queue[tail++] = next[j];
                }
        }
        out->sizes[comp] = tail;
    }
    free(queue);
}

static void census_free(census *c)
{
    free(c->keys);
    free(c->label);
    free(c->sizes);
    memset(c, 0, sizeof *c);
}

/* Each component's diameter under metric, by a BFS from every layout
 * (over neighbour lists found once). */
static unsigned *diameters_of(const unit_pieces *pc, const census *c, sb_metric metric)
{
    unsigned *diam = unit_alloc((c->ncomponents + 1) * sizeof *diam);
    int *dist = unit_alloc((c->n + 1) * sizeof *dist);
    size_t *queue = unit_alloc((c->n + 1) * sizeof *queue);
    size_t *start = unit_alloc((c->n + 1) * sizeof *start), cap = 4 * c->n + 1, used = 0;
    size_t *adj = unit_alloc(cap * sizeof *adj);
    size_t next[4 * MAX_CELLS * MAX_CELLS];
    for (size_t v = 0; v < c->n; v++) {
        size_t k = neighbours(pc, c, c->keys[v], metric, next);
        unit_reserve(&adj, &cap, used + k, sizeof *adj);
        start[v] = used;
        memcpy(adj + used, next, k * sizeof *next);
        used += k;
        dist[v] = -1;
    }
    start[c->n] = used;
    for (size_t s = 0; s < c->n; s++) {
        size_t head = 0, tail = 0;
        dist[s] = 0;
        queue[tail++] = s;
        while (head < tail) {
            size_t v = queue[head++];
            for (size_t j = start[v]; j < start[v + 1]; j++)
                if (dist[adj[j]] < 0) {
                    dist[adj[j]] = dist[v] + 1;
                    queue[tail++] = adj[j];
                }
        }
        unsigned far = (unsigned)dist[queue[tail - 1]];
        if (far > diam[c->label[s]])
            diam[c->label[s]] = far;
        for (size_t j = 0; j < tail; j++)
            dist[queue[j]] = -1;
    }
    free(dist);
    free(queue);
    free(start);
    free(adj);
    return diam;
}

/* The key of a list of blocks (an example) into *out; false when they
 * are not a layout of pc: another class, off the tray, on a wall,
 * overlapping, or another number of some class.  (The empty layout's key
 * is 0.) */
static bool key_of(const unit_pieces *pc, const sb_block *b, size_t n, uint64_t *out)
{
    int owner[MAX_CELLS], count[MAX_CLASSES] = { 0 };
    for (int i = 0; i < MAX_CELLS; i++)
        owner[i] = -1;
    uint64_t key = 0;
    for (size_t i = 0; i < n; i++) {
        unit_class t;
        int k = -1;
        if (b[i].row < 0 || b[i].col < 0 || b[i].row >= pc->rows || b[i].col >= pc->cols ||
            !unit_class_of_block(pc->source, &b[i], &t))
            return false;
        for (int s = 0; s < pc->nclasses; s++)
            if (unit_same_class(&pc->cls[s], &t))
                k = s;
        if (k < 0 || !fits(pc, k, b[i].row, b[i].col, owner, -1))
            return false;
        count[k]++;
        mark(pc, k, b[i].row * pc->cols + b[i].col, owner, 0);
        key = put(key, b[i].row * pc->cols + b[i].col, k + 1);
    }
    for (int s = 0; s < pc->nclasses; s++)
        if (count[s] != pc->cls[s].count)
            return false;
    *out = key;
    return true;
}

/* The blocks of layout key, from the classes' protos; returns how many. */
static size_t blocks_of(const unit_pieces *pc, uint64_t key, sb_block *out)
{
    size_t n = 0;
    for (int a = 0; a < pc->rows * pc->cols; a++)
        if (get(key, a)) {
            out[n] = pc->cls[get(key, a) - 1].proto;
            out[n].row = a / pc->cols;
            out[n++].col = a % pc->cols;
        }
    return n;
}

/* A puzzle of pc's tray (shapes, walls) holding layout key's blocks. */
static sb_puzzle puzzle_of(const unit_pieces *pc, uint64_t key, sb_block *room)
{
    sb_puzzle p = { pc->rows, pc->cols, blocks_of(pc, key, room), room, 0, NULL,
                    pc->source->nshapes, pc->source->shapes, pc->source->walls };
    return p;
}

/* ---- the engine against the census -------------------------------------- */

static int compare_desc(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a < b) - (a > b);
}

/* Diameters are checked up to this many layouts (a BFS from each). */
enum { DIAMETER_LAYOUTS = 1500 };

/* sb_components on one layout of pc, under path and metric, against the
 * census (and its diameters, diam, when not NULL). */
static void check_components(const char *name, const unit_pieces *pc, const census *c, sb_path path,
                             sb_metric metric, const unsigned *diam)
{
    sb_block room[MAX_CELLS];
    sb_puzzle p = puzzle_of(pc, c->keys[c->n / 2], room);
    sb_options opts;
    sb_options_default(&opts);
    opts.path = path;
    opts.metric = metric;
    sb_components_report rep;
    sb_error err;
    if (!CHECK_MSG(sb_components(&p, &opts, diam != NULL, &rep, &err) == SB_OK, "%s (%s): %s",
                   name, sb_path_name(path), err.msg))
        return;
    uint64_t *want = unit_alloc((c->ncomponents + 1) * sizeof *want);
    bool *seen = unit_alloc((c->ncomponents + 1) * sizeof *seen);
    memcpy(want, c->sizes, c->ncomponents * sizeof *want);
    qsort(want, c->ncomponents, sizeof *want, compare_desc);
    bool ok = CHECK(rep.layouts == c->n) & CHECK(rep.ncomponents == c->ncomponents) &
              CHECK(rep.nblocks == p.nblocks);
    uint64_t sum = 0;
    for (size_t i = 0; ok && i < rep.ncomponents; i++) {
        sum += rep.components[i].size;
        ok &= CHECK(rep.components[i].size == want[i]);
        const sb_block *ex = rep.examples + i * rep.nblocks;
        uint64_t key;
        size_t at = key_of(pc, ex, rep.nblocks, &key) ? find(c, key) : c->n;
        if (!CHECK_MSG(at < c->n, "%s: example %zu is no layout", name, i)) {
            ok = false;
            break;
        }
        size_t comp = c->label[at];
        ok &= CHECK(c->sizes[comp] == rep.components[i].size) & CHECK(!seen[comp]);
        seen[comp] = true;
        if (diam)
            ok &= CHECK_MSG(rep.components[i].diameter == diam[comp],
                            "%s (%s): component %zu: diameter %u, brute force %u", name,
                            sb_metric_name(metric), i, rep.components[i].diameter, diam[comp]);
        /* The plain walk from the example reaches its component, no more. */
        sb_block copy[MAX_CELLS];
        memcpy(copy, ex, rep.nblocks * sizeof *ex);
        sb_puzzle q = { pc->rows, pc->cols, rep.nblocks, copy, 0, NULL,
                        pc->source->nshapes, pc->source->shapes, pc->source->walls };
        sb_explore_report walk;
        if (CHECK_MSG(sb_explore(&q, &opts, &walk, &err) == SB_OK, "%s: %s", name, err.msg))
            ok &= CHECK_MSG(walk.reachable == rep.components[i].size,
                            "%s: the walk from example %zu reaches %llu, not %llu", name, i,
                            (unsigned long long)walk.reachable,
                            (unsigned long long)rep.components[i].size);
        sb_explore_report_free(&walk);
    }
    ok &= CHECK(!ok || sum == rep.layouts);
    /* INIT's component is the one holding p's blocks. */
    if (ok && rep.ncomponents)
        ok &= CHECK(rep.components[rep.init_component].size == c->sizes[c->label[c->n / 2]]);
    if (!ok)
        fprintf(stderr, "    %s: sb_components says %llu layouts, %zu components; "
                "brute force %zu layouts, %zu components\n", name,
                (unsigned long long)rep.layouts, rep.ncomponents, c->n, c->ncomponents);
    free(want);
    free(seen);
    sb_components_report_free(&rep);
}

/* sb_components on pc against the brute force: under auto and (when the
 * bitboard took it) the general board; with diameters under every metric
 * when the census is small.  Returns false when pc has too many layouts
 * to count here. */
static bool check_pieces(const char *name, const unit_pieces *pc, size_t limit)
{
    census c;
    census_of(pc, &c, limit);
    if (c.n > limit || c.n == 0) {
        census_free(&c);
        return false;
    }
    check_components(name, pc, &c, SB_PATH_AUTO, SB_METRIC_LINE, NULL);
    check_components(name, pc, &c, SB_PATH_GENERAL, SB_METRIC_LINE, NULL);
    if (c.n <= DIAMETER_LAYOUTS)
        for (int m = SB_METRIC_UNIT; m <= SB_METRIC_PIECE; m++) {
            unsigned *diam = diameters_of(pc, &c, (sb_metric)m);
            check_components(name, pc, &c, SB_PATH_AUTO, (sb_metric)m, diam);
            free(diam);
        }
    census_free(&c);
    return true;
}

/* ---- families ----------------------------------------------------------- */

/* Which of the three plain small rectangles class t is: 0 (1x1), 1 (1x2),
 * 2 (2x1), or -1. */
static int small_kind(const unit_class *t)
{
    static const int sizes[3][2] = { { 1, 1 }, { 1, 2 }, { 2, 1 } };
    for (int k = 0; k < 3; k++) {
        unit_class r = rect_class(sizes[k][0], sizes[k][1]);
        if (unit_same_class(t, &r))
            return k;
    }
    return -1;
}

/* Whether two members say the same (fields compared: the record has padding). */
static bool same_member(const sb_family_member *a, const sb_family_member *b)
{
    return a->units == b->units && a->wides == b->wides && a->talls == b->talls &&
           a->layouts == b->layouts && a->ncomponents == b->ncomponents && a->index == b->index;
}

/* sb_family on p in n shards: the shards hold every member once, as the
 * whole report has them, none empty while there are members enough, and
 * the shards merged (given last first) are the whole report but for the
 * time; merging with a shard left out, or one given twice, is refused. */
static void check_shards(const char *name, const sb_puzzle *p, const sb_family_report *whole,
                         unsigned n)
{
    sb_family_report parts[4];
    sb_options opts;
    sb_error err;
    unsigned made = 0;
    unsigned char *held = calloc(whole->nmembers + 1, 1);   /* shards holding member i */
    if (!CHECK(held != NULL))
        return;
    for (; made < n; made++) {
        sb_options_default(&opts);
        opts.shard = n - 1 - made;
        opts.nshards = n;
        if (!CHECK_MSG(sb_family(p, &opts, &parts[made], &err) == SB_OK, "%s shard %u/%u: %s",
                       name, opts.shard, n, err.msg))
            break;
        const sb_family_report *part = &parts[made];
        CHECK_MSG(part->family_members == whole->nmembers &&
                      part->nmembers <= whole->nmembers &&
                      (part->nmembers > 0 || whole->nmembers < n),
                  "%s shard %u/%u: %zu members of %llu, the family has %zu", name, opts.shard,
                  n, part->nmembers, (unsigned long long)part->family_members, whole->nmembers);
        for (size_t k = 0; k < part->nmembers && k < whole->nmembers; k++) {
            const sb_family_member *m = &part->members[k];
            bool ok = m->index < whole->nmembers && same_member(m, &whole->members[m->index]);
            CHECK_MSG(ok, "%s shard %u/%u: member %zu (index %llu) differs", name, opts.shard,
                      n, k, (unsigned long long)m->index);
            if (ok)
                held[m->index]++;
        }
    }
    for (size_t i = 0; made == n && i < whole->nmembers; i++)
        CHECK_MSG(held[i] == 1, "%s: member %zu is in %u of %u shards", name, i, held[i], n);
    free(held);
    if (made == n) {
        sb_family_report merged;
        if (CHECK_MSG(sb_family_report_merge(parts, n, &merged, &err) == SB_OK, "%s merge %u: %s",
                      name, n, err.msg)) {
            bool same = merged.nmembers == whole->nmembers && merged.layouts == whole->layouts &&
                        merged.ncomponents == whole->ncomponents &&
                        merged.peak_bytes == whole->peak_bytes &&
                        merged.family_members == whole->family_members;
            for (size_t i = 0; same && i < merged.nmembers; i++)
                same = same_member(&merged.members[i], &whole->members[i]);
            CHECK_MSG(same, "%s: %u shards merged differ from the whole family", name, n);
            sb_family_report_free(&merged);
        }
        if (n > 1) {
            CHECK_MSG(sb_family_report_merge(parts, n - 1, &merged, &err) == SB_EINPUT &&
                          merged.members == NULL && strstr(err.msg, "missing"),
                      "%s: a shard missing of %u: %s", name, n, err.msg);
            /* Shard 0 (given last) holds the largest member, so it is
             * never empty. */
            sb_family_report twice[5];
            memcpy(twice, parts, n * sizeof *parts);
            twice[n] = parts[n - 1];
            CHECK_MSG(sb_family_report_merge(twice, n + 1, &merged, &err) == SB_EINPUT &&
                          merged.members == NULL && strstr(err.msg, "repeated"),
                      "%s: a shard twice of %u: %s", name, n, err.msg);
        } else if (whole->nmembers >= 2) {
            /* The right number of members, but one index twice. */
            sb_family_report bent = *whole;
            bent.members = malloc(whole->nmembers * sizeof *bent.members);
            if (CHECK(bent.members != NULL)) {
                memcpy(bent.members, whole->members, whole->nmembers * sizeof *bent.members);
                bent.members[1].index = 0;
                CHECK_MSG(sb_family_report_merge(&bent, 1, &merged, &err) == SB_EINPUT &&
                              merged.members == NULL && strstr(err.msg, "member 0 is repeated"),
                          "%s: an index twice: %s", name, err.msg);
                free(bent.members);
            }
        }
    }
    for (unsigned k = 0; k < made; k++)
        sb_family_report_free(&parts[k]);
}

/* sb_family on p against the brute force, member by member; then in
 * shards; then sb_components on the member with the most components. */
static void check_family(const char *name, const sb_puzzle *p)
{
    unit_pieces all, fixed;
    pieces_of(p, &all);
    fixed = all;
    fixed.nclasses = 0;
    int open = 0, used = 0, free_cells;
    for (int r = 0; r < p->rows; r++)
        for (int c = 0; c < p->cols; c++)
            open += !is_wall(&all, r, c);
    free_cells = open;
    for (int s = 0; s < all.nclasses; s++) {
        used += all.cls[s].n * all.cls[s].count;
        if (small_kind(&all.cls[s]) < 0) {
            fixed.cls[fixed.nclasses++] = all.cls[s];
            free_cells -= all.cls[s].n * all.cls[s].count;
        }
    }
    int room = free_cells - (open - used);

    sb_options opts;
    sb_options_default(&opts);
    sb_family_report rep;
    sb_error err;
    if (!CHECK_MSG(sb_family(p, &opts, &rep, &err) == SB_OK, "%s: %s", name, err.msg))
        return;
    size_t m = 0;
    uint64_t layouts = 0, ncomponents = 0, most = 0;
    unit_pieces best = fixed;
    for (int units = 0; units <= room; units++)
        for (int wides = 0; units + 2 * wides <= room; wides++)
            for (int talls = 0; units + 2 * (wides + talls) <= room; talls++, m++) {
                unit_pieces pc = fixed;
                int counts[3] = { units, wides, talls };
                static const int sizes[3][2] = { { 1, 1 }, { 1, 2 }, { 2, 1 } };
                for (int k = 0; k < 3; k++)
                    if (counts[k]) {
                        unit_class t = rect_class(sizes[k][0], sizes[k][1]);
                        pc.cls[add_class(&pc, &t)].count = counts[k];
                    }
                census c;
                census_of(&pc, &c, SIZE_MAX);
                layouts += c.n;
                ncomponents += c.ncomponents;
                if (c.ncomponents > most) {
                    most = c.ncomponents;
                    best = pc;
                }
                if (m < rep.nmembers) {
                    const sb_family_member *f = &rep.members[m];
                    CHECK_MSG(f->units == (uint32_t)units && f->wides == (uint32_t)wides &&
                                  f->talls == (uint32_t)talls && f->layouts == c.n &&
                                  f->ncomponents == c.ncomponents,
                              "%s member %zu: sb_family %u %u %u: %llu layouts, %llu "
                              "components; brute force %d %d %d: %zu layouts, %zu components",
                              name, m, f->units, f->wides, f->talls,
                              (unsigned long long)f->layouts,
                              (unsigned long long)f->ncomponents, units, wides, talls, c.n,
                              c.ncomponents);
                }
                census_free(&c);
            }
    CHECK_MSG(rep.nmembers == m, "%s: sb_family has %zu members, brute force %zu", name,
              rep.nmembers, m);
    CHECK(rep.layouts == layouts && rep.ncomponents == ncomponents);
    CHECK(rep.family_members == rep.nmembers);
    for (size_t i = 0; i < rep.nmembers; i++)
        CHECK_MSG(rep.members[i].index == i, "%s: member %zu has index %llu", name, i,
                  (unsigned long long)rep.members[i].index);
    printf("%s: %zu members, %llu layouts, %llu components\n", name, m,
           (unsigned long long)layouts, (unsigned long long)ncomponents);
    for (unsigned n = 1; n <= 4; n++)
        check_shards(name, p, &rep, n);
    sb_family_report_free(&rep);
    check_pieces(name, &best, SIZE_MAX);
}

/* ---- sharded censuses ---------------------------------------------------- */

static size_t census_split;   /* members a shard held in part */

static bool same_blocks(const sb_block *a, const sb_block *b, size_t n)
{
    if (n == 0)
        return true;   /* whatever the arrays, when there is nothing in them */
    if (!a || !b)
        return a == b;
    for (size_t i = 0; i < n; i++)
        if (a[i].row != b[i].row || a[i].col != b[i].col || a[i].height != b[i].height ||
            a[i].width != b[i].width || a[i].group != b[i].group || a[i].axis != b[i].axis)
            return false;
    return true;
}

/* Whether two members of one census say the same: counts, components
 * and every layout shown. */
static bool same_census_member(const sb_census_member *a, const sb_census_member *b,
                               size_t nkinds)
{
    if (a->mapped != b->mapped || a->has_goal != b->has_goal || a->layouts != b->layouts ||
        a->ncomponents != b->ncomponents || a->nblocks != b->nblocks ||
        a->all_components != b->all_components || a->largest != b->largest ||
        a->goal_components != b->goal_components || a->hardest_moves != b->hardest_moves ||
        memcmp(a->counts, b->counts, nkinds * sizeof *a->counts) != 0)
        return false;
    for (size_t c = 0; c < a->ncomponents; c++) {
        const sb_component *x = &a->components[c], *y = &b->components[c];
        if (x->size != y->size || x->diameter != y->diameter || x->sweeps != y->sweeps ||
            x->goal_layouts != y->goal_layouts || x->hardest != y->hardest)
            return false;
    }
    size_t n = a->ncomponents * a->nblocks;
    return same_blocks(a->examples, b->examples, n) && same_blocks(a->hardest, b->hardest, n);
}

/* A take hook (sb_census_hooks) for process `me`: the places of the
 * plan's order that owner[] gives it, as a shared counter might deal
 * them in some timing. */
typedef struct dealt {
    const unsigned char *owner;
    size_t nplaces, next;
    unsigned me;
} dealt;

static size_t take_dealt(void *ctx)
{
    dealt *d = ctx;
    while (d->next < d->nplaces && d->owner[d->next] != d->me)
        d->next++;
    return d->next < d->nplaces ? d->next++ : SIZE_MAX;
}

/* Merges parts[0..n) and compares with whole, member for member. */
static void check_census_merge(const char *name, const char *how, sb_census_report *parts,
                               unsigned n, const sb_census_report *whole)
{
    sb_census_report merged;
    sb_error err;
    if (!CHECK_MSG(sb_census_report_merge(parts, n, &merged, &err) == SB_OK,
                   "%s %s merge of %u: %s", name, how, n, err.msg))
        return;
    bool same = merged.nmembers == whole->nmembers && merged.layouts == whole->layouts &&
                merged.ncomponents == whole->ncomponents &&
                merged.peak_bytes == whole->peak_bytes;
    for (size_t i = 0; same && i < merged.nmembers; i++)
        same = same_census_member(&merged.members[i], &whole->members[i], whole->nkinds);
    CHECK_MSG(same, "%s: %u %s merged differ from the whole census", name, n, how);
    sb_census_report_free(&merged);
}

/* spec's census dealt by take to n processes at random: what each maps
 * merges into the whole; take with nshards > 1 is refused. */
static void check_census_taken(const char *name, const sb_census_spec *spec,
                               const sb_options *base, const sb_census_report *whole,
                               unsigned n, unit_rng *rng)
{
    /* Places are units: members, or parts of one (at most 64: parts is
     * a 64-bit mask). */
    size_t places = whole->nmembers * 64;
    unsigned char *owner = malloc(places + 1);
    sb_census_report parts[4];
    sb_error err;
    unsigned made = 0;
    if (!CHECK(owner != NULL))
        return;
    for (size_t k = 0; k < places; k++)
        owner[k] = (unsigned char)unit_below(rng, (int)n);
    for (; made < n; made++) {
        dealt d = { owner, places, 0, made };
        sb_census_hooks hooks = { NULL, NULL, &d, take_dealt };
        if (!CHECK_MSG(sb_census(spec, base, &hooks, &parts[made], &err) == SB_OK,
                       "%s taken by %u of %u: %s", name, made, n, err.msg))
            break;
    }
    if (made == n)
        check_census_merge(name, "processes taking members", parts, n, whole);
    for (unsigned k = 0; k < made; k++)
        sb_census_report_free(&parts[k]);
    free(owner);
    dealt d = { NULL, 0, 0, 0 };
    sb_census_hooks hooks = { NULL, NULL, &d, take_dealt };
    sb_options opts = *base;
    opts.nshards = 2;
    sb_census_report none;
    CHECK_MSG(sb_census(spec, &opts, &hooks, &none, &err) == SB_EINPUT &&
                  strstr(err.msg, "take"),
              "%s: take with two shards: %s", name, err.msg);
}

/* spec's census in n shards (at most 4): each member mapped by exactly
 * one shard, no shard idle while members are enough, and the shards
 * merged (last first) are whole, member for member; a shard left out or
 * given twice is refused. */
static void check_census_shards(const char *name, const sb_census_spec *spec,
                                const sb_options *base, const sb_census_report *whole,
                                unsigned n)
{
    sb_census_report parts[5];
    sb_error err;
    unsigned made = 0;
    for (; made < n; made++) {
        sb_options opts = *base;
        opts.shard = n - 1 - made;
        opts.nshards = n;
        if (!CHECK_MSG(sb_census(spec, &opts, NULL, &parts[made], &err) == SB_OK,
                       "%s shard %u/%u: %s", name, opts.shard, n, err.msg))
            break;
        size_t mine = 0;   /* held whole or in part */
        for (size_t i = 0; i < parts[made].nmembers; i++) {
            const sb_census_member *m = &parts[made].members[i];
            mine += m->mapped || m->parts;
            census_split += !m->mapped && m->parts;
        }
        CHECK_MSG(parts[made].nmembers == whole->nmembers && (mine > 0 || whole->nmembers < n),
                  "%s shard %u/%u: %zu members mapped of %zu", name, opts.shard, n, mine,
                  parts[made].nmembers);
    }
    if (made == n) {
        sb_census_report merged;
        check_census_merge(name, "shards", parts, n, whole);
        CHECK_MSG(whole->nmembers == 0 ||
                      (sb_census_report_merge(parts, n - 1, &merged, &err) == SB_EINPUT &&
                       merged.members == NULL && strstr(err.msg, "missing")),
                  "%s: a shard missing of %u: %s", name, n, err.msg);
        parts[n] = parts[n - 1];   /* shard 0, which holds the largest member */
        CHECK_MSG(whole->nmembers == 0 ||
                      (sb_census_report_merge(parts, n + 1, &merged, &err) == SB_EINPUT &&
                       merged.members == NULL && strstr(err.msg, "repeated")),
                  "%s: a shard twice of %u: %s", name, n, err.msg);
    }
    for (unsigned k = 0; k < made; k++)
        sb_census_report_free(&parts[k]);
}

/* A census that lines.c takes and then declines (a 13-cell line): cut
 * into parts anyway, every part that finds out has the graph map the
 * member whole, and the shards' copies of it merge into the whole. */
static void check_census_declined(void)
{
    sb_census_kind kinds[] = {
        { .name = "car", .height = 1, .width = 2, .axis = SB_AXIS_ROW, .min = 0, .max = 3 },
        { .name = "vcar", .height = 2, .width = 1, .axis = SB_AXIS_COL, .min = 0, .max = 2 },
    };
    sb_census_spec spec = { .rows = 2, .cols = 13, .nkinds = 2, .kinds = kinds };
    sb_options opts;
    sb_options_default(&opts);
    sb_census_report whole, cut;
    sb_error err;
    if (!CHECK_MSG(sb_census(&spec, &opts, NULL, &whole, &err) == SB_OK, "2x13: %s", err.msg))
        return;
    opts.threads = 3;
    if (CHECK_MSG(sb_census(&spec, &opts, NULL, &cut, &err) == SB_OK, "2x13 cut: %s",
                  err.msg)) {
        bool same = cut.nmembers == whole.nmembers;
        for (size_t i = 0; same && i < cut.nmembers; i++)
            same = same_census_member(&cut.members[i], &whole.members[i], whole.nkinds);
        CHECK_MSG(same, "2x13 on 3 threads differs from one thread");
        sb_census_report_free(&cut);
    }
    /* Three shards: each maps every member it has a part of whole (a
     * copy marked by its nparts), and any copy is the member. */
    opts.threads = 1;
    opts.nshards = 3;
    sb_census_report shards[3];
    unsigned made = 0, copies = 0;
    for (; made < 3; made++) {
        opts.shard = made;
        if (!CHECK_MSG(sb_census(&spec, &opts, NULL, &shards[made], &err) == SB_OK,
                       "2x13 shard %u: %s", made, err.msg))
            break;
        for (size_t i = 0; i < shards[made].nmembers; i++)
            copies += shards[made].members[i].mapped && shards[made].members[i].nparts > 1;
    }
    if (made == 3)
        check_census_merge("2x13", "shards", shards, 3, &whole);
    CHECK_MSG(copies > 3, "2x13: %u members mapped whole in a shard after a decline", copies);
    for (unsigned k = 0; k < made; k++)
        sb_census_report_free(&shards[k]);
    opts.nshards = 1;
    opts.shard = 0;
    unit_rng rng = { 13 };
    check_census_taken("2x13", &spec, &opts, &whole, 3, &rng);
    sb_census_report_free(&whole);
}

/* ---- the census ---------------------------------------------------------- */

/* The brute force's class of census kind k: its cells read off a block
 * of it on tray (which holds the census's shapes: kind k's is shape
 * k + 1) by sb_block_covers, its axis, mark and pin.  A SPEC pins a
 * kind's anchor's row or column; the brute force pins the box's top row
 * or left column. */
static unit_class kind_class(const sb_census_spec *spec, const sb_puzzle *tray, size_t k)
{
    const sb_census_kind *kind = &spec->kinds[k];
    sb_block b = { 0, 0, kind->height, kind->width, spec->kind_shapes ? (int)k + 1 : 0,
                   kind->marked ? (int)k + 1 : 0, kind->axis, 0 };
    while (b.shape && !spec->kind_shapes[k].cells[b.col])
        b.col++;   /* the anchor: the first cell of the top row */
    unit_class t;
    CHECK_MSG(unit_class_of_block(tray, &b, &t), "kind %zu is no class", k);
    if (kind->pinned) {
        int edge = kind->axis == SB_AXIS_COL ? t.left : 0;
        t.pin_first = kind->pin_first + edge;
        t.pin_last = kind->pin_last + edge;
    }
    return t;
}

/* The brute force's distance of every layout of c to the nearest layout
 * with a piece of class goal_class anchored at goal_cell, under metric
 * (-1: none in its component). */
static int *goal_distances(const unit_pieces *pc, const census *c, sb_metric metric, int goal_class,
                           int goal_cell)
{
    int *dist = unit_alloc((c->n + 1) * sizeof *dist);
    size_t *queue = unit_alloc((c->n + 1) * sizeof *queue), head = 0, tail = 0;
    size_t next[4 * MAX_CELLS * MAX_CELLS];
    for (size_t v = 0; v < c->n; v++) {
        dist[v] = -1;
        if (get(c->keys[v], goal_cell) == goal_class + 1) {
            dist[v] = 0;
            queue[tail++] = v;
        }
    }
    while (head < tail) {
        size_t v = queue[head++];
        size_t k = neighbours(pc, c, c->keys[v], metric, next);
        for (size_t j = 0; j < k; j++)
            if (dist[next[j]] < 0) {
                dist[next[j]] = dist[v] + 1;
                queue[tail++] = next[j];
            }
    }
    free(queue);
    return dist;
}

/* Census members checked, and those of them with a goal and a hardest start. */
static size_t census_checked, census_with_goal;

/* One member of a census against the brute force. */
static void check_census_member(const char *name, const unit_pieces *pc, const sb_census_member *m,
                                const sb_census_spec *spec, sb_metric metric)
{
    census c;
    census_of(pc, &c, SIZE_MAX);
    size_t listed = spec->keep && c.ncomponents > spec->keep ? (size_t)spec->keep
                                                             : c.ncomponents;
    bool ok = CHECK_MSG(m->mapped && m->layouts == c.n && m->all_components == c.ncomponents &&
                            m->ncomponents == listed,
                        "%s: %llu layouts, %llu components (%zu listed); brute force %zu, %zu",
                        name, (unsigned long long)m->layouts,
                        (unsigned long long)m->all_components, m->ncomponents, c.n,
                        c.ncomponents);
    unsigned *diam = ok && spec->diameters ? diameters_of(pc, &c, metric) : NULL;
    int goal_class = -1, goal_cell = 0;
    if (ok && spec->ngoals) {
        unit_class t = kind_class(spec, pc->source, spec->goal_kind[0]);
        for (int s = 0; s < pc->nclasses; s++)
            if (unit_same_class(&pc->cls[s], &t))
                goal_class = s;
        goal_cell = spec->goals[0].row * pc->cols + spec->goals[0].col;
    }
    ok &= CHECK_MSG(!ok || m->has_goal == (goal_class >= 0), "%s: has_goal %d", name,
                    m->has_goal);
    int *dist = ok && goal_class >= 0 ? goal_distances(pc, &c, metric, goal_class, goal_cell)
                                      : NULL;
    bool *seen = unit_alloc((c.ncomponents + 1) * sizeof *seen);
    census_checked++;
    census_with_goal += dist != NULL;
    for (size_t i = 0; ok && i < m->ncomponents; i++) {
        const sb_component *x = &m->components[i];
        uint64_t key;
        size_t at = key_of(pc, m->examples + i * m->nblocks, m->nblocks, &key) ? find(&c, key)
                                                                                : c.n;
        if (!CHECK_MSG(at < c.n, "%s: example %zu is no layout", name, i))
            break;
        size_t comp = c.label[at];
        ok &= CHECK(!seen[comp]) & CHECK(x->size == c.sizes[comp]);
        seen[comp] = true;
        if (diam)
            ok &= CHECK_MSG(x->diameter == diam[comp], "%s: component %zu: diameter %u, brute "
                            "force %u", name, i, x->diameter, diam[comp]);
        if (!dist)
            continue;
        int far = -1;
        uint64_t goals = 0;
        for (size_t v = 0; v < c.n; v++)
            if (c.label[v] == comp) {
                goals += dist[v] == 0;
                far = dist[v] > far ? dist[v] : far;
            }
        ok &= CHECK_MSG(x->goal_layouts == goals, "%s: component %zu: %llu goal layouts, "
                        "brute force %llu", name, i, (unsigned long long)x->goal_layouts,
                        (unsigned long long)goals);
        ok &= CHECK_MSG(far < 0 ? x->hardest == SB_DISTANCE_NONE : x->hardest == (uint32_t)far,
                        "%s: component %zu: hardest %u, brute force %d", name, i, x->hardest,
                        far);
        /* The hardest start is in the component, that far from the goal. */
        size_t hat = key_of(pc, m->hardest + i * m->nblocks, m->nblocks, &key) ? find(&c, key)
                                                                                : c.n;
        ok &= CHECK_MSG(hat < c.n && c.label[hat] == comp && dist[hat] == far,
                        "%s: component %zu: the hardest start is not %d from the goal", name, i,
                        far);
    }
    free(seen);
    free(diam);
    free(dist);
    census_free(&c);
}

enum { SB_CENSUS_TEST_KINDS = 3 };

/* The members of spec by brute force (kind 0 outermost, so the engine's
 * odometer order), each checked against rep's. */
static void census_members(const char *name, const sb_census_spec *spec, const sb_puzzle *tray,
                           const sb_census_report *rep, sb_metric metric, size_t kind,
                           uint32_t *counts, int cells_left, size_t *m)
{
    if (kind >= spec->nkinds || kind >= SB_CENSUS_TEST_KINDS) {
        if (cells_left < (int)spec->min_empty)
            return;
        if (*m < rep->nmembers) {
            const sb_census_member *mem = &rep->members[*m];
            bool same = true;
            for (size_t k = 0; k < spec->nkinds; k++)
                same &= mem->counts[k] == counts[k];
            unit_pieces pc = { .rows = tray->rows, .cols = tray->cols, .source = tray };
            for (size_t k = 0; k < spec->nkinds; k++)
                if (counts[k]) {
                    unit_class t = kind_class(spec, tray, k);
                    pc.cls[add_class(&pc, &t)].count = (int)counts[k];
                }
            char mname[96];
            snprintf(mname, sizeof mname, "%s member %zu", name, *m);
            if (CHECK_MSG(same, "%s: counts differ from the brute force's", mname))
                check_census_member(mname, &pc, mem, spec, metric);
        }
        (*m)++;
        return;
    }
    int cells = kind_class(spec, tray, kind).n;
    for (uint32_t n = spec->kinds[kind].min; n <= spec->kinds[kind].max; n++) {
        int left = cells_left - (int)n * cells;
        if (left < 0)
            break;
        counts[kind] = n;
        census_members(name, spec, tray, rep, metric, kind + 1, counts, left, m);
    }
}

/* A random 2..3 x 3..4 tray for spec, up to two of its cells walls (into
 * spec->walls, MAX_CELLS zeroes); returns the cells that are not walls. */
static int random_tray(unit_rng *rng, sb_census_spec *spec)
{
    spec->rows = 2 + unit_below(rng, 2);
    spec->cols = 3 + unit_below(rng, 2);
    int open = spec->rows * spec->cols;
    for (int w = unit_below(rng, 3); w > 0; w--) {
        int at = unit_below(rng, spec->rows * spec->cols);
        open -= !spec->walls[at];
        spec->walls[at] = 1;
    }
    return open;
}

/* Options of a random metric and 1 to 3 threads. */
static sb_options random_options(unit_rng *rng)
{
    sb_options opts;
    sb_options_default(&opts);
    opts.metric = (sb_metric)unit_below(rng, 3);
    opts.threads = 1 + (unsigned)unit_below(rng, 3);
    return opts;
}

/* spec's census (on tray, open cells not walls) under opts into *rep,
 * every member against the brute force; false when sb_census refused. */
static bool census_against_brute_force(const char *name, const sb_census_spec *spec,
                                       const sb_puzzle *tray, int open, const sb_options *opts,
                                       sb_census_report *rep)
{
    sb_error err;
    if (!CHECK_MSG(sb_census(spec, opts, NULL, rep, &err) == SB_OK, "%s: %s", name, err.msg))
        return false;
    uint32_t counts[SB_CENSUS_TEST_KINDS] = { 0 };
    size_t m = 0;
    census_members(name, spec, tray, rep, opts->metric, 0, counts, open, &m);
    CHECK_MSG(rep->nmembers == m, "%s: %zu members, brute force %zu", name, rep->nmembers, m);
    return true;
}

/* Random censuses: small trays with walls, two or three kinds of
 * rectangle (one-axis and marked among them), counts in ranges, and a
 * goal for the first kind half the time; every member against the brute
 * force, diameters and hardest starts included. */
static void check_random_censuses(int count)
{
    unit_rng rng = { 0xce5505u };
    static const int sizes[4][2] = { { 1, 1 }, { 1, 2 }, { 2, 1 }, { 1, 3 } };
    int checked = 0;
    for (int i = 0; i < count; i++) {
        uint8_t walls[MAX_CELLS] = { 0 };
        sb_census_kind kinds[SB_CENSUS_TEST_KINDS];
        sb_block goal = { 0 };
        size_t goal_kind = 0;
        sb_census_spec spec = { .walls = walls, .kinds = kinds, .goals = &goal,
                                .goal_kind = &goal_kind, .diameters = true };
        int open = random_tray(&rng, &spec);
        spec.nkinds = 2 + (size_t)unit_below(&rng, 2);
        /* Every other census one-axis pieces along their length and no
         * diameters: lines.c's, which cuts large members into parts; half
         * of those keep a few components only. */
        bool lines = i % 2;
        spec.diameters = !lines;
        spec.keep = lines && unit_below(&rng, 2) ? 1 + (uint64_t)unit_below(&rng, 3) : 0;
        for (size_t k = 0; k < spec.nkinds; k++) {
            const int *sz = sizes[unit_below(&rng, 4)];
            sb_axis axis = (sb_axis)(unit_below(&rng, 5) % 3);
            if (lines)
                axis = sz[0] == 1 && (sz[1] > 1 || unit_below(&rng, 2)) ? SB_AXIS_ROW
                                                                         : SB_AXIS_COL;
            kinds[k] = (sb_census_kind){ .height = sz[0], .width = sz[1], .axis = axis,
                                         .marked = k == 0 || unit_below(&rng, 4) == 0 };
            snprintf(kinds[k].name, sizeof kinds[k].name, "k%zu", k);
            kinds[k].min = (uint32_t)unit_below(&rng, 2);
            kinds[k].max = kinds[k].min + (uint32_t)unit_below(&rng, 3);
            for (size_t j = 0; j < k; j++)   /* an unmarked twin of an earlier kind: mark it */
                if (!kinds[j].marked && kinds[j].height == sz[0] && kinds[j].width == sz[1] &&
                    kinds[j].axis == kinds[k].axis)
                    kinds[k].marked = true;
        }
        spec.min_empty = (uint32_t)unit_below(&rng, 3);
        if (unit_below(&rng, 2)) {
            spec.ngoals = 1;
            goal.row = unit_below(&rng, spec.rows - kinds[0].height + 1);
            goal.col = unit_below(&rng, spec.cols - kinds[0].width + 1);
            for (int y = 0; y < kinds[0].height; y++)   /* never on a wall: refused */
                for (int x = 0; x < kinds[0].width; x++)
                    if (walls[(goal.row + y) * spec.cols + goal.col + x])
                        spec.ngoals = 0;
        }
        sb_options opts = random_options(&rng);
        sb_census_report rep;
        sb_error err;
        char name[64];
        snprintf(name, sizeof name, "random census %d", i);
        sb_puzzle tray = { spec.rows, spec.cols, 0, NULL, 0, NULL, 0, NULL, walls };
        if (!census_against_brute_force(name, &spec, &tray, open, &opts, &rep))
            continue;
        checked++;
        /* Cut into parts or not (threads), a member reads the same as the
         * graph path's, which never cuts: the components' order and
         * pictures. */
        sb_options graph = opts;
        graph.path = SB_PATH_GENERAL;
        sb_census_report whole;
        if (lines && CHECK_MSG(sb_census(&spec, &graph, NULL, &whole, &err) == SB_OK,
                               "%s on the graph: %s", name, err.msg)) {
            for (size_t k = 0; k < rep.nmembers; k++)
                CHECK_MSG(same_census_member(&rep.members[k], &whole.members[k], rep.nkinds),
                          "%s member %zu: the line path's is not the graph's", name, k);
            sb_census_report_free(&whole);
        }
        check_census_shards(name, &spec, &opts, &rep, 2 + (unsigned)unit_below(&rng, 3));
        check_census_taken(name, &spec, &opts, &rep, 1 + (unsigned)unit_below(&rng, 4), &rng);
        sb_census_report_free(&rep);
    }
    printf("random censuses: %d checked, %zu members, %zu of them with a goal, %zu held in "
           "part by a shard\n", checked, census_checked, census_with_goal, census_split);
    CHECK(checked == count && census_with_goal > 0 && census_split > 0);
}

/* A shape drawn as a SPEC draws it ("#./##") into sh, its cells in room
 * (at least 16 bytes). */
static void shape_of(const char *picture, sb_shape *sh, uint8_t *room)
{
    sh->width = (int)strcspn(picture, "/");
    sh->height = 0;
    for (const char *row = picture;; row += sh->width + 1) {
        for (int x = 0; x < sh->width; x++)
            room[sh->height * sh->width + x] = row[x] == '#';
        sh->height++;
        if (!row[sh->width])
            break;
    }
    sh->cells = room;
}

/* Random censuses of shaped kinds (L trominoes and T tetrominoes each
 * way round among squares and dominoes) on 2x3 to 3x4 trays with walls,
 * some marked, one-axis or pinned (a pin holds the anchor's row or
 * column), with a goal for the first kind half the time: every member
 * against the brute force, diameters and hardest starts included; the
 * general board's census the same as auto's (which takes the bitboard
 * for members of rectangles alone); and 2 to 4 shards merged. */
static void check_random_shaped_censuses(int count)
{
    static const char *const pictures[] = { "#", "##", "#/#", "#./##", "##/#.", ".#/##",
                                            "##/.#", "###/.#.", ".#./###", "#./##/#." };
    enum { NPICTURES = sizeof pictures / sizeof pictures[0] };
    unit_rng rng = { 0x5a9ed1u };
    int checked = 0;
    size_t members = census_checked, with_goal = census_with_goal;
    for (int i = 0; i < count; i++) {
        uint8_t walls[MAX_CELLS] = { 0 }, cells[SB_CENSUS_TEST_KINDS][16];
        sb_census_kind kinds[SB_CENSUS_TEST_KINDS];
        sb_shape shapes[SB_CENSUS_TEST_KINDS];
        sb_block goal = { 0 };
        size_t goal_kind = 0;
        sb_census_spec spec = { .walls = walls, .kinds = kinds, .kind_shapes = shapes,
                                .goals = &goal, .goal_kind = &goal_kind, .diameters = true };
        int open = random_tray(&rng, &spec);
        spec.nkinds = 2 + (size_t)unit_below(&rng, 2);
        for (size_t k = 0; k < spec.nkinds; k++) {
            const char *picture;
            do
                picture = pictures[unit_below(&rng, NPICTURES)];
            while (k == 0 && strlen(picture) < 3);   /* the first kind: a shape */
            shape_of(picture, &shapes[k], cells[k]);
            if (shapes[k].height > spec.rows) {   /* the 3-row T: on its side */
                shape_of("##", &shapes[k], cells[k]);
            }
            sb_census_kind *kind = &kinds[k];
            *kind = (sb_census_kind){ .height = shapes[k].height, .width = shapes[k].width,
                                      .marked = k == 0 || unit_below(&rng, 4) == 0 };
            snprintf(kind->name, sizeof kind->name, "k%zu", k);
            int axis = unit_below(&rng, 6);
            kind->axis = axis < 4 ? SB_AXIS_ANY : axis == 4 ? SB_AXIS_ROW : SB_AXIS_COL;
            int anchor = 0;
            while (!cells[k][anchor])
                anchor++;
            if (kind->axis != SB_AXIS_ANY && unit_below(&rng, 2)) {
                /* Anchors on the pin: rows 0..rows-h, or columns
                 * anchor..cols-w+anchor. */
                bool rows = kind->axis == SB_AXIS_ROW;
                int lo = rows ? 0 : anchor,
                    hi = rows ? spec.rows - kind->height : spec.cols - kind->width + anchor;
                kind->pinned = true;
                kind->pin_first = lo + unit_below(&rng, hi - lo + 1);
                kind->pin_last = kind->pin_first + unit_below(&rng, hi - kind->pin_first + 1);
            }
            kind->min = (uint32_t)unit_below(&rng, 2);
            kind->max = kind->min + (uint32_t)unit_below(&rng, 3);
            for (size_t j = 0; j < k; j++)   /* an unmarked twin of an earlier kind: mark it */
                if (!kinds[j].marked && kinds[j].axis == kind->axis &&
                    kinds[j].height == kind->height && kinds[j].width == kind->width &&
                    memcmp(cells[j], cells[k], (size_t)kind->height * kind->width) == 0)
                    kind->marked = true;
        }
        spec.min_empty = (uint32_t)unit_below(&rng, 3);
        sb_puzzle tray = { spec.rows, spec.cols, 0, NULL, 0, NULL, spec.nkinds, shapes, walls };
        for (int tries = unit_below(&rng, 2) ? 12 : 0; tries > 0 && !spec.ngoals; tries--) {
            /* The first kind's piece somewhere it fits, on its pin. */
            unit_class t = kind_class(&spec, &tray, 0);
            int r = unit_below(&rng, spec.rows), c = unit_below(&rng, spec.cols),
                line = kinds[0].axis == SB_AXIS_ROW ? r : c;
            int owner[MAX_CELLS];
            for (int x = 0; x < MAX_CELLS; x++)
                owner[x] = -1;
            unit_pieces one = { .rows = spec.rows, .cols = spec.cols, .source = &tray,
                                .nclasses = 1 };
            one.cls[0] = t;
            one.cls[0].pin_first = -1;
            if (fits(&one, 0, r, c, owner, -1) &&
                (!kinds[0].pinned || (line >= kinds[0].pin_first && line <= kinds[0].pin_last))) {
                spec.ngoals = 1;
                goal.row = r;
                goal.col = c;
            }
        }
        sb_options opts = random_options(&rng);
        sb_census_report rep, general;
        sb_error err;
        char name[64];
        snprintf(name, sizeof name, "random shaped census %d", i);
        if (!census_against_brute_force(name, &spec, &tray, open, &opts, &rep))
            continue;
        checked++;
        sb_options board = opts;
        board.path = SB_PATH_GENERAL;
        if (CHECK_MSG(sb_census(&spec, &board, NULL, &general, &err) == SB_OK,
                      "%s on the general board: %s", name, err.msg)) {
            for (size_t k = 0; k < rep.nmembers; k++)
                CHECK_MSG(same_census_member(&rep.members[k], &general.members[k], rep.nkinds),
                          "%s member %zu: the general board's is not auto's", name, k);
            sb_census_report_free(&general);
        }
        check_census_shards(name, &spec, &opts, &rep, 2 + (unsigned)unit_below(&rng, 3));
        sb_census_report_free(&rep);
    }
    printf("random shaped censuses: %d checked, %zu members, %zu of them with a goal\n", checked,
           census_checked - members, census_with_goal - with_goal);
    CHECK(checked == count && census_with_goal > with_goal);
}

/* What sb_census refuses in a caller's shapes: a box that is not the
 * kind's, cells that are not one 4-connected piece or not there, two
 * unmarked kinds of one shape and axis, and the fields it does not take
 * yet; two shapes of one box are two kinds. */
static void check_shape_refusals(void)
{
    uint8_t l_cells[4], s_cells[4], twin_cells[4];
    sb_shape shapes[2];
    shape_of("#./##", &shapes[0], l_cells);
    shape_of("##/.#", &shapes[1], s_cells);
    sb_census_kind kinds[2] = { { "l", 2, 2, SB_AXIS_ANY, false, 0, 1 },
                                { "j", 2, 2, SB_AXIS_ANY, false, 0, 1 } };
    sb_census_spec spec = { .rows = 3, .cols = 3, .nkinds = 2, .kinds = kinds,
                            .kind_shapes = shapes };
    sb_census_report rep;
    sb_error err;
    if (CHECK_MSG(sb_census(&spec, NULL, NULL, &rep, &err) == SB_OK, "two shapes: %s", err.msg))
        sb_census_report_free(&rep);
    shape_of("#./##", &shapes[1], twin_cells);
    CHECK_MSG(sb_census(&spec, NULL, NULL, &rep, &err) == SB_EINPUT &&
                  strstr(err.msg, "the same shape and axis"), "a twin: %s", err.msg);
    shape_of("#./.#", &shapes[1], twin_cells);   /* two cells apart */
    CHECK_MSG(sb_census(&spec, NULL, NULL, &rep, &err) == SB_EINPUT &&
                  strstr(err.msg, "not 4-connected"), "not connected: %s", err.msg);
    shape_of("#/#", &shapes[1], twin_cells);   /* a 2x1 for a 2x2 kind */
    CHECK_MSG(sb_census(&spec, NULL, NULL, &rep, &err) == SB_EINPUT &&
                  strstr(err.msg, "another box"), "another box: %s", err.msg);
    shapes[1] = (sb_shape){ 2, 2, NULL };
    CHECK_MSG(sb_census(&spec, NULL, NULL, &rep, &err) == SB_EINPUT &&
                  strstr(err.msg, "no cells"), "cells NULL: %s", err.msg);
    shape_of("##/.#", &shapes[1], s_cells);
    spec.any_pieces = true;
    CHECK_MSG(sb_census(&spec, NULL, NULL, &rep, &err) == SB_EINPUT &&
                  strstr(err.msg, "any_pieces"), "any_pieces: %s", err.msg);
}

/* ---- pictures ----------------------------------------------------------- */

/* Reads picture text; the caller frees the puzzle. */
static bool read_picture(const char *name, const char *text, sb_puzzle *p)
{
    sb_error err;
    return CHECK_MSG(sb_fmt_parse(text, strlen(text), name, NULL, 0, NULL, SB_FORMAT_PICTURE,
                                  NULL, p, &err) == SB_OK,
                     "%s: %s\n%s", name, err.msg, text);
}

/* The random pictures draw from the first 11 of unit_pieces.h's shapes:
 * unit squares, dominoes, L trominoes and T tetrominoes, each way round. */
enum { NSHAPES = 11 };

/* Writes a random picture into text: a 2..4 x 3..4 tray, up to two walls,
 * pieces dropped at random until at most zero to three cells are left,
 * some of them marked, grouped or one-axis. */
static void random_picture(unit_rng *rng, char *text)
{
    int rows = 2 + unit_below(rng, 3), cols = 3 + unit_below(rng, 2);
    char grid[MAX_CELLS];
    int shape_of[26], npieces = 0, left = rows * cols;
    memset(grid, '.', sizeof grid);
    for (int w = unit_below(rng, 3); w > 0; w--) {
        int at = unit_below(rng, rows * cols);
        left -= grid[at] == '.';
        grid[at] = '#';
    }
    int keep = unit_below(rng, 4);
    for (int tries = 0; tries < 80 && left > keep; tries++) {
        int s = unit_below(rng, NSHAPES), at = unit_below(rng, rows * cols);
        const unit_shape *sh = &UNIT_SHAPES[s];
        if (sh->n > left || !unit_shape_put(grid, rows, cols, sh, at, (char)('A' + npieces)))
            continue;
        shape_of[npieces++] = s;
        left -= sh->n;
    }
    char marked[32] = "", horizontal[32] = "", vertical[32] = "", same[32] = "";
    int axis[26];
    bool all = unit_below(rng, 8) == 0, grouped = false;
    for (int i = 0; i < npieces; i++) {
        char ch[2] = { (char)('A' + i), 0 };
        axis[i] = unit_below(rng, 5);   /* 0 horizontal, 1 vertical, else both ways */
        if (axis[i] == 0)
            strcat(horizontal, ch);
        else if (axis[i] == 1)
            strcat(vertical, ch);
        if (!all && unit_below(rng, 4) == 0)
            strcat(marked, ch);
    }
    /* A group of two unmarked pieces of one shape and axis, sometimes. */
    for (int i = 0; !all && !grouped && i < npieces; i++)
        for (int j = i + 1; !grouped && j < npieces; j++)
            if (shape_of[i] == shape_of[j] && (axis[i] < 2 ? axis[i] : 2) ==
                    (axis[j] < 2 ? axis[j] : 2) && !strchr(marked, 'A' + i) &&
                    !strchr(marked, 'A' + j) && unit_below(rng, 3) == 0) {
                sprintf(same, "%c%c", 'A' + i, 'A' + j);
                grouped = true;
            }
    unit_picture(text, grid, rows, cols, all ? "*" : marked, horizontal, vertical, same);
}

/* Random pictures against the brute force; families for those with
 * little room to vary. */
static void check_random_pictures(int count)
{
    unit_rng rng = { 0x5eed1e55u };
    int checked = 0, families = 0, skipped = 0;
    char text[512], name[64];
    for (int i = 0; i < count; i++) {
        random_picture(&rng, text);
        snprintf(name, sizeof name, "random picture %d", i);
        sb_puzzle p;
        if (!read_picture(name, text, &p))
            continue;
        unit_pieces pc;
        pieces_of(&p, &pc);
        if (p.nblocks == 0 || !check_pieces(name, &pc, 20000)) {
            skipped++;
        } else {
            checked++;
            /* A family varies the plain small blocks; few, or the members
             * are too many to count by brute force. */
            int small = 0;
            for (int s = 0; s < pc.nclasses; s++)
                small += small_kind(&pc.cls[s]) >= 0 ? pc.cls[s].count * pc.cls[s].n : 0;
            if (small <= 4 && families < 25) {
                check_family(name, &p);
                families++;
            }
        }
        sb_puzzle_free(&p);
    }
    printf("random pictures: %d checked, %d families, %d skipped (too many layouts or no "
           "piece)\n", checked, families, skipped);
    CHECK(checked >= count / 2);
}

/* Random trays of plain rectangles only, from 1x2 up to 4x4 (one-row and
 * one-column trays among them): the piece sets sb_components maps with
 * its table-free census (ranks and a bitmap) on the bitboard, against
 * the brute force and against the general board's graph. */
static void check_random_rectangles(int count)
{
    unit_rng rng = { 0x3ec7a9e1u };
    int checked = 0;
    char name[64];
    for (int i = 0; i < count; i++) {
        int rows = 1 + unit_below(&rng, 4), cols = 1 + unit_below(&rng, 4);
        if (rows * cols < 2)
            cols = 2;
        unit_shape_plan plan = { 1 + unit_below(&rng, 3), 1 + unit_below(&rng, 3),
                                 55 + unit_below(&rng, 40), unit_below(&rng, 60), 0 };
        sb_puzzle p;
        unit_random_puzzle(&p, &rng, rows, cols, &plan);
        snprintf(name, sizeof name, "random rectangles %d", i);
        unit_pieces pc;
        pieces_of(&p, &pc);
        checked += check_pieces(name, &pc, 20000);
        sb_puzzle_free(&p);
    }
    printf("random rectangles: %d of %d checked\n", checked, count);
    CHECK(checked >= count / 2);
}

/* Hand-made pictures: each feature alone, then together. */
static void check_pictures(void)
{
    static const struct { const char *name, *text; } cases[] = {
        /* An L and a T around a wall, with two unit squares. */
        { "L and T", "AB.\nAAC\nDDD\n#D.\n" },
        /* Two marked 1x1s and an unmarked one: the marks split classes. */
        { "marked", "AB.\nC.#\ndistinct: AB\n" },
        /* The same again with every piece marked, the 8-puzzle's way: orbits. */
        { "all marked", "AB\nC.\nD.\ndistinct: *\n" },
        /* One-axis pieces: a horizontal domino, a vertical L, a free one. */
        { "one-axis", "AA.\n.B.\nCBB\n..#\nhorizontal: A\nvertical: B\n" },
        /* A group of two dominoes apart from a third. */
        { "grouped", "AA.\nBB.\nCC.\nsame: AB\n" },
        /* No empty cell, walls: the board's key lists nothing at all. */
        { "full", "AB\nC#\n" },
        /* Everything at once, and a family with the fixed part all pictures. */
        { "everything", "AAB.\nA#BC\nDEEC\n..E.\ndistinct: D\nhorizontal: C\n" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sb_puzzle p;
        if (!read_picture(cases[i].name, cases[i].text, &p))
            continue;
        unit_pieces pc;
        pieces_of(&p, &pc);
        CHECK_MSG(check_pieces(cases[i].name, &pc, 200000), "%s: too many layouts",
                  cases[i].name);
        check_family(cases[i].name, &p);
        sb_puzzle_free(&p);
    }
}

int main(void)
{
    clock_t t0 = clock();
    /* 3x4: a fixed 2x2, four 1x1 and a 1x2: two empty cells, 30 members. */
    sb_block wide[] = { { 0, 0, 2, 2 }, { 0, 2, 1, 1 }, { 0, 3, 1, 1 }, { 1, 2, 1, 2 },
                        { 2, 0, 1, 1 }, { 2, 1, 1, 1 } };
    sb_puzzle p1 = { 3, 4, 6, wide, 0, NULL };
    /* 4x3, the same blocks turned: the other orientation of the image. */
    sb_block tall[] = { { 0, 0, 2, 2 }, { 2, 0, 1, 1 }, { 3, 0, 1, 1 }, { 2, 1, 2, 1 },
                        { 0, 2, 1, 1 }, { 1, 2, 1, 1 } };
    sb_puzzle p2 = { 4, 3, 6, tall, 0, NULL };
    /* 4x4: two fixed shapes (a 2x2 and a 1x3), four empty cells. */
    sb_block square[] = { { 0, 0, 2, 2 }, { 3, 0, 1, 3 }, { 0, 2, 1, 1 }, { 1, 2, 2, 1 },
                          { 2, 0, 1, 2 } };
    sb_puzzle p3 = { 4, 4, 5, square, 0, NULL };
    sb_error err;
    CHECK(sb_puzzle_check(&p1, &err) == SB_OK && sb_puzzle_check(&p2, &err) == SB_OK &&
          sb_puzzle_check(&p3, &err) == SB_OK);
    check_family("3x4", &p1);
    check_family("4x3", &p2);
    check_family("4x4", &p3);
    check_pictures();
    /* Fewer under the sanitizers: the first of the same cases. */
    check_random_pictures(unit_cases(200, 80));
    check_random_rectangles(unit_cases(150, 60));
    check_random_censuses(unit_cases(60, 24));
    check_random_shaped_censuses(unit_cases(60, 24));
    check_shape_refusals();
    check_census_declined();
    printf("test_family: %.3f s\n",
           (double)(clock() - t0) / CLOCKS_PER_SEC);
    return unit_finish("test_family");
}
