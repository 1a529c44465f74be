/*
 * picture.c - the picture format: the tray drawn one character per cell.
 *
 *     ; Klotski.  Lines whose first character is ';' are comments.
 *     ABBC
 *     ABBC
 *     DEEF
 *     DGHF
 *     I..J
 *     distinct: B
 *
 * A file is lines of four kinds, told apart by how they start (spaces and
 * tabs at either end of a line, and the CR of a CRLF line end, are
 * ignored everywhere):
 *   - blank: nothing but spaces and tabs;
 *   - comment: starts with ';' (anything may follow, UTF-8 included);
 *   - option line: an option word and ':' ("distinct: PQ", "same: AB CD",
 *     "horizontal: BG", "vertical: AC"), or any line holding both a ':'
 *     and a blank, which no grid row can (an unknown option);
 *   - grid row: anything else.  '.' is an empty cell, '#' a wall, and
 *     every other printable ASCII character but ';' one cell of the piece
 *     drawn with it, ':' included (SPEC).  A row holds no spaces or tabs,
 *     and one that starts with an option word and ':' is read as an
 *     option line (writers draw such a row with other characters).
 * The grid is one run of rows: blank lines may come before and after it,
 * comments anywhere, but a blank line inside it ends it, and a row after
 * that ("grid rows must be contiguous") or after an option line is an
 * error; option lines come after the grid and only in INIT.  A GOAL
 * picture is a grid of INIT's size drawing some of INIT's pieces, each
 * with exactly its shape, where they must end up.
 *
 * The reading is one pass over the text, linear in its length whatever
 * its shape: a 10 MB row is measured and refused (the tray limit) without
 * being stored, since cells are kept only while the tray fits
 * SB_MAX_CELLS.  The grid is checked as a whole when it ends (at a blank
 * line, an option line or the end of the file): its size, then its pieces
 * (picture_pieces.c); option lines are read as they come, against those
 * pieces.  Every error names the file and line.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/array.h"
#include "picture.h"
#include "scan.h"

/* Where a reader is in its file. */
typedef enum stage {
    BEFORE_GRID,
    IN_GRID,
    AFTER_GAP,      /* a blank line ended the grid */
    IN_OPTIONS      /* an option line ended it */
} stage;

typedef struct reader {
    pic_file *f;            /* what is being read */
    const pic_file *init;   /* reading a GOAL: its INIT; NULL reading INIT */
    stage at;
    long gap_line;          /* the blank line that ended the grid */
    long options_line;      /* the first option line */
} reader;

