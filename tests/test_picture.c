/*
 * test_picture.c - unit tests of the picture format (formats/picture*.c)
 * through the public reader, sb_fmt_parse.
 *
 * What a picture means: the Klotski picture is the same puzzle as
 * puzzles/klotski.init/.goal; pieces get the right boxes, anchors, shapes,
 * walls, groups and axes; goals name classes.  What it refuses: a table
 * of every error class with the "FILE:LINE:" it must blame and a fragment
 * of its wording, as test_formats.c does for the CS61B formats.  And the
 * large inputs: a 10 MB row is measured and refused in linear time.  Runs
 * from tests/ (ctest sets the working directory) to read ../puzzles.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sb_format.h"
#include "slide_formats.h"

#include "unit.h"

static sb_status parse(const char *init, const char *goal, sb_format fmt, sb_puzzle *p,
                       sb_error *err)
{
    sb_format used = SB_FORMAT_AUTO;
    sb_status st = sb_fmt_parse(init, strlen(init), "init.txt", goal, goal ? strlen(goal) : 0,
                                "goal.txt", fmt, &used, p, err);
    if (st == SB_OK && used != SB_FORMAT_PICTURE && fmt != SB_FORMAT_CORNERS)
        fprintf(stderr, "    read as %s, not as a picture\n", sb_fmt_name(used));
    if (st != SB_OK)
        fprintf(stderr, "    (message: %s)\n", err->msg);
    return st;
}

/* The block labelled ch, or NULL. */
static const sb_block *labelled(const sb_puzzle *p, char ch)
{
    for (size_t i = 0; i < p->nblocks; i++)
        if (p->blocks[i].label == ch)
            return &p->blocks[i];
    return NULL;
}

/* ---- what pictures mean ---------------------------------------------- */

static int compare_block(const void *x, const void *y)
{
    const sb_block *a = x, *b = y;
    int ka[7] = { a->row, a->col, a->height, a->width, a->shape, a->group, (int)a->axis };
    int kb[7] = { b->row, b->col, b->height, b->width, b->shape, b->group, (int)b->axis };
    for (int i = 0; i < 7; i++)
        if (ka[i] != kb[i])
            return ka[i] < kb[i] ? -1 : 1;
    return 0;
}

/* Whether two lists hold the same blocks as sets, labels aside. */
static int same_set(const sb_block *a, const sb_block *b, size_t n)
{
    sb_block *x = calloc(n + 1, sizeof *x), *y = calloc(n + 1, sizeof *y);
    int same = x && y;
    for (size_t i = 0; same && i < n; i++) {
        x[i] = a[i];
        y[i] = b[i];
        x[i].label = y[i].label = 0;
    }
    if (same) {
        qsort(x, n, sizeof *x, compare_block);
        qsort(y, n, sizeof *y, compare_block);
        same = memcmp(x, y, n * sizeof *x) == 0;
    }
    free(x);
    free(y);
    return same;
}

static void test_klotski(void)
{
    static const char pic[] = "; 横刀立马 (Klotski). Lines starting with ';' are comments.\n"
                              "ABBC\nABBC\nDEEF\nDGHF\nI..J\n";
    static const char goal[] = "....\n....\n....\n.BB.\n.BB.\n";
    sb_puzzle p, q;
    sb_error err;

    if (!CHECK(parse(pic, goal, SB_FORMAT_AUTO, &p, &err) == SB_OK))
        return;
    CHECK(sb_fmt_read("../puzzles/klotski.init", "../puzzles/klotski.goal", SB_FORMAT_AUTO,
                      NULL, &q, &err) == SB_OK);
    CHECK(p.rows == q.rows && p.cols == q.cols && p.nblocks == q.nblocks &&
          p.ngoals == q.ngoals && p.nshapes == 0 && p.walls == NULL);
    CHECK(p.nblocks == q.nblocks && same_set(p.blocks, q.blocks, p.nblocks));
    CHECK(p.ngoals == q.ngoals && same_set(p.goals, q.goals, p.ngoals));
    const sb_block *b = labelled(&p, 'B');
    CHECK(b && b->row == 0 && b->col == 1 && b->height == 2 && b->width == 2);
    CHECK(labelled(&p, 'E') && labelled(&p, 'E')->width == 2);
    CHECK(p.blocks[0].label == 'A' && p.blocks[9].label == 'J');   /* reading order */
    sb_puzzle_free(&p);
    sb_puzzle_free(&q);
    /* --format picture reads it too; so does a picture with CRLF line
     * ends, indentation and blanks at line ends, comments in the grid. */
    CHECK(parse(pic, goal, SB_FORMAT_PICTURE, &p, &err) == SB_OK && p.nblocks == 10);
    sb_puzzle_free(&p);
    CHECK(parse("\r\n  ABBC \r\n\tABBC\r\n; a comment in the grid\r\nDEEF\r\nDGHF\t\r\n"
                "I..J", NULL, SB_FORMAT_AUTO, &p, &err) == SB_OK);
    CHECK(p.rows == 5 && p.cols == 4 && p.nblocks == 10 && p.ngoals == 0);
    sb_puzzle_free(&p);
}

