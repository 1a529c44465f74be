/*
 * puzzle.c - slide.Puzzle: one sb_puzzle read by libslide's readers, and the
 * calls on it (solve, explore, components, family, check, pictures, the
 * text and JSON views).
 *
 * Invariants: a Puzzle is made only by from_file/from_string, whose readers
 * validate everything (sb_puzzle_check), and nothing changes it afterwards.
 * That is what makes it safe to drop the GIL around the searches: other
 * threads may use the same Puzzle meanwhile, and libslide only reads it.
 * Each search runs through its own libslide handle (sb_search), whose
 * progress callback runs Python's signal handlers, so Ctrl-C cancels it.  Arguments are checked here before they reach
 * libslide, so a wrong type is a TypeError, never a crash.
 */
#include "binding.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    PyObject_HEAD
    sb_puzzle puzzle;     /* owned; valid (the readers checked it) */
    sb_format format;     /* the format it was read in (never AUTO) */
} PuzzleObject;

static sb_py_state *state_of(PyObject *self)
{
    return sb_py_state_of(Py_TYPE(self));
}

static void puzzle_dealloc(PyObject *self)
{
    PyTypeObject *type = Py_TYPE(self);
    sb_puzzle_free(&((PuzzleObject *)self)->puzzle);
    type->tp_free(self);
    Py_DECREF(type);   /* heap types are owned by their instances */
}

/* ---- Reading ----------------------------------------------------------- */

static int parse_format(const char *name, sb_format *out)
{
    sb_error err;
    return sb_py_parsed(sb_fmt_parse_name(name, out, &err), "format", &err);
}

/* Wraps a freshly read puzzle (taking it over) in a new Puzzle of type cls. */
static PyObject *wrap(PyTypeObject *cls, sb_puzzle *p, sb_format used)
{
    PuzzleObject *self = (PuzzleObject *)cls->tp_alloc(cls, 0);
    if (!self) {
        sb_puzzle_free(p);
        return NULL;
    }
    self->puzzle = *p;
    self->format = used;
    return (PyObject *)self;
}

static PyObject *from_file(PyTypeObject *cls, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"init", "goal", "format", NULL};
    PyObject *init = NULL, *goal_arg = Py_None, *goal = NULL;
    const char *fmt_name = "auto";
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O&|Os:from_file", kwlist,
                                     PyUnicode_FSConverter, &init, &goal_arg, &fmt_name))
        return NULL;
    sb_format fmt;
    PyObject *result = NULL;
    if (parse_format(fmt_name, &fmt) < 0)
        goto done;
    if (goal_arg != Py_None && !PyUnicode_FSConverter(goal_arg, &goal))
        goto done;
    sb_py_state *st = sb_py_state_of(cls);
    sb_puzzle p;
    sb_error err;
    sb_format used;
    sb_status s = sb_fmt_read(PyBytes_AS_STRING(init), goal ? PyBytes_AS_STRING(goal) : NULL,
                              fmt, &used, &p, &err);
    result = s == SB_OK ? wrap(cls, &p, used) : sb_py_raise(st, s, &err);
done:
    Py_XDECREF(init);
    Py_XDECREF(goal);
    return result;
}

static PyObject *from_string(PyTypeObject *cls, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"init_text", "goal_text", "format", "init_name", "goal_name", NULL};
    const char *init, *goal = NULL, *fmt_name = "auto";
    const char *init_name = "INIT", *goal_name = "GOAL";
    Py_ssize_t init_len, goal_len = 0;
    /* s#: a str (as UTF-8) or read-only bytes; z# lets the goal be None. */
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "s#|z#s$ss:from_string", kwlist,
                                     &init, &init_len, &goal, &goal_len, &fmt_name,
                                     &init_name, &goal_name))
        return NULL;
    sb_format fmt;
    if (parse_format(fmt_name, &fmt) < 0)
        return NULL;
    sb_puzzle p;
    sb_error err;
    sb_format used;
    sb_status s = sb_fmt_parse(init, (size_t)init_len, init_name, goal, (size_t)goal_len,
                               goal_name, fmt, &used, &p, &err);
    return s == SB_OK ? wrap(cls, &p, used) : sb_py_raise(sb_py_state_of(cls), s, &err);
}

