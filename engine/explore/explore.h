/*
 * explore_internal.h - what the explore files share.  Internal to the
 * engine.
 *
 *   reach.c        the space reachable from one layout (sb_explore)
 *   layouts.c      a piece set, and every layout of it as a spaced-bitboard
 *                  image in a flat store
 *   graph.c        those layouts linked by moves: components and exact
 *                  diameters
 *   components.c   the two put together for one piece set (sb_components,
 *                  and sb_map_pieces below)
 *   family.c       the same counts over a family of piece sets
 *
 * Invariant shared by all of them: a layout's id is its position in
 * enumeration order, and the store of layouts never grows after
 * enumeration (every move leads from a layout to a layout).
 */
#ifndef SB_EXPLORE_H
#define SB_EXPLORE_H


#include "spaces/space.h"
#include "stores/store.h"

/* ---- layouts.c: piece sets and their layouts ---- */

enum { SB_MAX_SHAPES = 16 };

/* A piece set on a tray: what to enumerate.  Shapes are distinct and in
 * the order they were added, which fixes the enumeration order. */
typedef struct sb_pieces {
    int rows, cols;
    int nshapes;
    int height[SB_MAX_SHAPES], width[SB_MAX_SHAPES];
    uint32_t count[SB_MAX_SHAPES];   /* blocks of each shape */
    uint32_t empties;                /* cells left empty in every layout */
} sb_pieces;

/* Checks p (sb_puzzle_check) and writes its piece set into *pc.  SB_EINPUT
 * with a message when p is invalid, its tray's image does not fit 64 bits,
 * or it has more than SB_MAX_SHAPES block sizes. */
sb_status sb_pieces_of(const sb_puzzle *p, sb_pieces *pc, sb_error *err);

/* The index of shape h x w in pc, added with a count of 0 when missing;
 * -1 when it is missing and pc already holds SB_MAX_SHAPES shapes. */
int sb_pieces_shape(sb_pieces *pc, int h, int w);

/* How many blocks a layout of pc has. */
size_t sb_pieces_blocks(const sb_pieces *pc);

/* The spaced-bitboard image (the bitboard space's key) of n blocks on
 * pc's tray. */
uint64_t sb_layout_image(const sb_pieces *pc, const sb_block *b, size_t n);

/* Stores every layout of pc in a new flat store allocating through m
 * (whose states limit bounds the layouts), ids in enumeration order, with
 * the bitboard space's hash, and writes the first layout's blocks into
 * first (room for sb_pieces_blocks(pc) + 1); *found is false when the
 * pieces do not fit at all.  On SB_OK the caller owns *store.  SB_ELIMIT
 * when m refused (its hit says why); *store is then NULL. */
sb_status sb_layouts_enumerate(const sb_pieces *pc, sb_meter *m, sb_store **store,
                               sb_block *first, bool *found);

/* The lowest component index among the mirror images (left-right,
 * top-bottom, both) of layout id's component, its own included.  comp maps
 * a layout id to its component; sp (with its scratch w) decodes st's
 * keys; blocks has room for a layout's blocks. */
size_t sb_layout_twin(const sb_pieces *pc, const sb_space *sp, sb_scratch *w, const sb_store *st,
                      const uint32_t *comp, uint32_t id, sb_block *blocks);

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
 * sb_graph_free, also on failure. */
sb_status sb_graph_build(const sb_space *sp, sb_scratch *scratch, const sb_store *st,
                         sb_graph *g, sb_error *err);
void sb_graph_free(sb_graph *g);

/* BFS scratch shared by every sweep over one graph. */
typedef struct sb_sweep {
    int32_t *dist;               /* -1 outside a sweep */
    uint32_t *queue;             /* a sweep's visit order, by distance */
    uint32_t *order;             /* candidates for the diameter */
    uint32_t *lo, *hi;           /* bounds on each node's eccentricity */
    sb_graph local;              /* the component being measured */
    uint32_t *map;               /* graph id -> local id */
    uint32_t runs;               /* sweeps so far */
    size_t n;                    /* the graph's nodes: the arrays' length */
    sb_meter *meter;             /* the graph's: allocates, holds the deadline */
    bool stopped;                /* a sweep was stopped by the meter */
} sb_sweep;

/* Makes w ready to split g (sb_graph_split); with diameters, to measure
 * them too.  false when g's meter refused.  sb_sweep_free(w) either way. */
bool sb_sweep_init(sb_sweep *w, const sb_graph *g, bool diameters);
void sb_sweep_free(sb_sweep *w);

/* The components of a graph, in order of their lowest node id. */
typedef struct sb_parts {
    uint32_t *of;                /* node id -> component index */
    size_t n;                    /* components */
    sb_component *list;          /* their sizes (diameters left 0) */
    uint32_t *first;             /* each one's lowest node id */
    size_t cap;                  /* room in list and first */
    uint32_t nodes;              /* entries in of */
    sb_meter *meter;             /* the graph's */
} sb_parts;

/* Splits g into *parts (zeroed first; sb_parts_free it, also on failure).
 * false when the meter refused (memory, or the deadline). */
bool sb_graph_split(const sb_graph *g, sb_sweep *w, sb_parts *parts);
void sb_parts_free(sb_parts *parts);

/* The exact diameter of the component holding node start; w must have
 * been made ready with diameters.  w->runs counts the sweeps it takes;
 * w->stopped says the meter stopped one (the result is then not exact). */
unsigned sb_graph_diameter(const sb_graph *g, sb_sweep *w, uint32_t start);

/* ---- components.c: one piece set, start to end ---- */

/* Everything known about one piece set's layouts. */
typedef struct sb_piece_map {
    uint64_t layouts, edges;
    size_t ncomponents;
    sb_component *components;    /* largest first; ties in discovery order */
    sb_block *examples;          /* when asked for: nblocks per component */
    size_t nblocks;
    size_t init_component;       /* index of init_key's component */
    size_t peak;                 /* the most bytes held at once */
} sb_piece_map;

/* Enumerates pc's layouts, links them under metric (the unit metric
 * without diameters) and splits them into components, measuring their
 * diameters when asked.  init_key (0: none) is a layout whose component
 * is wanted.  On SB_OK the caller frees res->components and res->examples;
 * on failure *res is zeroed and err says why (SB_ELIMIT at opts' limits
 * (max_states counts layouts) or out of memory, SB_EINPUT on an internal
 * error). */
sb_status sb_map_pieces(const sb_pieces *pc, sb_metric metric, bool diameters, bool examples,
                        const sb_options *opts, uint64_t init_key, sb_piece_map *res,
                        sb_error *err);

#endif
