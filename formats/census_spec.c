/*
 * census_spec.c - reads a census SPEC (docs/formats.md, "Census SPEC files"): a
 * small line file that names a tray, its walls, an alphabet of kinds of
 * piece with how many of each, and optionally a goal.
 *
 *     tray 6 6
 *     wall 0 5
 *     kind red 1x2 1 row marked rows 2
 *     kind car 1x2 0..3 row
 *     kind L #./## 0..1          (a picture: '#' a cell, '.' none, '/' a new row)
 *     kinds polyominoes 3 0..1   (every polyomino of 1 to 3 cells: p1, p11, ...)
 *     empty 1
 *     goal red 2 4
 *     keep 5
 *     diameters
 *
 * One statement a line, words split on blanks, '#' to the end of a line
 * a comment but in a kind's SHAPE.  Shapes are kept as the spec's
 * kind_shapes: while reading, a rectangle's entry has no cells (so two
 * shapes compare by their cells alone); at the end the array goes when
 * every kind is a rectangle, and else a rectangle's entry gets its full
 * box.  A polyomino of n + 1 cells is one of n cells and a cell beside
 * it, so `kinds polyominoes` grows them size by size, never more than
 * the room left under the cap of kinds.
 *
 * The reader checks everything sb_census would refuse in a SPEC, each
 * where a reader of the file would look: a line on its own
 * (a number out of its range, a name used before it is declared, a kind
 * that repeats an earlier one), and when the file has been read what
 * needs lines from all over it (a goal on a wall the SPEC draws later),
 * blamed on the goal's line.  So every complaint is "FILE:LINE: ..."
 * (through sbi_fmt_fail), and a SPEC read here never fails sb_census as
 * input.  Every cap (line length, words a line, name length, kinds,
 * counts, keep) is in docs/formats.md and in the message that enforces it.
 *
 * Lines are read a byte at a time against the cap, so a line past it, a
 * NUL or another control byte (a binary file, /dev/zero) is refused at
 * once, not after reading on.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/array.h"
#include "explore/corner.h"
#include "model/catalog.h"
#include "parse.h"
#include "view.h"

/* The caps, as the messages and docs/explore.md spell them. */
enum { MAX_WORDS = 10, MAX_LINE = 1024, MAX_KINDS = 64, MAX_KEEP = INT32_MAX };
_Static_assert(SB_MAX_CELLS == 65536, "the messages say a count may be at most 65,536");
#define MAX_LINE_WORDS "1,024"
#define MAX_COUNT_WORDS "65,536"
#define MAX_KEEP_WORDS "2,147,483,647"

/* What reading one SPEC holds besides the spec itself.  The spec's
 * arrays grow through the engine's one growing array (core/array.h),
 * their capacities kept here while the file is read. */
typedef struct reader {
    sb_census_spec *s;
    const char *name;            /* the file, for messages */
    long line;                   /* the line being read */
    long kind_line[MAX_KINDS];   /* where each kind was declared */
    long *goal_line;             /* where each goal was given (s->ngoals) */
    size_t kinds_cap, shapes_cap; /* room in s->kinds, s->kind_shapes */
    size_t goals_cap, goal_kind_cap, goal_line_cap;   /* in s->goals, s->goal_kind, goal_line */
    /* Every piece set: where each of its statements was (0: none yet). */
    long any_line, cells_line, count_line, corner_line;
    long tray_line, empty_line;  /* where "tray" and "empty" were given */
} reader;

/* Splits line (in place) into at most MAX_WORDS words; -1: too many.
 * '#' starts a comment, but in a kind's SHAPE (its third word), where it
 * is a cell of a picture. */
static int split(char *line, char **words)
{
    int n = 0;
    for (char *s = line;;) {
        while (*s && isspace((unsigned char)*s))
            s++;
        bool shape = n == 2 && strcmp(words[0], "kind") == 0;
        if (!*s || (*s == '#' && !shape))
            return n;
        if (n == MAX_WORDS)
            return -1;
        words[n++] = s;
        while (*s && !isspace((unsigned char)*s) && (*s != '#' || shape))
            s++;
        if (*s == '#') {
            *s = '\0';
            return n;
        }
        if (*s)
            *s++ = '\0';
    }
}

typedef enum number_read { NUMBER_OK, NUMBER_NOT, NUMBER_LARGE } number_read;

/* A whole number 0..max written in decimal digits only. */
static number_read number(const char *s, long max, long *out)
{
    if (!*s)
        return NUMBER_NOT;
    long v = 0;
    bool large = false;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return NUMBER_NOT;
        long digit = *s - '0';
        if (large || v > max / 10 || v * 10 > max - digit)
            large = true;
        else
            v = v * 10 + digit;
    }
    if (large)
        return NUMBER_LARGE;
    *out = v;
    return NUMBER_OK;
}

/* The part of s before sep, into buf (n bytes); false when it does not fit. */
static bool before(const char *s, const char *sep, char *buf, size_t n)
{
    if ((size_t)(sep - s) >= n)
        return false;
    memcpy(buf, s, (size_t)(sep - s));
    buf[sep - s] = '\0';
    return true;
}