static void test_shapes(void)
{
    sb_puzzle p;
    sb_error err;

    /* An L whose anchor is its box's corner ... */
    if (CHECK(parse("A.\nAA\n", NULL, SB_FORMAT_AUTO, &p, &err) == SB_OK)) {
        const sb_block *b = &p.blocks[0];
        CHECK(p.nblocks == 1 && b->row == 0 && b->col == 0 && b->height == 2 && b->width == 2);
        CHECK(b->shape == 1 && p.nshapes == 1 && p.shapes[0].height == 2);
        CHECK(p.shapes[0].cells && memcmp(p.shapes[0].cells, "\1\0\1\1", 4) == 0);
        CHECK(sb_block_anchor_offset(&p, b) == 0);
        CHECK(sb_block_covers(&p, b, 1, 1) && !sb_block_covers(&p, b, 0, 1));
        sb_puzzle_free(&p);
    }
    /* ... and one whose anchor is not: the leftmost cell of its top row. */
    if (CHECK(parse(".A\nAA\n", NULL, SB_FORMAT_AUTO, &p, &err) == SB_OK)) {
        const sb_block *b = &p.blocks[0];
        CHECK(b->row == 0 && b->col == 1 && b->height == 2 && b->width == 2 && b->shape == 1);
        CHECK(memcmp(p.shapes[0].cells, "\0\1\1\1", 4) == 0);
        CHECK(sb_block_anchor_offset(&p, b) == 1);
        CHECK(sb_block_covers(&p, b, 1, 0) && !sb_block_covers(&p, b, 0, 0));
        sb_puzzle_free(&p);
    }
    /* A T, a U and a rectangle; two L's of one shape are one class. */
    if (CHECK(parse("TTT.UU.U\n.T..UUUU\n..A..B..\n..AA.BB.\nRR......\nRR......\n", NULL,
                    SB_FORMAT_AUTO, &p, &err) == SB_OK)) {
        const sb_block *t = labelled(&p, 'T'), *u = labelled(&p, 'U');
        const sb_block *a = labelled(&p, 'A'), *b = labelled(&p, 'B'), *r = labelled(&p, 'R');
        CHECK(t && t->row == 0 && t->col == 0 && t->width == 3 && t->shape > 0);
        CHECK(u && u->row == 0 && u->col == 4 && u->width == 4 && u->shape > 0);
        CHECK(u && sb_block_covers(&p, u, 0, 7) && !sb_block_covers(&p, u, 0, 6));
        CHECK(r && r->shape == 0 && r->height == 2 && r->width == 2);
        CHECK(a && b && sb_block_same_class(&p, a, b) && !sb_block_same_class(&p, a, t));
        CHECK(p.nshapes == 4);
        sb_puzzle_free(&p);
    }
    /* Every piece character, one cell each: all printable ASCII but '.',
     * '#' and ';' (SPEC), so ':' and '*' are among them. */
    char all[128], *w = all;
    for (int ch = '!'; ch <= '~'; ch++)
        if (ch != '.' && ch != '#' && ch != ';')
            *w++ = (char)ch;
    *w = '\0';
    if (CHECK(parse(all, NULL, SB_FORMAT_PICTURE, &p, &err) == SB_OK)) {
        CHECK(p.rows == 1 && p.cols == 91 && p.nblocks == 91 && labelled(&p, ':') &&
              labelled(&p, '*'));
        sb_puzzle_free(&p);
    }
    /* ':' draws a piece, in INIT and GOAL, and option lines name it. */
    if (CHECK(parse("A:\nA:\nvertical: :\ndistinct: :A\n", ".:\n.:\n", SB_FORMAT_AUTO, &p,
                    &err) == SB_OK)) {
        const sb_block *colon = labelled(&p, ':');
        CHECK(colon && colon->height == 2 && colon->axis == SB_AXIS_COL && colon->group > 0);
        CHECK(p.ngoals == 1 && p.goals[0].row == 0 && p.goals[0].col == 1 &&
              sb_puzzle_solved(&p));
        sb_puzzle_free(&p);
    }
    /* A line that starts with an option word and ':' is an option line,
     * even with no blank: "same:AB" groups A and B. */
    if (CHECK(parse("AB\nsame:AB\n", NULL, SB_FORMAT_AUTO, &p, &err) == SB_OK)) {
        CHECK(p.blocks[0].group > 0 && p.blocks[0].group == p.blocks[1].group);
        sb_puzzle_free(&p);
    }
}

