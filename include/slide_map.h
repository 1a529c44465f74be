/*
 * slide_map.h - libslide's maps of a puzzle's space: everything reachable
 * from a start (sb_explore), every layout of a piece set split into
 * components (sb_components), a family of piece sets (sb_family), the
 * census of a piece alphabet (sb_census), and every configuration's
 * distance to the goal (sb_distances_compute); and the search handle's
 * runs of the first three.
 *
 *     #include <slide_map.h>    (it includes slide.h)
 *
 * slide.h's rules hold here too: statuses, caller-owned error records and
 * reports, the ABI.
 */
#ifndef SLIDE_MAP_H
#define SLIDE_MAP_H

#include "slide.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Exploring: the space behind a puzzle (engine/explore/) ------------- */

/* What a breadth-first walk of everything reachable from INIT found. */
typedef struct sb_explore_report {
    sb_metric metric;      /* the metric distances are counted in */
    sb_path path;          /* the representation that ran (never AUTO) */
    uint64_t reachable;    /* configurations reachable from INIT, INIT included */
    unsigned farthest;     /* the greatest distance from INIT */
    uint64_t *per_depth;   /* farthest + 1 entries: new configurations per distance */
    uint64_t widest;       /* the largest entry of per_depth */
    unsigned widest_depth; /* the first distance holding that many */
    size_t nblocks;        /* blocks in far_example */
    sb_block *far_example; /* one configuration at the farthest distance */
    bool has_goal;         /* the puzzle named a goal */
    uint64_t goal_count;   /* reachable configurations satisfying it */
    unsigned nearest_goal; /* distance of the nearest one (goal_count > 0) */
    size_t peak_bytes;     /* most bytes held at once */
    double seconds;        /* time spent */
    sb_walk walk;          /* since 2.2: the walk that ran (never AUTO) */
    uint64_t reserved[SB_RESERVED - 1];   /* zero: room for fields of later 2.x versions */
} sb_explore_report;

/* Walks the whole space reachable from p's blocks under opts->metric
 * (opts->path, opts->limits; algo and optimal are ignored), layer by
 * layer.  p's goal may be empty.  On SB_OK the caller owns *out
 * (sb_explore_report_free).  SB_EINPUT when p fails sb_puzzle_check or the
 * bitboard is asked for a tray that does not fit; SB_ELIMIT at a limit or
 * out of memory (err says which).  *out is zeroed on failure. */
SB_API sb_status sb_explore(const sb_puzzle *p, const sb_options *opts,
                     sb_explore_report *out, sb_error *err);
SB_API void sb_explore_report_free(sb_explore_report *r);

/* One connected component of the layouts of a piece set. */
typedef struct sb_component {
    uint64_t size;         /* layouts in it */
    unsigned diameter;     /* its diameter under the metric (when computed) */
    uint32_t sweeps;       /* breadth-first searches the diameter took */
    uint64_t goal_layouts; /* sb_census with a goal: its layouts that satisfy it */
    uint32_t hardest;      /* ... and the most moves from one of its layouts to the
                              nearest of those (SB_DISTANCE_NONE when there are none) */
} sb_component;

/* Every legal layout of p's tray and multiset of pieces (by class: shape,
 * axis and marks), split into the classes that moves connect. */
typedef struct sb_components_report {
    sb_metric metric;      /* the metric of the diameters */
    bool diameters;        /* whether diameters were computed (exact) */
    uint64_t layouts;      /* legal layouts of the piece set */
    uint64_t edges;        /* moves between them, each direction counted */
    size_t ncomponents;
    sb_component *components; /* largest first; ties in enumeration order */
    size_t nblocks;        /* blocks per example */
    sb_block *examples;    /* ncomponents * nblocks: component i's first layout */
    size_t init_component; /* index of the component holding p's blocks */
    size_t peak_bytes;     /* most bytes held at once */
    double seconds;        /* time spent */
    uint64_t reserved[SB_RESERVED];   /* zero: room for fields of later 2.x versions */
} sb_components_report;

