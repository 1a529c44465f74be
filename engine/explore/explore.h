/*
 * explore.h - what the explore files share.  Internal to the engine.
 *
 *   reach.c        the space reachable from one layout (sb_explore)
 *   layouts.c      a piece set, and every layout of it as a key of the space
 *                  that moves it (bitboard or general board) in a flat store
 *   orbits.c       layouts that relabelling marked pieces maps onto each
 *                  other: one eccentricity each
 *   walk.c/.h      the component walker: everything reachable from a seed,
 *                  each node marked once (graph.c, ranked.c, lines.c use it)
 *   graph.c        those layouts linked by moves: components and exact
 *                  diameters
 *   ranked.c       the same components with no table of layouts: perfect
 *                  ranks and a bitmap (plain rectangles on the bitboard)
 *   components.c   the two put together for one piece set (sb_components,
 *                  and sbi_map_pieces below)
 *   census.c       the census: every member of an alphabet of pieces, mapped
 *                  one per thread (sb_census); the family is one alphabet
 *   lines.c        a member whose pieces all slide along one axis, by
 *                  skeletons (the classes on each line, which moves keep)
 *   distances.c    everything INIT reaches, with each configuration's
 *                  distance to the goal (sb_distances)
 *   corner.c       the corner-to-corner goal's hardest start of one piece
 *                  set, by a walk of its own (corner.h: its seam)
 *   tilings.c      every fill of a tray by pieces of any shape and holes:
 *                  counted, or grouped into piece sets (tilings.h)
 *   piecesets.c    the census of every piece set (sb_census_piecesets)
 *   ranked_walk.c  sb_explore's two-bit walk, and its numbering of
 *                  numbered tiles; ranked_blocks.c numbers block puzzles
 *                  for it by the layout rank (ranking.h, ranking.c, which
 *                  ranked.c shares)
 *
 * Invariant shared by all of them: a layout's id is its position in
 * enumeration order, and the store of layouts never grows after
 * enumeration (every move leads from a layout to a layout).
 */
#ifndef SB_EXPLORE_H
#define SB_EXPLORE_H

#include "slide_map.h"
#include "spaces/space.h"
#include "stores/store.h"

/* ---- layouts.c: piece sets and their layouts ---- */

enum { SB_MAX_CLASSES = 64 };

/* A piece set on a tray: what to enumerate.  A class is what makes pieces
 * interchangeable (slide.h: the same cells, axis and group); classes are
 * distinct and in the order they were added, which fixes the enumeration
 * order.  Walls and the shapes that protos name are the source puzzle's. */
typedef struct sb_pieces {
    int rows, cols;
    const sb_puzzle *source;         /* shapes and walls (not owned) */
    int nclasses;
    sb_block proto[SB_MAX_CLASSES];  /* a piece of each class, anchored at 0 0 */
    uint32_t count[SB_MAX_CLASSES];  /* pieces of each class */
    uint32_t empties;                /* cells left empty in every layout (not walls) */
    uint64_t pinned;                 /* bit s: class s is anchored only on the rows
                                        (axis row) or columns (axis col) below */
    int16_t pin_first[SB_MAX_CLASSES], pin_last[SB_MAX_CLASSES];
} sb_pieces;

/* Checks p (sb_puzzle_check) and writes its piece set into *pc, which
 * refers to p's shapes and walls: p must outlive it.  SB_EINPUT with a
 * message when p is invalid or has more than SB_MAX_CLASSES classes. */
sb_status sbi_pieces_of(const sb_puzzle *p, sb_pieces *pc, sb_error *err);

/* The index of b's class in pc (b's place is ignored), added with a count
 * of 0 when missing; -1 when it is missing and pc is full. */
int sbi_pieces_class(sb_pieces *pc, const sb_block *b);

/* The index of b's class in pc, or -1. */
int sbi_pieces_find(const sb_pieces *pc, const sb_block *b);

/* The cells a piece of class s of pc covers. */
uint32_t sbi_pieces_cells(const sb_pieces *pc, int s);

/* How many pieces a layout of pc has. */
size_t sbi_pieces_blocks(const sb_pieces *pc);

/* Whether the bitboard takes pc: plain rectangles (group 0, both ways)
 * on a tray without walls whose spaced image fits one 64-bit word. */
bool sbi_pieces_bitboard(const sb_pieces *pc);

/* The tables that rank a piece set's layouts (ranked.c says how): the
 * walk keeps the rank of the layout it is at when given them.  A state
 * (the tokens left to place) is a row offset into before. */
