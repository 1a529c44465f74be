/*
 * reports.c - libslide's records turned into plain Python values: the
 * dicts solve(stats=True), explore(), components() and family() return,
 * the picture strings layouts are shown as, and in general the text any
 * of libslide's writers writes, caught in memory (sb_py_written).
 *
 * Invariant: every builder either returns a new complete object or NULL
 * with a Python exception set, and never keeps a pointer into the record
 * it reads, so the caller frees the record right after.  A layout is
 * always given as a picture (sb_fmt_picture_write): a str that reads back
 * as an INIT file of the same puzzle, so a script can load any layout a
 * report names with Puzzle.from_string.
 */
#include "binding.h"

#include <stdio.h>
#include <stdlib.h>

PyObject *sb_py_written(sb_py_state *st, sb_py_writer write, const void *ctx)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return PyErr_NoMemory();
    sb_error err;
    sb_status s = write(f, ctx, &err);
    if (fclose(f) != 0 && s == SB_OK) {
        free(buf);
        return PyErr_NoMemory();
    }
    PyObject *text = s == SB_OK ? PyUnicode_DecodeUTF8(buf, (Py_ssize_t)len, "replace")
                                : sb_py_raise(st, s, &err);
    free(buf);
    return text;
}

/* A layout to draw, for write_picture. */
typedef struct layout {
    const sb_puzzle *p;
    const sb_block *blocks;
    size_t n;
} layout;

static sb_status write_picture(FILE *f, const void *ctx, sb_error *err)
{
    const layout *l = ctx;
    return sb_fmt_picture_write(f, l->p, l->blocks, l->n, NULL, err);
}

PyObject *sb_py_picture(sb_py_state *st, const sb_puzzle *p, const sb_block *blocks, size_t n)
{
    layout l = { p, blocks, n };
    return sb_py_written(st, write_picture, &l);
}

/* Sets key of dict to value, consuming value (NULL: an error is set). */
static int put(PyObject *dict, const char *key, PyObject *value)
{
    if (!value)
        return -1;
    int rc = PyDict_SetItemString(dict, key, value);
    Py_DECREF(value);
    return rc;
}

/* A new dict from its keys and values (a NULL value: fail), consuming the
 * values whatever happens; NULL with an exception set on failure. */
static PyObject *dict_of(size_t n, const char *const *keys, PyObject **values)
{
    PyObject *d = PyDict_New();
    bool ok = d != NULL;
    for (size_t i = 0; i < n; i++) {
        if (ok)
            ok = put(d, keys[i], values[i]) == 0;
        else
            Py_XDECREF(values[i]);
    }
    if (!ok)
        Py_CLEAR(d);
    return d;
}

/* None when absent, else an int. */
static PyObject *maybe(bool present, unsigned long long value)
{
    return present ? PyLong_FromUnsignedLongLong(value) : Py_NewRef(Py_None);
}

PyObject *sb_py_stats_dict(const sb_stats *s, const sb_solution *sol)
{
    static const char *const keys[] = {
        "algorithm", "engine", "stored", "expanded", "peak_bytes", "final_bytes",
        "seconds", "optimal", "length", "pdb_tables", "pdb_loaded", "max_ratio",
    };
    /* The length under every metric, keyed by the library's own names. */
    const char *length_keys[SB_METRIC_PIECE + 1];
    PyObject *lengths[SB_METRIC_PIECE + 1];
    for (int m = 0; m <= SB_METRIC_PIECE; m++) {
        length_keys[m] = sb_metric_name((sb_metric)m);
        lengths[m] = PyLong_FromUnsignedLongLong(sb_moves_length(sol->moves, sol->nmoves,
                                                                 (sb_metric)m));
    }
    PyObject *values[] = {
        PyUnicode_FromString(sb_algo_name(s->algo)),
        PyUnicode_FromString(sb_path_name(s->path)),
        PyLong_FromUnsignedLongLong(s->stored),
        PyLong_FromUnsignedLongLong(s->expanded),
        PyLong_FromSize_t(s->peak_bytes),
        PyLong_FromSize_t(s->final_bytes),
        PyFloat_FromDouble(s->seconds),
        PyBool_FromLong(sol->optimal),
        dict_of(SB_METRIC_PIECE + 1, length_keys, lengths),
        PyLong_FromUnsignedLong(s->pdb_groups),
        PyBool_FromLong(s->pdb_loaded),
        s->max_ratio > 0 ? PyFloat_FromDouble(s->max_ratio) : Py_NewRef(Py_None),
    };
    return dict_of(sizeof keys / sizeof keys[0], keys, values);
}

