/*
 * layouts.c - a piece set (which classes of pieces, how many of each,
 * how many cells stay empty) and every layout of it on its tray.
 *
 * Layouts are built cell by cell in row-major order: the first cell not
 * yet decided either stays empty or becomes the anchor of a piece of some
 * class that still has pieces to place.  A piece's anchor is its first
 * cell in row-major order (the leftmost of its top row), and every cell
 * before the first undecided one is decided already, so a piece covering
 * that cell can only be anchored there: every layout comes out exactly
 * once, pieces of one class being interchangeable by construction.  This
 * holds for any shape, and walls are simply decided before the walk
 * starts.  The walk keeps its choices on an explicit stack, one entry per
 * decided cell, so a 65,536-cell tray does not recurse 65,536 deep.  On
 * trays of at most 64 cells the taken cells are one word and each class's
 * cells at each anchor a precomputed mask, so a fit is one word operation;
 * a prefix that leaves some class with pieces to place past its last
 * anchor is taken back at once (it completes to no layout).
 *
 * Each layout is written straight into the key of the space that will
 * move it: the bitboard's spaced image (SPEC, appendix) when the bitboard
 * takes the pieces, else the general board's sorted lists of anchors per
 * class (board.c says where each list goes: sbi_board_key_plan).  Cells
 * are decided in increasing order, so each list comes out sorted as it is
 * written, with no sorting per layout.  Keys are interned in a flat
 * store, whose dense ids then number the layouts in enumeration order.
 * The caller checks the first layout's key against the one the space
 * builds itself, so the two encodings cannot drift apart silently.
 *
 * Invariant: a piece set's classes are distinct; their order is the order
 * in which the walk tries them, so it fixes every id.
 */
#include <stdlib.h>
#include <string.h>

#include "core/check.h"
#include "explore/explore.h"
#include "spaces/bitboard.h"

/* ---- piece sets -------------------------------------------------------- */

int sbi_pieces_class(sb_pieces *pc, const sb_block *b)
{
    for (int s = 0; s < pc->nclasses; s++)
        if (sb_block_same_class(pc->source, &pc->proto[s], b))
            return s;
    if (pc->nclasses == SB_MAX_CLASSES)
        return -1;
    sb_block proto = *b;
    proto.row = proto.col = 0;
    pc->proto[pc->nclasses] = proto;
    pc->count[pc->nclasses] = 0;
    return pc->nclasses++;
}

int sbi_pieces_find(const sb_pieces *pc, const sb_block *b)
{
    for (int s = 0; s < pc->nclasses; s++)
        if (sb_block_same_class(pc->source, &pc->proto[s], b))
            return s;
    return -1;
}

static uint32_t cells_of(const sb_puzzle *src, const sb_block *b);

uint32_t sbi_pieces_cells(const sb_pieces *pc, int s)
{
    return cells_of(pc->source, &pc->proto[s]);
}

/* Cells of a piece of class b covers (its box holds at least one). */
static uint32_t cells_of(const sb_puzzle *src, const sb_block *b)
{
    sb_block at = *b;
    at.row = 0;
    at.col = sb_block_anchor_offset(src, &at);
    uint32_t n = 0;
    for (int y = 0; y < b->height; y++)
        for (int x = 0; x < b->width; x++)
            n += sb_block_covers(src, &at, y, x);
    return n;
}

static bool is_wall(const sb_pieces *pc, int r, int c)
{
    const sb_puzzle *src = pc->source;
    return src && src->walls && src->walls[(size_t)r * (size_t)pc->cols + (size_t)c];
}

sb_status sbi_pieces_of(const sb_puzzle *p, sb_pieces *pc, sb_error *err)
{
    sb_status status = sb_puzzle_check(p, err);
    if (status != SB_OK)
        return status;
    memset(pc, 0, sizeof *pc);
    pc->rows = p->rows;
    pc->cols = p->cols;
    pc->source = p;
    for (size_t i = 0; i < p->nblocks; i++) {
        int s = sbi_pieces_class(pc, &p->blocks[i]);
        if (s < 0)
            return sbi_fail(err, SB_EINPUT, "layouts are enumerated for at most %d classes of "
                            "pieces (pieces differing in shape, axis or marking); this puzzle "
                            "has more", SB_MAX_CLASSES);
        pc->count[s]++;
    }
    uint64_t left = (uint64_t)p->rows * (uint64_t)p->cols;
    for (int r = 0; r < p->rows; r++)
        for (int c = 0; c < p->cols; c++)
            left -= is_wall(pc, r, c);
    for (int s = 0; s < pc->nclasses; s++)
        left -= (uint64_t)cells_of(p, &pc->proto[s]) * pc->count[s];
    pc->empties = (uint32_t)left;   /* checked: the pieces fit without overlap */
    return SB_OK;
}