/* Enumerates the layouts of p's piece set (positions in p matter only to
 * find INIT's component): every placement of its pieces on the tray's
 * cells that are not walls, pieces of one class interchangeable, each
 * one-axis piece anywhere (it keeps its row or column only while it
 * moves).  Splits them into components under opts->metric (which does
 * not change the components, only the diameters); diameters are exact
 * (bounding eccentricities: a few BFS per component).  opts->path picks
 * the representation: auto takes the 64-bit bitboard for plain
 * rectangles on trays whose image fits it, the general board otherwise.
 * SB_EINPUT when p fails sb_puzzle_check, has more than 64 classes, or
 * the bitboard is asked for and cannot take it (the message says why).
 * SB_ELIMIT at opts->limits (max_states counts layouts).  On SB_OK the
 * caller owns *out (sb_components_report_free). */
SB_API sb_status sb_components(const sb_puzzle *p, const sb_options *opts, bool diameters,
                               sb_components_report *out, sb_error *err);
SB_API void sb_components_report_free(sb_components_report *r);

/* One member of a family: how many plain 1x1, 1x2 and 2x1 blocks it has. */
typedef struct sb_family_member {
    uint32_t units, wides, talls;  /* 1x1, 1x2, 2x1 blocks */
    uint64_t layouts;      /* its legal layouts */
    uint64_t ncomponents;  /* its components */
    uint64_t index;        /* its place in the whole family's order, from 0 (the
                              same whatever shard of the family a report holds) */
} sb_family_member;

typedef struct sb_family_report {
    size_t nmembers;
    sb_family_member *members; /* by units, then wides, then talls (index order) */
    uint64_t layouts;      /* summed over members */
    uint64_t ncomponents;  /* summed over members */
    size_t peak_bytes;     /* most bytes one member held */
    double seconds;
    uint64_t family_members; /* members of the whole family, every shard's: nmembers
                                when the call was not sharded */
    uint64_t reserved[SB_RESERVED];   /* zero: room for fields of later 2.x versions */
} sb_family_report;

/* The family of p: its pieces stay but for the plain 1x1, 1x2 and 2x1
 * blocks (unmarked rectangles that slide both ways), and every mix of
 * those three that fits around them leaving at least as many empty cells
 * as p has (none at all included) is a member; each member's layouts and
 * components are counted as by sb_components without diameters.  With
 * opts->nshards > 1 only the members of shard opts->shard are mapped and
 * listed (sb_options; family_members still counts them all).  Errors as
 * for sb_components. */
SB_API sb_status sb_family(const sb_puzzle *p, const sb_options *opts,
                           sb_family_report *out, sb_error *err);
SB_API void sb_family_report_free(sb_family_report *r);

/* Puts the reports of a sharded family back together: parts[0..nparts)
 * are the reports of sb_family on one puzzle, one per shard (any order;
 * a shard with no members is a report with none).  *out gets every member
 * in index order with the totals summed, the peak the largest part's and
 * the time the longest part's: for shards 0..n-1 of n, the report
 * sb_family gives unsharded but for the time.  SB_EINPUT (nothing in
 * *out) for NULL arguments, parts that disagree on family_members, or a
 * member index repeated, missing or out of range; SB_ELIMIT out of
 * memory.  On SB_OK the caller owns *out (sb_family_report_free). */
SB_API sb_status sb_family_report_merge(const sb_family_report *parts, size_t nparts,
                                        sb_family_report *out, sb_error *err);

/* ---- The census: every member of a piece alphabet ---------------------- */

/* One kind of piece in an alphabet: its box (a rectangle, or the box of
 * its shape: sb_census_spec.kind_shapes), how it slides and whether it is
 * marked, and how many of it a member may have. */
typedef struct sb_census_kind {
    char name[32];         /* the SPEC's name for it (CSV columns, JSON keys) */
    int height, width;
    sb_axis axis;
    bool marked;           /* its pieces are a class of their own: the layouts
                              sb_census hands back give them group k + 1 (kind k) */
    uint32_t min, max;     /* pieces of it in a member */
    bool pinned;           /* its anchors only on rows (axis row) or columns (axis
                              col) pin_first..pin_last: the line it never leaves */
    int pin_first, pin_last;
} sb_census_kind;