/* "HxW": NUMBER_OK, NUMBER_LARGE (a side past any tray), NUMBER_NOT. */
static number_read size_of(const char *s, int *h, int *w)
{
    char buf[32];
    const char *x = strchr(s, 'x');
    long a = 0, b = 0;
    if (!x || !before(s, x, buf, sizeof buf))
        return NUMBER_NOT;
    number_read ra = number(buf, SB_MAX_CELLS, &a), rb = number(x + 1, SB_MAX_CELLS, &b);
    if (ra == NUMBER_NOT || rb == NUMBER_NOT || (ra == NUMBER_OK && !a) ||
        (rb == NUMBER_OK && !b))
        return NUMBER_NOT;
    if (ra == NUMBER_LARGE || rb == NUMBER_LARGE)
        return NUMBER_LARGE;
    *h = (int)a;
    *w = (int)b;
    return NUMBER_OK;
}

/* "N" or "MIN..MAX", each at most SB_MAX_CELLS. */
static number_read counts_of(const char *s, uint32_t *lo, uint32_t *hi)
{
    char buf[32];
    const char *dots = strstr(s, "..");
    long a = 0, b = 0;
    number_read ra, rb;
    if (!dots) {
        ra = rb = number(s, SB_MAX_CELLS, &a);
        b = a;
    } else {
        if (!before(s, dots, buf, sizeof buf))
            return NUMBER_NOT;
        ra = number(buf, SB_MAX_CELLS, &a);
        rb = number(dots + 2, SB_MAX_CELLS, &b);
    }
    if (ra == NUMBER_NOT || rb == NUMBER_NOT)
        return NUMBER_NOT;
    if (ra == NUMBER_LARGE || rb == NUMBER_LARGE)
        return NUMBER_LARGE;
    *lo = (uint32_t)a;
    *hi = (uint32_t)b;
    return NUMBER_OK;
}

static long kind_named(const sb_census_spec *s, const char *name)
{
    for (size_t k = 0; k < s->nkinds; k++)
        if (strcmp(s->kinds[k].name, name) == 0)
            return (long)k;
    return -1;
}

static const char *axis_words(sb_axis a)
{
    return a == SB_AXIS_ROW ? "along rows only" : a == SB_AXIS_COL ? "along columns only"
                                                                   : "both ways";
}

/* A complaint about the line being read. */
#define FAIL(rd, st, ...) sbi_fmt_fail(err, (st), (rd)->name, (rd)->line, __VA_ARGS__)

/* ---- shapes ---- */

/* The column of sh's anchor (the leftmost cell of its top row) in its
 * box; 0 for a rectangle (cells NULL). */
static int anchor_left(const sb_shape *sh)
{
    if (!sh->cells)
        return 0;
    sb_shape copy = *sh;
    sb_puzzle p = { .nshapes = 1, .shapes = &copy };
    sb_block b = { .height = sh->height, .width = sh->width, .shape = 1 };
    return sb_block_anchor_offset(&p, &b);
}

/* Whether two shapes (cells NULL: the full box) are one. */
static bool same_shape(const sb_shape *a, const sb_shape *b)
{
    return a->height == b->height && a->width == b->width && !a->cells == !b->cells &&
           (!a->cells || memcmp(a->cells, b->cells, (size_t)a->height * a->width) == 0);
}

/* A picture ("#./##": rows of '#' cells and '.' gaps, joined by '/')
 * into *sh, its cells malloc'd, or left NULL when it fills its box (the
 * rectangle).  NULL, or what is wrong with it (*oom: out of memory). */
static const char *picture_of(const char *word, sb_shape *sh, bool *oom)
{
    size_t width = strcspn(word, "/"), rows = 0;
    for (const char *row = word;; row += width + 1) {
        if (strcspn(row, "/") != width || width == 0)
            return "has rows of different lengths, or an empty one";
        rows++;
        if (!row[width])
            break;
    }
    sh->height = (int)rows;
    sh->width = (int)width;
    sh->cells = malloc(rows * width);
    if (!sh->cells) {
        *oom = true;
        return "out of memory";
    }
    size_t full = 0;
    for (size_t y = 0; y < rows; y++)
        for (size_t x = 0; x < width; x++)
            full += sh->cells[y * width + x] = word[y * (width + 1) + x] == '#';
    const char *fault = sbi_shape_fault(sh);
    if (fault || full == rows * width) {
        free(sh->cells);
        sh->cells = NULL;
    }
    return fault;
}

/* SHAPE, "HxW" or a picture, into k's size and *sh (cells NULL for a
 * rectangle, else malloc'd: the caller's). */
static sb_status shape_word(reader *rd, const char *word, sb_census_kind *k, sb_shape *sh,
                            sb_error *err)
{
    const sb_census_spec *s = rd->s;
    memset(sh, 0, sizeof *sh);
    if (word[strspn(word, "#./")] == '\0') {
        bool oom = false;
        const char *fault = picture_of(word, sh, &oom);
        if (fault)
            return oom ? FAIL(rd, SB_ELIMIT, "out of memory")
                       : FAIL(rd, SB_EINPUT, "shape \"%s\" %s ('#' a cell, '.' none, '/' "
                              "between rows, as in #./##)", word, fault);
        k->height = sh->height;
        k->width = sh->width;
    } else {
        number_read got = size_of(word, &k->height, &k->width);
        if (got == NUMBER_NOT)
            return FAIL(rd, SB_EINPUT, "\"%s\" is no size (HxW, as 1x2) nor picture "
                        "(as #./##: '#' a cell, '.' none, '/' between rows)", word);
        if (got == NUMBER_LARGE)
            k->height = k->width = SB_MAX_CELLS + 1;
        sh->height = k->height;
        sh->width = k->width;
    }
    if (k->height > s->rows || k->width > s->cols) {
        free(sh->cells);
        sh->cells = NULL;
        return FAIL(rd, SB_EINPUT, "a %s piece does not fit the %dx%d tray", word, s->rows,
                    s->cols);
    }
    return SB_OK;
}