size_t sbi_pieces_blocks(const sb_pieces *pc)
{
    size_t n = 0;
    for (int s = 0; s < pc->nclasses; s++)
        n += pc->count[s];
    return n;
}

bool sbi_pieces_bitboard(const sb_pieces *pc)
{
    if (!sb_bitboard_fits(pc->rows, pc->cols) || (2 * pc->rows - 1) * (2 * pc->cols - 1) > 64)
        return false;
    for (int r = 0; r < pc->rows; r++)
        for (int c = 0; c < pc->cols; c++)
            if (is_wall(pc, r, c))
                return false;
    for (int s = 0; s < pc->nclasses; s++) {
        const sb_block *b = &pc->proto[s];
        sb_block rect = { 0, 0, b->height, b->width, 0, 0, SB_AXIS_ANY, 0 };
        if (!sb_block_same_class(pc->source, b, &rect))
            return false;
    }
    return true;
}

/* ---- a piece set on its tray ------------------------------------------ */

/* Whether a piece of class a, reflected (f: 1 left-right, 2 top-bottom,
 * 3 both), covers exactly the cells of a piece of class b. */
static bool reflects_onto(const sb_puzzle *src, int f, const sb_block *a, const sb_block *b)
{
    if (a->height != b->height || a->width != b->width)
        return false;
    sb_block pa = *a, pb = *b;
    pa.row = pb.row = 0;
    pa.col = sb_block_anchor_offset(src, &pa);
    pb.col = sb_block_anchor_offset(src, &pb);
    for (int y = 0; y < a->height; y++)
        for (int x = 0; x < a->width; x++)
            if (sb_block_covers(src, &pa, y, x) !=
                sb_block_covers(src, &pb, f & 2 ? a->height - 1 - y : y,
                                f & 1 ? a->width - 1 - x : x))
                return false;
    return true;
}

/* The class a piece of class s becomes under reflection f: the same axis
 * (a reflection keeps rows rows and columns columns), the same group and
 * as many pieces, and the reflected cells; -1 when pc has none. */
static int mirror_of(const sb_pieces *pc, int f, int s)
{
    const sb_block *a = &pc->proto[s];
    for (int t = 0; t < pc->nclasses; t++) {
        const sb_block *b = &pc->proto[t];
        if (b->axis == a->axis && b->group == a->group && pc->count[t] == pc->count[s] &&
            reflects_onto(pc->source, f, a, b))
            return t;
    }
    return -1;
}

static bool walls_reflect(const sb_pieces *pc, int f)
{
    for (int r = 0; r < pc->rows; r++)
        for (int c = 0; c < pc->cols; c++)
            if (is_wall(pc, r, c) != is_wall(pc, f & 2 ? pc->rows - 1 - r : r,
                                             f & 1 ? pc->cols - 1 - c : c))
                return false;
    return true;
}

static bool on_tray(const sb_layouts *l, int s, uint32_t cell);

