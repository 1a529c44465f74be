/*
 * module.c - the `slide` Python module: its exceptions, the Move type, and
 * the one place libslide's status codes become Python exceptions.
 *
 * The statuses map as the programs' exit codes do: SB_EINPUT (exit 2) is
 * InputError, a ValueError that carries the file and line; SB_UNSOLVABLE
 * (exit 1, a proof) is Unsolvable; SB_ELIMIT (exit 3, not a proof) is
 * LimitError, saying which limit; SB_EMOVE (slide-check's refusal) is
 * MoveError with the index of the refused move; SB_EWRITE (a stream that
 * refused a writer's bytes) is WriteError, an OSError.  All derive from
 * slide.Error, so `except slide.Error` catches whatever the engine says.
 * Unsolvable is an exception rather than a None result because an empty
 * list is a real answer (INIT already meets GOAL), and `if not moves`
 * would read the two as one.  libslide's hint (which choice would help)
 * is worded here in the module's keywords, in the text and in .hint.
 */
#include "binding.h"

sb_py_state *sb_py_state_of(PyTypeObject *type)
{
    PyObject *module = PyType_GetModuleByDef(type, &sb_py_module);
    return module ? PyModule_GetState(module) : NULL;
}

/* Sets attribute name of obj to value, consuming the reference to value
 * (NULL: an exception is already set).  Returns 0 or -1. */
static int set_attr(PyObject *obj, const char *name, PyObject *value)
{
    if (!value)
        return -1;
    int rc = PyObject_SetAttrString(obj, name, value);
    Py_DECREF(value);
    return rc;
}

static const char *limit_name(sb_limit limit)
{
    switch (limit) {
    case SB_LIMIT_STATES: return "states";
    case SB_LIMIT_BYTES: return "memory";
    case SB_LIMIT_SECONDS: return "seconds";
    case SB_LIMIT_MEMORY: return "out of memory";
    case SB_LIMIT_CANCELLED: return "cancelled";
    default: return NULL;
    }
}

/* The module's words for a hint (slide.h's sb_hint): the keyword that
 * would help, as libslide's messages name no program's options. */
static const char *hint_words(const sb_error *err)
{
    switch (err->hint) {
    case SB_HINT_PATH_GENERAL: return "engine=\"general\"";
    case SB_HINT_FORMAT_LINE: return "format=\"corners\" or format=\"sizes\"";
    case SB_HINT_ALGO: return "algo=\"auto\"";
    case SB_HINT_LIMIT:
        return err->limit == SB_LIMIT_STATES    ? "a higher max_states"
               : err->limit == SB_LIMIT_BYTES   ? "a higher max_memory"
               : err->limit == SB_LIMIT_SECONDS ? "a higher max_seconds"
                                                : NULL;
    default: return NULL;
    }
}

/* The attributes each kind of exception carries, beyond its message. */
static int fill(PyObject *exc, sb_status status, const sb_error *err)
{
    if (set_attr(exc, "message", PyUnicode_DecodeUTF8(err->msg, strlen(err->msg), "replace")) < 0)
        return -1;
    const char *hint = hint_words(err);
    if (set_attr(exc, "hint", hint ? PyUnicode_FromString(hint) : Py_NewRef(Py_None)) < 0)
        return -1;
    if (status == SB_EINPUT) {
        PyObject *file = err->file[0]
            ? PyUnicode_DecodeFSDefault(err->file) : Py_NewRef(Py_None);
        if (set_attr(exc, "file", file) < 0)
            return -1;
        /* Made after file is set: set_attr consumes only the one it gets. */
        PyObject *line = err->line > 0 ? PyLong_FromLong(err->line) : Py_NewRef(Py_None);
        if (set_attr(exc, "line", line) < 0)
            return -1;
    } else if (status == SB_ELIMIT) {
        const char *name = limit_name(err->limit);
        if (set_attr(exc, "limit", name ? PyUnicode_FromString(name) : Py_NewRef(Py_None)) < 0 ||
            set_attr(exc, "value", PyFloat_FromDouble(err->limit_value)) < 0 ||
            set_attr(exc, "stored", PyLong_FromUnsignedLongLong(err->stored)) < 0)
            return -1;
    } else if (status == SB_EMOVE) {
        if (set_attr(exc, "index", PyLong_FromSize_t(err->item)) < 0)
            return -1;
    }
    return 0;
}