/* A census: a tray with walls, an alphabet and optionally a goal. */
typedef struct sb_census_spec {
    int rows, cols;
    uint8_t *walls;        /* rows * cols, 1 where a wall is; NULL: none */
    size_t nkinds;
    sb_census_kind *kinds;
    uint32_t min_empty;    /* members leave at least this many cells empty */
    size_t ngoals;         /* goal entries: a piece of kind goal_kind[i] anchored at */
    size_t *goal_kind;     /* ... goals[i] (its row and col) */
    sb_block *goals;
    bool diameters;        /* measure every component's diameter */
    uint64_t keep;         /* components listed per member, at most (0: every one):
                              with a goal the hardest, else the largest; the counts
                              stay exact */
    /* Since 2.2: each kind's shape (nkinds entries, its box the kind's
     * height x width, 4-connected, its cells set), or NULL: every kind is
     * the full rectangle.  A shaped kind's place (a goal's row and col,
     * a pin's lines) is its anchor's, the leftmost cell of its top row;
     * the layouts sb_census hands back name kind k's shape as shape
     * k + 1 of kind_shapes, but for a shape that fills its box (the
     * rectangle: shape 0). */
    sb_shape *kind_shapes;
    /* Since 2.2: every piece set.  any_pieces: the members are every set
     * of pieces of any shape (4-connected polyominoes as they lie: pieces
     * do not turn) and holes that fills the tray's cells, grouped by piece
     * set, with no kinds (nkinds 0); piece_cells: each piece at most that
     * many cells (0: any); min_pieces..max_pieces: members with that many
     * pieces (both 0: any). */
    bool any_pieces;
    /* Since 2.2: the corner-to-corner goal in place of goals[]: the goal
     * piece is the piece on the upper-left cell (when that cell is a hole,
     * the first piece in reading order whose box covers it); its box must
     * reach the lower-right corner; a start counts only when the goal
     * piece's box is in the upper-left corner. */
    bool corner_goal;
    uint32_t piece_cells;
    uint32_t min_pieces, max_pieces;
    uint64_t reserved[SB_RESERVED - 3];   /* zero: room for fields of later 2.x versions */
} sb_census_spec;

/* One member: how many pieces of each kind, and what its layouts are. */
typedef struct sb_census_member {
    uint32_t *counts;      /* nkinds entries (into the report's storage) */
    bool mapped;           /* false: another shard's (opts->shard, nshards), or held
                              only in part (parts below) */
    bool has_goal;         /* it has the pieces the goal names */
    uint64_t layouts;
    size_t ncomponents;    /* components listed (spec->keep at most) */
    sb_component *components; /* largest first, ties in enumeration order */
    uint64_t all_components;  /* every component, listed or not */
    uint64_t largest;         /* the largest component's size, listed or not */
    uint64_t goal_components; /* with a goal: the components holding a goal layout */
    uint32_t hardest_moves;   /* ... and their greatest hardest (SB_DISTANCE_NONE:
                                 none); the listed components include that one */
    size_t nblocks;        /* pieces per layout */
    sb_block *examples;    /* ncomponents * nblocks: each component's first layout */
    sb_block *hardest;     /* with a goal: ncomponents * nblocks, a layout farthest from
                              the goal (the first enumerated); NULL without */
    size_t peak_bytes;     /* most bytes it (or one part of it) held at once */
    /* A member of one-axis pieces (mapped skeleton by skeleton) that the
     * plan estimates large is cut into nparts parts, each a share of its
     * skeletons, mapped apart (by other threads, or other processes under
     * hooks->take); parts has bit k set for each part this report holds,
     * the fields above being what they hold together (counts summed, the
     * largest, hardest and peak the most, the best components of their
     * lists).  Once it holds them all, mapped is set and nparts and parts
     * are 1, as for a member never cut: nothing but the peak depends on
     * how members were cut.  A member mapped whole with nparts > 1: a
     * part found that lines.c declines it, and the graph path mapped it
     * whole (several processes may; any copy is the member).  Cutting
     * needs the components' first layouts to order the lists by, which
     * sb_census always keeps. */
    uint32_t nparts;
    uint64_t parts;
} sb_census_member;