/* ---- kinds ---- */

/* COUNT and the options after it (words[0..n)), into k. */
static sb_status count_and_options(reader *rd, char **words, int n, sb_census_kind *k,
                                   sb_error *err)
{
    number_read got = counts_of(words[0], &k->min, &k->max);
    if (got == NUMBER_LARGE)
        return FAIL(rd, SB_EINPUT, "\"%s\": a count may be at most " MAX_COUNT_WORDS,
                    words[0]);
    if (got == NUMBER_NOT)
        return FAIL(rd, SB_EINPUT, "\"%s\" is no count: write N or MIN..MAX in decimal",
                    words[0]);
    if (k->min > k->max)
        return FAIL(rd, SB_EINPUT, "\"%s\": MIN is more than MAX", words[0]);
    const char *pin = NULL;
    for (int i = 1; i < n; i++) {
        if (strcmp(words[i], "row") == 0 && k->axis == SB_AXIS_ANY)
            k->axis = SB_AXIS_ROW;
        else if (strcmp(words[i], "col") == 0 && k->axis == SB_AXIS_ANY)
            k->axis = SB_AXIS_COL;
        else if (strcmp(words[i], "marked") == 0 && !k->marked)
            k->marked = true;
        else if ((strcmp(words[i], "rows") == 0 || strcmp(words[i], "cols") == 0) && !pin) {
            pin = words[i];
            uint32_t lo, hi;
            got = i + 1 == n ? NUMBER_NOT : counts_of(words[i + 1], &lo, &hi);
            if (got != NUMBER_OK || lo > hi)
                return FAIL(rd, SB_EINPUT, "\"%s\" takes the lines its anchors keep to: N or "
                            "FIRST..LAST, inside the tray", pin);
            k->pinned = true;
            k->pin_first = (int)lo;
            k->pin_last = (int)hi;
            i++;
        } else {
            return FAIL(rd, SB_EINPUT, "\"%s\": a kind takes one of row or col, marked, and "
                        "rows or cols with lines, once each", words[i]);
        }
    }
    /* A pin names the line a one-axis piece never leaves: its row when
     * it slides along rows, its column otherwise. */
    if (pin && k->axis != (strcmp(pin, "rows") == 0 ? SB_AXIS_ROW : SB_AXIS_COL))
        return FAIL(rd, SB_EINPUT, "\"%s\" pins a kind that slides only along %s (write %s): "
                    "a piece that moves across them would leave its pin", pin, pin,
                    strcmp(pin, "rows") == 0 ? "row" : "col");
    return SB_OK;
}

/* How a message names a shape: HxW for a rectangle, else its picture. */
static const char *shape_words(const sb_census_kind *k, const sb_shape *sh, char *buf,
                               size_t n)
{
    sb_census_kind kind = *k;
    sb_shape shape = *sh;
    sb_census_spec one = { .nkinds = 1, .kinds = &kind, .kind_shapes = &shape };
    if (!sh->cells || sbi_census_kind_picture(&one, 0, buf, n) >= n)
        snprintf(buf, n, "%dx%d", k->height, k->width);
    return buf;
}

/* Adds kind k of shape *sh (cells NULL: the rectangle; copied) after the
 * checks that need the kinds above: a name of its own, its pin inside the
 * tray, and no unmarked twin. */
static sb_status add_kind(reader *rd, const sb_census_kind *k, const sb_shape *sh,
                          sb_error *err)
{
    sb_census_spec *s = rd->s;
    long twin = kind_named(s, k->name);
    if (twin >= 0)
        return FAIL(rd, SB_EINPUT, "kind \"%s\" is named twice (first on line %ld)", k->name,
                    rd->kind_line[twin]);
    char shape[MAX_LINE + 1];
    shape_words(k, sh, shape, sizeof shape);
    if (k->pinned) {
        /* The pin is the anchor's row (the box's top) or column (the box's
         * left edge anchor_left cells before it). */
        bool rows = k->axis == SB_AXIS_ROW;
        int left = rows ? 0 : anchor_left(sh);
        if (k->pin_first < left ||
            k->pin_last - left + (rows ? k->height : k->width) > (rows ? s->rows : s->cols))
            return FAIL(rd, SB_EINPUT, "%s %d..%d: a %s piece anchored there leaves the %dx%d "
                        "tray", rows ? "rows" : "cols", k->pin_first, k->pin_last, shape,
                        s->rows, s->cols);
    }
    /* Unmarked pieces of one shape and axis are one class: two kinds of
     * them could not be told apart in a layout. */
    for (size_t j = 0; j < s->nkinds; j++) {
        const sb_census_kind *o = &s->kinds[j];
        if (!k->marked && !o->marked && o->axis == k->axis &&
            same_shape(&s->kind_shapes[j], sh))
            return FAIL(rd, SB_EINPUT, "kind \"%s\" is kind \"%s\" (line %ld) again: both %s, "
                        "unmarked, sliding %s, so their pieces cannot be told apart; give one "
                        "kind the counts of both, or mark one", k->name, o->name,
                        rd->kind_line[j], shape, axis_words(k->axis));
    }
    if (s->nkinds == MAX_KINDS)
        return FAIL(rd, SB_EINPUT, "a census may have at most %d kinds", MAX_KINDS);
    size_t bytes = (size_t)sh->height * (size_t)sh->width;
    uint8_t *cells = sh->cells ? malloc(bytes) : NULL;
    if ((sh->cells && !cells) ||
        !sbi_array_reserve(NULL, &s->kinds, &rd->kinds_cap, s->nkinds + 1, sizeof *s->kinds) ||
        !sbi_array_reserve(NULL, &s->kind_shapes, &rd->shapes_cap, s->nkinds + 1,
                           sizeof *s->kind_shapes)) {
        free(cells);
        return FAIL(rd, SB_ELIMIT, "out of memory");
    }
    if (cells)
        memcpy(cells, sh->cells, bytes);
    rd->kind_line[s->nkinds] = rd->line;
    s->kind_shapes[s->nkinds] = (sb_shape){ k->height, k->width, cells };
    s->kinds[s->nkinds++] = *k;
    return SB_OK;
}