typedef struct sb_rank_tables {
    const uint64_t *before;          /* at state + token: the words before it */
    uint64_t stride[SB_MAX_CLASSES + 1]; /* what placing each token takes off a state */
    uint64_t full;                   /* the state with every token left */
    uint64_t words_at;               /* before[state + words_at]: the words that finish
                                        a prefix in that state */
    const uint64_t *seen;            /* NULL, or one bit per rank: the walk skips a
                                        prefix all of whose words are set (layouts
                                        already dealt with) */
} sb_rank_tables;

/* A piece set on its tray, ready to enumerate its layouts and to write
 * any layout as a key of the space that moves them.  Keys are the space's
 * own: the bitboard's spaced image, or the general board's sorted lists of
 * anchors (and of empty cells) per class.  One worker's: the key being
 * written lives here. */
typedef struct sb_layouts {
    const sb_pieces *pc;
    sb_meter *meter;                 /* allocates everything below (not owned) */
    uint32_t ncells;
    int left[SB_MAX_CLASSES];        /* each class's anchor column within its box */
    uint32_t first_cell[SB_MAX_CLASSES + 1]; /* class s's cells: offset[first_cell[s]..] */
    int32_t *offset;                 /* cells as tray offsets from the anchor */
    int8_t mirror[3][SB_MAX_CLASSES];/* per reflection (left-right, top-bottom, both): the
                                        class each class becomes; -1: none of pc's */
    bool reflects[3];                /* the reflection maps every layout to a layout */
    uint8_t *taken;                  /* per cell: a wall or a piece (ncells) ... */
    uint64_t *reach;                 /* ... or, on at most 64 cells, NULL: per class and
                                        anchor cell, the cells a piece covers, 0 off the
                                        tray (class * ncells + cell) */
    uint64_t busy, walls;            /* with reach: the cells taken, and the walls */
    uint32_t last_anchor[SB_MAX_CLASSES]; /* each class's last anchor on the tray */
    uint8_t *anchored;               /* per cell: 1 + class anchored there (ncells) */
    /* Bound to a space (sbi_layouts_bind): */
    const sb_space *space;
    bool image;                      /* the bitboard's image, else the board's lists */
    int width;                       /* image width, 2 * cols - 1 */
    uint64_t pattern[SB_MAX_CLASSES];/* image: each class at bit 0 */
    uint8_t image_bit[64];           /* image: each cell's bit (an image has at most 32) */
    int32_t list_at[SB_MAX_CLASSES]; /* board: where class s's anchors go, -1: not listed */
    int32_t empty_at;                /* board: where the empty cells go, -1: not listed */
    uint32_t fill[SB_MAX_CLASSES + 1]; /* board: entries written per list (the last: empties) */
    uint64_t image_key;              /* image: the layout being written */
    const sb_rank_tables *ranks;     /* NULL, or rank layouts (into rank) as they come */
    uint64_t rank;                   /* with ranks: the layout's, while visited */
    uint16_t *list_key;              /* board: the layout being written */
} sb_layouts;

/* Lays pc out on its tray for enumeration, allocating through m.  SB_OK
 * or SB_ELIMIT (m->hit says why).  sbi_layouts_free it either way. */
sb_status sbi_layouts_init(sb_layouts *l, const sb_pieces *pc, sb_meter *m);
void sbi_layouts_free(sb_layouts *l);

/* Writes the first layout in enumeration order into first (room for
 * sbi_pieces_blocks + 1); *found is false when the pieces do not fit at
 * all.  SB_ELIMIT at the deadline. */
sb_status sbi_layouts_first(sb_layouts *l, sb_block *first, bool *found);

/* Makes l write sp's keys: sp moves a layout of l's pieces (built from
 * the first), as the bitboard when image, else as the general board.
 * SB_OK or SB_ELIMIT. */
sb_status sbi_layouts_bind(sb_layouts *l, const sb_space *sp, bool image);

/* Hands the key of every layout (valid during the call) to visit, in
 * enumeration order; l must be bound.  visit returns false to stop, with
 * l's meter's hit saying why: SB_ELIMIT then, also when the meter
 * stopped the walk (the deadline). */
typedef bool (*sb_layout_fn)(void *ctx, const void *key);
sb_status sbi_layouts_each(sb_layouts *l, sb_layout_fn visit, void *ctx);

/* Stores every layout in a new flat store of the bound space's keys,
 * allocating through l's meter (whose states limit bounds the layouts),
 * ids in enumeration order.  On SB_OK the caller owns *store.  SB_ELIMIT
 * when the meter refused (its hit says why); *store is then NULL. */
