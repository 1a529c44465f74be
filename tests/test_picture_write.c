/*
 * test_picture_write.c - the picture writer (sb_fmt_picture_write): what
 * it writes reads back as the same puzzle.
 *
 * Random puzzles of up to 91 pieces (the limit: one piece per character
 * SPEC allows) are drawn and read back: the same tray and walls, a piece
 * at every anchor with the same cells and axis, and the same partition
 * into classes (group numbers may differ; which pieces are
 * interchangeable may not).  Pieces are random polyominoes with random
 * axes, groups (none, marked alone, shared) and labels (none, their own,
 * repeated), so the two passes that deal characters, and the option
 * lines, are all exercised.  Then the cases a random puzzle rarely hits:
 * a row that would spell an option ("same:"), with characters to spare
 * and with all 91 taken; a '*' marked alone (not "distinct: *", which
 * marks every piece); and 92 pieces, refused with nothing written.
 */
#include "unit.h"

#include "sb_format.h"

/* The characters SPEC lets draw a piece. */
static int piece_chars(char *out)
{
    int n = 0;
    for (int ch = '!'; ch <= '~'; ch++)
        if (ch != '.' && ch != '#' && ch != ';')
            out[n++] = (char)ch;
    out[n] = '\0';
    return n;
}

/* Writes p's blocks as a picture into a new string (caller frees). */
static sb_status write_text(const sb_puzzle *p, const char *indent, char **text, size_t *len,
                            sb_error *err)
{
    FILE *f = open_memstream(text, len);
    if (!f) {
        fprintf(stderr, "open_memstream failed\n");
        exit(2);
    }
    sb_status st = sb_fmt_picture_write(f, p, p->blocks, p->nblocks, indent, err);
    fclose(f);
    return st;
}

/* The block of q anchored at b's anchor, or NULL. */
static const sb_block *at_anchor(const sb_puzzle *q, const sb_block *b)
{
    for (size_t j = 0; j < q->nblocks; j++)
        if (q->blocks[j].row == b->row && q->blocks[j].col == b->col)
            return &q->blocks[j];
    return NULL;
}

static bool wall(const sb_puzzle *p, int r, int c)
{
    return p->walls && p->walls[(size_t)r * (size_t)p->cols + (size_t)c];
}

/* Whether q is p drawn and read back (see the top). */
static bool same_puzzle(const sb_puzzle *p, const sb_puzzle *q)
{
    if (p->rows != q->rows || p->cols != q->cols || p->nblocks != q->nblocks)
        return false;
    for (int r = 0; r < p->rows; r++)
        for (int c = 0; c < p->cols; c++)
            if (wall(p, r, c) != wall(q, r, c))
                return false;
    for (size_t i = 0; i < p->nblocks; i++) {
        const sb_block *a = &p->blocks[i], *b = at_anchor(q, a);
        if (!b || a->height != b->height || a->width != b->width || a->axis != b->axis)
            return false;
        for (int r = 0; r < p->rows; r++)
            for (int c = 0; c < p->cols; c++)
                if (sb_block_covers(p, a, r, c) != sb_block_covers(q, b, r, c))
                    return false;
        for (size_t k = 0; k < p->nblocks; k++)
            if (sb_block_same_class(p, a, &p->blocks[k]) !=
                sb_block_same_class(q, b, at_anchor(q, &p->blocks[k])))
                return false;
    }
    return true;
}

/* Draws p, reads it back into *q and checks it; returns the text (caller
 * frees), NULL when a step failed. */
static char *round_trip(const sb_puzzle *p, const char *indent, sb_puzzle *q, const char *what)
{
    char *text = NULL;
    size_t len = 0;
    sb_error err;
    sb_format used = SB_FORMAT_AUTO;
    memset(q, 0, sizeof *q);
    if (!CHECK_MSG(write_text(p, indent, &text, &len, &err) == SB_OK, "%s: %s", what, err.msg)) {
        free(text);
        return NULL;
    }
    if (!CHECK_MSG(sb_fmt_parse(text, len, "drawn", NULL, 0, NULL, SB_FORMAT_AUTO, &used, q,
                                &err) == SB_OK && used == SB_FORMAT_PICTURE,
                   "%s: %s\n%s", what, err.msg, text) ||
        !CHECK_MSG(same_puzzle(p, q), "%s: read back otherwise:\n%s", what, text)) {
        free(text);
        sb_puzzle_free(q);
        return NULL;
    }
    return text;
}

/* ---- random puzzles ------------------------------------------------------ */

/* Grows a polyomino of up to size cells from a random free cell of grid
 * (0 free, else taken); marks it with id.  Returns its cell count. */