sb_status sbi_layouts_init(sb_layouts *l, const sb_pieces *pc, sb_meter *m)
{
    memset(l, 0, sizeof *l);
    l->pc = pc;
    l->meter = m;
    l->ncells = (uint32_t)pc->rows * (uint32_t)pc->cols;
    l->empty_at = -1;
    uint32_t total = 0;
    for (int s = 0; s < pc->nclasses; s++) {
        l->first_cell[s] = total;
        total += cells_of(pc->source, &pc->proto[s]);
    }
    l->first_cell[pc->nclasses] = total;
    l->offset = sbi_meter_calloc(m, (size_t)total + 1, sizeof *l->offset);
    if (l->ncells <= 64)
        l->reach = sbi_meter_calloc(m, (size_t)pc->nclasses * l->ncells + 1, sizeof *l->reach);
    else
        l->taken = sbi_meter_calloc(m, l->ncells, sizeof *l->taken);
    l->anchored = sbi_meter_calloc(m, l->ncells, sizeof *l->anchored);
    if (!l->offset || (!l->taken && !l->reach) || !l->anchored)
        return SB_ELIMIT;
    for (int s = 0; s < pc->nclasses; s++) {
        sb_block b = pc->proto[s];
        b.row = 0;
        l->left[s] = b.col = sb_block_anchor_offset(pc->source, &b);
        uint32_t k = l->first_cell[s];
        for (int y = 0; y < b.height; y++)
            for (int x = 0; x < b.width; x++)
                if (sb_block_covers(pc->source, &b, y, x))
                    l->offset[k++] = y * pc->cols + x - l->left[s];
    }
    /* Where each class may be anchored, and (on at most 64 cells) what
     * it covers there, as bits: a fit is then one word operation. */
    for (int s = 0; s < pc->nclasses; s++)
        for (uint32_t cell = 0; cell < l->ncells; cell++) {
            if (!on_tray(l, s, cell))
                continue;
            l->last_anchor[s] = cell;
            for (uint32_t k = l->first_cell[s]; l->reach && k < l->first_cell[s + 1]; k++)
                l->reach[(size_t)s * l->ncells + cell] |= 1ULL << ((int64_t)cell + l->offset[k]);
        }
    for (uint32_t cell = 0; l->reach && cell < l->ncells; cell++)
        l->walls |= (uint64_t)is_wall(pc, (int)(cell / (uint32_t)pc->cols),
                                      (int)(cell % (uint32_t)pc->cols)) << cell;
    for (int f = 1; f <= 3; f++) {
        bool ok = walls_reflect(pc, f);
        for (int s = 0; s < pc->nclasses; s++) {
            l->mirror[f - 1][s] = (int8_t)mirror_of(pc, f, s);
            ok &= l->mirror[f - 1][s] >= 0 || pc->count[s] == 0;
        }
        l->reflects[f - 1] = ok;
    }
    return SB_OK;
}

void sbi_layouts_free(sb_layouts *l)
{
    sb_meter *m = l->meter;
    if (m) {
        sbi_meter_free(m, l->offset, ((size_t)l->first_cell[l->pc->nclasses] + 1) *
                                        sizeof *l->offset);
        sbi_meter_free(m, l->taken, l->ncells * sizeof *l->taken);
        sbi_meter_free(m, l->reach, ((size_t)l->pc->nclasses * l->ncells + 1) * sizeof *l->reach);
        sbi_meter_free(m, l->anchored, l->ncells * sizeof *l->anchored);
        if (l->list_key)
            sbi_meter_free(m, l->list_key, l->space->key_size + sizeof *l->list_key);
    }
    memset(l, 0, sizeof *l);
}

/* Whether a piece of class s anchored at cell stays on the tray. */
static bool on_tray(const sb_layouts *l, int s, uint32_t cell)
{
    const sb_pieces *pc = l->pc;
    const sb_block *b = &pc->proto[s];
    int r = (int)(cell / (uint32_t)pc->cols), left = (int)(cell % (uint32_t)pc->cols) - l->left[s];
    if (pc->pinned >> s & 1) {   /* a pinned class keeps to its rows or columns */
        int at = b->axis == SB_AXIS_COL ? left : r;
        if (at < pc->pin_first[s] || at > pc->pin_last[s])
            return false;
    }
    return r + b->height <= pc->rows && left >= 0 && left + b->width <= pc->cols;
}

/* Whether cell is taken (a wall or a piece), and making it so. */
static inline bool is_taken(const sb_layouts *l, uint32_t cell)
{
    return l->reach ? l->busy >> cell & 1 : l->taken[cell];
}

static inline void set_taken(sb_layouts *l, uint32_t cell, bool taken)
{
    if (l->reach)
        l->busy = (l->busy & ~(1ULL << cell)) | (uint64_t)taken << cell;
    else
        l->taken[cell] = taken;
}

/* Whether a piece of class s fits anchored at cell: on the tray, and on
 * cells neither walls nor other pieces take. */