sb_status sbi_layouts_enumerate(sb_layouts *l, sb_store **store);

/* The key (valid until l writes the next) of n pieces, in any order, that
 * form a layout of l's piece set; NULL when one of them is of no class of
 * it. */
const void *sbi_layouts_key(sb_layouts *l, const sb_block *b, size_t n);

/* The lowest component index among the mirror images (left-right,
 * top-bottom, both) of layout id's component, its own included; a
 * reflection counts only when it maps the piece set and the walls onto
 * themselves.  comp maps a layout id to its component; w is a scratch of
 * l's space, which decodes st's keys; blocks has room for a layout. */
size_t sbi_layout_twin(sb_layouts *l, sb_scratch *w, const sb_store *st, const uint32_t *comp,
                       uint32_t id, sb_block *blocks);

/* ---- orbits.c: layouts alike but for their marks ---- */

/* Sets *orbit (n = st's count entries, through l's meter; the caller
 * frees it) to name each layout's orbit under relabelling marked pieces
 * that are otherwise alike, by its lowest layout id; layouts of one orbit
 * have one eccentricity.  *orbit is NULL when the piece set has no such
 * pieces.  l must be bound; w is a scratch of its space.  SB_OK or
 * SB_ELIMIT (the meter's hit says why). */
sb_status sbi_layout_orbits(sb_layouts *l, sb_scratch *w, const sb_store *st, uint32_t **orbit);

/* ---- graph.c: the layouts as a graph ---- */

/* A search-ready graph of all layouts: compressed adjacency lists. */
typedef struct sb_graph {
    uint32_t n;                  /* nodes: layout ids 0..n-1 */
    size_t *start;               /* n + 1 offsets into adj */
    uint32_t *adj;               /* start[n] neighbour ids */
    size_t adj_cap;              /* room in adj */
    sb_meter *meter;             /* allocates both (not owned) */
} sb_graph;

/* Links every layout in st with one expand() of sp each (looking the
 * children up: st does not grow), allocating through st's meter.
 * SB_ELIMIT when the meter refused (err names the limit); SB_EINPUT (an
 * internal error) when a move leads outside st.  The caller frees *g with
 * sbi_graph_free, also on failure. */
sb_status sbi_graph_build(const sb_space *sp, sb_scratch *scratch, const sb_store *st,
                          sb_graph *g, sb_error *err);
void sbi_graph_free(sb_graph *g);

/* BFS scratch shared by every sweep over one graph. */
typedef struct sb_sweep {
    int32_t *dist;               /* -1 outside a sweep */
    uint32_t *queue;             /* a sweep's visit order, by distance */
    uint32_t *order;             /* candidates for the diameter */
    uint32_t *lo, *hi;           /* bounds on each node's eccentricity */
    sb_graph local;              /* the component being measured */
    uint32_t *map;               /* graph id -> local id */
    const uint32_t *orbit;       /* graph id -> orbit (NULL: none known): nodes of one
                                    orbit have one eccentricity (sbi_layout_orbits) */
    uint64_t *peers;             /* with orbit: local nodes by orbit, orbit << 32 | id */
    uint32_t *peer_at;           /* ... and each local node's index there */
    uint32_t runs;               /* sweeps so far */
    size_t n;                    /* the graph's nodes: the arrays' length */
    sb_meter *meter;             /* the graph's: allocates, holds the deadline */
    bool stopped;                /* a sweep was stopped by the meter */
} sb_sweep;

/* Makes w ready for sweeps over g (sbi_graph_bfs); with diameters, to
 * measure them too (sbi_graph_diameter), settling a whole orbit with each
 * sweep when orbit is not NULL (it must outlive w).  false when g's meter
 * refused.  sbi_sweep_free(w) either way. */
bool sbi_sweep_init(sb_sweep *w, const sb_graph *g, bool diameters, const uint32_t *orbit);
void sbi_sweep_free(sb_sweep *w);

/* The components of a graph, in order of their lowest node id. */
typedef struct sb_parts {
    uint32_t *of;                /* node id -> component index */
    size_t n;                    /* components */
    sb_component *list;          /* their sizes (diameters left 0) */
    uint32_t *first;             /* each one's lowest node id */
    size_t list_cap, first_cap;  /* room in list and first */
    uint32_t nodes;              /* entries in of */
    sb_meter *meter;             /* the graph's */
} sb_parts;

/* Splits g into *parts (zeroed first; sbi_parts_free it, also on failure)
 * with the component walker.  false when the meter refused (memory, or
 * the deadline). */
