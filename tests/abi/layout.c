/*
 * layout.c - prints the ABI of libslide's public headers, as tests/abi.sh
 * pins it in tests/abi/records.txt: the platform, the version, and for
 * every public record its size and alignment and each field's offset,
 * size and alignment; every enum's size and values; the constants.
 *
 * The lists below are written by hand, one line per record and field, so
 * that a field renamed or removed stops this file compiling and one moved
 * or resized changes what it prints.  tests/abi.sh checks that every
 * record and enum of the public headers is listed; and a field left out of a
 * list is caught here: the fields listed must tile their record, each
 * starting where the one before ended plus no more padding than its own
 * alignment needs, the record ending likewise.  (Padding can still hide a
 * missing field smaller than the next one's alignment; its record's size
 * and offsets are pinned all the same.)
 */
#include <stdalign.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "slide_formats.h"

static int failures;

/* The record being listed: where its last listed field ended. */
static size_t current_end, current_size, current_align;

static void record(const char *name, size_t size, size_t align)
{
    printf("record %s size %zu align %zu\n", name, size, align);
    current_end = 0;
    current_size = size;
    current_align = align;
}

static void field(const char *rec, const char *name, size_t offset, size_t size, size_t align)
{
    printf("field %s.%s offset %zu size %zu align %zu\n", rec, name, offset, size, align);
    if (offset < current_end || offset - current_end >= align) {
        fprintf(stderr, "layout.c: %s.%s starts at %zu, but the field listed before it ends at "
                "%zu: a field between them is missing from the list, or the order is wrong\n",
                rec, name, offset, current_end);
        failures++;
    }
    current_end = offset + size;
}

static void end_record(const char *name)
{
    if (current_end > current_size || current_size - current_end >= current_align) {
        fprintf(stderr, "layout.c: the fields listed of %s end at %zu of its %zu bytes: a field "
                "at its end is missing from the list\n", name, current_end, current_size);
        failures++;
    }
}