/* "kind NAME SHAPE COUNT [row|col] [marked] [rows|cols LINES]". */
static sb_status kind_statement(reader *rd, char **words, int n, sb_error *err)
{
    sb_census_kind k = { .axis = SB_AXIS_ANY };
    if (n < 4 || strlen(words[1]) >= sizeof k.name)
        return FAIL(rd, SB_EINPUT, "expected \"kind NAME SHAPE COUNT [row|col] [marked] "
                    "[rows|cols N|FIRST..LAST]\" (SHAPE: HxW or a picture such as #./##; "
                    "COUNT: N or MIN..MAX; NAME up to %zu characters)", sizeof k.name - 1);
    for (const char *c = words[1]; *c; c++)
        if (!isalnum((unsigned char)*c) && *c != '_' && *c != '-')
            return FAIL(rd, SB_EINPUT, "kind name \"%s\": use letters, digits, '_' and '-'",
                        words[1]);
    strcpy(k.name, words[1]);
    sb_shape sh;
    sb_status st = shape_word(rd, words[2], &k, &sh, err);
    if (st == SB_OK)
        st = count_and_options(rd, words + 3, n - 3, &k, err);
    if (st == SB_OK)
        st = add_kind(rd, &k, &sh, err);
    free(sh.cells);
    return st;
}

/* The fixed polyominoes of one size: each its box and cells. */
typedef struct polys {
    size_t n, cap;
    sb_shape *list;
} polys;

static void polys_free(polys *p)
{
    for (size_t i = 0; i < p->n; i++)
        free(p->list[i].cells);
    free(p->list);
    memset(p, 0, sizeof *p);
}

/* The engine's order of classes (sb_block_class_cmp): box height, then
 * width, then cells row by row, a cell before a gap. */
static int by_class(const void *x, const void *y)
{
    const sb_shape *a = x, *b = y;
    if (a->height != b->height)
        return a->height - b->height;
    if (a->width != b->width)
        return a->width - b->width;
    for (size_t i = 0; i < (size_t)a->height * a->width; i++)
        if (a->cells[i] != b->cells[i])
            return a->cells[i] ? -1 : 1;
    return 0;
}

/* next gets every polyomino of one cell more than those of `from` that
 * fits a rows x cols box, each once, in class order.  Each polyomino is
 * one of one cell fewer and a cell beside it (take away a leaf of a tree
 * spanning its cells), and fits where that one does.  false: out of
 * memory, or more than most of them. */
static bool grow_polys(const polys *from, int rows, int cols, size_t most, polys *next)
{
    for (size_t i = 0; i < from->n; i++) {
        const sb_shape *p = &from->list[i];
        for (int r = -1; r <= p->height; r++)
            for (int c = -1; c <= p->width; c++) {
                bool in = r >= 0 && c >= 0 && r < p->height && c < p->width, beside = false;
                if (in && p->cells[r * p->width + c])
                    continue;
                for (int d = 0; d < 4; d++) {
                    int y = r + (d == 0) - (d == 1), x = c + (d == 2) - (d == 3);
                    beside |= y >= 0 && x >= 0 && y < p->height && x < p->width &&
                              p->cells[y * p->width + x];
                }
                int top = r < 0, left = c < 0;
                sb_shape q = { p->height + top + (r == p->height),
                               p->width + left + (c == p->width), NULL };
                if (!beside || q.height > rows || q.width > cols)
                    continue;
                q.cells = calloc((size_t)q.height * q.width, 1);
                if (!q.cells)
                    return false;
                for (int y = 0; y < p->height; y++)
                    for (int x = 0; x < p->width; x++)
                        q.cells[(y + top) * q.width + x + left] = p->cells[y * p->width + x];
                q.cells[(r + top) * q.width + c + left] = 1;
                bool known = false;
                for (size_t j = 0; j < next->n && !known; j++)
                    known = same_shape(&next->list[j], &q);
                if (!known && (next->n == most ||
                               !sbi_array_reserve(NULL, &next->list, &next->cap, next->n + 1,
                                                  sizeof *next->list))) {
                    free(q.cells);
                    return false;
                }
                if (known)
                    free(q.cells);
                else
                    next->list[next->n++] = q;
            }
    }
    if (next->n)   /* none fits the tray: the list may be unallocated */
        qsort(next->list, next->n, sizeof *next->list, by_class);
    return true;
}

/* "kinds polyominoes N COUNT [options]": a kind for every fixed
 * polyomino of 1..N cells that fits the tray (each rotation and mirror
 * image its own: pieces do not turn), by size, then in class order, each
 * named "p" and its picture's rows in 1 and 0 joined by '-'. */