bool sbi_graph_split(const sb_graph *g, sb_parts *parts);
void sbi_parts_free(sb_parts *parts);

/* Breadth-first search from every node of src (nsrc of them; one listed
 * twice counts once) at once: w->dist[x] becomes x's distance to the
 * nearest source, and w->queue its first (return value) entries, the
 * nodes reached in order of distance.  *ecc is the greatest distance.
 * w->stopped says the meter stopped it.  End the sweep with
 * sbi_sweep_reset(w, reached) before the next. */
uint32_t sbi_graph_bfs(const sb_graph *g, sb_sweep *w, const uint32_t *src, uint32_t nsrc,
                       unsigned *ecc);
void sbi_sweep_reset(sb_sweep *w, uint32_t n);

/* The exact diameter of the component holding node start; w must have
 * been made ready with diameters.  w->runs counts the sweeps it takes;
 * w->stopped says the meter stopped one (the result is then not exact). */
unsigned sbi_graph_diameter(const sb_graph *g, sb_sweep *w, uint32_t start);

/* ---- ranked.c: components by ranks, with no table of layouts ---- */

/* Whether ranked.c can map pc: plain rectangles on a tray whose image
 * fits the 64-bit bitboard. */
bool sbi_ranked_takes(const sb_pieces *pc);

/* The components of a piece set in order of their first layout. */
typedef struct sb_ranked_parts {
    uint64_t layouts, edges;     /* edges: moves counted from both ends */
    size_t n;
    sb_component *list;          /* their sizes (diameters left 0) */
    uint64_t *seed;              /* each one's first layout, as a 64-bit image */
    size_t list_cap, seed_cap;   /* room in list and seed */
    size_t init;                 /* the component of init_key (SIZE_MAX: none asked) */
    sb_meter *meter;             /* allocates list and seed */
} sb_ranked_parts;

/* Splits l's layouts (l bound to the bitboard, built for the unit or
 * line metric) into *parts, with a bitmap over layout ranks instead of a
 * table; init_key (l's key of a layout, or NULL) names the component
 * wanted.  A large component is walked by up to `threads` threads at
 * once (0 and 1: one; at most SB_WALK_MAX_THREADS); the parts are the
 * same for any number.  *taken is false when ranked.c cannot map the set
 * (not sbi_ranked_takes, or its ranks too many): parts is then empty.
 * SB_OK, or SB_ELIMIT (the meter's hit says why).  sbi_ranked_parts_free
 * it. */
sb_status sbi_ranked_split(sb_layouts *l, const void *init_key, unsigned threads,
                           sb_ranked_parts *parts, bool *taken);
void sbi_ranked_parts_free(sb_ranked_parts *p);

/* ---- components.c: one piece set, start to end ---- */

/* Everything known about one piece set's layouts. */
typedef struct sb_piece_map {
    uint64_t layouts, edges;
    size_t ncomponents;
    sb_component *components;    /* largest first; ties in discovery order */
    sb_block *examples;          /* when asked for: nblocks per component */
    sb_block *hardest;           /* when asked for: nblocks per component, its
                                    hardest start (the first enumerated) */
    size_t nblocks;
    size_t init_component;       /* index of init's component */
    size_t peak;                 /* the most bytes held at once */
    bool counted;                /* the totals below are set (lines.c: components
                                    holds only the kept ones) */
    uint64_t all_components, goal_components, largest;
    uint32_t hardest_moves;      /* the most over components (SB_DISTANCE_NONE: no goal) */
} sb_piece_map;

/* Enumerates pc's layouts, links them under metric (the unit metric
 * without diameters) and splits them into components, measuring their
 * diameters when asked.  The space is opts->path's (auto: the bitboard
 * when it takes pc, else the general board).  init (ninit pieces, NULL:
 * none) is a layout whose component is wanted.  With hardest, pc->source's
 * goal names goal layouts: each component gets its goal_layouts and
 * hardest, and res->hardest its hardest start (the general links under
 * metric, as for diameters).  On SB_OK the caller frees
 * res->components, res->examples and res->hardest; on failure *res is zeroed and err
 * says why (SB_ELIMIT at opts' limits (max_states counts layouts) or out
 * of memory; SB_EINPUT when the bitboard was asked for and cannot take
 * pc, or on an internal error).  Its memory is drawn on budget, a call's
 * that maps several sets at once (NULL: its own, under opts' limit). */