static void test_walls_and_options(void)
{
    sb_puzzle p;
    sb_error err;

    if (CHECK(parse("#A.#\n....\n####\n", NULL, SB_FORMAT_AUTO, &p, &err) == SB_OK)) {
        CHECK(p.walls && p.walls[0] && !p.walls[1] && p.walls[3] && !p.walls[4] &&
              p.walls[8] && p.walls[11]);
        CHECK(p.nblocks == 1 && p.blocks[0].col == 1);
        sb_puzzle_free(&p);
    }
    /* Rush Hour: a marked red car, trucks and cars on their axes. */
    static const char rush[] = "AA...B\n"
                               "C..D.B\n"
                               "CXXD.B\n"
                               "C..D..\n"
                               "E...FF\n"
                               "E.GGG.\n"
                               "; the red car is X\n"
                               "distinct: X\n\n"
                               "horizontal: AXFG\n"
                               "vertical: BCDE\n";
    if (CHECK(parse(rush, "......\n......\n....XX\n......\n......\n......\n", SB_FORMAT_AUTO,
                    &p, &err) == SB_OK)) {
        const sb_block *x = labelled(&p, 'X'), *a = labelled(&p, 'A'), *b = labelled(&p, 'B');
        CHECK(x && x->group > 0 && x->axis == SB_AXIS_ROW);
        CHECK(a && a->group == 0 && a->axis == SB_AXIS_ROW);
        CHECK(b && b->group == 0 && b->axis == SB_AXIS_COL);
        CHECK(p.ngoals == 1 && p.goals[0].row == 2 && p.goals[0].col == 4 &&
              p.goals[0].group == x->group && p.goals[0].axis == SB_AXIS_ROW &&
              p.goals[0].width == 2);
        CHECK(!sb_block_same_class(&p, x, a));
        sb_puzzle_free(&p);
    }
    /* distinct: * gives every piece a group of its own; same: groups. */
    if (CHECK(parse("123\n45.\ndistinct: *\n", ".1.\n...\n", SB_FORMAT_AUTO, &p, &err) ==
              SB_OK)) {
        int ok = 1;
        for (size_t i = 0; i < p.nblocks; i++)
            for (size_t j = 0; j < i; j++)
                ok &= p.blocks[i].group > 0 && p.blocks[i].group != p.blocks[j].group;
        CHECK(ok && p.nblocks == 5);
        CHECK(p.goals[0].group == labelled(&p, '1')->group && !sb_puzzle_solved(&p));
        sb_puzzle_free(&p);
    }
    if (CHECK(parse("ABCDE\nsame: AB CD\n", NULL, SB_FORMAT_AUTO, &p, &err) == SB_OK)) {
        const sb_block *a = labelled(&p, 'A'), *b = labelled(&p, 'B'),
                       *c = labelled(&p, 'C'), *d = labelled(&p, 'D'), *e = labelled(&p, 'E');
        CHECK(a->group > 0 && a->group == b->group && c->group > 0 && c->group == d->group);
        CHECK(a->group != c->group && e->group == 0);
        CHECK(sb_block_same_class(&p, a, b) && !sb_block_same_class(&p, a, c) &&
              !sb_block_same_class(&p, a, e));
        sb_puzzle_free(&p);
    }
    /* Repeats are harmless; same groups of one piece are allowed. */
    CHECK(parse("AB\nhorizontal: A\nhorizontal: AA\ndistinct: B\ndistinct: B\nsame: A\n",
                NULL, SB_FORMAT_AUTO, &p, &err) == SB_OK);
    sb_puzzle_free(&p);
}

