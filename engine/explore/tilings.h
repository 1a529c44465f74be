/*
 * tilings.h - the fills of a tray (with walls) by pieces of any shape and
 * holes: counted, and grouped into piece sets.  Internal to the engine
 * (census.c's every-piece-set census is its user; tilings.c says how).
 *
 * A fill decides every open cell: each is a hole or a cell of a piece, a
 * piece being any 4-connected set of cells (pieces do not turn: a shape
 * is the set as it lies, up to translation).  A piece set is a fill's
 * multiset of shapes with its number of holes.
 */
#ifndef SB_TILINGS_H
#define SB_TILINGS_H

#include "explore/explore.h"
#include "stores/table.h"

/* The largest tray a tiling takes: undecided cells are a 64-bit mask, and
 * the counting's memo keys pack one beside two small counts. */
enum { SB_TILING_MAX_CELLS = 48 };

/* What bounds the fills (zero: no bound). */
typedef struct sb_tiling_bounds {
    uint32_t piece_cells;        /* cells per piece, at most */
    uint32_t min_pieces, max_pieces; /* pieces per fill (max 0: any) */
    uint32_t min_holes;          /* holes per fill, at least */
} sb_tiling_bounds;

/* A connected set of cells anchored at a cell (see sb_tilings.first). */
typedef struct sb_placement {
    uint64_t mask;               /* its cells */
    uint32_t end;                /* one past the last entry of its subtree */
    uint32_t shape;              /* its shape (an index into sb_tilings.shapes) */
} sb_placement;

/* A tray's connected sets of cells (every placement of every shape) and,
 * once listed, its piece sets. */
typedef struct sb_tilings {
    int rows, cols;
    uint32_t open;               /* cells that are not walls */
    uint64_t open_mask;          /* bit r * cols + c: the cell is open */
    sb_tiling_bounds bounds;
    sb_meter *meter;             /* allocates everything below (not owned) */
    uint64_t neighbours[SB_TILING_MAX_CELLS]; /* each cell's open neighbours */
    /* The placements: for anchor cell a (a set's first cell in reading
     * order), entries first[a] .. first[a + 1] - 1, in the preorder of
     * the tree that grows each set from its parent by cells after a, so
     * that a set's supersets among them are end[i] - i - 1 entries
     * right after it (skipped at once when it does not fit). */
    uint32_t first[SB_TILING_MAX_CELLS + 1];
    size_t nplaced, placed_cap;
    sb_placement *placed;
    /* The shapes, ordered by cells, then box height and width, then
     * cells in reading order (an earlier cell set first). */
    size_t nshapes;
    sb_shape *shapes;            /* cells from the meter */
    uint32_t *shape_cells;       /* nshapes: cells of each */
    uint32_t *transposed;        /* on a square tray with walls alike across its diagonal,
                                    nshapes: each shape's transpose; NULL otherwise */
    sb_puzzle source;            /* the tray, its walls (a copy) and shapes: what a
                                    piece set's sb_pieces refers to */
    /* The piece sets (sbi_tilings_list): set i's shapes, ascending, are
     * set_shapes[set_first[i] .. set_first[i + 1]), one entry a piece. */
    size_t nsets;
    uint32_t *set_first;         /* nsets + 1 */
    uint32_t *set_shapes;
    uint64_t *set_fills;         /* nsets: the fills with that piece set */
    size_t set_shapes_len;       /* entries of set_shapes */
    uint64_t fills;              /* every fill within bounds */
} sb_tilings;

/* Makes t's placements and shapes for a rows x cols tray with walls
 * (NULL: none) under bounds, allocating through m.  SB_OK; SB_EINPUT for
 * a tray of more than SB_TILING_MAX_CELLS cells; SB_ELIMIT (m's hit says
 * why).  sbi_tilings_free it either way. */
sb_status sbi_tilings_init(sb_tilings *t, int rows, int cols, const uint8_t *walls,
                           const sb_tiling_bounds *bounds, sb_meter *m, sb_error *err);
void sbi_tilings_free(sb_tilings *t);

/* The fills within t's bounds, with memoisation over the undecided
 * cells: *fills in all, and by_pieces[k] (open + 1 entries, or NULL)
 * those of k pieces.  SB_OK or SB_ELIMIT (err says why). */
sb_status sbi_tilings_count(const sb_tilings *t, uint64_t *fills, uint64_t *by_pieces,
                            sb_error *err);

/* Lists t's piece sets (fills within bounds, grouped) into t's set_
 * arrays, ordered by number of pieces, then by their shapes as ascending
 * lists compared in lexicographic order; set_fills and fills count the
 * fills.  SB_OK or SB_ELIMIT (err says why, and how many sets were
 * listed: "..., after listing N piece sets (not all: ...)"). */
sb_status sbi_tilings_list(sb_tilings *t, sb_error *err);

/* Pieces of set i, and its holes. */
uint32_t sbi_tilings_pieces(const sb_tilings *t, size_t i);
uint32_t sbi_tilings_holes(const sb_tilings *t, size_t i);

/* Set i as a piece set: one class per distinct shape (in shape order, no
 * marks, sliding both ways; a full rectangle as a plain block, any other
 * shape naming t->source's), on t->source. */
void sbi_tilings_set(const sb_tilings *t, size_t i, sb_pieces *pc);

/* A block of shape s anchored at row, col (as sbi_tilings_set's classes). */
sb_block sbi_tilings_block(const sb_tilings *t, uint32_t s, int row, int col);

#endif