typedef struct sb_census_report {
    size_t nkinds, nmembers;
    sb_census_member *members; /* the odometer over kinds, the last kind fastest */
    uint32_t *counts;      /* nmembers * nkinds */
    uint64_t layouts;      /* summed over the members held (whole or in part) */
    uint64_t ncomponents;  /* every component, listed or not */
    size_t peak_bytes;     /* most one member (or part of one) held */
    double seconds;
    sb_census_kind *kinds;     /* nkinds: the spec's, copied, and its keep: they order
                                  and cut the lists of a member's parts joined */
    uint64_t keep;
    uint64_t reserved[SB_RESERVED];   /* zero: room for fields of later 2.x versions */
} sb_census_report;

/* Called, when set, with each member as it is mapped (from one thread at
 * a time): a caller's checkpoint.  skip, when set, names members already
 * known (mapped = false in the report, like another shard's).  take, when
 * set, deals the members out dynamically among processes instead of
 * opts->shard (nshards must then be 0 or 1): the census's threads take
 * units (members, or parts of a large one (sb_census_member.nparts)) in
 * its plan's order (largest first by an estimate, the same in every
 * process), and take returns the next place in that order for this
 * process to map, from a counter every process of the census shares
 * (slide-explore-mpi: an MPI window); a place >= the units ends this
 * process's part.  Units it did not take come back unmapped, so the
 * processes' reports merge (sb_census_report_merge) whatever the timing.
 * done is told of a member once it is whole in this process.
 * begin, when set, is told once, before any member is mapped, how many
 * members the call may map (neither skipped nor another shard's; under
 * take, an upper bound): a progress line's total.
 * All of them are called one thread at a time. */
struct sb_pieceset_member;   /* the census of every piece set's member (below) */

typedef struct sb_census_hooks {
    bool (*skip)(void *ctx, size_t member);
    void (*done)(void *ctx, size_t member, const sb_census_member *m);
    void *ctx;
    size_t (*take)(void *ctx);
    void (*begin)(void *ctx, size_t members);
    /* Since 2.2: sb_census_piecesets's done (its members are of another
     * record); done itself is not called there. */
    void (*set_done)(void *ctx, size_t member, const struct sb_pieceset_member *m);
    void *reserved[SB_RESERVED - 1];   /* NULL: room for functions of later 2.x versions */
} sb_census_hooks;

/* Every member of spec's alphabet (each kind min..max pieces, the pieces
 * fitting with at least min_empty cells left), each split into its
 * components as sb_components does, with diameters under opts->metric
 * when asked, and with a goal each component's hardest start.  Threads
 * map members at once; opts->shard and nshards pick the members (the
 * others come back unmapped).
 * SB_EINPUT for a bad spec, SB_ELIMIT at a limit; on SB_OK the caller
 * owns *out (sb_census_report_free). */
SB_API sb_status sb_census(const sb_census_spec *spec, const sb_options *opts,
                           const sb_census_hooks *hooks, sb_census_report *out,
                           sb_error *err);
SB_API void sb_census_report_free(sb_census_report *r);
SB_API void sb_census_member_free(sb_census_member *m);

/* Puts the reports of a sharded census back together: parts[0..nparts)
 * are sb_census's reports of one spec, one per shard (any order), each
 * listing every member, its shard's mapped.  *out gets every member
 * copied from the one part that mapped it, or joined from the parts of
 * it that several hold (sb_census_member.parts), the totals summed, the
 * peak the largest member's and the time the longest part's: for shards
 * 0..n-1 of n, the report sb_census gives unsharded but for the time
 * (and the peak, when members were cut into parts).
 * The parts stay the caller's.  SB_EINPUT (nothing in *out) for NULL
 * arguments, parts whose members differ, or a member (or a part of one)
 * mapped by no part or by two; SB_ELIMIT out of memory.  On SB_OK the
 * caller owns *out (sb_census_report_free). */
SB_API sb_status sb_census_report_merge(const sb_census_report *parts, size_t nparts,
                                        sb_census_report *out, sb_error *err);

/* ---- The census of every piece set (sb_census_spec.any_pieces) --------- */
/* Since 2.2. */