static void test_goals(void)
{
    sb_puzzle p;
    sb_error err;

    /* Interchangeable pieces: a goal drawn with A is met by B. */
    if (CHECK(parse("AB\n..\n", ".A\n#.\n", SB_FORMAT_AUTO, &p, &err) == SB_OK)) {
        CHECK(p.ngoals == 1 && p.goals[0].row == 0 && p.goals[0].col == 1 &&
              p.goals[0].group == 0 && p.goals[0].label == 'A');
        CHECK(sb_puzzle_solved(&p));
        sb_puzzle_free(&p);
    }
    if (CHECK(parse("AB\n..\ndistinct: A\n", ".A\n..\n", SB_FORMAT_AUTO, &p, &err) == SB_OK)) {
        CHECK(!sb_puzzle_solved(&p));
        sb_puzzle_free(&p);
    }
    /* A shaped goal at its anchor; a goal of only don't-cares is no goal. */
    if (CHECK(parse(".A.\nAA.\n...\n", "...\n..A\n.AA\n", SB_FORMAT_AUTO, &p, &err) ==
              SB_OK)) {
        CHECK(p.ngoals == 1 && p.goals[0].row == 1 && p.goals[0].col == 2 &&
              p.goals[0].shape == p.blocks[0].shape);
        sb_puzzle_free(&p);
    }
    if (CHECK(parse("A.\n..\n", "##\n..\n", SB_FORMAT_AUTO, &p, &err) == SB_OK)) {
        CHECK(p.ngoals == 0 && sb_puzzle_solved(&p));
        sb_puzzle_free(&p);
    }
}

static void test_detection(void)
{
    sb_puzzle p;
    sb_error err;
    sb_format used = SB_FORMAT_AUTO;

    /* A single word, even of digits, is a picture (numbered tiles). */
    CHECK(sb_fmt_parse("1234\n5678\n9ABC\nDEF.\n", 20, "t", NULL, 0, NULL, SB_FORMAT_AUTO,
                       &used, &p, &err) == SB_OK);
    CHECK(used == SB_FORMAT_PICTURE && p.nblocks == 15 && p.rows == 4);
    sb_puzzle_free(&p);
    CHECK(sb_fmt_parse("5\n", 2, "t", NULL, 0, NULL, SB_FORMAT_AUTO, &used, &p, &err) ==
          SB_OK);
    CHECK(used == SB_FORMAT_PICTURE && p.nblocks == 1 && p.blocks[0].label == '5');
    sb_puzzle_free(&p);
    /* Comments and blank lines first, then "H W": CS61B, whose reader
     * does not take comments. */
    CHECK(sb_fmt_parse("\n5 4\n0 0 0 0\n", 12, "t", NULL, 0, NULL, SB_FORMAT_AUTO, &used, &p,
                       &err) == SB_OK && used == SB_FORMAT_CORNERS);
    sb_puzzle_free(&p);
    CHECK(sb_fmt_parse("; x\n5 4\n", 8, "t", NULL, 0, NULL, SB_FORMAT_AUTO, &used, &p, &err) ==
          SB_EINPUT && strncmp(err.msg, "t:1: ", 5) == 0);
    /* SPEC: a picture whenever the first line is not two integers, so a
     * broken tray line is a picture's row, refused for its blank. */
    CHECK(sb_fmt_parse("5 4 3\n0 0 1 1\n", 14, "t", NULL, 0, NULL, SB_FORMAT_AUTO, &used, &p,
                       &err) == SB_EINPUT &&
          strstr(err.msg, "t:1: a space at column 2: grid rows hold no blanks") &&
          strstr(err.msg, "two integers 'H W'"));
    CHECK(sb_fmt_parse("5 x\n", 4, "t", NULL, 0, NULL, SB_FORMAT_AUTO, &used, &p, &err) ==
          SB_EINPUT && strstr(err.msg, "t:1: a space at column 2"));
    /* The name parses and prints. */
    sb_format f = SB_FORMAT_AUTO;
    CHECK(sb_fmt_parse_name("picture", &f, NULL) == SB_OK && f == SB_FORMAT_PICTURE);
    CHECK(strcmp(sb_fmt_name(SB_FORMAT_PICTURE), "picture") == 0);
}

/* ---- what pictures refuse -------------------------------------------- */