/* ---- Options ----------------------------------------------------------- */

static int parse_algo(const char *name, sb_algo *out)
{
    sb_error err;
    return sb_py_parsed(sb_algo_parse(name, out, &err), "algo", &err);
}

static int parse_engine(const char *name, sb_path *out)
{
    sb_error err;
    return sb_py_parsed(sb_path_parse(name, out, &err), "engine", &err);
}

/* A count limit: None is no limit (libslide's 0); otherwise a positive int,
 * since 0 would silently mean "no limit" to libslide. */
static int parse_count(PyObject *obj, const char *name, uint64_t *out)
{
    *out = 0;
    if (obj == Py_None)
        return 0;
    if (!PyLong_Check(obj) || PyBool_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int or None, not %.100s", name,
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    PyObject *zero = PyLong_FromLong(0);
    int sign = zero ? PyObject_RichCompareBool(obj, zero, Py_GT) : -1;
    Py_XDECREF(zero);
    if (sign < 0)
        return -1;
    if (!sign) {
        PyErr_Format(PyExc_ValueError, "%s must be positive (None: no limit)", name);
        return -1;
    }
    unsigned long long v = PyLong_AsUnsignedLongLong(obj);
    if (v == (unsigned long long)-1 && PyErr_Occurred())
        return -1;
    *out = v;
    return 0;
}

static int parse_limits(PyObject *states, PyObject *seconds, PyObject *memory, sb_limits *out)
{
    uint64_t bytes;
    if (parse_count(states, "max_states", &out->max_states) < 0 ||
        parse_count(memory, "max_memory", &bytes) < 0)
        return -1;
    out->max_bytes = bytes;
    out->max_seconds = 0;
    if (seconds != Py_None) {
        if (!PyFloat_Check(seconds) && !(PyLong_Check(seconds) && !PyBool_Check(seconds))) {
            PyErr_Format(PyExc_TypeError, "max_seconds must be a number or None, not %.100s",
                         Py_TYPE(seconds)->tp_name);
            return -1;
        }
        double s = PyFloat_AsDouble(seconds);
        if (s == -1.0 && PyErr_Occurred())
            return -1;
        if (!(s > 0) || !isfinite(s)) {
            PyErr_SetString(PyExc_ValueError, "max_seconds must be a positive finite number "
                            "(None: no limit)");
            return -1;
        }
        out->max_seconds = s;
    }
    return 0;
}

/* ---- Searching: solve, explore, components, family -------------------- */

/* Which libslide search a run makes. */
typedef enum search_kind { SEARCH_SOLVE, SEARCH_EXPLORE, SEARCH_COMPONENTS, SEARCH_FAMILY } search_kind;

/* What the progress callback shares with the run that set it up. */
typedef struct interruptible {
    sb_search *search;     /* the handle to cancel */
    PyThreadState *saved;  /* the calling thread's state while the GIL is released */
    bool interrupted;      /* a Python signal handler raised: its exception is set */
} interruptible;

/* The search's progress callback, in the thread that called the search
 * (slide.h promises that) with the GIL released: takes the GIL back for a
 * moment with that thread's own state, which the run saved when it let
 * the GIL go, to run Python's signal handlers (Ctrl-C's raises
 * KeyboardInterrupt), and cancels the search when one raised, leaving
 * the exception set for the run to return.  PyGILState_Ensure would do
 * too in a plain interpreter, but not in a sub-interpreter, whose thread
 * state it cannot find. */
static void check_signals(const sb_progress *progress, void *ctx)
{
    (void)progress;
    interruptible *in = ctx;
    if (in->interrupted)
        return;
    PyEval_RestoreThread(in->saved);
    if (PyErr_CheckSignals() < 0) {
        in->interrupted = true;
        sb_search_cancel(in->search);
    }
    in->saved = PyEval_SaveThread();
}

/* Runs one search of self's puzzle under opts, through a handle, with the
 * GIL released and Ctrl-C cancelling it.  out is the record kind fills;
 * sol_stats (SEARCH_SOLVE only, may be NULL) receives its statistics.
 * Returns the status with err filled, or -1 when a Python exception is set
 * (KeyboardInterrupt, ...): then out has been freed. */
static int run_search(PyObject *self, sb_options *opts, search_kind kind, bool diameters,
                      void *out, sb_stats *sol_stats, sb_error *err)
{
    const sb_puzzle *p = &((PuzzleObject *)self)->puzzle;
    interruptible in = { NULL, NULL, false };
    opts->progress = check_signals;
    opts->progress_ctx = &in;
    sb_status s = sb_search_new(p, opts, &in.search, err);
    if (s != SB_OK)
        return (int)s;
    in.saved = PyEval_SaveThread();
    switch (kind) {
    case SEARCH_SOLVE: s = sb_search_solve(in.search, out, err); break;
    case SEARCH_EXPLORE: s = sb_search_explore(in.search, out, err); break;
    case SEARCH_COMPONENTS: s = sb_search_components(in.search, diameters, out, err); break;
    case SEARCH_FAMILY: s = sb_search_family(in.search, out, err); break;
    }
    PyEval_RestoreThread(in.saved);
    if (sol_stats)
        sb_search_stats(in.search, sol_stats);
    sb_search_free(in.search);
    if (!in.interrupted)
        return (int)s;
    switch (kind) {
    case SEARCH_SOLVE: sb_solution_free(out); break;
    case SEARCH_EXPLORE: sb_explore_report_free(out); break;
    case SEARCH_COMPONENTS: sb_components_report_free(out); break;
    case SEARCH_FAMILY: sb_family_report_free(out); break;
    }
    return -1;
}

/* The moves of sol as a new list of Move; NULL with an exception set. */
static PyObject *move_list(sb_py_state *st, const sb_move *moves, size_t n)
{
    PyObject *list = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; list && i < n; i++) {
        PyObject *mv = sb_py_move_new(st, &moves[i]);
        if (!mv)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, (Py_ssize_t)i, mv);
    }
    return list;
}