static inline bool fits(const sb_layouts *l, int s, uint32_t cell)
{
    if (l->reach) {
        uint64_t cells = l->reach[(size_t)s * l->ncells + cell];
        return cells && !(cells & l->busy);
    }
    if (!on_tray(l, s, cell))
        return false;
    for (uint32_t k = l->first_cell[s]; k < l->first_cell[s + 1]; k++)
        if (l->taken[(int64_t)cell + l->offset[k]])
            return false;
    return true;
}

static inline void cover(sb_layouts *l, int s, uint32_t cell, bool taken)
{
    if (l->reach) {
        uint64_t cells = l->reach[(size_t)s * l->ncells + cell];
        l->busy = taken ? l->busy | cells : l->busy & ~cells;
        return;
    }
    for (uint32_t k = l->first_cell[s]; k < l->first_cell[s + 1]; k++)
        l->taken[(int64_t)cell + l->offset[k]] = taken;
}

/* Leaves only the walls taken. */
static void clear_tray(sb_layouts *l)
{
    const sb_pieces *pc = l->pc;
    l->busy = l->walls;
    for (uint32_t cell = 0; !l->reach && cell < l->ncells; cell++)
        l->taken[cell] = is_wall(pc, (int)(cell / (uint32_t)pc->cols),
                                 (int)(cell % (uint32_t)pc->cols));
}

/* ---- keys -------------------------------------------------------------- */

static int cell_bit(int width, uint32_t cell, int cols)
{
    return 2 * (int)(cell / (uint32_t)cols) * width + 2 * (int)(cell % (uint32_t)cols);
}

/* The image of an h x w block with its upper-left cell at bit 0: cells
 * and the gaps between them, so that touching blocks overlap in it. */
static uint64_t image_pattern(int width, int h, int w)
{
    uint64_t m = 0;
    for (int y = 0; y < 2 * h - 1; y++)
        for (int x = 0; x < 2 * w - 1; x++)
            m |= 1ULL << (y * width + x);
    return m;
}

enum { EMPTIES = SB_MAX_CLASSES };   /* fill[EMPTIES] counts the empty cells written */

/* The key's share of a piece of class s anchored at cell, written (put)
 * or taken back; cells come in increasing order, so lists stay sorted. */
static void put_piece(sb_layouts *l, int s, uint32_t cell)
{
    if (l->image)
        l->image_key |= l->pattern[s] << l->image_bit[cell];
    else if (l->list_key && l->list_at[s] >= 0)
        l->list_key[l->list_at[s] + (int32_t)l->fill[s]++] = (uint16_t)cell;
}

static void take_piece(sb_layouts *l, int s, uint32_t cell)
{
    if (l->image)
        l->image_key &= ~(l->pattern[s] << l->image_bit[cell]);
    else if (l->list_key && l->list_at[s] >= 0)
        l->fill[s]--;
}

static void put_empty(sb_layouts *l, uint32_t cell)
{
    if (l->list_key && l->empty_at >= 0)
        l->list_key[l->empty_at + (int32_t)l->fill[EMPTIES]++] = (uint16_t)cell;
}

static void take_empty(sb_layouts *l)
{
    if (l->list_key && l->empty_at >= 0)
        l->fill[EMPTIES]--;
}

static const void *key_now(const sb_layouts *l)
{
    return l->image ? (const void *)&l->image_key : (const void *)l->list_key;
}

sb_status sbi_layouts_bind(sb_layouts *l, const sb_space *sp, bool image)
{
    const sb_pieces *pc = l->pc;
    l->space = sp;
    l->image = image;
    if (image) {
        l->width = 2 * pc->cols - 1;
        for (int s = 0; s < pc->nclasses; s++)
            l->pattern[s] = image_pattern(l->width, pc->proto[s].height, pc->proto[s].width);
        for (uint32_t cell = 0; cell < l->ncells; cell++)
            l->image_bit[cell] = (uint8_t)cell_bit(l->width, cell, pc->cols);
        return SB_OK;
    }
    size_t nplan = (size_t)sp->cat->nclasses + 1;
    int32_t *plan = sbi_meter_calloc(l->meter, nplan, sizeof *plan);
    l->list_key = sbi_meter_calloc(l->meter, sp->key_size + sizeof *l->list_key, 1);
    if (!plan || !l->list_key) {
        sbi_meter_free(l->meter, plan, nplan * sizeof *plan);
        return SB_ELIMIT;
    }
    sbi_board_key_plan(sp, plan, &l->empty_at);
    /* The board numbers classes its own way (catalog order); a class with
     * no pieces has no list at all. */
    for (int s = 0; s < pc->nclasses; s++) {
        int c = sbi_catalog_class(sp->cat, &pc->proto[s]);
        l->list_at[s] = c >= 0 ? plan[c] : -1;
    }
    sbi_meter_free(l->meter, plan, nplan * sizeof *plan);
    return SB_OK;
}