static bool is_blank(unsigned char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

static bool is_digit(unsigned char ch)
{
    return ch >= '0' && ch <= '9';
}

bool sbi_fmt_picture_detect(const char *text, size_t len)
{
    size_t pos = 0;
    bool comments = false;

    while (pos < len) {
        const char *s = text + pos;
        const char *nl = memchr(s, '\n', len - pos);
        size_t n = nl ? (size_t)(nl - s) : len - pos, i = 0;
        pos += n + (nl != NULL);
        while (i < n && is_blank((unsigned char)s[i]))
            i++;
        if (i == n)
            continue;
        if (s[i] == ';') {
            comments = true;
            continue;
        }
        /* The first line that counts.  SPEC: a picture unless it is two
         * integers (each an optional sign and digits: "-5 4" is a tray
         * line whose number the line reader refuses).  So "5 4" starts a
         * line-format file, while "ABBC", "1234" (a row of numbered tiles)
         * and a broken tray line such as "5 4 3" start a picture, whose
         * reader names the blank and recalls what a tray line is. */
        int integers = 0;
        while (i < n) {
            if (s[i] == '-' || s[i] == '+')
                i++;
            size_t digits = i;
            while (i < n && is_digit((unsigned char)s[i]))
                i++;
            if (i == digits || (i < n && !is_blank((unsigned char)s[i])))
                return true;
            integers++;
            while (i < n && is_blank((unsigned char)s[i]))
                i++;
        }
        return integers != 2;
    }
    /* Nothing but blank lines: the CS61B reader says so; comments mean a
     * picture (one with no grid). */
    return comments;
}

/* ---- telling option lines from grid rows ------------------------------- */

/* The option words, in the order option_line() takes them. */
static const char *const OPTION_WORDS[] = { "distinct", "same", "horizontal", "vertical" };
enum { NOPTIONS = sizeof OPTION_WORDS / sizeof OPTION_WORDS[0] };

/* The option word that s[a..b) starts with, followed (after any blanks)
 * by ':', or NOPTIONS when there is none. */
static size_t option_word(const char *s, size_t a, size_t b)
{
    for (size_t w = 0; w < NOPTIONS; w++) {
        size_t n = strlen(OPTION_WORDS[w]), i = a + n;
        if (b - a < n || memcmp(s + a, OPTION_WORDS[w], n) != 0)
            continue;
        while (i < b && is_blank((unsigned char)s[i]))
            i++;
        if (i < b && s[i] == ':')
            return w;
    }
    return NOPTIONS;
}

/* An option line starts with an option word and ':', or holds a ':' and a
 * blank, which no grid row does (an unknown option, or a misspelt one).
 * Any other ':' is a cell. */
bool sbi_pic_is_option_line(const char *s, size_t n)
{
    if (option_word(s, 0, n) != NOPTIONS)
        return true;
    bool colon = false, blank = false;
    for (size_t i = 0; i < n; i++) {
        colon |= s[i] == ':';
        blank |= is_blank((unsigned char)s[i]);
    }
    return colon && blank;
}

/* For a grid row that holds ':' and is out of place: it may have been
 * meant as an option line. */
static const char *colon_hint(const char *s, size_t a, size_t b)
{
    return memchr(s + a, ':', b - a)
               ? " (a line holding ':' is an option line only when it starts with distinct, "
                 "same, horizontal or vertical, or holds a blank)"
               : "";
}

/* ---- errors ---------------------------------------------------------- */

/* Whether s[0..n) holds nothing but numbers and blanks: a line of a line
 * format, read as a picture because the file's first line is not two
 * integers (or because --format picture said so). */
static bool numbers_only(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!is_digit((unsigned char)s[i]) && !is_blank((unsigned char)s[i]) && s[i] != '-' &&
            s[i] != '+')
            return false;
    return true;
}

/* The option word s[0..n) starts with, followed by a blank and no ':'
 * (an option line without its colon), or NULL. */
static const char *option_without_colon(const char *s, size_t n)
{
    for (size_t w = 0; w < NOPTIONS; w++) {
        size_t k = strlen(OPTION_WORDS[w]);
        if (n > k && memcmp(s, OPTION_WORDS[w], k) == 0 && is_blank((unsigned char)s[k]) &&
            !memchr(s, ':', n))
            return OPTION_WORDS[w];
    }
    return NULL;
}

/* Why the byte ch cannot stand in the line s[0..n), at 1-based column
 * col, of the file r reads. */
static sb_status bad_cell(const reader *r, long line, const char *s, size_t n, size_t col,
                          unsigned char ch, sb_error *err)
{
    const char *name = r->f->name;
    if (ch == ' ' || ch == '\t') {
        const char *word = option_without_colon(s, n);
        char hint[96] = "";
        if (s[0] == '#' || s[0] == '/')
            snprintf(hint, sizeof hint, "; comments start with ';'");
        else if (word)
            snprintf(hint, sizeof hint, "; an option line has a ':' after its word (%s: ...)",
                     word);
        else if (numbers_only(s, n))
            snprintf(hint, sizeof hint, "%s", r->init
                     ? "; INIT is a picture, so GOAL is read as one: draw the goal"
                     : "; a file in the line formats starts with its tray line, two integers "
                       "'H W'");
        return sbi_fmt_fail(err, SB_EINPUT, name, line,
                            "a %s at column %zu: grid rows hold no blanks ('.' is an empty "
                            "cell)%s", ch == ' ' ? "space" : "tab", col, hint);
    }
    if (ch < 0x20 || ch == 0x7f)
        return sbi_fmt_fail(err, SB_EINPUT, name, line,
                            "binary data: byte 0x%02x at column %zu is not text", ch, col);
    if (ch >= 0x80)
        return sbi_fmt_fail(err, SB_EINPUT, name, line,
                            "byte 0x%02x at column %zu is not ASCII: pieces are drawn with "
                            "printable ASCII characters", ch, col);
    return sbi_fmt_fail(err, SB_EINPUT, name, line,
                        "';' at column %zu cannot be a piece: it starts a comment, and only "
                        "at the start of a line", col);
}