static sb_status kinds_statement(reader *rd, char **words, int n, sb_error *err)
{
    sb_census_spec *s = rd->s;
    long most = 0;
    sb_census_kind k = { .axis = SB_AXIS_ANY };
    if (n < 4 || strcmp(words[1], "polyominoes") != 0 ||
        number(words[2], SB_MAX_CELLS, &most) != NUMBER_OK || most < 1)
        return FAIL(rd, SB_EINPUT, "expected \"kinds polyominoes N COUNT [row|col] [marked] "
                    "[rows|cols N|FIRST..LAST]\": a kind for every polyomino of 1 to N cells, "
                    "N from 1 to " MAX_COUNT_WORDS);
    sb_status st = count_and_options(rd, words + 3, n - 3, &k, err);
    size_t room = MAX_KINDS - s->nkinds;
    polys level = { 0 }, next = { 0 };
    uint8_t unit = 1;
    sb_shape monomino = { 1, 1, &unit };
    const polys seed = { 1, 1, &monomino };
    for (long cells = 1; st == SB_OK && cells <= most; cells++) {
        if (cells == 1 && !sbi_array_reserve(NULL, &next.list, &next.cap, 1, sizeof *next.list))
            st = FAIL(rd, SB_ELIMIT, "out of memory");
        else if (cells == 1)
            next.list[next.n++] = (sb_shape){ 1, 1, NULL };   /* the 1x1: a rectangle */
        else if (!grow_polys(cells == 2 ? &seed : &level, s->rows, s->cols,
                             MAX_KINDS - s->nkinds, &next))
            st = next.n == MAX_KINDS - s->nkinds
                     ? FAIL(rd, SB_EINPUT, "kinds polyominoes %ld: more than %zu polyominoes "
                            "of 1 to %ld cells fit the %dx%d tray, and a census may have at "
                            "most %d kinds (%zu above)", most, room, most, s->rows, s->cols,
                            MAX_KINDS, MAX_KINDS - room)
                     : FAIL(rd, SB_ELIMIT, "out of memory");
        for (size_t i = 0; st == SB_OK && i < next.n; i++) {
            sb_shape *sh = &next.list[i];
            k.height = sh->height;
            k.width = sh->width;
            k.name[0] = 'p';
            sb_census_kind named = k;
            sb_census_spec one = { .nkinds = 1, .kinds = &named, .kind_shapes = sh };
            if (sbi_census_kind_picture(&one, 0, k.name + 1, sizeof k.name - 1) >=
                sizeof k.name - 1) {
                st = FAIL(rd, SB_EINPUT, "kinds polyominoes %ld: a %dx%d polyomino's name "
                          "would pass %zu characters; list the kinds one by one", most,
                          sh->height, sh->width, sizeof k.name - 1);
                break;
            }
            for (char *c = k.name; *c; c++)
                *c = *c == '#' ? '1' : *c == '.' ? '0' : *c == '/' ? '-' : *c;
            /* A polyomino that fills its box is the rectangle. */
            sb_shape shape = *sh;
            if (sh->cells && !memchr(sh->cells, 0, (size_t)sh->height * sh->width))
                shape.cells = NULL;
            st = add_kind(rd, &k, &shape, err);
        }
        polys_free(&level);
        level = next;
        memset(&next, 0, sizeof next);
        if (level.n == 0)
            break;   /* nothing larger fits either */
    }
    polys_free(&level);
    polys_free(&next);
    return st;
}

/* ---- every piece set: pieces any, piece-cells, piece-count, goal corner ---- */

/* The largest tray of every piece set (engine/explore/tilings.h), as the
 * message says it. */
enum { MAX_ANY_CELLS = 48 };

/* Whether words[0..n) is a statement of every piece set. */
static bool pieceset_words(char **words, int n)
{
    return strcmp(words[0], "pieces") == 0 || strcmp(words[0], "piece-cells") == 0 ||
           strcmp(words[0], "piece-count") == 0 ||
           (strcmp(words[0], "goal") == 0 && n == 2 && strcmp(words[1], "corner") == 0);
}