const void *sbi_layouts_key(sb_layouts *l, const sb_block *b, size_t n)
{
    const sb_pieces *pc = l->pc;
    clear_tray(l);
    memset(l->anchored, 0, l->ncells);
    for (size_t i = 0; i < n; i++) {
        int s = sbi_pieces_find(pc, &b[i]);
        if (s < 0 || b[i].row < 0 || b[i].col < 0 || b[i].row >= pc->rows ||
            b[i].col >= pc->cols)
            return NULL;
        uint32_t cell = (uint32_t)b[i].row * (uint32_t)pc->cols + (uint32_t)b[i].col;
        if (!on_tray(l, s, cell))
            return NULL;
        l->anchored[cell] = (uint8_t)(s + 1);
        cover(l, s, cell, 1);
    }
    /* The walk's own order, cell by cell, so lists come out sorted. */
    l->image_key = 0;
    memset(l->fill, 0, sizeof l->fill);
    for (uint32_t cell = 0; cell < l->ncells; cell++)
        if (l->anchored[cell])
            put_piece(l, l->anchored[cell] - 1, cell);
        else if (!is_taken(l, cell))
            put_empty(l, cell);
    return key_now(l);
}

/* ---- the walk ---------------------------------------------------------- */

/* A decided cell: left empty (cls -1) or the anchor of a piece of cls. */
typedef struct choice {
    uint32_t cell;
    int cls;
    uint64_t rank, state;          /* with ranks: the prefix's before this choice */
} choice;

static inline uint32_t next_undecided(const sb_layouts *l, uint32_t cell)
{
    if (l->reach) {
        uint64_t open = cell < 64 ? ~l->busy & ~0ULL << cell : 0;
        return open ? (uint32_t)sbi_ctz64(open) < l->ncells ? (uint32_t)sbi_ctz64(open) : l->ncells
                    : l->ncells;
    }
    while (cell < l->ncells && l->taken[cell])
        cell++;
    return cell;
}

/* Whether some class still to place has its last anchor before cell,
 * the first undecided one: no layout completes the prefix then (the walk
 * would find that out only cells later, for every way of going on). */
static inline bool stranded(const sb_layouts *l, const uint32_t *left, uint32_t cell)
{
    for (int s = 0; s < l->pc->nclasses; s++)
        if (left[s] && l->last_anchor[s] < cell)
            return true;
    return false;
}

/* Once every piece is placed, the cells still undecided are the empty
 * ones left: writes them into a key that lists empty cells, and returns
 * how many it wrote (for take-back). */
static uint32_t put_rest(sb_layouts *l, uint32_t at)
{
    uint32_t n = 0;
    if (!l->list_key || l->empty_at < 0)
        return 0;
    for (; at < l->ncells; at++)
        if (!is_taken(l, at)) {
            put_empty(l, at);
            n++;
        }
    return n;
}

/* The blocks of the layout the stack holds. */
static void record(const sb_layouts *l, const choice *stack, size_t depth, sb_block *out)
{
    const sb_pieces *pc = l->pc;
    size_t n = 0;
    for (size_t i = 0; i < depth; i++) {
        if (stack[i].cls < 0)
            continue;
        out[n] = pc->proto[stack[i].cls];
        out[n].row = (int)(stack[i].cell / (uint32_t)pc->cols);
        out[n].col = (int)(stack[i].cell % (uint32_t)pc->cols);
        n++;
    }
}

/* Whether bits lo .. lo + n - 1 of seen are all set; false, without
 * looking, for a range wider than a few words (a short prefix, which is
 * cheaper to walk than to check). */