sb_status sbi_map_pieces(const sb_pieces *pc, sb_metric metric, bool diameters, bool examples,
                         bool hardest, const sb_options *opts, sb_budget *budget,
                         const sb_block *init, size_t ninit, sb_piece_map *res, sb_error *err);

/* ---- lines.c: one-axis pieces, skeleton by skeleton ---- */

/* Whether lines.c can map pc: every class a plain rectangle one cell
 * thick that slides along its length only (axis row and height 1, or
 * axis col and width 1), lines of at most 12 cells, a tray of at most 64
 * cells whose layouts' codes fit 128 bits. */
bool sbi_lines_takes(const sb_pieces *pc);

/* sbi_map_pieces for a set sbi_lines_takes (without diameters), keeping
 * at most keep components (0: all; with hardest the keep hardest, else
 * the keep largest) and counting them all (res->counted).  With nparts >
 * 1, only part `part` of them: the components of every nparts-th row
 * skeleton from the part-th, or of every nparts-th skeleton when row
 * skeletons are few (each component lies in one; the parts' sums and
 * lists make the whole).  *taken false: the set is not for this path
 * after all (too many placements or sequences on a line, or a skeleton
 * too large; a part may find that where others do not), res is empty and
 * the graph path should map it whole.  Errors and budget as sbi_map_pieces's. */
sb_status sbi_lines_map(const sb_pieces *pc, sb_metric metric, bool hardest, bool examples,
                        uint64_t keep, unsigned part, unsigned nparts, const sb_options *opts,
                        sb_budget *budget, sb_piece_map *res, bool *taken, sb_error *err);

/* ---- census.c: members of an alphabet, each mapped on its own ---- */

/* An alphabet: classes (of pieces.proto; pieces.count is ignored) with
 * how many of each a member has, on pieces' tray.  Walls, shapes and the
 * goal are those of pieces.source. */
typedef struct sb_alphabet {
    sb_pieces pieces;
    uint32_t min[SB_MAX_CLASSES], max[SB_MAX_CLASSES];
    uint32_t min_empty;          /* cells a member leaves empty, at least */
    bool diameters, examples, hardest;   /* what sbi_map_pieces measures */
    uint64_t keep;               /* components listed per member, at most (0: all) */
} sb_alphabet;

/* The census of alphabet a (sb_census's contract, with the alphabet's
 * classes as the kinds). */
sb_status sbi_alphabet_census(const sb_alphabet *a, const sb_options *opts,
                              const sb_census_hooks *hooks, sb_census_report *out,
                              sb_error *err);

/* The words of a piece set of `empty` empty cells and counts[0..nclasses)
 * pieces per class (a multinomial coefficient, as a double): the plan's
 * estimate of a member's cost, an upper bound on its layouts. */
double sbi_census_words(uint64_t empty, const uint32_t *counts, int nclasses);

/* Another source of members for the census's crew (its threads, shards,
 * hooks and plan), which maps each member whole: the census of every
 * piece set (piecesets.c). */
typedef struct sbi_dealer {
    size_t nmembers;
    const double *words;         /* per member: its estimated cost (the plan's order) */
    const bool *units;           /* NULL, or per member: false when another's unit maps
                                    it (it is no unit of its own) */
    const size_t *partner;       /* NULL, or per unit: the other member it maps
                                    (SIZE_MAX: none); hooks->skip passes over the
                                    unit only when it names both */
    /* Maps member i under opts (one thread, what is left of the census's
     * time, its progress) drawing on budget; *layouts: what it walked.
     * Called from several threads at once, each on its own member; a
     * failure is the callback's to keep (the first in member order). */
    sb_status (*map)(void *ctx, size_t member, const sb_options *opts, sb_budget *budget,
                     uint64_t *layouts);
    void (*done)(void *ctx, size_t member);   /* member i mapped: under the crew's lock */
    void *ctx;
    double start;                /* sbi_clock() when the call began: opts' time limit
                                    counts from then */
    sb_budget *budget;           /* what the members' meters draw on: the call's, holding
                                    what it keeps already (NULL: the deal's own) */
} sbi_dealer;

/* Deals d's units to opts->threads threads in the plan's order (largest
 * first by words): this shard's (opts->shard of nshards, as the
 * alphabet's plan deals them), or those hooks->take gives, passing over
 * those hooks->skip names; hooks->begin hears how many.  A unit that
 * fails stops the dealing.  SB_OK, or SB_ELIMIT out of memory (err). */
sb_status sbi_census_deal(const sbi_dealer *d, const sb_options *opts,
                          const sb_census_hooks *hooks, sb_error *err);

#endif