static PyObject *solve(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"metric", "optimal", "algo", "max_states", "max_seconds",
                             "max_memory", "stats", "engine", "pdb_dir", NULL};
    const char *metric = "line", *algo = "auto", *engine = "auto";
    int optimal = 0, with_stats = 0;
    PyObject *states = Py_None, *seconds = Py_None, *memory = Py_None, *pdb_dir = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|$spsOOOpsO:solve", kwlist, &metric,
                                     &optimal, &algo, &states, &seconds, &memory, &with_stats,
                                     &engine, &pdb_dir))
        return NULL;
    sb_options opts;
    sb_options_default(&opts);
    opts.optimal = optimal;
    if (sb_py_parse_metric(metric, &opts.metric) < 0 || parse_algo(algo, &opts.algo) < 0 ||
        parse_engine(engine, &opts.path) < 0 ||
        parse_limits(states, seconds, memory, &opts.limits) < 0)
        return NULL;
    sb_py_state *st = state_of(self);
    sb_error err;
    /* pdb_dir: the pattern databases kept as files there, libslide's own
     * directory cache (the engine itself touches no file). */
    sb_cache *cache = NULL;
    if (pdb_dir != Py_None) {
        PyObject *path = NULL;
        if (!PyUnicode_FSConverter(pdb_dir, &path))
            return NULL;
        sb_status made = sb_fmt_cache_dir_new(PyBytes_AS_STRING(path), &cache, &err);
        Py_DECREF(path);
        if (made != SB_OK)
            return sb_py_raise(st, made, &err);
        opts.cache = cache;
    }

    sb_solution sol;
    sb_stats stats;
    int s = run_search(self, &opts, SEARCH_SOLVE, false, &sol, &stats, &err);
    sb_fmt_cache_dir_free(cache);
    if (s < 0)
        return NULL;
    if (s != SB_OK)
        return sb_py_raise(st, (sb_status)s, &err);
    PyObject *list = move_list(st, sol.moves, sol.nmoves), *result = list;
    if (list && with_stats) {
        PyObject *d = sb_py_stats_dict(&stats, &sol);
        result = d ? PyTuple_Pack(2, list, d) : NULL;
        Py_XDECREF(d);
        Py_DECREF(list);
    }
    sb_solution_free(&sol);
    return result;
}