/* Checks that an option line is printable ASCII text. */
static sb_status check_text(const reader *r, long line, const char *s, size_t n,
                            sb_error *err)
{
    const pic_file *f = r->f;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (ch < 0x20 && !is_blank(ch))
            return sbi_fmt_fail(err, SB_EINPUT, f->name, line,
                                "binary data: byte 0x%02x at column %zu is not text", ch, i + 1);
        if (ch == 0x7f || ch >= 0x80)
            return bad_cell(r, line, s, n, i + 1, ch, err);
    }
    return SB_OK;
}

/* ---- the grid -------------------------------------------------------- */

static void grid_drop(pic_grid *g)
{
    sbi_array_free(NULL, &g->cells, &g->cap_cells, sizeof *g->cells);
    sbi_array_free(NULL, &g->line, &g->cap_line, sizeof *g->line);
    sbi_array_free(NULL, &g->indent, &g->cap_indent, sizeof *g->indent);
}

/* Stores one row of g->cols cells.  Returns -1 out of memory. */
static int grid_store(pic_grid *g, const char *row, long line, size_t indent)
{
    if (g->too_big)
        return 0;
    if (g->cols > SB_MAX_CELLS || g->rows + 1 > SB_MAX_CELLS / g->cols) {
        grid_drop(g);
        g->too_big = true;
        return 0;
    }
    if (!sbi_array_reserve(NULL, &g->cells, &g->cap_cells, (g->rows + 1) * g->cols,
                           sizeof *g->cells) ||
        !sbi_array_reserve(NULL, &g->line, &g->cap_line, g->rows + 1, sizeof *g->line) ||
        !sbi_array_reserve(NULL, &g->indent, &g->cap_indent, g->rows + 1, sizeof *g->indent))
        return -1;
    memcpy(g->cells + g->rows * g->cols, row, g->cols);
    g->line[g->rows] = line;
    g->indent[g->rows] = indent;
    return 0;
}

static sb_status grid_row(reader *r, const char *s, size_t a, size_t b, long line,
                          sb_error *err)
{
    pic_grid *g = &r->f->grid;
    const char *name = r->f->name;

    for (size_t i = a; i < b; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (ch != '.' && ch != '#' && !sbi_pic_is_piece_char(ch))
            return bad_cell(r, line, s + a, b - a, i + 1, ch, err);
    }
    if (r->at == AFTER_GAP)
        return sbi_fmt_fail(err, SB_EINPUT, name, line,
                            "grid rows must be contiguous: the blank line %ld ended the grid%s",
                            r->gap_line, colon_hint(s, a, b));
    if (r->at == IN_OPTIONS)
        return sbi_fmt_fail(err, SB_EINPUT, name, line,
                            "a grid row after the option lines (line %ld): the grid comes "
                            "first%s", r->options_line, colon_hint(s, a, b));
    if (r->at == BEFORE_GRID) {
        r->at = IN_GRID;
        g->first_line = line;
        g->cols = b - a;
    } else if (b - a != g->cols) {
        return sbi_fmt_fail(err, SB_EINPUT, name, line,
                            "rows of different lengths: this row has %zu cells, the first "
                            "(line %ld) has %zu%s", b - a, g->first_line, g->cols,
                            colon_hint(s, a, b));
    }
    if (grid_store(g, s + a, line, a) != 0)
        return sbi_fmt_fail(err, SB_ELIMIT, name, line, "out of memory");
    g->rows++;
    return SB_OK;
}