static inline bool all_seen(const uint64_t *seen, uint64_t lo, uint64_t n)
{
    if (n > 256)
        return false;
    uint64_t shift = lo & 63;
    if (shift + n <= 64) {   /* one word: most prefixes near a layout's end */
        uint64_t want = (n == 64 ? ~0ULL : (1ULL << n) - 1) << shift;
        return (seen[lo >> 6] & want) == want;
    }
    for (uint64_t at = lo, end = lo + n; at < end;) {
        uint64_t word = seen[at >> 6], from = at & 63;
        uint64_t upto = end - (at - from) < 64 ? end - (at - from) : 64;
        uint64_t want = (upto == 64 ? ~0ULL : (1ULL << upto) - 1) & ~((1ULL << from) - 1);
        if ((word & want) != want)
            return false;
        at += upto - from;
    }
    return true;
}

/* Walks every layout in enumeration order: hands each one's key to
 * visit or, with visit NULL, writes the first into first and stops.
 * SB_ELIMIT when visit or the meter refused (its hit says why: states,
 * bytes, the deadline). */
static sb_status walk(sb_layouts *l, sb_layout_fn visit, void *ctx, sb_block *first, bool *found)
{
    const sb_pieces *pc = l->pc;
    sb_meter *m = l->meter;
    choice *stack = sbi_meter_calloc(m, (size_t)l->ncells + 1, sizeof *stack);
    if (!stack)
        return SB_ELIMIT;
    uint32_t left[SB_MAX_CLASSES], empties = pc->empties;
    size_t pieces = sbi_pieces_blocks(pc);   /* still to place */
    memcpy(left, pc->count, sizeof left);
    clear_tray(l);
    l->image_key = 0;
    memset(l->fill, 0, sizeof l->fill);
    *found = false;
    size_t depth = 0;
    uint64_t state = l->ranks ? l->ranks->full : 0;   /* the tokens left, with ranks */
    l->rank = 0;
    uint32_t at = next_undecided(l, 0);
    int next = -1;                 /* the first choice still to try at `at` */
    sb_status status = SB_OK;
    for (uint64_t steps = 1;; steps++) {
        /* The deadline holds inside the walk (a piece set can have
         * billions of layouts, or none after long search); every 64th
         * step is a tick, so the clock is read every 1,024 steps. */
        if ((steps & 63) == 0 && sbi_meter_tick(m, 0) != SB_OK) {
            status = SB_ELIMIT;
            break;
        }
        int cls = next;
        /* A layout once every piece is placed: the rest is empty, and is
         * not walked cell by cell (one piece on a large tray would cost
         * cells squared). */
        if (at == l->ncells || (pieces == 0 && next < 0)) {
            *found = true;
            if (!visit) {
                record(l, stack, depth, first);
                break;
            }
            uint32_t rest = put_rest(l, at);
            bool go_on = visit(ctx, key_now(l));
            l->fill[EMPTIES] -= rest;
            if (!go_on) {
                status = SB_ELIMIT;
                break;
            }
            cls = pc->nclasses;    /* nothing more to try here: back up */
        } else if (cls < 0 && !empties) {
            cls = 0;
        }
        if (cls < 0) {
            empties--;
            set_taken(l, at, true);
            put_empty(l, at);
        } else {
            while (cls < pc->nclasses && (!left[cls] || !fits(l, cls, at)))
                cls++;
            if (cls < pc->nclasses) {
                left[cls]--;
                pieces--;
                cover(l, cls, at, 1);
                put_piece(l, cls, at);
            }
        }
        if (cls < pc->nclasses) {  /* decided: on to the next cell */
            stack[depth++] = (choice){ at, cls, l->rank, state };
            bool skip = false;
            if (l->ranks) {        /* the token: 0 empty, else 1 + class */
                const sb_rank_tables *t = l->ranks;
                l->rank += t->before[state + (uint64_t)(cls + 1)];
                state -= t->stride[cls + 1];
                skip = t->seen && all_seen(t->seen, l->rank, t->before[state + t->words_at]);
            }
            uint32_t on = next_undecided(l, at + 1);
            if (!skip && !stranded(l, left, on)) {
                at = on;
                next = -1;
                continue;
            }
            /* Every word this prefix leads to is marked seen already (the
             * census has walked their components), or it leads to none:
             * take the decision back at once, as if nothing could follow
             * it. */
        }
        /* Nothing (more) fits here: undo the last decision, try its next. */
        if (depth == 0)
            break;
        choice c = stack[--depth];
        l->rank = c.rank;
        state = c.state;
        if (c.cls < 0) {
            empties++;
            set_taken(l, c.cell, false);
            take_empty(l);
        } else {
            left[c.cls]++;
            pieces++;
            cover(l, c.cls, c.cell, 0);
            take_piece(l, c.cls, c.cell);
        }
        at = c.cell;
        next = c.cls + 1;
    }
    sbi_meter_free(m, stack, ((size_t)l->ncells + 1) * sizeof *stack);
    return status;
}