PyObject *sb_py_raise(sb_py_state *st, sb_status status, const sb_error *err)
{
    PyObject *type;
    switch (status) {
    case SB_EINPUT: type = st->input_error; break;
    case SB_ELIMIT: type = st->limit_error; break;
    case SB_UNSOLVABLE: type = st->unsolvable; break;
    case SB_EMOVE: type = st->move_error; break;
    case SB_EWRITE: type = st->write_error; break;
    default: type = st->error; break;
    }
    /* Unsolvable carries libslide's proof (every reachable configuration
     * searched, the tiles' parity, a goal place out of reach); an empty
     * message would make a blank exception. */
    sb_error rec = *err;
    if (status == SB_UNSOLVABLE && !rec.msg[0])
        snprintf(rec.msg, sizeof rec.msg, "no solution: every reachable configuration was "
                 "searched");
    else if (!rec.msg[0])
        snprintf(rec.msg, sizeof rec.msg, "libslide failed (status %d)", (int)status);
    /* The exception's text is the message and its hint in the module's
     * words: "...; this puzzle needs the general representation
     * (engine="general")".  A message may quote the input's bytes, which
     * need not be UTF-8. */
    char worded[sizeof rec.msg + 64];
    const char *hint = hint_words(&rec);
    if (hint)
        snprintf(worded, sizeof worded, "%s (%s)", rec.msg, hint);
    else
        snprintf(worded, sizeof worded, "%s", rec.msg);
    PyObject *text = PyUnicode_DecodeUTF8(worded, (Py_ssize_t)strlen(worded), "replace");
    PyObject *exc = text ? PyObject_CallOneArg(type, text) : NULL;
    Py_XDECREF(text);
    if (!exc)
        return NULL;
    if (fill(exc, status, &rec) < 0) {
        Py_DECREF(exc);
        return NULL;
    }
    PyErr_SetObject(type, exc);
    Py_DECREF(exc);
    return NULL;
}

/* ---- slide.Move: a named tuple, so it compares equal to (r1, c1, r2, c2) -- */

static PyStructSequence_Field move_fields[] = {
    {"from_row", "the anchor's row before the slide"},
    {"from_col", "the anchor's column before the slide"},
    {"to_row", "the anchor's row after it"},
    {"to_col", "the anchor's column after it"},
    {NULL, NULL},
};

static PyStructSequence_Desc move_desc = {
    "slide.Move",
    "Move(from_row, from_col, to_row, to_col): a straight slide of the piece\n"
    "whose anchor (the leftmost cell of its top row) is at (from_row, from_col).\n"
    "A tuple: it unpacks and compares like (r1, c1, r2, c2).",
    move_fields, 4,
};

/* A struct sequence is made from one sequence (Move((1, 2, 3, 4))); the
 * docstring's Move(1, 2, 3, 4) is that too: four arguments, no keywords,
 * are packed into the one.  Every struct sequence type shares one new. */
static newfunc structseq_new;

static PyObject *move_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    if (PyTuple_GET_SIZE(args) != 4 || (kwargs && PyDict_GET_SIZE(kwargs)))
        return structseq_new(type, args, kwargs);
    PyObject *one = PyTuple_Pack(1, args);
    PyObject *mv = one ? structseq_new(type, one, NULL) : NULL;
    Py_XDECREF(one);
    return mv;
}

PyObject *sb_py_move_new(sb_py_state *st, const sb_move *m)
{
    PyObject *mv = PyStructSequence_New(st->move_type);
    if (!mv)
        return NULL;
    int v[4] = {m->from_row, m->from_col, m->to_row, m->to_col};
    for (int i = 0; i < 4; i++) {
        PyObject *n = PyLong_FromLong(v[i]);
        if (!n) {
            Py_DECREF(mv);
            return NULL;
        }
        PyStructSequence_SetItem(mv, i, n);
    }
    return mv;
}

int sb_py_move_from(PyObject *obj, Py_ssize_t index, sb_move *m)
{
    /* Strings are sequences too, but "1234" is no move. */
    if (PyUnicode_Check(obj) || PyBytes_Check(obj) || !PySequence_Check(obj) ||
        PySequence_Size(obj) != 4) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "move %zd: expected four ints (r1, c1, r2, c2), got %.100s",
                     index, Py_TYPE(obj)->tp_name);
        return -1;
    }
    int v[4];
    for (Py_ssize_t i = 0; i < 4; i++) {
        PyObject *item = PySequence_GetItem(obj, i);
        if (!item)
            return -1;
        if (!PyLong_Check(item)) {
            PyErr_Format(PyExc_TypeError, "move %zd: coordinates must be ints, not %.100s",
                         index, Py_TYPE(item)->tp_name);
            Py_DECREF(item);
            return -1;
        }
        int overflow;
        long x = PyLong_AsLongAndOverflow(item, &overflow);
        Py_DECREF(item);
        if (x == -1 && PyErr_Occurred())
            return -1;
        /* A coordinate past int can name no cell; the judge refuses any
         * other out-of-tray number with its own message. */
        if (overflow || x < INT_MIN || x > INT_MAX) {
            PyErr_Format(PyExc_ValueError, "move %zd: coordinate out of range", index);
            return -1;
        }
        v[i] = (int)x;
    }
    *m = (sb_move){v[0], v[1], v[2], v[3]};
    return 0;
}