/* The grid is complete: checks its size and finds its pieces. */
static sb_status close_grid(reader *r, sb_error *err)
{
    const pic_grid *g = &r->f->grid;
    const char *name = r->f->name;

    if (r->init) {
        const pic_grid *ig = &r->init->grid;
        if (g->rows != ig->rows || g->cols != ig->cols)
            return sbi_fmt_fail(err, SB_EINPUT, name, g->first_line,
                                "the goal picture is %zux%zu but INIT (%s) is %zux%zu: a GOAL "
                                "draws the whole tray, '.' where it does not matter",
                                g->rows, g->cols, r->init->name, ig->rows, ig->cols);
    } else if (g->too_big) {
        /* The engine words the tray limit; it needs sides that fit an int. */
        sb_puzzle tray = { 0 };
        sb_error chk;
        if (g->rows <= INT_MAX && g->cols <= INT_MAX) {
            tray.rows = (int)g->rows;
            tray.cols = (int)g->cols;
            if (sb_puzzle_check(&tray, &chk) != SB_OK)
                return sbi_fmt_fail(err, SB_EINPUT, name, g->first_line, "%s", chk.msg);
        }
        return sbi_fmt_fail(err, SB_EINPUT, name, g->first_line,
                            "tray of %zux%zu is too large; slide handles at most %d cells "
                            "(e.g. 256x256)", g->rows, g->cols, SB_MAX_CELLS);
    }
    return sbi_pic_find_pieces(r->f, r->init, err);
}

/* ---- option lines ---------------------------------------------------- */

/* The piece an option line names with ch. */
static sb_status named_piece(reader *r, const char *word, unsigned char ch, long line,
                             pic_piece **out, sb_error *err)
{
    pic_file *f = r->f;
    if (sbi_pic_is_piece_char(ch) && f->pieces.index[ch]) {
        *out = &f->pieces.piece[f->pieces.index[ch] - 1];
        return SB_OK;
    }
    return sbi_fmt_fail(err, SB_EINPUT, f->name, line, "%s: '%c' is no piece of the picture%s",
                        word, ch,
                        ch == '*' ? " ('*' alone means every piece, in distinct: only)"
                        : ch == '.' || ch == '#' ? " (it draws empty cells and walls)" : "");
}

static sb_status no_piece(const reader *r, const char *word, long line, sb_error *err)
{
    return sbi_fmt_fail(err, SB_EINPUT, r->f->name, line,
                        "%s: names no piece (list the characters of the pieces it is for)",
                        word);
}

static sb_status opt_distinct(reader *r, const char *s, size_t n, long line, sb_error *err)
{
    pic_file *f = r->f;
    size_t count = 0;

    if (n == 1 && s[0] == '*') {
        if (f->pieces.n == 0)
            return sbi_fmt_fail(err, SB_EINPUT, f->name, line,
                                "distinct: * names no piece: the picture has none");
        for (size_t i = 0; i < f->pieces.n; i++) {
            pic_piece *p = &f->pieces.piece[i];
            if (p->same)
                return sbi_fmt_fail(err, SB_EINPUT, f->name, line,
                                    "distinct: * marks piece '%c', which line %ld put in a "
                                    "same group: a piece is distinct or in a group, not both",
                                    p->ch, p->same_line);
            if (!p->distinct_line)
                p->distinct_line = line;
        }
        return SB_OK;
    }
    for (size_t i = 0; i < n; i++) {
        pic_piece *p = NULL;
        if (is_blank((unsigned char)s[i]))
            continue;
        sb_status st = named_piece(r, "distinct", (unsigned char)s[i], line, &p, err);
        if (st != SB_OK)
            return st;
        if (p->same)
            return sbi_fmt_fail(err, SB_EINPUT, f->name, line,
                                "distinct: piece '%c' is in a same group (line %ld): a piece "
                                "is distinct or in a group, not both", p->ch, p->same_line);
        if (!p->distinct_line)
            p->distinct_line = line;
        count++;
    }
    return count ? SB_OK : no_piece(r, "distinct", line, err);
}