sb_status sbi_layouts_first(sb_layouts *l, sb_block *first, bool *found)
{
    return walk(l, NULL, NULL, first, found);
}

sb_status sbi_layouts_each(sb_layouts *l, sb_layout_fn visit, void *ctx)
{
    bool found;
    return walk(l, visit, ctx, NULL, &found);
}

/* Interns one layout in the store (ctx): the enumeration's visitor. */
typedef struct interning {
    sb_layouts *l;
    sb_store *st;
} interning;

static bool intern_layout(void *ctx, const void *key)
{
    interning *in = ctx;
    uint32_t id;
    bool fresh;
    const sb_space *sp = in->l->space;
    if (in->st->ops->intern(in->st, key, sp->ops->hash(sp, key), SB_NO_NODE, &id, &fresh) !=
        SB_OK)
        return false;
    /* The walk gives every layout once (top), so each key is new and its
     * id the next: ids number layouts in enumeration order. */
    SB_ASSERT(fresh && id == in->st->count - 1);
    in->l->meter->stored = in->l->meter->done = in->st->count;
    return true;
}

sb_status sbi_layouts_enumerate(sb_layouts *l, sb_store **store)
{
    *store = NULL;
    /* A board key can be empty: 1x1 blocks on every cell that is not a
     * wall leave the board nothing to list, and one layout.  The store
     * holds such keys as one zero byte (list_key has it, zeroed). */
    size_t key_size = l->space->key_size ? l->space->key_size : 1;
    sb_status status = sbi_store_flat_new(key_size, l->meter, store);
    if (status != SB_OK) {
        l->meter->hit = SB_LIMIT_MEMORY;
        return SB_ELIMIT;
    }
    interning in = { l, *store };
    status = sbi_layouts_each(l, intern_layout, &in);
    l->meter->stored = (*store)->count;
    if (status != SB_OK) {
        (*store)->ops->free(*store);
        *store = NULL;
    }
    return status;
}

size_t sbi_layout_twin(sb_layouts *l, sb_scratch *w, const sb_store *st, const uint32_t *comp,
                       uint32_t id, sb_block *blocks)
{
    /* Reflections that map the piece set and the walls onto themselves
     * map layouts to layouts and keep distances, so mirror-image
     * components share a diameter. */
    const sb_space *sp = l->space;
    const sb_pieces *pc = l->pc;
    size_t n = sp->cat->nblocks, twin = comp[id];
    for (int f = 1; f <= 3; f++) {
        if (!l->reflects[f - 1])
            continue;
        sp->ops->decode(sp, w, st->ops->key(st, id), blocks);
        bool mapped = true;
        for (size_t i = 0; i < n && mapped; i++) {
            int s = sbi_pieces_find(pc, &blocks[i]);
            mapped = s >= 0;
            if (!mapped)
                break;
            int t = l->mirror[f - 1][s], top = blocks[i].row;
            int box = blocks[i].col - l->left[s];
            if (f & 1)
                box = pc->cols - box - blocks[i].width;
            if (f & 2)
                top = pc->rows - top - blocks[i].height;
            blocks[i] = pc->proto[t];
            blocks[i].row = top;
            blocks[i].col = box + l->left[t];
        }
        const void *key = mapped ? sbi_layouts_key(l, blocks, n) : NULL;
        if (!key)
            continue;
        uint32_t mid = st->ops->find(st, key, sp->ops->hash(sp, key));
        if (mid != SB_NO_NODE && comp[mid] < twin)
            twin = comp[mid];
    }
    return twin;
}