int sb_py_parsed(sb_status status, const char *keyword, const sb_error *err)
{
    if (status == SB_OK)
        return 0;
    /* "metric: unknown metric 'miles' (unit, line or piece)": libslide's
     * words, which list the names it knows. */
    PyErr_Format(PyExc_ValueError, "%s: %s", keyword, err->msg);
    return -1;
}

int sb_py_parse_metric(const char *name, sb_metric *out)
{
    sb_error err;
    return sb_py_parsed(sb_metric_parse(name, out, &err), "metric", &err);
}

/* Reads moves for check, pictures and moves_length (see binding.h).
 * Returns 0, or -1 with an exception set. */
int sb_py_read_moves(PyObject *moves, sb_move **out, size_t *n)
{
    /* A tuple of our own, not PySequence_Fast: that hands back the
     * caller's list itself, whose borrowed items a move's __len__ or
     * __getitem__ could free by clearing the list while we read them. */
    PyObject *seq = PySequence_Tuple(moves);
    if (!seq) {
        if (PyErr_ExceptionMatches(PyExc_TypeError)) {
            PyErr_Clear();
            PyErr_SetString(PyExc_TypeError, "moves must be an iterable of (r1, c1, r2, c2)");
        }
        return -1;
    }
    Py_ssize_t len = PyTuple_GET_SIZE(seq);
    sb_move *arr = PyMem_Calloc(len ? (size_t)len : 1, sizeof *arr);
    if (!arr) {
        Py_DECREF(seq);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++)
        if (sb_py_move_from(PyTuple_GET_ITEM(seq, i), i, &arr[i]) < 0) {
            PyMem_Free(arr);
            Py_DECREF(seq);
            return -1;
        }
    Py_DECREF(seq);
    *out = arr;
    *n = (size_t)len;
    return 0;
}

/* ---- The module -------------------------------------------------------- */

static PyObject *version(PyObject *module, PyObject *unused)
{
    (void)module, (void)unused;
    return PyUnicode_FromString(sb_version());
}

/* The puzzle's metric lives in the solve call, not in the moves, so the
 * count of a list is a module function: a piece-metric solution prints as
 * more slides than the moves it counts. */
static PyObject *moves_length(PyObject *module, PyObject *args, PyObject *kwargs)
{
    (void)module;
    static char *kwlist[] = {"moves", "metric", NULL};
    PyObject *moves;
    const char *name = "line";
    sb_metric metric;
    sb_move *arr;
    size_t n;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|s:moves_length", kwlist, &moves, &name) ||
        sb_py_parse_metric(name, &metric) < 0 || sb_py_read_moves(moves, &arr, &n) < 0)
        return NULL;
    PyObject *result = PyLong_FromUnsignedLongLong(sb_moves_length(arr, n, metric));
    PyMem_Free(arr);
    return result;
}

static PyMethodDef module_methods[] = {
    {"version", version, METH_NOARGS,
     "version($module, /)\n--\n\nThe version of the libslide this module runs with, \"MAJOR.MINOR.PATCH\"."},
    {"moves_length", (PyCFunction)(void (*)(void))moves_length, METH_VARARGS | METH_KEYWORDS,
     "moves_length($module, /, moves, metric=\"line\")\n--\n\n"
     "The length of a list of straight slides under a metric: \"unit\" counts cells\n"
     "travelled, \"line\" straight slides (one going on where the last stopped\n"
     "continues it), \"piece\" runs of slides of one piece."},
    {NULL, NULL, 0, NULL},
};

/* Creates exception name (slide.NAME) with the given bases, adds it to the
 * module and stores it in *slot. */
static int add_exception(PyObject *module, const char *name, const char *doc, PyObject *bases,
                         PyObject **slot)
{
    char full[64];
    snprintf(full, sizeof full, "slide.%s", name);
    *slot = PyErr_NewExceptionWithDoc(full, doc, bases, NULL);
    if (!*slot)
        return -1;
    return PyModule_AddObjectRef(module, name, *slot);
}