/* The options explore and components take: metric, engine and limits. */
static int walk_options(PyObject *args, PyObject *kwargs, const char *format, bool *diameters,
                        sb_options *opts)
{
    /* format names diameters last exactly when diameters is not NULL. */
    static char *kwlist[] = {"metric", "engine", "max_states", "max_seconds", "max_memory",
                             "diameters", NULL};
    static char *no_diameters[] = {"metric", "engine", "max_states", "max_seconds",
                                   "max_memory", NULL};
    const char *metric = "line", *engine = "auto";
    int diam = 0;
    PyObject *states = Py_None, *seconds = Py_None, *memory = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, format, diameters ? kwlist : no_diameters,
                                     &metric, &engine, &states, &seconds, &memory, &diam))
        return -1;
    if (diameters)
        *diameters = diam;
    sb_options_default(opts);
    return sb_py_parse_metric(metric, &opts->metric) < 0 ||
                   parse_engine(engine, &opts->path) < 0 ||
                   parse_limits(states, seconds, memory, &opts->limits) < 0
               ? -1 : 0;
}

static PyObject *explore(PyObject *self, PyObject *args, PyObject *kwargs)
{
    sb_options opts;
    if (walk_options(args, kwargs, "|$ssOOO:explore", NULL, &opts) < 0)
        return NULL;
    sb_explore_report r;
    sb_error err;
    int s = run_search(self, &opts, SEARCH_EXPLORE, false, &r, NULL, &err);
    sb_py_state *st = state_of(self);
    if (s < 0)
        return NULL;
    if (s != SB_OK)
        return sb_py_raise(st, (sb_status)s, &err);
    PyObject *d = sb_py_explore_dict(st, &((PuzzleObject *)self)->puzzle, &r);
    sb_explore_report_free(&r);
    return d;
}

static PyObject *components(PyObject *self, PyObject *args, PyObject *kwargs)
{
    sb_options opts;
    bool diameters;
    if (walk_options(args, kwargs, "|$ssOOOp:components", &diameters, &opts) < 0)
        return NULL;
    sb_components_report r;
    sb_error err;
    int s = run_search(self, &opts, SEARCH_COMPONENTS, diameters, &r, NULL, &err);
    sb_py_state *st = state_of(self);
    if (s < 0)
        return NULL;
    if (s != SB_OK)
        return sb_py_raise(st, (sb_status)s, &err);
    PyObject *d = sb_py_components_dict(st, &((PuzzleObject *)self)->puzzle, &r);
    sb_components_report_free(&r);
    return d;
}