/* Reads a statement pieceset_words names into rd->s; each once. */
static sb_status pieceset_statement(reader *rd, char **words, int n, sb_error *err)
{
    sb_census_spec *s = rd->s;
    const char *what = words[0];
    long *seen = strcmp(what, "pieces") == 0        ? &rd->any_line
                 : strcmp(what, "piece-cells") == 0 ? &rd->cells_line
                 : strcmp(what, "piece-count") == 0 ? &rd->count_line
                                                    : &rd->corner_line;
    if (*seen)
        return FAIL(rd, SB_EINPUT, "a second \"%s\" line (the first is line %ld)", what, *seen);
    *seen = rd->line;
    if (seen == &rd->any_line) {
        if (n != 2 || strcmp(words[1], "any") != 0)
            return FAIL(rd, SB_EINPUT, "expected \"pieces any\": every piece set of the tray");
        if (s->nkinds)
            return FAIL(rd, SB_EINPUT, "\"pieces any\" takes every shape: it goes without "
                        "\"kind\" lines (line %ld has one)", rd->kind_line[0]);
        if ((long)s->rows * s->cols > MAX_ANY_CELLS)
            return FAIL(rd, SB_EINPUT, "\"pieces any\" takes a tray of at most %d cells, not "
                        "%dx%d", MAX_ANY_CELLS, s->rows, s->cols);
        s->any_pieces = true;
        return SB_OK;
    }
    if (seen == &rd->corner_line) {
        if (s->ngoals)
            return FAIL(rd, SB_EINPUT, "\"goal corner\" is the whole goal: no \"goal KIND ROW "
                        "COL\" lines with it (line %ld has one)", rd->goal_line[0]);
        s->corner_goal = true;
        return SB_OK;
    }
    long a = 0;
    if (seen == &rd->cells_line) {
        number_read got = n == 2 ? number(words[1], MAX_ANY_CELLS, &a) : NUMBER_NOT;
        if (got != NUMBER_OK || a < 1)
            return FAIL(rd, SB_EINPUT, "expected \"piece-cells N\": the most cells of a piece, "
                        "1 to %d", MAX_ANY_CELLS);
        s->piece_cells = (uint32_t)a;
        return SB_OK;
    }
    uint32_t lo = 0, hi = 0;
    number_read got = n == 2 ? counts_of(words[1], &lo, &hi) : NUMBER_NOT;
    if (got != NUMBER_OK)
        return FAIL(rd, SB_EINPUT, "expected \"piece-count N\" or \"piece-count MIN..MAX\": "
                    "pieces in a member (holes are not pieces), 1 to %d", MAX_ANY_CELLS);
    if (lo > hi)
        return FAIL(rd, SB_EINPUT, "\"piece-count %s\": MIN is more than MAX, so no member "
                    "has that many pieces", words[1]);
    if (hi < 1)
        return FAIL(rd, SB_EINPUT, "\"piece-count %s\" asks for members of no piece: the "
                    "tray all holes, with nothing to slide; MAX is 1 to %d", words[1],
                    MAX_ANY_CELLS);
    if (hi > MAX_ANY_CELLS)
        return FAIL(rd, SB_EINPUT, "\"piece-count %s\": MAX is more than %d, the most cells "
                    "(so pieces) a tray of every piece set has", words[1], MAX_ANY_CELLS);
    s->min_pieces = lo;
    s->max_pieces = hi;
    return SB_OK;
}

/* What every piece set's statements need from the whole file: "pieces
 * any" for the others, and nothing of an alphabet's with it. */
static sb_status pieceset_whole_file(reader *rd, sb_error *err)
{
    const sb_census_spec *s = rd->s;
    if (s->any_pieces && s->corner_goal && !sbi_corner_tray_fits(s->rows, s->cols)) {
        rd->line = rd->tray_line;
        return FAIL(rd, SB_EINPUT, "the corner-to-corner goal (\"goal corner\", line %ld) "
                    "takes trays whose rows, with a spare bit each, fit 64 bits; this one is "
                    "%dx%d: %d rows of %d bits", rd->corner_line, s->rows, s->cols, s->rows,
                    s->cols + 1);
    }
    if (s->any_pieces) {   /* bounds that leave no member */
        long long open = (long long)s->rows * s->cols, least = s->min_pieces;
        for (long long c = 0; c < (long long)s->rows * s->cols; c++)
            open -= s->walls[c];
        least += s->min_empty;
        if (least > open) {
            rd->line = (long long)s->min_empty > open || !s->min_pieces ? rd->empty_line
                                                                       : rd->count_line;
            return FAIL(rd, SB_EINPUT, "no member fits: a member takes at least %lld cells (%u "
                        "pieces by \"piece-count\", %u holes by \"empty\"), and the tray has "
                        "%lld open cells", least, s->min_pieces, s->min_empty, open);
        }
    }
    long need = rd->cells_line ? rd->cells_line : rd->count_line;
    if (!s->any_pieces && (need || rd->corner_line)) {
        rd->line = need ? need : rd->corner_line;
        return FAIL(rd, SB_EINPUT, "%s takes \"pieces any\" (every piece set of the tray)",
                    need ? "a bound on pieces" : "\"goal corner\"");
    }
    if (s->any_pieces && (s->keep || s->diameters)) {
        rd->line = rd->any_line;
        return FAIL(rd, SB_EINPUT, "\"pieces any\" maps no components: no \"keep\" or "
                    "\"diameters\" with it");
    }
    return SB_OK;
}