static int exec_module(PyObject *module)
{
    sb_py_state *st = PyModule_GetState(module);
    if (add_exception(module, "Error", "Whatever libslide reports: the base of the "
                      "module's exceptions.", PyExc_Exception, &st->error) < 0)
        return -1;
    PyObject *bases = PyTuple_Pack(2, st->error, PyExc_ValueError);
    if (!bases)
        return -1;
    int rc = add_exception(module, "InputError",
                           "A bad puzzle or request.  .file and .line say where (None when\n"
                           "no file or line is to blame); .message is libslide's words,\n"
                           "\"FILE:LINE: what is wrong\" for a file; .hint, when not None,\n"
                           "the keyword that would help (engine=\"general\").  Every\n"
                           "exception of the module has .message and .hint.",
                           bases, &st->input_error);
    if (rc == 0)
        rc = add_exception(module, "MoveError",
                           "The judge refused a move, or the moves end short of the goal.\n"
                           ".index is the refused move's place in the list (0-based; the\n"
                           "list's length when the moves end short); .message says why.",
                           bases, &st->move_error);
    Py_DECREF(bases);
    if (rc < 0)
        return -1;
    if (!(bases = PyTuple_Pack(2, st->error, PyExc_OSError)))
        return -1;
    rc = add_exception(module, "WriteError",
                       "A stream refused what libslide wrote (a full disk, a closed pipe):\n"
                       "nothing to do with the puzzle.  .message says why.",
                       bases, &st->write_error);
    Py_DECREF(bases);
    if (rc < 0)
        return -1;
    if (add_exception(module, "LimitError",
                      "A resource limit stopped the search: not a proof of anything.\n"
                      ".limit is \"states\", \"memory\", \"seconds\" or \"out of memory\";\n"
                      ".value the limit, .stored the configurations stored by then.",
                      st->error, &st->limit_error) < 0 ||
        add_exception(module, "Unsolvable",
                      "Proven unsolvable: every configuration reachable from INIT was\n"
                      "searched and none meets GOAL, or a proof needed no search (the\n"
                      "tiles' parity, a goal place no piece of its kind can reach);\n"
                      ".message says which.", st->error, &st->unsolvable) < 0)
        return -1;

    st->move_type = PyStructSequence_NewType(&move_desc);
    if (!st->move_type)
        return -1;
    structseq_new = st->move_type->tp_new;
    st->move_type->tp_new = move_new;
    PyType_Modified(st->move_type);
    if (PyModule_AddObjectRef(module, "Move", (PyObject *)st->move_type) < 0)
        return -1;
    if (sb_py_puzzle_init_type(module, st) < 0)
        return -1;
    if (PyModule_AddStringConstant(module, "__version__", SLIDE_VERSION) < 0)
        return -1;
    return 0;
}

static int traverse(PyObject *module, visitproc visit, void *arg)
{
    sb_py_state *st = PyModule_GetState(module);
    Py_VISIT(st->error);
    Py_VISIT(st->input_error);
    Py_VISIT(st->limit_error);
    Py_VISIT(st->unsolvable);
    Py_VISIT(st->move_error);
    Py_VISIT(st->write_error);
    Py_VISIT(st->move_type);
    Py_VISIT(st->puzzle_type);
    return 0;
}

static int clear(PyObject *module)
{
    sb_py_state *st = PyModule_GetState(module);
    Py_CLEAR(st->error);
    Py_CLEAR(st->input_error);
    Py_CLEAR(st->limit_error);
    Py_CLEAR(st->unsolvable);
    Py_CLEAR(st->move_error);
    Py_CLEAR(st->write_error);
    Py_CLEAR(st->move_type);
    Py_CLEAR(st->puzzle_type);
    return 0;
}

static void free_module(void *module)
{
    clear(module);
}

static PyModuleDef_Slot slots[] = {
    {Py_mod_exec, exec_module},
    {0, NULL},
};

PyModuleDef sb_py_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "slide",
    .m_doc = "slide: sliding-block puzzles (Klotski, Rush Hour, the 15-puzzle, ...) read,\n"
             "solved, explored and checked by libslide.  Start with Puzzle.from_file().",
    .m_size = sizeof(sb_py_state),
    .m_methods = module_methods,
    .m_slots = slots,
    .m_traverse = traverse,
    .m_clear = clear,
    .m_free = free_module,
};

PyMODINIT_FUNC PyInit_slide(void);

PyMODINIT_FUNC PyInit_slide(void)
{
    return PyModuleDef_Init(&sb_py_module);
}