static PyObject *family(PyObject *self, PyObject *args, PyObject *kwargs)
{
    sb_options opts;
    /* No metric: a family counts layouts and components, which no metric changes. */
    static char *kwlist[] = {"max_states", "max_seconds", "max_memory", "engine", NULL};
    PyObject *states = Py_None, *seconds = Py_None, *memory = Py_None;
    const char *engine = "auto";
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|$OOOs:family", kwlist, &states, &seconds,
                                     &memory, &engine))
        return NULL;
    sb_options_default(&opts);
    if (parse_engine(engine, &opts.path) < 0 ||
        parse_limits(states, seconds, memory, &opts.limits) < 0)
        return NULL;
    sb_family_report r;
    sb_error err;
    int s = run_search(self, &opts, SEARCH_FAMILY, false, &r, NULL, &err);
    if (s < 0)
        return NULL;
    if (s != SB_OK)
        return sb_py_raise(state_of(self), (sb_status)s, &err);
    PyObject *d = sb_py_family_dict(&r);
    sb_family_report_free(&r);
    return d;
}

/* ---- Views: text and JSON ---------------------------------------------- */

/* What a view call writes, for write_view. */
typedef struct view_call {
    const sb_puzzle *puzzle;
    const sb_move *moves;
    size_t n;
    sb_show_style style;
    bool json;
    sb_metric metric;
} view_call;

/* sb_show_write or sb_json_write, as v says. */
static sb_status write_view(FILE *f, const void *ctx, sb_error *err)
{
    const view_call *v = ctx;
    if (!v->json)
        return sb_show_write(f, v->puzzle, v->moves, v->n, &v->style, err);
    sb_json_report r = { .status = SB_OK, .moves = v->moves, .nmoves = v->n,
                         .metric = v->metric, .puzzle = v->puzzle };
    return sb_json_write(f, &r, err);
}

static PyObject *render_text(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"moves", "unicode", "color", NULL};
    PyObject *moves = NULL;
    int unicode = 0, color = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|O$pp:render_text", kwlist, &moves,
                                     &unicode, &color))
        return NULL;
    view_call v = { &((PuzzleObject *)self)->puzzle, NULL, 0,
                    { .unicode = unicode, .color = color }, false, SB_METRIC_LINE };
    sb_move *arr = NULL;
    if (moves && moves != Py_None && sb_py_read_moves(moves, &arr, &v.n) < 0)
        return NULL;
    v.moves = arr;
    PyObject *text = sb_py_written(state_of(self), write_view, &v);
    PyMem_Free(arr);
    return text;
}

static PyObject *to_json(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"moves", "metric", NULL};
    PyObject *moves;
    const char *metric = "line";
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|$s:to_json", kwlist, &moves, &metric))
        return NULL;
    view_call v = { &((PuzzleObject *)self)->puzzle, NULL, 0, { .unicode = false }, true,
                    SB_METRIC_LINE };
    sb_move *arr;
    if (sb_py_parse_metric(metric, &v.metric) < 0 || sb_py_read_moves(moves, &arr, &v.n) < 0)
        return NULL;
    v.moves = arr;
    /* The document says "solved": sb_json_write has the judge agree first. */
    PyObject *text = sb_py_written(state_of(self), write_view, &v);
    PyMem_Free(arr);
    return text;
}

/* ---- Moves: checking and pictures -------------------------------------- */

static PyObject *check(PyObject *self, PyObject *moves)
{
    sb_move *arr;
    size_t n;
    if (sb_py_read_moves(moves, &arr, &n) < 0)
        return NULL;
    sb_error err;
    sb_status s = sb_check_moves(&((PuzzleObject *)self)->puzzle, arr, n, &err);
    PyMem_Free(arr);
    if (s != SB_OK)
        return sb_py_raise(state_of(self), s, &err);
    Py_RETURN_TRUE;
}

/* The pictures of p's layout before the moves and after each one, in a new
 * list (all of them, or only the last when every is false).  Each move is
 * first judged (sb_judge_move), so a refused one raises MoveError; a
 * legal one names a piece's anchor, whose block then moves in the copy. */
