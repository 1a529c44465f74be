/*
 * binding.h - what the parts of the Python module share: module.c (the
 * module, its exceptions, the Move type, turning sb_error records into
 * exceptions), puzzle.c (the Puzzle type over an sb_puzzle) and reports.c
 * (libslide's reports as dicts, layouts as pictures).
 *
 * Invariant: every exception the module raises for a libslide failure is
 * made by sb_py_raise() from the call's status and error record, so the
 * file, line, limit and move index reach Python the same way everywhere.
 */
#ifndef SB_PY_BINDING_H
#define SB_PY_BINDING_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <slide_formats.h>

/* The module's state: its types and exceptions, looked up through the
 * module (PyType_GetModuleByDef) rather than kept in C globals, so the
 * module is safe to load in several interpreters. */
typedef struct sb_py_state {
    PyObject *error;        /* slide.Error, the base of the others */
    PyObject *input_error;  /* slide.InputError(Error, ValueError) */
    PyObject *limit_error;  /* slide.LimitError(Error) */
    PyObject *unsolvable;   /* slide.Unsolvable(Error) */
    PyObject *move_error;   /* slide.MoveError(Error, ValueError) */
    PyObject *write_error;  /* slide.WriteError(Error, OSError) */
    PyTypeObject *move_type;   /* slide.Move, a named tuple of four ints */
    PyTypeObject *puzzle_type; /* slide.Puzzle */
} sb_py_state;

extern PyModuleDef sb_py_module;

/* The state of the module that defines type (a type of this module). */
sb_py_state *sb_py_state_of(PyTypeObject *type);

/* Raises the exception that matches st (not SB_OK) and err; returns NULL so
 * callers can `return sb_py_raise(...)`. */
PyObject *sb_py_raise(sb_py_state *st, sb_status status, const sb_error *err);

/* A new slide.Move for m, or NULL with an exception set. */
PyObject *sb_py_move_new(sb_py_state *st, const sb_move *m);

/* Reads one move from any sequence of four ints (a Move, a tuple, a list)
 * into *m.  Returns 0, or -1 with TypeError (not a sequence of four) or
 * OverflowError/ValueError (a number that is no int coordinate) set;
 * index is the move's place in its list, for the message. */
int sb_py_move_from(PyObject *obj, Py_ssize_t index, sb_move *m);

/* What a libslide name parser (sb_metric_parse, ...) said of the value of
 * keyword: 0 for SB_OK, else -1 with ValueError set, "KEYWORD: " before
 * libslide's message (which lists the names there are).  The names are
 * libslide's: the module keeps no table of its own. */
int sb_py_parsed(sb_status status, const char *keyword, const sb_error *err);

/* Parses "unit", "line" or "piece"; 0, or -1 with ValueError set. */
int sb_py_parse_metric(const char *name, sb_metric *out);

/* Reads any iterable of moves into a new PyMem array (*out, *n; the caller
 * frees it with PyMem_Free).  Returns 0, or -1 with an exception set. */
int sb_py_read_moves(PyObject *moves, sb_move **out, size_t *n);

/* Writes something of ctx's to f, as libslide's writers do. */
typedef sb_status (*sb_py_writer)(FILE *f, const void *ctx, sb_error *err);

/* What write(ctx) writes, caught in memory, as a new str; NULL with an
 * exception set (sb_py_raise when libslide refuses). */
PyObject *sb_py_written(sb_py_state *st, sb_py_writer write, const void *ctx);

/* A layout (n of p's blocks, moved about) as a picture str, or NULL with
 * an exception set (sb_py_raise when libslide refuses it). */
PyObject *sb_py_picture(sb_py_state *st, const sb_puzzle *p, const sb_block *blocks, size_t n);

/* The reports as new dicts (docstrings in puzzle.c list the keys), or NULL
 * with an exception set; layouts in them are pictures of p's pieces. */
PyObject *sb_py_stats_dict(const sb_stats *s, const sb_solution *sol);
PyObject *sb_py_explore_dict(sb_py_state *st, const sb_puzzle *p, const sb_explore_report *r);
PyObject *sb_py_components_dict(sb_py_state *st, const sb_puzzle *p,
                                const sb_components_report *r);
PyObject *sb_py_family_dict(const sb_family_report *r);

/* Creates slide.Puzzle in the module's state; 0 or -1 with an exception. */
int sb_py_puzzle_init_type(PyObject *module, sb_py_state *st);

#endif