/* A list of n items made by item(r, i); NULL with an exception on failure. */
static PyObject *list_of(size_t n, PyObject *(*item)(const void *r, size_t i, void *ctx),
                         const void *r, void *ctx)
{
    PyObject *list = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; list && i < n; i++) {
        PyObject *x = item(r, i, ctx);
        if (!x)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, (Py_ssize_t)i, x);
    }
    return list;
}

static PyObject *depth_item(const void *r, size_t i, void *ctx)
{
    (void)ctx;
    return PyLong_FromUnsignedLongLong(((const sb_explore_report *)r)->per_depth[i]);
}

PyObject *sb_py_explore_dict(sb_py_state *st, const sb_puzzle *p, const sb_explore_report *r)
{
    static const char *const keys[] = {
        "metric", "reachable", "farthest", "per_depth", "widest", "widest_depth",
        "farthest_example", "goal_count", "nearest_goal", "peak_bytes", "seconds",
    };
    bool goal = r->has_goal, near = goal && r->goal_count > 0;
    PyObject *values[] = {
        PyUnicode_FromString(sb_metric_name(r->metric)),
        PyLong_FromUnsignedLongLong(r->reachable),
        PyLong_FromUnsignedLong(r->farthest),
        list_of((size_t)r->farthest + 1, depth_item, r, NULL),
        PyLong_FromUnsignedLongLong(r->widest),
        PyLong_FromUnsignedLong(r->widest_depth),
        sb_py_picture(st, p, r->far_example, r->nblocks),
        maybe(goal, r->goal_count),
        maybe(near, r->nearest_goal),
        PyLong_FromSize_t(r->peak_bytes),
        PyFloat_FromDouble(r->seconds),
    };
    return dict_of(sizeof keys / sizeof keys[0], keys, values);
}

/* What a component's item needs besides the report: the puzzle, for the
 * example's picture. */
typedef struct component_ctx {
    sb_py_state *st;
    const sb_puzzle *p;
} component_ctx;

static PyObject *component_item(const void *report, size_t i, void *ctx)
{
    static const char *const keys[] = {"size", "diameter", "sweeps", "example"};
    const sb_components_report *r = report;
    const component_ctx *c = ctx;
    const sb_component *k = &r->components[i];
    PyObject *values[] = {
        PyLong_FromUnsignedLongLong(k->size),
        maybe(r->diameters, k->diameter),
        maybe(r->diameters, k->sweeps),
        sb_py_picture(c->st, c->p, r->examples + i * r->nblocks, r->nblocks),
    };
    return dict_of(sizeof keys / sizeof keys[0], keys, values);
}

PyObject *sb_py_components_dict(sb_py_state *st, const sb_puzzle *p,
                                const sb_components_report *r)
{
    static const char *const keys[] = {
        "metric", "diameters", "layouts", "edges", "components", "init_component",
        "peak_bytes", "seconds",
    };
    component_ctx ctx = { st, p };
    PyObject *values[] = {
        PyUnicode_FromString(sb_metric_name(r->metric)),
        PyBool_FromLong(r->diameters),
        PyLong_FromUnsignedLongLong(r->layouts),
        PyLong_FromUnsignedLongLong(r->edges),
        list_of(r->ncomponents, component_item, r, &ctx),
        PyLong_FromSize_t(r->init_component),
        PyLong_FromSize_t(r->peak_bytes),
        PyFloat_FromDouble(r->seconds),
    };
    return dict_of(sizeof keys / sizeof keys[0], keys, values);
}

static PyObject *member_item(const void *report, size_t i, void *ctx)
{
    static const char *const keys[] = {"units", "wides", "talls", "layouts", "components"};
    (void)ctx;
    const sb_family_member *m = &((const sb_family_report *)report)->members[i];
    PyObject *values[] = {
        PyLong_FromUnsignedLong(m->units),
        PyLong_FromUnsignedLong(m->wides),
        PyLong_FromUnsignedLong(m->talls),
        PyLong_FromUnsignedLongLong(m->layouts),
        PyLong_FromUnsignedLongLong(m->ncomponents),
    };
    return dict_of(sizeof keys / sizeof keys[0], keys, values);
}

PyObject *sb_py_family_dict(const sb_family_report *r)
{
    static const char *const keys[] = {"members", "layouts", "components", "peak_bytes",
                                       "seconds"};
    PyObject *values[] = {
        list_of(r->nmembers, member_item, r, NULL),
        PyLong_FromUnsignedLongLong(r->layouts),
        PyLong_FromUnsignedLongLong(r->ncomponents),
        PyLong_FromSize_t(r->peak_bytes),
        PyFloat_FromDouble(r->seconds),
    };
    return dict_of(sizeof keys / sizeof keys[0], keys, values);
}