static PyObject *replay(PyObject *self, PyObject *moves, bool every)
{
    const sb_puzzle *p = &((PuzzleObject *)self)->puzzle;
    sb_py_state *st = state_of(self);
    sb_move *arr;
    size_t n;
    if (sb_py_read_moves(moves, &arr, &n) < 0)
        return NULL;
    PyObject *list = NULL;
    sb_judge *judge = NULL;
    sb_error err;
    sb_status s;
    sb_block *blocks = PyMem_Calloc(p->nblocks ? p->nblocks : 1, sizeof *blocks);
    if (!blocks) {
        PyErr_NoMemory();
        goto done;
    }
    memcpy(blocks, p->blocks, p->nblocks * sizeof *blocks);
    if ((s = sb_judge_new(p, &judge, &err)) != SB_OK) {
        sb_py_raise(st, s, &err);
        goto done;
    }
    if (!(list = PyList_New(0)))
        goto done;
    for (size_t i = 0; i <= n; i++) {
        if (i > 0) {
            const sb_move *m = &arr[i - 1];
            if ((s = sb_judge_move(judge, m, &err)) != SB_OK) {
                Py_CLEAR(list);
                sb_py_raise(st, s, &err);
                goto done;
            }
            for (size_t b = 0; b < p->nblocks; b++)
                if (blocks[b].row == m->from_row && blocks[b].col == m->from_col) {
                    blocks[b].row = m->to_row;
                    blocks[b].col = m->to_col;
                    break;
                }
        }
        if (!every && i < n)
            continue;
        PyObject *pic = sb_py_picture(st, p, blocks, p->nblocks);
        if (!pic || PyList_Append(list, pic) < 0) {
            Py_XDECREF(pic);
            Py_CLEAR(list);
            goto done;
        }
        Py_DECREF(pic);
    }
done:
    sb_judge_free(judge);
    PyMem_Free(blocks);
    PyMem_Free(arr);
    return list;
}

static PyObject *picture(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"moves", NULL};
    PyObject *moves = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|O:picture", kwlist, &moves))
        return NULL;
    if (!moves || moves == Py_None) {
        const sb_puzzle *p = &((PuzzleObject *)self)->puzzle;
        return sb_py_picture(state_of(self), p, p->blocks, p->nblocks);
    }
    PyObject *list = replay(self, moves, false);
    if (!list)
        return NULL;
    PyObject *last = Py_NewRef(PyList_GET_ITEM(list, 0));
    Py_DECREF(list);
    return last;
}

static PyObject *pictures(PyObject *self, PyObject *moves)
{
    return replay(self, moves, true);
}

/* ---- Attributes -------------------------------------------------------- */

static PyObject *get_rows(PyObject *self, void *unused)
{
    (void)unused;
    return PyLong_FromLong(((PuzzleObject *)self)->puzzle.rows);
}

static PyObject *get_cols(PyObject *self, void *unused)
{
    (void)unused;
    return PyLong_FromLong(((PuzzleObject *)self)->puzzle.cols);
}

static PyObject *get_format(PyObject *self, void *unused)
{
    (void)unused;
    return PyUnicode_FromString(sb_fmt_name(((PuzzleObject *)self)->format));
}

static PyObject *get_solved(PyObject *self, void *unused)
{
    (void)unused;
    return PyBool_FromLong(sb_puzzle_solved(&((PuzzleObject *)self)->puzzle));
}

static PyObject *puzzle_repr(PyObject *self)
{
    const sb_puzzle *p = &((PuzzleObject *)self)->puzzle;
    return PyUnicode_FromFormat("<slide.Puzzle %dx%d, %zu blocks, %zu goal entries, %s>",
                                p->rows, p->cols, p->nblocks, p->ngoals,
                                sb_fmt_name(((PuzzleObject *)self)->format));
}