/* One member: a piece set (its shapes, listed sparsely: a tray has
 * thousands of shapes, a member a handful), its fills of the tray, and
 * with the corner-to-corner goal its hardest start. */
typedef struct sb_pieceset_member {
    size_t first, nshapes; /* its shapes: the report's set_shapes[first .. first + nshapes),
                              ascending, each with set_counts[...] pieces */
    uint32_t pieces, holes;
    uint64_t fills;        /* its fills of the tray: placements of its pieces and holes */
    bool mapped;           /* with the goal: walked (false: another shard's, or skipped) */
    bool by_symmetry;      /* its hardest start is its transpose partner's, transposed
                              (a square tray: sb_census_piecesets says when) */
    uint32_t hardest_moves;   /* with the goal: its hardest start's distance
                                 (SB_DISTANCE_NONE: no start counts, or not mapped) */
    size_t nblocks;        /* pieces of start */
    sb_block *start;       /* that start (NULL: none): the goal piece in group 1, shapes
                              the report's (shape k + 1 names shapes[k]; 0 a full box) */
    uint64_t configurations;  /* configurations its walk visited (0 by symmetry) */
} sb_pieceset_member;

typedef struct sb_pieceset_report {
    int rows, cols;
    size_t nshapes;
    sb_shape *shapes;      /* every shape of the tray's pieces, by cells, then box height
                              and width, then cells (the shape with the first differing
                              cell in reading order first) */
    size_t nmembers;
    sb_pieceset_member *members; /* by pieces, then their shapes' lists in
                                    lexicographic order: the same in every shard */
    uint32_t *set_shapes;  /* the members' shape lists (shape indexes) ... */
    uint32_t *set_counts;  /* ... and each shape's pieces */
    uint64_t fills;        /* fills of every member */
    bool corner_goal;      /* members were walked for the corner-to-corner goal */
    uint64_t configurations;  /* summed over the members walked here */
    double seconds;
    uint64_t reserved[SB_RESERVED];   /* zero: room for fields of later 2.x versions */
} sb_pieceset_report;

/* The census of every piece set of spec's tray (spec->any_pieces: no
 * kinds; piece_cells, min_pieces..max_pieces and min_empty bound the
 * fills): every fill of its open cells by pieces of any shape and holes,
 * grouped into piece sets.  With spec->corner_goal each member is walked
 * for its hardest corner-to-corner start under opts->metric, threads
 * taking members largest first; opts->shard and nshards, and hooks
 * (skip, take, begin, set_done) split and resume it as sb_census's do.
 * On a square tray (its walls alike across the diagonal) a member and its
 * transpose (every shape transposed) are one unit when at most one of its
 * pieces misses its box's upper-left cell (so the goal piece is never
 * chosen by reading order among two): the first in member order is
 * walked, the other gets its start transposed.  SB_EINPUT for a bad spec, SB_ELIMIT at a limit; on
 * SB_OK the caller owns *out (sb_pieceset_report_free). */
SB_API sb_status sb_census_piecesets(const sb_census_spec *spec, const sb_options *opts,
                                     const sb_census_hooks *hooks, sb_pieceset_report *out,
                                     sb_error *err);
SB_API void sb_pieceset_report_free(sb_pieceset_report *r);

/* The fills of spec's tray (spec->any_pieces, its bounds) without
 * listing piece sets (a memo over the undecided cells: fast): *fills in
 * all, and by_pieces[k] (rows * cols + 1 entries, or NULL) those of k
 * pieces.  SB_EINPUT for a bad spec, SB_ELIMIT at a limit. */
SB_API sb_status sb_census_fills(const sb_census_spec *spec, const sb_options *opts,
                                 uint64_t *fills, uint64_t *by_pieces, sb_error *err);

/* Puts sharded reports of sb_census_piecesets back together, as
 * sb_census_report_merge does sb_census's: each member from the one part
 * that mapped it.  SB_EINPUT for parts of different censuses or a member
 * mapped by none or by two; SB_ELIMIT out of memory.  On SB_OK the caller
 * owns *out (sb_pieceset_report_free). */
SB_API sb_status sb_pieceset_report_merge(const sb_pieceset_report *parts, size_t nparts,
                                          sb_pieceset_report *out, sb_error *err);