/* Reads one statement (words[0..n)) into rd->s. */
static sb_status statement(reader *rd, char **words, int n, sb_error *err)
{
    sb_census_spec *s = rd->s;
    const char *what = words[0];
    long a = 0, b = 0;
    if (strcmp(what, "tray") == 0) {
        if (s->rows)
            return FAIL(rd, SB_EINPUT, "a second tray line");
        if (n != 3 || number(words[1], SB_MAX_CELLS, &a) != NUMBER_OK ||
            number(words[2], SB_MAX_CELLS, &b) != NUMBER_OK || !a || !b || a * b > SB_MAX_CELLS)
            return FAIL(rd, SB_EINPUT, "expected \"tray ROWS COLS\" with 1 to "
                        MAX_COUNT_WORDS " cells");
        s->rows = (int)a;
        s->cols = (int)b;
        rd->tray_line = rd->line;
        s->walls = calloc((size_t)(a * b), 1);
        return s->walls ? SB_OK : FAIL(rd, SB_ELIMIT, "out of memory");
    }
    if (!s->rows)
        return FAIL(rd, SB_EINPUT, "the first statement must be \"tray ROWS COLS\"");
    if (strcmp(what, "wall") == 0) {
        if (n != 3 || number(words[1], s->rows - 1, &a) != NUMBER_OK ||
            number(words[2], s->cols - 1, &b) != NUMBER_OK)
            return FAIL(rd, SB_EINPUT, "expected \"wall ROW COL\" inside the %dx%d tray",
                        s->rows, s->cols);
        s->walls[a * s->cols + b] = 1;
        return SB_OK;
    }
    if (strcmp(what, "empty") == 0) {
        number_read got = n == 2 ? number(words[1], SB_MAX_CELLS, &a) : NUMBER_NOT;
        if (got != NUMBER_OK)
            return FAIL(rd, SB_EINPUT, "expected \"empty N\": the fewest empty cells a "
                        "member leaves, %s", got == NUMBER_LARGE
                                                 ? "at most " MAX_COUNT_WORDS
                                                 : "in decimal");
        s->min_empty = (uint32_t)a;
        rd->empty_line = rd->line;
        return SB_OK;
    }
    if (strcmp(what, "keep") == 0) {
        number_read got = n == 2 ? number(words[1], MAX_KEEP, &a) : NUMBER_NOT;
        if (got != NUMBER_OK || a < 1)
            return FAIL(rd, SB_EINPUT, "expected \"keep N\": the components listed per "
                        "member, 1 to " MAX_KEEP_WORDS);
        s->keep = (uint64_t)a;
        return SB_OK;
    }
    if (strcmp(what, "diameters") == 0) {
        if (n != 1)
            return FAIL(rd, SB_EINPUT, "\"diameters\" takes nothing");
        s->diameters = true;
        return SB_OK;
    }
    if (pieceset_words(words, n))
        return pieceset_statement(rd, words, n, err);
    if ((strcmp(what, "kind") == 0 || strcmp(what, "kinds") == 0) && rd->any_line)
        return FAIL(rd, SB_EINPUT, "\"pieces any\" (line %ld) takes every shape: no \"kind\" "
                    "lines with it", rd->any_line);
    if (strcmp(what, "goal") == 0 && rd->corner_line)
        return FAIL(rd, SB_EINPUT, "\"goal corner\" (line %ld) is the whole goal: no \"goal "
                    "KIND ROW COL\" lines with it", rd->corner_line);
    if (strcmp(what, "kind") == 0)
        return kind_statement(rd, words, n, err);
    if (strcmp(what, "kinds") == 0)
        return kinds_statement(rd, words, n, err);
    if (strcmp(what, "goal") == 0) {
        long k = n == 4 ? kind_named(s, words[1]) : -1;
        if (n != 4 || k < 0 || number(words[2], s->rows - 1, &a) != NUMBER_OK ||
            number(words[3], s->cols - 1, &b) != NUMBER_OK)
            return FAIL(rd, SB_EINPUT, "expected \"goal KIND ROW COL\": a kind named above, "
                        "anchored inside the %dx%d tray", s->rows, s->cols);
        const sb_shape *shape = &s->kind_shapes[k];
        long left = b - anchor_left(shape);
        if (a + s->kinds[k].height > s->rows || left < 0 || left + s->kinds[k].width > s->cols)
            return FAIL(rd, SB_EINPUT, "a %s piece at %ld %ld leaves the %dx%d tray", words[1],
                        a, b, s->rows, s->cols);
        const sb_census_kind *kind = &s->kinds[k];
        long line = kind->axis == SB_AXIS_ROW ? a : b;
        if (kind->pinned && (line < kind->pin_first || line > kind->pin_last))
            return FAIL(rd, SB_EINPUT, "a %s piece is pinned to %s %d..%d; at %ld %ld no "
                        "member could reach this goal", words[1],
                        kind->axis == SB_AXIS_ROW ? "rows" : "cols", kind->pin_first,
                        kind->pin_last, a, b);
        size_t need = s->ngoals + 1;
        if (!sbi_array_reserve(NULL, &s->goals, &rd->goals_cap, need, sizeof *s->goals) ||
            !sbi_array_reserve(NULL, &s->goal_kind, &rd->goal_kind_cap, need,
                               sizeof *s->goal_kind) ||
            !sbi_array_reserve(NULL, &rd->goal_line, &rd->goal_line_cap, need,
                               sizeof *rd->goal_line))
            return FAIL(rd, SB_ELIMIT, "out of memory");
        s->goals[s->ngoals] = (sb_block){ (int)a, (int)b, s->kinds[k].height,
                                          s->kinds[k].width, shape->cells ? (int)k + 1 : 0, 0,
                                          s->kinds[k].axis, 0 };
        rd->goal_line[s->ngoals] = rd->line;
        s->goal_kind[s->ngoals++] = (size_t)k;
        return SB_OK;
    }
    return FAIL(rd, SB_EINPUT, "unknown statement \"%s\": expected tray, wall, kind, kinds, "
                "empty, goal, keep, diameters, pieces, piece-cells or piece-count", what);
}

/* What needs the whole file (walls may come after a goal): the goals
 * inside the tray, off its walls and not on one another's cells, checked
 * by the engine's own goal check and blamed on the goal's line. */
static sb_status whole_file(reader *rd, sb_error *err)
{
    const sb_census_spec *s = rd->s;
    sb_puzzle tray = { .rows = s->rows, .cols = s->cols, .walls = s->walls,
                       .ngoals = s->ngoals, .goals = s->goals, .nshapes = s->nkinds,
                       .shapes = s->kind_shapes };
    sb_error why = { 0 };
    sb_status st = sbi_puzzle_check_goals(&tray, &why);
    if (st == SB_OK)
        return SB_OK;
    if (why.list != SB_LIST_GOAL || why.item >= s->ngoals)
        return FAIL(rd, st, "%s", why.msg);
    rd->line = rd->goal_line[why.item];
    return FAIL(rd, st, "goal %s: %s", s->kinds[s->goal_kind[why.item]].name, why.msg);
}