static int grow(int *grid, int rows, int cols, int id, int size, unit_rng *r)
{
    int cells[8], n = 0, start = unit_below(r, rows * cols);
    for (int k = 0; k < rows * cols && !n; k++)
        if (!grid[(start + k) % (rows * cols)])
            cells[n++] = (start + k) % (rows * cols);
    if (!n)
        return 0;
    grid[cells[0]] = id;
    for (int tries = 0; n < size && tries < 40; tries++) {
        int at = cells[unit_below(r, n)], d = unit_below(r, 4);
        int y = at / cols + UNIT_DR[d], x = at % cols + UNIT_DC[d];
        if (y < 0 || x < 0 || y >= rows || x >= cols || grid[y * cols + x])
            continue;
        grid[y * cols + x] = id;
        cells[n++] = y * cols + x;
    }
    return n;
}

/* A random puzzle of about `pieces` pieces; the caller frees it. */
static void random_puzzle(sb_puzzle *p, unit_rng *r, int pieces, const char *chars, int nchars)
{
    int cols = 1 + unit_below(r, 14), rows = (pieces * 2 + cols - 1) / cols + unit_below(r, 3);
    rows = rows < 1 ? 1 : rows;
    int ncells = rows * cols;
    int *grid = unit_alloc((size_t)ncells * sizeof *grid);
    unit_puzzle_init(p, rows, cols, (size_t)pieces);
    p->shapes = unit_alloc((size_t)pieces * sizeof *p->shapes);
    int label_mode = unit_below(r, 3);   /* none, own, repeated */
    int first_label = unit_below(r, nchars);
    for (int id = 1; id <= pieces; id++) {
        int size = unit_below(r, 4) ? 1 + unit_below(r, 2) : 1 + unit_below(r, 5);
        if (!grow(grid, rows, cols, id, size, r))
            break;
        int top = rows, bottom = -1, left = cols, right = -1, anchor = -1;
        for (int k = 0; k < ncells; k++)
            if (grid[k] == id) {
                int y = k / cols, x = k % cols;
                anchor = anchor < 0 ? k : anchor;
                top = y < top ? y : top;
                bottom = y > bottom ? y : bottom;
                left = x < left ? x : left;
                right = x > right ? x : right;
            }
        sb_block *b = &p->blocks[p->nblocks++];
        *b = (sb_block){ anchor / cols, anchor % cols, bottom - top + 1, right - left + 1 };
        int filled = 0;
        for (int y = top; y <= bottom; y++)
            for (int x = left; x <= right; x++)
                filled += grid[y * cols + x] == id;
        if (filled != b->height * b->width) {
            sb_shape *sh = &p->shapes[p->nshapes++];
            sh->height = b->height;
            sh->width = b->width;
            sh->cells = unit_alloc((size_t)b->height * (size_t)b->width);
            for (int y = top; y <= bottom; y++)
                for (int x = left; x <= right; x++)
                    sh->cells[(y - top) * b->width + (x - left)] = grid[y * cols + x] == id;
            b->shape = (int)p->nshapes;
        }
        int axis = unit_below(r, 10);
        b->axis = axis < 7 ? SB_AXIS_ANY : axis < 9 ? SB_AXIS_ROW : SB_AXIS_COL;
        int group = unit_below(r, 10);
        b->group = group < 6 ? 0 : group < 8 ? 1 + unit_below(r, 3) : 100 + id;
        b->label = label_mode == 0   ? 0
                   : label_mode == 1 ? chars[(first_label + id) % nchars]
                                     : chars[unit_below(r, 4)];
    }
    if (unit_below(r, 2)) {
        p->walls = unit_alloc((size_t)ncells);
        for (int k = 0; k < ncells; k++)
            p->walls[k] = !grid[k] && unit_below(r, 6) == 0;
    }
    free(grid);
}

static void test_random(void)
{
    char chars[128];
    int nchars = piece_chars(chars);
    unit_rng r = { 0x5eed5eed12345ULL };
    int drawn = 0, at_limit = 0;
    for (int round = 0; round < 1500; round++) {
        int pieces = round % 5 == 0 ? nchars : 1 + unit_below(&r, nchars);
        sb_puzzle p, q;
        sb_error err;
        random_puzzle(&p, &r, pieces, chars, nchars);
        if (!CHECK_MSG(sb_puzzle_check(&p, &err) == SB_OK, "round %d: %s", round, err.msg)) {
            sb_puzzle_free(&p);
            continue;
        }
        char what[32];
        snprintf(what, sizeof what, "round %d", round);
        char *text = round_trip(&p, round % 2 ? "  " : "", &q, what);
        if (text) {
            drawn++;
            at_limit += p.nblocks == (size_t)nchars;
            /* Labels that are piece characters and each a piece's own are
             * kept, but for a ':' dealt again to keep a row from spelling
             * an option. */
            bool own = true;
            for (size_t i = 0; i < p.nblocks && own; i++) {
                own = p.blocks[i].label != 0;
                for (size_t j = 0; j < i && own; j++)
                    own = p.blocks[i].label != p.blocks[j].label;
            }
            for (size_t i = 0; own && i < p.nblocks; i++)
                CHECK_MSG(at_anchor(&q, &p.blocks[i])->label == p.blocks[i].label ||
                              p.blocks[i].label == ':' ||
                              at_anchor(&q, &p.blocks[i])->label == ':',
                          "%s: label '%c' drawn as '%c'", what, p.blocks[i].label,
                          at_anchor(&q, &p.blocks[i])->label);
            sb_puzzle_free(&q);
        }
        free(text);
        sb_puzzle_free(&p);
    }
    printf("test_picture_write: %d random pictures read back, %d of them with all %d "
           "characters\n", drawn, at_limit, nchars);
    CHECK(at_limit > 100);
}