/* ---- The distance oracle: every reachable configuration's distance to the goal */

/* No goal configuration is reachable from this one. */
#define SB_DISTANCE_NONE UINT32_MAX

/* Everything reachable from INIT, each configuration with its distance to
 * the nearest configuration that satisfies the goal, and the moves that
 * link them.  A configuration is written as its anchors in one canonical
 * order of slots: the classes in sb_block_class_cmp() order (pieces[]
 * names them), class k taking class_count[k] consecutive slots, and within
 * a class the anchors' cells (row * cols + col) ascending.  Configurations
 * are numbered in the lexicographic order of those anchor lists, so the
 * numbering is the same whatever representation ran. */
typedef struct sb_distances {
    sb_metric metric;       /* the metric distances are counted in */
    sb_path path;           /* the representation that ran (never AUTO) */
    int rows, cols;         /* the tray */
    uint64_t count;         /* reachable configurations, INIT included */
    uint64_t init;          /* INIT's number */
    size_t nclasses;
    sb_block *pieces;       /* nclasses: a piece of each class, anchored at 0 0 */
    uint32_t *class_count;  /* nclasses: its pieces, hence its slots */
    size_t nblocks;         /* slots per configuration: the puzzle's blocks */
    uint16_t *anchors;      /* count * nblocks: each configuration's anchor cells */
    uint32_t *distance;     /* count: moves to the nearest goal configuration under
                               metric, or SB_DISTANCE_NONE */
    uint64_t goal_count;    /* reachable configurations satisfying the goal */
    uint32_t farthest;      /* the greatest distance that is not NONE (0 without goals) */
    size_t *edge_start;     /* count + 1: the moves from configuration i are ... */
    uint32_t *edge_to;      /* ... edge_to[edge_start[i] .. edge_start[i + 1]), the
                               configurations one move away (each move listed from both
                               ends: edge_start[count] counts every move twice) */
    size_t peak_bytes;      /* most bytes held at once */
    double seconds;         /* time spent */
    uint64_t reserved[SB_RESERVED];   /* zero: room for fields of later 2.x versions */
} sb_distances;

/* The distance oracle: walks everything reachable from p's blocks under
 * opts->metric (opts->path and opts->limits; algo and optimal are
 * ignored), links the configurations by their moves and runs one
 * breadth-first search backwards from every reachable configuration that
 * satisfies p's goal at once (every move can be undone, so the moves to
 * the goal are the moves from it).  p's goal may be empty: every distance
 * is then SB_DISTANCE_NONE.  More than 2^32 - 2 configurations is
 * SB_ELIMIT.  On SB_OK the caller owns *out (sb_distances_free);
 * otherwise *out is zeroed and err says why: SB_EINPUT as for
 * sb_explore, SB_ELIMIT at a limit (err names it) or out of memory. */
SB_API sb_status sb_distances_compute(const sb_puzzle *p, const sb_options *opts,
                                      sb_distances *out, sb_error *err);
SB_API void sb_distances_free(sb_distances *d);

/* The move that takes configuration `from` of d to configuration `to` (one
 * of from's edges): the moving piece's anchor before and after.  Under
 * the piece metric the piece may have turned corners on the way, so the
 * two anchors need not share a row or column.  SB_OK, or SB_EINPUT (a
 * NULL argument, a number out of range, or two configurations that do
 * not differ by one piece's place). */
SB_API sb_status sb_distances_move(const sb_distances *d, uint64_t from, uint64_t to,
                                   sb_move *move);

/* ---- Search handles (slide.h) running the maps ------------------------- */

/* sb_explore, sb_components and sb_family of the handle's puzzle and
 * options, as sb_search_solve (slide.h) runs sb_solve. */
SB_API sb_status sb_search_explore(sb_search *s, sb_explore_report *out, sb_error *err);
SB_API sb_status sb_search_components(sb_search *s, bool diameters, sb_components_report *out,
                                      sb_error *err);
SB_API sb_status sb_search_family(sb_search *s, sb_family_report *out, sb_error *err);

#ifdef __cplusplus
}
#endif

#endif