static PyMethodDef puzzle_methods[] = {
    {"from_file", (PyCFunction)(void (*)(void))from_file, METH_CLASS | METH_VARARGS | METH_KEYWORDS,
     "from_file($cls, /, init, goal=None, format=\"auto\")\n--\n\n"
     "Reads a puzzle from the INIT and GOAL files (paths; goal None: no goal)\n"
     "in format \"auto\", \"corners\", \"sizes\" or \"picture\".  Raises InputError\n"
     "with .file and .line for a bad or missing file."},
    {"from_string", (PyCFunction)(void (*)(void))from_string,
     METH_CLASS | METH_VARARGS | METH_KEYWORDS,
     "from_string($cls, /, init_text, goal_text=None, format=\"auto\", *, "
     "init_name=\"INIT\", goal_name=\"GOAL\")\n--\n\n"
     "Reads a puzzle from INIT and GOAL text (str or bytes), as from_file does;\n"
     "the names stand for the files in error messages and InputError.file."},
    {"solve", (PyCFunction)(void (*)(void))solve, METH_VARARGS | METH_KEYWORDS,
     "solve($self, /, *, metric=\"line\", optimal=False, algo=\"auto\", max_states=None, "
     "max_seconds=None, max_memory=None, stats=False, engine=\"auto\", pdb_dir=None)\n--\n\n"
     "Solves the puzzle: a list of Move, straight slides ([] when INIT already\n"
     "meets GOAL).  metric: \"unit\", \"line\" or \"piece\"; optimal: a shortest\n"
     "solution under it; algo: \"auto\", \"bfs\", \"astar\", \"idastar\" or \"bidir\";\n"
     "engine: \"auto\", \"bitboard\" or \"general\" (the representation);\n"
     "pdb_dir: a directory (it must exist) where pattern databases are kept\n"
     "between runs, as slide --pdb-dir keeps them;\n"
     "the limits (states stored, seconds, bytes) default to none.  Raises Unsolvable when every\n"
     "reachable configuration was searched, LimitError when a limit stopped it.\n"
     "With stats=True, returns (moves, stats): a dict of what the search did,\n"
     "as slide -ostats prints it: algorithm, engine, stored, expanded,\n"
     "peak_bytes, final_bytes, seconds, optimal, length (unit, line, piece),\n"
     "pdb_tables (the pattern database's, 0: none), pdb_loaded (read from\n"
     "pdb_dir rather than built) and max_ratio (what is proven of the length:\n"
     "at most that many times a shortest; 1.0: shortest; None: nothing).\n"
     "Other threads run meanwhile (the GIL is released); Ctrl-C interrupts it\n"
     "(KeyboardInterrupt)."},
    {"explore", (PyCFunction)(void (*)(void))explore, METH_VARARGS | METH_KEYWORDS,
     "explore($self, /, *, metric=\"line\", engine=\"auto\", max_states=None, max_seconds=None, "
     "max_memory=None)\n--\n\n"
     "Walks everything reachable from INIT: a dict with reachable, farthest,\n"
     "per_depth (new configurations per distance), widest, widest_depth,\n"
     "farthest_example (a picture), goal_count and nearest_goal (None without a\n"
     "goal), peak_bytes, seconds, metric.  Raises LimitError at a limit.\n"
     "Ctrl-C interrupts it (KeyboardInterrupt); the GIL is released."},
    {"components", (PyCFunction)(void (*)(void))components, METH_VARARGS | METH_KEYWORDS,
     "components($self, /, *, metric=\"line\", engine=\"auto\", max_states=None, max_seconds=None, "
     "max_memory=None, diameters=False)\n--\n\n"
     "Every legal layout of the puzzle's pieces (the tray's cells, the pieces by\n"
     "class; where they stand does not matter), split into the components moves\n"
     "connect: a dict with layouts, edges, components (largest first: dicts with\n"
     "size, diameter and sweeps (None without diameters=True) and example, the\n"
     "first layout as a picture), init_component (the index of INIT's),\n"
     "peak_bytes, seconds, metric and diameters.  Raises LimitError at a limit.\n"
     "Ctrl-C interrupts it (KeyboardInterrupt); the GIL is released."},
    {"family", (PyCFunction)(void (*)(void))family, METH_VARARGS | METH_KEYWORDS,
     "family($self, /, *, max_states=None, max_seconds=None, max_memory=None, engine=\"auto\")\n--\n\n"
     "The puzzle's family: its pieces but for the plain 1x1, 1x2 and 2x1 blocks,\n"
     "with every mix of those that fits (as slide-explore --family): a dict with\n"
     "members (dicts with units, wides, talls, layouts, components), layouts and\n"
     "components summed, peak_bytes, seconds.  Ctrl-C interrupts it."},
    {"render_text", (PyCFunction)(void (*)(void))render_text, METH_VARARGS | METH_KEYWORDS,
     "render_text($self, /, moves=None, *, unicode=False, color=False)\n--\n\n"
     "The tray drawn before each move and after the last, as `slide --show`\n"
     "prints it (a str; unicode: box-drawing characters, color: ANSI reverse\n"
     "video).  Each move is judged first: MoveError if one is refused.  Raises\n"
     "InputError for a tray larger than 64x64."},
    {"to_json", (PyCFunction)(void (*)(void))to_json, METH_VARARGS | METH_KEYWORDS,
     "to_json($self, /, moves, *, metric=\"line\")\n--\n\n"
     "The JSON document `slide --json` prints for a solution (a str): status\n"
     "\"solved\", the moves and their lengths, the tray, pieces and goal; stats\n"
     "null and optimal false (no search ran).  The moves must solve the puzzle:\n"
     "MoveError otherwise, as check() raises."},
    {"check", check, METH_O,
     "check($self, moves, /)\n--\n\n"
     "Replays moves (an iterable of (r1, c1, r2, c2)) with libslide's independent\n"
     "judge, slide-check's.  Returns True when every move is legal and the last\n"
     "configuration meets GOAL; raises MoveError (.index, .message) otherwise."},
    {"picture", (PyCFunction)(void (*)(void))picture, METH_VARARGS | METH_KEYWORDS,
     "picture($self, /, moves=None)\n--\n\n"
     "The layout drawn in the picture format (a str that reads back as INIT):\n"
     "the start, or the layout after the given moves (judged; MoveError if one\n"
     "is refused)."},
    {"pictures", pictures, METH_O,
     "pictures($self, moves, /)\n--\n\n"
     "The pictures of the start and of the layout after each move: len(moves) + 1\n"
     "strs.  Each move is judged first; MoveError if one is refused."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef puzzle_getset[] = {
    {"rows", get_rows, NULL, "The tray's height.", NULL},
    {"cols", get_cols, NULL, "The tray's width.", NULL},
    {"format", get_format, NULL, "The format it was read in: \"corners\", \"sizes\" or "
     "\"picture\".", NULL},
    {"solved", get_solved, NULL, "Whether INIT already meets GOAL.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot puzzle_slots[] = {
    {Py_tp_doc, "A sliding-block puzzle: a tray, its pieces and a goal, read and\n"
                "validated by libslide.  Make one with Puzzle.from_file() or\n"
                "Puzzle.from_string(); it never changes afterwards."},
    {Py_tp_dealloc, puzzle_dealloc},
    {Py_tp_repr, puzzle_repr},
    {Py_tp_methods, puzzle_methods},
    {Py_tp_getset, puzzle_getset},
    {0, NULL},
};

static PyType_Spec puzzle_spec = {
    .name = "slide.Puzzle",
    .basicsize = sizeof(PuzzleObject),
    /* No Puzzle() constructor: only the readers make valid puzzles. */
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_IMMUTABLETYPE | Py_TPFLAGS_DISALLOW_INSTANTIATION,
    .slots = puzzle_slots,
};

int sb_py_puzzle_init_type(PyObject *module, sb_py_state *st)
{
    st->puzzle_type = (PyTypeObject *)PyType_FromModuleAndSpec(module, &puzzle_spec, NULL);
    if (!st->puzzle_type)
        return -1;
    return PyModule_AddType(module, st->puzzle_type);
}