/* ---- the cases random puzzles rarely hit -------------------------------- */

/* count 1x1 pieces in reading order, the first labelled from `first`
 * (then the rest of chars, skipping those; then none), on a rows x cols
 * tray. */
static void unit_pieces(sb_puzzle *p, int rows, int cols, int count, const char *first,
                        const char *chars)
{
    unit_puzzle_init(p, rows, cols, (size_t)count);
    const char *next = chars;
    size_t given = strlen(first);
    for (int i = 0; i < count; i++) {
        char label = (size_t)i < given ? first[i] : 0;
        if (!label) {
            while (*next && strchr(first, *next))
                next++;
            label = *next ? *next++ : 0;   /* past the characters: none */
        }
        p->blocks[p->nblocks++] = (sb_block){ i / cols, i % cols, 1, 1, .label = label };
    }
}

static void test_spelling_an_option(void)
{
    char chars[128];
    int nchars = piece_chars(chars);
    sb_puzzle p, q;

    /* Room to spare: the ':' piece takes an unused character. */
    unit_pieces(&p, 2, 6, 5, "same:", chars);
    char *text = round_trip(&p, "", &q, "same: with room");
    if (CHECK(text != NULL)) {
        CHECK_MSG(strncmp(text, "same", 4) == 0 && text[4] != ':', "%s", text);
        CHECK(at_anchor(&q, &p.blocks[4])->label != ':');
        sb_puzzle_free(&q);
    }
    free(text);
    sb_puzzle_free(&p);

    /* All 91 characters taken, the first row starting "vertical:": ':'
     * trades with another piece. */
    unit_pieces(&p, 10, 10, nchars, "vertical:", chars);
    text = round_trip(&p, "  ", &q, "vertical: with every character");
    if (CHECK(text != NULL)) {
        CHECK_MSG(strncmp(text, "  vertical:", 11) != 0, "%s", text);
        sb_puzzle_free(&q);
    }
    free(text);
    sb_puzzle_free(&p);
}

static void test_star_alone(void)
{
    char chars[128];
    piece_chars(chars);
    sb_puzzle p, q;
    unit_pieces(&p, 2, 2, 3, "A*B", chars);
    p.blocks[1].group = 1;   /* '*' marked, A and B interchangeable */
    char *text = round_trip(&p, "", &q, "a '*' marked alone");
    if (CHECK(text != NULL)) {
        CHECK_MSG(strstr(text, "same: *\n") && !strstr(text, "distinct"), "%s", text);
        CHECK(sb_block_same_class(&q, &q.blocks[0], &q.blocks[2]) &&
              !sb_block_same_class(&q, &q.blocks[0], &q.blocks[1]));
        sb_puzzle_free(&q);
    }
    free(text);
    /* Every piece marked: each is a class of its own, read back alike. */
    for (size_t i = 0; i < p.nblocks; i++)
        p.blocks[i].group = (int)i + 1;
    text = round_trip(&p, "", &q, "every piece marked");
    if (CHECK(text != NULL))
        sb_puzzle_free(&q);
    free(text);
    sb_puzzle_free(&p);
}

static void test_too_many(void)
{
    char chars[128];
    int nchars = piece_chars(chars);
    sb_puzzle p;
    unit_pieces(&p, 10, 10, nchars + 1, "", chars);
    char *text = NULL;
    size_t len = 0;
    sb_error err;
    CHECK(write_text(&p, "", &text, &len, &err) == SB_EINPUT && len == 0 &&
          strcmp(err.msg, "sb_fmt_picture_write: 92 pieces are too many to draw as a "
                          "picture: each needs a character of its own, and 91 characters "
                          "draw pieces") == 0);
    free(text);
    sb_puzzle_free(&p);
}

int main(void)
{
    test_spelling_an_option();
    test_star_alone();
    test_too_many();
    test_random();
    return unit_finish("test_picture_write");
}