static const struct bad_case {
    const char *init, *goal;
    sb_format fmt;
    const char *where, *what;
} bad_cases[] = {
    /* rows and cells */
    { "AB\nABC\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ",
      "rows of different lengths: this row has 3 cells, the first (line 1) has 2" },
    { "; c\n\nAB\n  AB\n\tA\n", NULL, SB_FORMAT_AUTO, "init.txt:5: ", "this row has 1 cells" },
    { "A B\n", NULL, SB_FORMAT_AUTO, "init.txt:1: ",
      "a space at column 2: grid rows hold no blanks ('.' is an empty cell)" },
    { "  A\tB\n", NULL, SB_FORMAT_AUTO, "init.txt:1: ", "a tab at column 4" },
    { "# tray\n", NULL, SB_FORMAT_AUTO, "init.txt:1: ", "; comments start with ';'" },
    { "5 4\n", NULL, SB_FORMAT_PICTURE, "init.txt:1: ",
      "a space at column 2: grid rows hold no blanks ('.' is an empty cell); a file in the "
      "line formats starts with its tray line" },
    { "AB\nvertical A\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ",
      "a space at column 9: grid rows hold no blanks ('.' is an empty cell); an option line "
      "has a ':' after its word (vertical: ...)" },
    { "AB\n", "0 0 0 0\n", SB_FORMAT_AUTO, "goal.txt:1: ",
      "a space at column 2: grid rows hold no blanks ('.' is an empty cell); INIT is a "
      "picture, so GOAL is read as one: draw the goal" },
    { "AB\nA;\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ",
      "';' at column 2 cannot be a piece: it starts a comment" },
    { "A\x01" "B\n", NULL, SB_FORMAT_AUTO, "init.txt:1: ",
      "binary data: byte 0x01 at column 2 is not text" },
    { "AB\n\x7f.\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ", "binary data: byte 0x7f at column 1" },
    { "AB\nA\xc3\xa9\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ",
      "byte 0xc3 at column 2 is not ASCII: pieces are drawn with printable ASCII" },
    { "AB\rCD\n", NULL, SB_FORMAT_AUTO, "init.txt:1: ", "at column 3" },
    /* pieces */
    { "A.A\n", NULL, SB_FORMAT_AUTO, "init.txt:1: ",
      "piece 'A' is not connected: its cell at column 3 does not touch the rest of it" },
    { "AB\n\n;x\n", NULL, SB_FORMAT_AUTO, NULL, NULL },   /* fine: separates the cases */
    { "AB.\n.BA\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ", "piece 'A' is not connected: its cell at column 3" },
    { "A.\n.A\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ", "piece 'A' is not connected" },
    /* the grid's place */
    { "AB\n\nCD\n", NULL, SB_FORMAT_AUTO, "init.txt:3: ",
      "grid rows must be contiguous: the blank line 2 ended the grid" },
    { "AB\ndistinct: A\nCD\n", NULL, SB_FORMAT_AUTO, "init.txt:3: ",
      "a grid row after the option lines (line 2): the grid comes first" },
    { "distinct: A\nAB\n", NULL, SB_FORMAT_AUTO, "init.txt:1: ",
      "option line before the grid: options come after it" },
    { "; nothing\n\n", NULL, SB_FORMAT_AUTO, "init.txt: ", "empty picture: no grid rows" },
    { "", NULL, SB_FORMAT_PICTURE, "init.txt: ", "empty picture" },
    { "A.\n", "", SB_FORMAT_AUTO, "goal.txt: ", "empty picture" },
    /* option lines */
    { "AB\ncolour: red\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ",
      "unknown option 'colour:' (the options are distinct:, same:, horizontal: and vertical:" },
    { "AB\nA: B\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ", "unknown option 'A:'" },
    { "AB\nA:B\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ",
      "rows of different lengths: this row has 3 cells, the first (line 1) has 2 (a line "
      "holding ':' is an option line only when it starts with distinct, same, horizontal or "
      "vertical, or holds a blank)" },
    { "AB\ndistinct: A\ncolour:red\n", NULL, SB_FORMAT_AUTO, "init.txt:3: ",
      "a grid row after the option lines (line 2): the grid comes first (a line holding ':'" },
    { "AB\nDistinct: A\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ", "unknown option 'Distinct:'" },
    { "AB\ndistinct:\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ", "distinct: names no piece" },
    { "AB\nsame:  \t\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ", "same: names no piece" },
    { "AB\nvertical:\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ", "vertical: names no piece" },
    { "..\ndistinct: *\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ",
      "distinct: * names no piece: the picture has none" },
    { "AB\n\ndistinct: AZ\n", NULL, SB_FORMAT_AUTO, "init.txt:3: ",
      "distinct: 'Z' is no piece of the picture" },
    { "AB\nhorizontal: *\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ",
      "'*' alone means every piece, in distinct: only" },
    { "AB\nsame: A.\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ",
      "same: '.' is no piece of the picture (it draws empty cells and walls)" },
    { "AB\ndistinct: A\xc3\xa9\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ", "byte 0xc3 at column 12" },
    /* contradictions */
    { "AB\nhorizontal: A\nvertical: BA\n", NULL, SB_FORMAT_AUTO, "init.txt:3: ",
      "vertical: piece 'A' is horizontal (line 2): it cannot be both" },
    { "AB\nsame: A\nsame: AB\n", NULL, SB_FORMAT_AUTO, "init.txt:3: ",
      "same: piece 'A' is already in a group (line 2)" },
    { "ABC\nsame: AB CA\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ", "same: piece 'A' is in two groups" },
    { "AB\ndistinct: A\nsame: AB\n", NULL, SB_FORMAT_AUTO, "init.txt:3: ",
      "same: piece 'A' is marked distinct (line 2)" },
    { "AB\nsame: AB\ndistinct: B\n", NULL, SB_FORMAT_AUTO, "init.txt:3: ",
      "distinct: piece 'B' is in a same group (line 2)" },
    { "AB\nsame: AB\ndistinct: *\n", NULL, SB_FORMAT_AUTO, "init.txt:3: ",
      "distinct: * marks piece 'A', which line 2 put in a same group" },
    { "AAB\nsame: AB\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ",
      "same: pieces 'A' and 'B' have different shapes" },
    { "A.BB\nAA.B\nsame: BA\n", NULL, SB_FORMAT_AUTO, "init.txt:3: ",
      "same: pieces 'A' and 'B' have different shapes" },
    { "AB\nsame: AB\nhorizontal: B\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ",
      "same: pieces 'A' and 'B' slide along different axes (line 3)" },
    /* goals */
    { "AB\n..\n", "..\nC.\n", SB_FORMAT_AUTO, "goal.txt:2: ",
      "'C' (column 1) is no piece of INIT (init.txt)" },
    { "AA\n..\n", "A.\nA.\n", SB_FORMAT_AUTO, "goal.txt:1: ",
      "piece 'A' is drawn here as 2 cells in a 2x1 box, but in INIT it is 2 cells in a 1x2 box" },
    { "A.\nAA\n", ".A\nAA\n", SB_FORMAT_AUTO, "goal.txt:1: ",
      "piece 'A' is drawn here with another shape than in INIT (the same 2x2 box" },
    { "AA.\n...\n", "A.A\n...\n", SB_FORMAT_AUTO, "goal.txt:1: ", "in a 1x3 box" },
    { "AB\n..\n", "AB.\n...\n", SB_FORMAT_AUTO, "goal.txt:1: ",
      "the goal picture is 2x3 but INIT (init.txt) is 2x2" },
    { "AB\n..\n", ";\n\nAB\n..\n..\n", SB_FORMAT_AUTO, "goal.txt:3: ",
      "the goal picture is 3x2 but INIT (init.txt) is 2x2" },
    { "AB\n..\n", "A.\n..\ndistinct: A\n", SB_FORMAT_AUTO, "goal.txt:3: ",
      "option lines are not allowed in a GOAL picture" },
    { "AB\n..\n", "A B\n..\n", SB_FORMAT_AUTO, "goal.txt:1: ", "a space at column 2" },
    { "AB\n..\n", "A.\n.A\n", SB_FORMAT_AUTO, "goal.txt:1: ", "in a 2x2 box" },
    /* only the engine's check sees a GOAL piece over one of INIT's walls */
    { "A#\n..\n", "..\n.A\n", SB_FORMAT_AUTO, NULL, NULL },
    { "A#\n..\n", ".A\n..\n", SB_FORMAT_AUTO, "goal.txt:1: ",
      "goal block covers a wall (cell 0 1)" },
    /* the tray's size */
    { "A\n", NULL, SB_FORMAT_AUTO, NULL, NULL },
};