static sb_status opt_axis(reader *r, sb_axis axis, const char *s, size_t n, long line,
                          sb_error *err)
{
    const char *word = axis == SB_AXIS_ROW ? "horizontal" : "vertical";
    size_t count = 0;

    for (size_t i = 0; i < n; i++) {
        pic_piece *p = NULL;
        if (is_blank((unsigned char)s[i]))
            continue;
        sb_status st = named_piece(r, word, (unsigned char)s[i], line, &p, err);
        if (st != SB_OK)
            return st;
        if (p->axis_line && p->axis != axis)
            return sbi_fmt_fail(err, SB_EINPUT, r->f->name, line,
                                "%s: piece '%c' is %s (line %ld): it cannot be both", word,
                                p->ch, axis == SB_AXIS_ROW ? "vertical" : "horizontal",
                                p->axis_line);
        p->axis = axis;
        if (!p->axis_line)
            p->axis_line = line;
        count++;
    }
    return count ? SB_OK : no_piece(r, word, line, err);
}

static sb_status opt_same(reader *r, const char *s, size_t n, long line, sb_error *err)
{
    pic_file *f = r->f;
    size_t i = 0, groups = 0;

    for (;;) {
        while (i < n && is_blank((unsigned char)s[i]))
            i++;
        if (i == n)
            break;
        if (f->ngroups == PIC_CHARS)   /* cannot happen: a piece is in one group */
            return sbi_fmt_fail(err, SB_EINPUT, f->name, line, "same: too many groups");
        int id = (int)++f->ngroups;
        f->group_line[id - 1] = line;
        groups++;
        for (; i < n && !is_blank((unsigned char)s[i]); i++) {
            pic_piece *p = NULL;
            sb_status st = named_piece(r, "same", (unsigned char)s[i], line, &p, err);
            if (st != SB_OK)
                return st;
            if (p->distinct_line)
                return sbi_fmt_fail(err, SB_EINPUT, f->name, line,
                                    "same: piece '%c' is marked distinct (line %ld): a piece "
                                    "is distinct or in a group, not both", p->ch,
                                    p->distinct_line);
            if (p->same && p->same != id) {
                if (p->same_line == line)
                    return sbi_fmt_fail(err, SB_EINPUT, f->name, line,
                                        "same: piece '%c' is in two groups", p->ch);
                return sbi_fmt_fail(err, SB_EINPUT, f->name, line,
                                    "same: piece '%c' is already in a group (line %ld): a "
                                    "piece is in one group at most", p->ch, p->same_line);
            }
            p->same = id;
            p->same_line = line;
        }
    }
    return groups ? SB_OK : no_piece(r, "same", line, err);
}