/* The spec's kind_shapes: NULL when every kind is a rectangle, else each
 * kind's cells, a rectangle's filling its box (sb_census_spec). */
static sb_status finish_shapes(reader *rd, sb_error *err)
{
    sb_census_spec *s = rd->s;
    bool shaped = false;
    for (size_t k = 0; k < s->nkinds; k++)
        shaped |= s->kind_shapes[k].cells != NULL;
    if (!shaped) {
        free(s->kind_shapes);
        s->kind_shapes = NULL;
        return SB_OK;
    }
    for (size_t k = 0; k < s->nkinds; k++) {
        sb_shape *sh = &s->kind_shapes[k];
        size_t bytes = (size_t)sh->height * (size_t)sh->width;
        if (sh->cells)
            continue;
        if (!(sh->cells = malloc(bytes)))
            return sbi_fmt_fail(err, SB_ELIMIT, rd->name, 0, "out of memory");
        memset(sh->cells, 1, bytes);
    }
    return SB_OK;
}

/* Reads line rd->line of f into buf (MAX_LINE + 1 bytes), its '\n' and
 * a '\r' before it dropped.  1: a line; 0: the end of the file; -1:
 * refused (a control byte or a line past the cap, at once). */
static int read_line(reader *rd, FILE *f, char *buf, sb_error *err)
{
    size_t n = 0;
    int ch;
    bool cr = false;
    while ((ch = getc(f)) != EOF && ch != '\n') {
        if (cr && n == MAX_LINE) {
            FAIL(rd, SB_EINPUT, "lines may be at most " MAX_LINE_WORDS " characters, "
                 "comments included; this one is longer");
            return -1;
        }
        if (cr)
            buf[n++] = '\r';
        cr = ch == '\r';
        if (cr)
            continue;
        if (ch == 0x7f || (ch < 0x20 && ch != '\t' && ch != '\v' && ch != '\f')) {
            FAIL(rd, SB_EINPUT, "binary data: byte 0x%02x at column %zu is not text", ch,
                 n + 1);
            return -1;
        }
        if (n == MAX_LINE) {
            FAIL(rd, SB_EINPUT, "lines may be at most " MAX_LINE_WORDS " characters, "
                 "comments included; this one is longer");
            return -1;
        }
        buf[n++] = (char)ch;
    }
    buf[n] = '\0';
    return ch == EOF && n == 0 && !cr ? 0 : 1;
}

sb_status sbi_fmt_read_census_stream(FILE *f, const char *name, sb_census_spec *out,
                                     sb_error *err)
{
    memset(out, 0, sizeof *out);
    reader rd = { .s = out, .name = name };
    char buf[MAX_LINE + 1];
    sb_status st = SB_OK;
    int got;
    while (st == SB_OK) {
        rd.line++;
        if ((got = read_line(&rd, f, buf, err)) <= 0) {
            st = got < 0 ? SB_EINPUT : SB_OK;
            break;
        }
        char *words[MAX_WORDS];
        int n = split(buf, words);
        if (n < 0)
            st = FAIL(&rd, SB_EINPUT, "a line may hold at most %d words", MAX_WORDS);
        else if (n > 0)
            st = statement(&rd, words, n, err);
    }
    if (st == SB_OK && ferror(f))
        st = sbi_fmt_fail(err, SB_EINPUT, name, 0, "cannot read: %s", sbi_os_error(errno).text);
    if (st == SB_OK && !out->rows)
        st = sbi_fmt_fail(err, SB_EINPUT, name, 0, "no \"tray ROWS COLS\" line");
    if (st == SB_OK)
        st = pieceset_whole_file(&rd, err);
    if (st == SB_OK && !out->nkinds && !out->any_pieces)
        st = sbi_fmt_fail(err, SB_EINPUT, name, 0, "no \"kind\" line: the alphabet is empty "
                          "(or write \"pieces any\" for every piece set)");
    if (st == SB_OK)
        st = whole_file(&rd, err);
    if (st == SB_OK)
        st = finish_shapes(&rd, err);
    sbi_array_free(NULL, &rd.goal_line, &rd.goal_line_cap, sizeof *rd.goal_line);
    if (st != SB_OK)
        sb_census_spec_free(out);
    return st;
}

sb_status sb_fmt_read_census(const char *path, sb_census_spec *out, sb_error *err)
{
    if (!out || !path)
        return sbi_fmt_fail(err, SB_EINPUT, NULL, 0, "sb_fmt_read_census: %s is NULL",
                            out ? "the path" : "the spec to fill");
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "r");
    if (!f)
        return sbi_fmt_fail(err, SB_EINPUT, path, 0, "cannot open: %s", sbi_os_error(errno).text);
    sb_status st = sbi_fmt_read_census_stream(f, path, out, err);
    fclose(f);
    return st;
}

void sb_census_spec_free(sb_census_spec *s)
{
    if (!s)
        return;
    free(s->walls);
    for (size_t k = 0; s->kind_shapes && k < s->nkinds; k++)
        free(s->kind_shapes[k].cells);
    free(s->kind_shapes);
    free(s->kinds);
    free(s->goals);
    free(s->goal_kind);
    memset(s, 0, sizeof *s);
}