static void test_errors(void)
{
    for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
        const struct bad_case *c = &bad_cases[i];
        sb_puzzle p;
        sb_error err;
        memset(&err, 0, sizeof err);
        sb_status st = sb_fmt_parse(c->init, strlen(c->init), "init.txt", c->goal,
                                    c->goal ? strlen(c->goal) : 0, "goal.txt", c->fmt, NULL,
                                    &p, &err);
        int ok = c->where ? st == SB_EINPUT && strncmp(err.msg, c->where, strlen(c->where)) == 0 &&
                                strstr(err.msg, c->what) && p.blocks == NULL && p.nblocks == 0
                          : st == SB_OK;
        if (!unit_check(ok, __FILE__, __LINE__, c->what ? c->what : "accepted"))
            fprintf(stderr, "    bad_cases[%zu]: status %d, message: %s\n", i, (int)st, err.msg);
        sb_puzzle_free(&p);
    }
}

/* Trays past SB_MAX_CELLS get the engine's message, read in linear time:
 * a 10 MB row, and a picture of many rows.  The largest trays fit. */
static void test_large(void)
{
    size_t big = 10u << 20;
    char *text = malloc(big + 64);
    sb_puzzle p;
    sb_error err;

    if (!CHECK(text != NULL))
        return;
    memset(text, '.', big);
    text[0] = 'A';
    clock_t t0 = clock();
    CHECK(sb_fmt_parse(text, big, "wide", NULL, 0, NULL, SB_FORMAT_AUTO, NULL, &p, &err) ==
          SB_EINPUT);
    CHECK(strcmp(err.msg, "wide:1: tray of 1x10485760 has 10485760 cells; slide handles at "
                          "most 65536 (e.g. 256x256)") == 0);
    /* Its GOAL: a 10 MB row against a small INIT. */
    CHECK(sb_fmt_parse("A.\n", 3, "small", text, big, "wide", SB_FORMAT_AUTO, NULL, &p, &err) ==
          SB_EINPUT && strstr(err.msg, "wide:1: the goal picture is 1x10485760 but INIT (small)"));
    /* The same bytes as a million rows of ten cells. */
    for (size_t i = 10; i < big; i += 11)
        text[i] = '\n';
    CHECK(sb_fmt_parse(text, big, "tall", NULL, 0, NULL, SB_FORMAT_AUTO, NULL, &p, &err) ==
          SB_EINPUT && strstr(err.msg, "tall:1: tray of 953251x10 has 9532510 cells"));
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    printf("test_picture: 30 MB of pictures refused in %.2f s\n", secs);
    CHECK(secs < 10);

    /* 1 x 65536 and 256 x 256 fit; one cell more does not. */
    memset(text, '.', 65537);
    text[0] = 'A';
    CHECK(sb_fmt_parse(text, 65536, "line", NULL, 0, NULL, SB_FORMAT_AUTO, NULL, &p, &err) ==
          SB_OK && p.cols == 65536 && p.nblocks == 1);
    sb_puzzle_free(&p);
    CHECK(sb_fmt_parse(text, 65537, "line", NULL, 0, NULL, SB_FORMAT_AUTO, NULL, &p, &err) ==
          SB_EINPUT && strstr(err.msg, "line:1: tray of 1x65537 has 65537 cells"));
    size_t n = 0;
    /* A comb: B's odd rows joined by its last column, walls between. */
    for (int r = 0; r < 257; r++) {
        memset(text + n, r % 2 ? 'B' : '#', 256);
        text[n] = r ? 'A' : '.';
        text[n + 255] = 'B';
        text[n + 256] = '\n';
        n += 257;
    }
    CHECK(sb_fmt_parse(text, n - 257, "square", NULL, 0, NULL, SB_FORMAT_AUTO, NULL, &p,
                       &err) == SB_OK);
    CHECK(p.rows == 256 && p.cols == 256 && p.nblocks == 2 && p.walls && p.nshapes == 1 &&
          labelled(&p, 'A')->shape == 0 && labelled(&p, 'B')->row == 0);
    sb_puzzle_free(&p);
    CHECK(sb_fmt_parse(text, n, "square", NULL, 0, NULL, SB_FORMAT_AUTO, NULL, &p, &err) ==
          SB_EINPUT && strstr(err.msg, "square:1: tray of 257x256 has 65792 cells"));
    free(text);
}

int main(void)
{
    test_klotski();
    test_shapes();
    test_walls_and_options();
    test_goals();
    test_detection();
    test_errors();
    test_large();
    return unit_finish("test_picture");
}
