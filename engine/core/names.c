/*
 * names.c - the one table of names for each of the library's choices
 * (names.h) and the one parser over any of them.
 *
 * A table is indexed by the enum's value, so the enums' values must run
 * 0, 1, ... in the order written here: the static asserts say so.
 */
#include <stdio.h>
#include <string.h>

#include "core/error.h"
#include "core/names.h"

static const char *const METRICS[] = { "unit", "line", "piece" };
static const char *const ALGOS[] = { "auto", "bfs", "astar", "idastar", "bidir" };
static const char *const PATHS[] = { "auto", "bitboard", "general" };
static const char *const WALKS[] = { "auto", "table", "frontier", "ranked", "disk" };
enum {
    NMETRICS = sizeof METRICS / sizeof METRICS[0],
    NALGOS = sizeof ALGOS / sizeof ALGOS[0],
    NPATHS = sizeof PATHS / sizeof PATHS[0],
    NWALKS = sizeof WALKS / sizeof WALKS[0]
};
_Static_assert(SB_METRIC_UNIT == 0 && SB_METRIC_PIECE == NMETRICS - 1, "METRICS is by value");
_Static_assert(SB_ALGO_AUTO == 0 && SB_ALGO_BIDIR == NALGOS - 1, "ALGOS is by value");
_Static_assert(SB_PATH_AUTO == 0 && SB_PATH_GENERAL == NPATHS - 1, "PATHS is by value");
_Static_assert(SB_WALK_AUTO == 0 && SB_WALK_DISK == NWALKS - 1, "WALKS is by value");

const char *sbi_name_of(const char *const *names, int n, int value)
{
    return value >= 0 && value < n ? names[value] : "?";
}

sb_status sbi_name_parse(const char *const *names, int n, const char *what, const char *name,
                         int *out, sb_error *err)
{
    for (int i = 0; name && out && i < n; i++)
        if (strcmp(name, names[i]) == 0) {
            *out = i;
            return SB_OK;
        }
    if (!name || !out)
        return sbi_fail(err, SB_EINPUT, "parsing a %s name: %s is NULL", what,
                        !name ? "the name" : "the value to fill");
    /* "unknown metric 'miles' (unit, line or piece)" */
    char list[160] = "";
    for (int i = 0; i < n; i++) {
        size_t len = strlen(list);
        snprintf(list + len, sizeof list - len, "%s%s",
                 i == 0 ? "" : i == n - 1 ? " or " : ", ", names[i]);
    }
    return sbi_fail(err, SB_EINPUT, "unknown %s '%.100s' (%s)", what, name, list);
}

const char *sb_metric_name(sb_metric m)
{
    return sbi_name_of(METRICS, NMETRICS, (int)m);
}

const char *sb_algo_name(sb_algo a)
{
    return sbi_name_of(ALGOS, NALGOS, (int)a);
}

const char *sb_path_name(sb_path p)
{
    return sbi_name_of(PATHS, NPATHS, (int)p);
}

const char *sb_walk_name(sb_walk w)
{
    return sbi_name_of(WALKS, NWALKS, (int)w);
}

sb_status sb_metric_parse(const char *name, sb_metric *out, sb_error *err)
{
    int v = 0;
    sb_status st = sbi_name_parse(METRICS, NMETRICS, "metric", name, out ? &v : NULL, err);
    if (st == SB_OK)
        *out = (sb_metric)v;
    return st;
}

sb_status sb_algo_parse(const char *name, sb_algo *out, sb_error *err)
{
    int v = 0;
    sb_status st = sbi_name_parse(ALGOS, NALGOS, "algorithm", name, out ? &v : NULL, err);
    if (st == SB_OK)
        *out = (sb_algo)v;
    return st;
}

sb_status sb_path_parse(const char *name, sb_path *out, sb_error *err)
{
    int v = 0;
    sb_status st = sbi_name_parse(PATHS, NPATHS, "representation", name, out ? &v : NULL, err);
    if (st == SB_OK)
        *out = (sb_path)v;
    return st;
}

sb_status sb_walk_parse(const char *name, sb_walk *out, sb_error *err)
{
    int v = 0;
    sb_status st = sbi_name_parse(WALKS, NWALKS, "walk", name, out ? &v : NULL, err);
    if (st == SB_OK)
        *out = (sb_walk)v;
    return st;
}