#define RECORD(T) record(#T, sizeof(T), alignof(T))
#define FIELD(T, f)                                                                     \
    field(#T, #f, offsetof(T, f), sizeof(((T *)0)->f), alignof(__typeof__(((T *)0)->f)))
#define END_RECORD(T) end_record(#T)
#define ENUM(E) printf("enum %s size %zu\n", #E, sizeof(E))
#define VALUE(E, v) printf("value %s.%s %lld\n", #E, #v, (long long)(v))
#define CONSTANT(c) printf("constant %s %lld\n", #c, (long long)(c))

int main(void)
{
    /* The files pin one platform's layout; tests/abi.sh skips others. */
    printf("platform %s pointer %zu long %zu\n",
#if defined(__x86_64__)
           "x86_64",
#elif defined(__aarch64__)
           "aarch64",
#else
           "other",
#endif
           sizeof(void *), sizeof(long));
    printf("version %s\n", SLIDE_VERSION);

    RECORD(sb_error);
    FIELD(sb_error, status); FIELD(sb_error, list); FIELD(sb_error, item);
    FIELD(sb_error, limit); FIELD(sb_error, hint); FIELD(sb_error, limit_value);
    FIELD(sb_error, stored); FIELD(sb_error, file); FIELD(sb_error, line); FIELD(sb_error, msg);
    FIELD(sb_error, reserved);
    END_RECORD(sb_error);
    RECORD(sb_shape);
    FIELD(sb_shape, height); FIELD(sb_shape, width); FIELD(sb_shape, cells);
    END_RECORD(sb_shape);
    RECORD(sb_block);
    FIELD(sb_block, row); FIELD(sb_block, col); FIELD(sb_block, height); FIELD(sb_block, width);
    FIELD(sb_block, shape); FIELD(sb_block, group); FIELD(sb_block, axis);
    FIELD(sb_block, label);
    END_RECORD(sb_block);
    RECORD(sb_puzzle);
    FIELD(sb_puzzle, rows); FIELD(sb_puzzle, cols); FIELD(sb_puzzle, nblocks);
    FIELD(sb_puzzle, blocks); FIELD(sb_puzzle, ngoals); FIELD(sb_puzzle, goals);
    FIELD(sb_puzzle, nshapes); FIELD(sb_puzzle, shapes); FIELD(sb_puzzle, walls);
    FIELD(sb_puzzle, reserved);
    END_RECORD(sb_puzzle);
    RECORD(sb_move);
    FIELD(sb_move, from_row); FIELD(sb_move, from_col); FIELD(sb_move, to_row);
    FIELD(sb_move, to_col);
    END_RECORD(sb_move);
    RECORD(sb_limits);
    FIELD(sb_limits, max_states); FIELD(sb_limits, max_bytes); FIELD(sb_limits, max_seconds);
    END_RECORD(sb_limits);
    RECORD(sb_progress);
    FIELD(sb_progress, stored); FIELD(sb_progress, expanded); FIELD(sb_progress, depth);
    FIELD(sb_progress, bytes); FIELD(sb_progress, seconds); FIELD(sb_progress, phase);
    FIELD(sb_progress, done); FIELD(sb_progress, total);
    END_RECORD(sb_progress);
    RECORD(sb_cache);
    FIELD(sb_cache, open_read); FIELD(sb_cache, read); FIELD(sb_cache, close_read);
    FIELD(sb_cache, open_write); FIELD(sb_cache, write); FIELD(sb_cache, close_write);
    FIELD(sb_cache, ctx); FIELD(sb_cache, remove); FIELD(sb_cache, reserved);
    END_RECORD(sb_cache);
    RECORD(sb_combiner);
    FIELD(sb_combiner, combine); FIELD(sb_combiner, ctx); FIELD(sb_combiner, reserved);
    END_RECORD(sb_combiner);
    RECORD(sb_options);
    FIELD(sb_options, metric); FIELD(sb_options, optimal); FIELD(sb_options, algo);
    FIELD(sb_options, path); FIELD(sb_options, limits); FIELD(sb_options, progress);
    FIELD(sb_options, progress_ctx); FIELD(sb_options, cancel); FIELD(sb_options, threads);
    FIELD(sb_options, cache); FIELD(sb_options, shard); FIELD(sb_options, nshards);
    FIELD(sb_options, walk); FIELD(sb_options, spill); FIELD(sb_options, combiner);
    FIELD(sb_options, reserved);
    END_RECORD(sb_options);
    RECORD(sb_stats);
    FIELD(sb_stats, algo); FIELD(sb_stats, path); FIELD(sb_stats, stored);
    FIELD(sb_stats, expanded); FIELD(sb_stats, peak_bytes); FIELD(sb_stats, final_bytes);
    FIELD(sb_stats, seconds); FIELD(sb_stats, nbounds); FIELD(sb_stats, bound);
    FIELD(sb_stats, bound_expanded); FIELD(sb_stats, pdb_groups); FIELD(sb_stats, pdb_bytes);
    FIELD(sb_stats, pdb_seconds); FIELD(sb_stats, pdb_loaded); FIELD(sb_stats, max_ratio);
    FIELD(sb_stats, walk);
    FIELD(sb_stats, reserved);
    END_RECORD(sb_stats);
    RECORD(sb_solution);
    FIELD(sb_solution, nmoves); FIELD(sb_solution, moves); FIELD(sb_solution, optimal);
    FIELD(sb_solution, reserved);
    END_RECORD(sb_solution);
    RECORD(sb_explore_report);
    FIELD(sb_explore_report, metric); FIELD(sb_explore_report, path);
    FIELD(sb_explore_report, reachable); FIELD(sb_explore_report, farthest);
    FIELD(sb_explore_report, per_depth); FIELD(sb_explore_report, widest);
    FIELD(sb_explore_report, widest_depth); FIELD(sb_explore_report, nblocks);
    FIELD(sb_explore_report, far_example); FIELD(sb_explore_report, has_goal);
    FIELD(sb_explore_report, goal_count); FIELD(sb_explore_report, nearest_goal);
    FIELD(sb_explore_report, peak_bytes); FIELD(sb_explore_report, seconds);
    FIELD(sb_explore_report, walk); FIELD(sb_explore_report, reserved);
    END_RECORD(sb_explore_report);
    RECORD(sb_component);
    FIELD(sb_component, size); FIELD(sb_component, diameter); FIELD(sb_component, sweeps);
    FIELD(sb_component, goal_layouts); FIELD(sb_component, hardest);
    END_RECORD(sb_component);
    RECORD(sb_components_report);
    FIELD(sb_components_report, metric); FIELD(sb_components_report, diameters);
    FIELD(sb_components_report, layouts); FIELD(sb_components_report, edges);
    FIELD(sb_components_report, ncomponents); FIELD(sb_components_report, components);
    FIELD(sb_components_report, nblocks); FIELD(sb_components_report, examples);
    FIELD(sb_components_report, init_component); FIELD(sb_components_report, peak_bytes);
    FIELD(sb_components_report, seconds); FIELD(sb_components_report, reserved);
    END_RECORD(sb_components_report);
    RECORD(sb_family_member);
    FIELD(sb_family_member, units); FIELD(sb_family_member, wides);
    FIELD(sb_family_member, talls); FIELD(sb_family_member, layouts);
    FIELD(sb_family_member, ncomponents); FIELD(sb_family_member, index);
    END_RECORD(sb_family_member);
    RECORD(sb_family_report);
    FIELD(sb_family_report, nmembers); FIELD(sb_family_report, members);
    FIELD(sb_family_report, layouts); FIELD(sb_family_report, ncomponents);
    FIELD(sb_family_report, peak_bytes); FIELD(sb_family_report, seconds);
    FIELD(sb_family_report, family_members); FIELD(sb_family_report, reserved);
    END_RECORD(sb_family_report);
    RECORD(sb_census_kind);
    FIELD(sb_census_kind, name); FIELD(sb_census_kind, height); FIELD(sb_census_kind, width);
    FIELD(sb_census_kind, axis); FIELD(sb_census_kind, marked); FIELD(sb_census_kind, min);
    FIELD(sb_census_kind, max); FIELD(sb_census_kind, pinned); FIELD(sb_census_kind, pin_first);
    FIELD(sb_census_kind, pin_last);
    END_RECORD(sb_census_kind);
    RECORD(sb_census_spec);
    FIELD(sb_census_spec, rows); FIELD(sb_census_spec, cols); FIELD(sb_census_spec, walls);
    FIELD(sb_census_spec, nkinds); FIELD(sb_census_spec, kinds);
    FIELD(sb_census_spec, min_empty); FIELD(sb_census_spec, ngoals);
    FIELD(sb_census_spec, goal_kind); FIELD(sb_census_spec, goals);
    FIELD(sb_census_spec, diameters); FIELD(sb_census_spec, keep);
    FIELD(sb_census_spec, kind_shapes); FIELD(sb_census_spec, any_pieces);
    FIELD(sb_census_spec, corner_goal); FIELD(sb_census_spec, piece_cells);
    FIELD(sb_census_spec, min_pieces); FIELD(sb_census_spec, max_pieces);
    FIELD(sb_census_spec, reserved);
    END_RECORD(sb_census_spec);
    RECORD(sb_census_member);
    FIELD(sb_census_member, counts); FIELD(sb_census_member, mapped);
    FIELD(sb_census_member, has_goal); FIELD(sb_census_member, layouts);
    FIELD(sb_census_member, ncomponents); FIELD(sb_census_member, components);
    FIELD(sb_census_member, all_components); FIELD(sb_census_member, largest);
    FIELD(sb_census_member, goal_components); FIELD(sb_census_member, hardest_moves);
    FIELD(sb_census_member, nblocks); FIELD(sb_census_member, examples);
    FIELD(sb_census_member, hardest); FIELD(sb_census_member, peak_bytes);
    FIELD(sb_census_member, nparts); FIELD(sb_census_member, parts);
    END_RECORD(sb_census_member);
    RECORD(sb_census_report);
    FIELD(sb_census_report, nkinds); FIELD(sb_census_report, nmembers);
    FIELD(sb_census_report, members); FIELD(sb_census_report, counts);
    FIELD(sb_census_report, layouts); FIELD(sb_census_report, ncomponents);
    FIELD(sb_census_report, peak_bytes); FIELD(sb_census_report, seconds);
    FIELD(sb_census_report, kinds); FIELD(sb_census_report, keep);
    FIELD(sb_census_report, reserved);
    END_RECORD(sb_census_report);
    RECORD(sb_census_hooks);
    FIELD(sb_census_hooks, skip); FIELD(sb_census_hooks, done); FIELD(sb_census_hooks, ctx);
    FIELD(sb_census_hooks, take); FIELD(sb_census_hooks, begin);
    FIELD(sb_census_hooks, set_done); FIELD(sb_census_hooks, reserved);
    END_RECORD(sb_census_hooks);
    RECORD(sb_pieceset_member);
    FIELD(sb_pieceset_member, first); FIELD(sb_pieceset_member, nshapes);
    FIELD(sb_pieceset_member, pieces); FIELD(sb_pieceset_member, holes);
    FIELD(sb_pieceset_member, fills); FIELD(sb_pieceset_member, mapped);
    FIELD(sb_pieceset_member, by_symmetry); FIELD(sb_pieceset_member, hardest_moves);
    FIELD(sb_pieceset_member, nblocks); FIELD(sb_pieceset_member, start);
    FIELD(sb_pieceset_member, configurations);
    END_RECORD(sb_pieceset_member);
    RECORD(sb_pieceset_report);
    FIELD(sb_pieceset_report, rows); FIELD(sb_pieceset_report, cols);
    FIELD(sb_pieceset_report, nshapes); FIELD(sb_pieceset_report, shapes);
    FIELD(sb_pieceset_report, nmembers); FIELD(sb_pieceset_report, members);
    FIELD(sb_pieceset_report, set_shapes); FIELD(sb_pieceset_report, set_counts);
    FIELD(sb_pieceset_report, fills); FIELD(sb_pieceset_report, corner_goal);
    FIELD(sb_pieceset_report, configurations); FIELD(sb_pieceset_report, seconds);
    FIELD(sb_pieceset_report, reserved);
    END_RECORD(sb_pieceset_report);
    RECORD(sb_distances);
    FIELD(sb_distances, metric); FIELD(sb_distances, path); FIELD(sb_distances, rows);
    FIELD(sb_distances, cols); FIELD(sb_distances, count); FIELD(sb_distances, init);
    FIELD(sb_distances, nclasses); FIELD(sb_distances, pieces);
    FIELD(sb_distances, class_count); FIELD(sb_distances, nblocks);
    FIELD(sb_distances, anchors); FIELD(sb_distances, distance);
    FIELD(sb_distances, goal_count); FIELD(sb_distances, farthest);
    FIELD(sb_distances, edge_start); FIELD(sb_distances, edge_to);
    FIELD(sb_distances, peak_bytes); FIELD(sb_distances, seconds);
    FIELD(sb_distances, reserved);
    END_RECORD(sb_distances);
    RECORD(sb_move_reader);
    FIELD(sb_move_reader, in); FIELD(sb_move_reader, name); FIELD(sb_move_reader, line);
    FIELD(sb_move_reader, text); FIELD(sb_move_reader, end); FIELD(sb_move_reader, reserved);
    END_RECORD(sb_move_reader);
    RECORD(sb_show_style);
    FIELD(sb_show_style, unicode); FIELD(sb_show_style, color); FIELD(sb_show_style, reserved);
    END_RECORD(sb_show_style);
    RECORD(sb_json_report);
    FIELD(sb_json_report, status); FIELD(sb_json_report, moves); FIELD(sb_json_report, nmoves);
    FIELD(sb_json_report, metric); FIELD(sb_json_report, optimal); FIELD(sb_json_report, stats);
    FIELD(sb_json_report, message); FIELD(sb_json_report, puzzle);
    FIELD(sb_json_report, reserved);
    END_RECORD(sb_json_report);

    ENUM(sb_status);
    VALUE(sb_status, SB_OK); VALUE(sb_status, SB_UNSOLVABLE); VALUE(sb_status, SB_EINPUT);
    VALUE(sb_status, SB_ELIMIT); VALUE(sb_status, SB_EMOVE); VALUE(sb_status, SB_EWRITE);
    ENUM(sb_list);
    VALUE(sb_list, SB_LIST_NONE); VALUE(sb_list, SB_LIST_INIT); VALUE(sb_list, SB_LIST_GOAL);
    VALUE(sb_list, SB_LIST_MOVES);
    ENUM(sb_limit);
    VALUE(sb_limit, SB_LIMIT_NONE); VALUE(sb_limit, SB_LIMIT_STATES);
    VALUE(sb_limit, SB_LIMIT_BYTES); VALUE(sb_limit, SB_LIMIT_SECONDS);
    VALUE(sb_limit, SB_LIMIT_MEMORY); VALUE(sb_limit, SB_LIMIT_CANCELLED);
    ENUM(sb_hint);
    VALUE(sb_hint, SB_HINT_NONE); VALUE(sb_hint, SB_HINT_PATH_GENERAL);
    VALUE(sb_hint, SB_HINT_FORMAT_LINE); VALUE(sb_hint, SB_HINT_ALGO);
    VALUE(sb_hint, SB_HINT_LIMIT);
    ENUM(sb_axis);
    VALUE(sb_axis, SB_AXIS_ANY); VALUE(sb_axis, SB_AXIS_ROW); VALUE(sb_axis, SB_AXIS_COL);
    ENUM(sb_metric);
    VALUE(sb_metric, SB_METRIC_UNIT); VALUE(sb_metric, SB_METRIC_LINE);
    VALUE(sb_metric, SB_METRIC_PIECE);
    ENUM(sb_algo);
    VALUE(sb_algo, SB_ALGO_AUTO); VALUE(sb_algo, SB_ALGO_BFS); VALUE(sb_algo, SB_ALGO_ASTAR);
    VALUE(sb_algo, SB_ALGO_IDASTAR); VALUE(sb_algo, SB_ALGO_BIDIR);
    ENUM(sb_path);
    VALUE(sb_path, SB_PATH_AUTO); VALUE(sb_path, SB_PATH_BITBOARD);
    VALUE(sb_path, SB_PATH_GENERAL);
    ENUM(sb_walk);
    VALUE(sb_walk, SB_WALK_AUTO); VALUE(sb_walk, SB_WALK_TABLE);
    VALUE(sb_walk, SB_WALK_FRONTIER); VALUE(sb_walk, SB_WALK_RANKED);
    VALUE(sb_walk, SB_WALK_DISK);
    ENUM(sb_format);
    VALUE(sb_format, SB_FORMAT_AUTO); VALUE(sb_format, SB_FORMAT_CORNERS);
    VALUE(sb_format, SB_FORMAT_SIZES); VALUE(sb_format, SB_FORMAT_PICTURE);

    CONSTANT(SB_RESERVED);
    CONSTANT(SB_MAX_CELLS);
    CONSTANT(SB_STATS_BOUNDS);
    CONSTANT(SB_DISTANCE_NONE);
    CONSTANT(SB_SHOW_MAX_COLS);
    CONSTANT(SB_SHOW_MAX_ROWS);
    return failures ? 1 : 0;
}