static sb_status option_line(reader *r, const char *s, size_t a, size_t b, long line,
                             sb_error *err)
{
    const char *name = r->f->name;
    sb_status st = check_text(r, line, s, b, err);
    if (st != SB_OK)
        return st;

    /* The first ':' ends the word: option words hold none. */
    const char *colon = memchr(s + a, ':', b - a);
    size_t wa = a, wb = (size_t)(colon - s);
    while (wb > wa && is_blank((unsigned char)s[wb - 1]))
        wb--;
    size_t word = option_word(s, a, b);
    if (r->init)
        return sbi_fmt_fail(err, SB_EINPUT, name, line,
                            "option lines are not allowed in a GOAL picture (options "
                            "belong in INIT, after its grid)");
    if (word == NOPTIONS) {
        char shown[40];
        sbi_fmt_quote(s + wa, wb - wa, shown, sizeof shown);
        return sbi_fmt_fail(err, SB_EINPUT, name, line,
                            "unknown option '%s:' (the options are distinct:, same:, "
                            "horizontal: and vertical:)", shown);
    }
    if (r->at == BEFORE_GRID)
        return sbi_fmt_fail(err, SB_EINPUT, name, line,
                            "option line before the grid: options come after it");
    if (r->at == IN_GRID && (st = close_grid(r, err)) != SB_OK)
        return st;
    if (r->at != IN_OPTIONS)
        r->options_line = line;
    r->at = IN_OPTIONS;

    const char *rest = colon + 1;
    size_t n = (size_t)(s + b - rest);
    while (n > 0 && is_blank((unsigned char)rest[0])) {
        rest++;
        n--;
    }
    switch (word) {
    case 0: return opt_distinct(r, rest, n, line, err);
    case 1: return opt_same(r, rest, n, line, err);
    case 2: return opt_axis(r, SB_AXIS_ROW, rest, n, line, err);
    default: return opt_axis(r, SB_AXIS_COL, rest, n, line, err);
    }
}

/* ---- files ----------------------------------------------------------- */

/* Reads one picture file into *f (zeroed first); init is NULL for INIT. */
static sb_status read_picture(const char *text, size_t len, const char *name,
                              const pic_file *init, pic_file *f, sb_error *err)
{
    reader r = { f, init, BEFORE_GRID, 0, 0 };
    size_t pos = 0;
    long line = 0;
    sb_status st = SB_OK;

    memset(f, 0, sizeof *f);
    f->name = name;
    while (pos < len && st == SB_OK) {
        const char *s = text + pos;
        const char *nl = memchr(s, '\n', len - pos);
        size_t n = nl ? (size_t)(nl - s) : len - pos, a = 0, b = n;
        pos += n + (nl != NULL);
        line++;
        while (a < b && is_blank((unsigned char)s[a]))
            a++;
        while (b > a && is_blank((unsigned char)s[b - 1]))
            b--;
        if (a == b) {
            if (r.at == IN_GRID) {
                st = close_grid(&r, err);
                r.at = AFTER_GAP;
                r.gap_line = line;
            }
        } else if (s[a] == ';') {
            continue;
        } else if (sbi_pic_is_option_line(s + a, b - a)) {
            st = option_line(&r, s, a, b, line, err);
        } else {
            st = grid_row(&r, s, a, b, line, err);
        }
    }
    if (st == SB_OK && r.at == IN_GRID)
        st = close_grid(&r, err);
    if (st == SB_OK && f->grid.rows == 0)
        st = sbi_fmt_fail(err, SB_EINPUT, name, 0,
                          "empty picture: no grid rows (a picture draws the tray, one line "
                          "per row)");
    return st;
}

sb_status sbi_fmt_picture_parse(const char *init_text, size_t init_len, const char *init_name,
                                const char *goal_text, size_t goal_len, const char *goal_name,
                                sb_puzzle *out, sb_error *err)
{
    pic_file *init = calloc(1, sizeof *init), *goal = goal_text ? calloc(1, sizeof *goal) : NULL;
    sb_status st;

    memset(out, 0, sizeof *out);
    if (!init || (goal_text && !goal)) {
        free(init);
        free(goal);
        return sbi_fmt_fail(err, SB_ELIMIT, init_name, 0, "out of memory");
    }
    st = read_picture(init_text, init_len, init_name, NULL, init, err);
    if (st == SB_OK && goal)
        st = read_picture(goal_text, goal_len, goal_name, init, goal, err);
    if (st == SB_OK)
        st = sbi_pic_build(init, goal, out, err);
    grid_drop(&init->grid);
    if (goal)
        grid_drop(&goal->grid);
    free(init);
    free(goal);
    return st;
}
