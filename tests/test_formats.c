/*
 * test_formats.c - unit tests of formats/ (puzzle reader, move reader and
 * writer, the views' helpers of view.h) and of the messages of
 * sb_puzzle_check() as the reader maps them.
 *
 * Error cases are a table: input text, format, the "FILE:LINE:" the message
 * must start with and a fragment it must contain, so every error class pins
 * both its wording and the line it blames.  Runs from tests/ (ctest sets
 * the working directory) to read the small files in tests/check/.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "parse.h"
#include "sb_format.h"
#include "slide_formats.h"
#include "view.h"

#include "unit.h"

static sb_status parse(const char *init, const char *goal, sb_format fmt,
                       sb_format *used, sb_puzzle *p, sb_error *err)
{
    return sb_fmt_parse(init, strlen(init), "init.txt", goal,
                        goal ? strlen(goal) : 0, "goal.txt", fmt, used, p, err);
}

static int starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Expects a failure whose message starts with where and contains what.
 * The one error a caller's choice mends, a text that reads both ways,
 * carries the hint to name a line format; every other carries none. */
static void expect_error(const char *init, size_t init_len, const char *goal,
                         sb_format fmt, const char *where, const char *what, int line,
                         const char *label)
{
    sb_puzzle p;
    sb_error err;
    memset(&err, 0, sizeof err);
    sb_status st = sb_fmt_parse(init, init_len, "init.txt", goal, goal ? strlen(goal) : 0,
                                "goal.txt", fmt, NULL, &p, &err);
    sb_hint hint = strstr(err.msg, "cannot tell the format") ? SB_HINT_FORMAT_LINE : SB_HINT_NONE;
    int ok = st == SB_EINPUT && starts_with(err.msg, where) && strstr(err.msg, what) &&
             err.hint == hint && !strstr(err.msg, "--") &&
             p.blocks == NULL && p.goals == NULL && p.nblocks == 0;
    if (!unit_check(ok, __FILE__, line, what))
        fprintf(stderr, "    %s: status %d, message: %s\n", label, (int)st, err.msg);
    sb_puzzle_free(&p);
}

static const struct bad_case {
    const char *init, *goal;
    sb_format fmt;
    const char *where, *what;
} bad_cases[] = {
    /* layout, mapped from sb_puzzle_check() items to lines */
    { "5 4\n0 0 1 1\n\n1 1 2 2\n", NULL, SB_FORMAT_CORNERS,
      "init.txt:4: ", "block overlaps the block of line 2 (both cover cell 1 1)" },
    { "5 4\n0 0 1 1\n4 0 5 0\n", NULL, SB_FORMAT_CORNERS,
      "init.txt:3: ", "runs off the 5x4 tray (rows 4..5)" },
    { "5 4\n0 3 0 4\n", NULL, SB_FORMAT_CORNERS, "init.txt:2: ", "(columns 3..4)" },
    { "5 4\n0 2 1 1\n", NULL, SB_FORMAT_SIZES, "init.txt:2: ", "size 0x2" },
    { "5 4\n1 0 0 0\n", NULL, SB_FORMAT_CORNERS, "init.txt:2: ",
      "bottom row 0 is above top row 1" },
    { "5 4\n0 1 0 0\n", NULL, SB_FORMAT_CORNERS, "init.txt:2: ",
      "right column 0 is left of left column 1" },
    /* the tray */
    { "0 4\n", NULL, SB_FORMAT_AUTO, "init.txt:1: ", "tray of 0x4 has no cells" },
    { "\n5 0\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ", "tray of 5x0 has no cells" },
    { "100000 100000\n", NULL, SB_FORMAT_AUTO, "init.txt:1: ",
      "tray of 100000x100000 has 10000000000 cells; slide handles at most 65536 (e.g. 256x256)" },
    { "1000000000 1000000000\n", NULL, SB_FORMAT_AUTO, "init.txt:1: ", "slide handles at most" },
    /* (under auto, "5" alone is a picture: a 1x1 tray; see test_picture.c) */
    { "5\n", NULL, SB_FORMAT_CORNERS, "init.txt:1: ",
      "the tray line should be 2 numbers (rows columns), found 1" },
    { "0 0 1 1\n", NULL, SB_FORMAT_CORNERS, "init.txt:1: ", "tray line should be 2 numbers" },
    { "5 4 x\n", NULL, SB_FORMAT_SIZES, "init.txt:1: ", "trailing text 'x' after the 2 numbers" },
    /* Under auto a first line that is not two integers is a picture (SPEC
     * "Detection"), and a row of numbers gets a word about tray lines. */
    { "0 0 1 1\n", NULL, SB_FORMAT_AUTO, "init.txt:1: ",
      "a space at column 2: grid rows hold no blanks ('.' is an empty cell); a file in the "
      "line formats starts with its tray line, two integers 'H W'" },
    { "5 4 x\n", NULL, SB_FORMAT_AUTO, "init.txt:1: ",
      "a space at column 2: grid rows hold no blanks ('.' is an empty cell)" },
    { "-5 4\n", NULL, SB_FORMAT_AUTO, "init.txt:1: ", "negative number -5" },
    { "", NULL, SB_FORMAT_AUTO, "init.txt: ", "no tray line: the file is empty" },
    { "\n  \r\n\t\n", NULL, SB_FORMAT_AUTO, "init.txt: ", "no tray line: the file has only blank lines" },
    /* numbers */
    { "5 4\n0 0 99999999999 0\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ",
      "number 99999999999 is too large (at most 1000000000)" },
    { "5 4\n0 0 1000000001 0\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ", "is too large" },
    { "5 4\n0 0 1 0\n0 -1 1 1\n", NULL, SB_FORMAT_AUTO, "init.txt:3: ",
      "negative number -1: numbers must be non-negative" },
    { "5 4\n0 0 x 0\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ", "'x' is not a non-negative integer" },
    { "5 4\n0 0 1.5 0\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ", "'1.5' is not a non-negative integer" },
    { "5 4\n0 0 0x1 0\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ", "'0x1' is not" },
    { "5 4\n+1 0 1 0\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ", "'+1' is not" },
    { "5 4\n0 0 1 0 foo\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ",
      "trailing text 'foo' after the 4 numbers" },
    { "5 4\n0 0 1 0 # a comment\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ", "trailing text '# a comment'" },
    { "5 4\n0 0 1\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ", "a block line should be 4 numbers, found 3" },
    { "5 4\n0 0 1 0 5\n", NULL, SB_FORMAT_CORNERS, "init.txt:2: ",
      "a block line should be 4 numbers (r1 c1 r2 c2), found 5" },
    { "5 4\n0 0 1 0\x1b[0m\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ",
      "binary data: byte 0x1b at column 8 is not text" },
    /* auto-detection */
    { "5 4\n1 1 2 2\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ",
      "cannot tell the format: '1 1 2 2' reads as a 2x2 block at 1 1 (corners) or as a 1x1 "
      "block at 2 2 (sizes)" },
    { "5 5\n1 1 1 1\n2 2 3 3\n", NULL, SB_FORMAT_AUTO, "init.txt:3: ",
      "and the whole file is valid both ways; name the format" },
    { "5 4\n1 0 0 0\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ",
      "as corners: bottom row 0 is above top row 1" },
    { "5 4\n1 0 0 0\n", NULL, SB_FORMAT_AUTO, "init.txt:2: ", "; as sizes: block has size 1x0" },
    { "5 4\n1 1 1 1\n0 0 0 0\n1 1 1 1\n", NULL, SB_FORMAT_AUTO, "init.txt:4: ",
      "overlaps the block of line 2 (both cover cell 1 1) (auto format chose corners: "
      "read as sizes the file fails earlier, at line 3)" },
    /* goals, in the goal file's lines */
    { "5 4\n0 0 1 1\n", "\n0 0 2 2\n", SB_FORMAT_CORNERS, "goal.txt:2: ",
      "goal names a 3x3 block but the tray has no block of that size" },
    { "5 4\n0 0 0 0\n0 1 0 1\n", "0 0 0 0\n1 1 1 1\n2 2 2 2\n", SB_FORMAT_CORNERS,
      "goal.txt:", "goal names 3 blocks of size 1x1 but the tray has only 2" },
    { "5 4\n0 0 1 1\n", "4 0 5 1\n", SB_FORMAT_CORNERS, "goal.txt:1: ",
      "goal block runs off the 5x4 tray (rows 4..5)" },
    /* overlapping goal lines that are not one line repeated */
    { "5 4\n0 0 0 1\n1 0 1 1\n", "3 0 3 1\n\n3 1 3 2\n", SB_FORMAT_CORNERS, "goal.txt:3: ",
      "goal block overlaps the goal block of line 1 (both cover cell 3 1)" },
    { "5 4\n0 0 0 1\n1 0 1 1\n", "3 0 3 1\n3 0 3 1\n3 1 3 2\n", SB_FORMAT_CORNERS,
      "goal.txt:3: ", "goal block overlaps the goal block of line 1 (both cover cell 3 1)" },
    { "5 4\n0 0 0 0\n0 1 0 1\n", "3 3 3 3\n\n2 2 3 3\n", SB_FORMAT_CORNERS, "goal.txt:3: ",
      "goal block overlaps the goal block of line 1" },
    /* a repeat does not hide a count that is too high */
    { "5 4\n0 0 0 0\n0 1 0 1\n", "3 3 3 3\n3 3 3 3\n3 2 3 2\n3 1 3 1\n", SB_FORMAT_CORNERS,
      "goal.txt:1: ", "goal names 3 blocks of size 1x1 but the tray has only 2" },
    { "5 4\n0 0 0 0\n", "5 4\n", SB_FORMAT_AUTO, "goal.txt:1: ",
      "found 2 (a GOAL file has no tray line)" },
    { "5 4\n0 0 0 0\n", "1 0 0 0\n", SB_FORMAT_CORNERS, "goal.txt:1: ", "bottom row 0 is above" },
    { "5 4\n0 0 0 0\n", "0 0 x 0\n", SB_FORMAT_CORNERS, "goal.txt:1: ", "'x' is not" },
    { "5 4\n1 1 2 2\n", "0 1 3 3\n", SB_FORMAT_SIZES, "goal.txt:1: ", "size 0x1; sizes must be at least 1x1" },
};

static void test_error_table(void)
{
    for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
        const struct bad_case *c = &bad_cases[i];
        char label[32];
        snprintf(label, sizeof label, "bad_cases[%zu]", i);
        expect_error(c->init, strlen(c->init), c->goal, c->fmt, c->where, c->what,
                     __LINE__, label);
    }
    /* A NUL byte is binary junk, not the end of the text. */
    static const char nul[] = "5 4\n0 0\0 1 0\n";
    expect_error(nul, sizeof nul - 1, NULL, SB_FORMAT_AUTO, "init.txt:2: ",
                 "binary data: byte 0x00 at column 4", __LINE__, "NUL");
    /* A thousand-digit number is refused without overflow, and quoted short. */
    char huge[1200] = "5 4\n0 0 ";
    memset(huge + strlen(huge), '7', 1000);
    strcpy(huge + strlen(huge), " 0\n");
    expect_error(huge, strlen(huge), NULL, SB_FORMAT_AUTO, "init.txt:2: number 7777", "...",
                 __LINE__, "huge number");
}

static void test_good(void)
{
    static const char handout[] = "5 4\n0 0 1 0\n0 3 1 3\n2 0 3 0\n2 3 3 3\n1 1 2 2\n"
                                  "3 1 3 2\n4 0 4 0\n4 1 4 1\n4 2 4 2\n4 3 4 3\n";
    sb_puzzle p;
    sb_error err;
    sb_format used = SB_FORMAT_AUTO;

    CHECK(parse(handout, "3 1 3 1\n4 2 4 2\n", SB_FORMAT_AUTO, &used, &p, &err) == SB_OK);
    CHECK(used == SB_FORMAT_CORNERS);
    CHECK(p.rows == 5 && p.cols == 4 && p.nblocks == 10 && p.ngoals == 2);
    CHECK(p.blocks[4].row == 1 && p.blocks[4].col == 1 && p.blocks[4].height == 2 &&
          p.blocks[4].width == 2);
    CHECK(p.goals[1].row == 4 && p.goals[1].col == 2 && p.goals[1].height == 1);
    sb_puzzle_free(&p);
    CHECK(p.blocks == NULL && p.nblocks == 0);

    /* The same tray in sizes format: corners cannot read "2 1 0 0". */
    static const char sizes[] = "5 4\n2 1 0 0\n2 1 0 3\n2 2 1 1\n1 1 4 0\n";
    CHECK(parse(sizes, "2 2 3 1\n", SB_FORMAT_AUTO, &used, &p, &err) == SB_OK);
    CHECK(used == SB_FORMAT_SIZES);
    CHECK(p.nblocks == 4 && p.blocks[2].row == 1 && p.blocks[2].height == 2);
    CHECK(p.goals[0].row == 3 && p.goals[0].col == 1 && p.goals[0].width == 2);
    sb_puzzle_free(&p);
    CHECK(parse(sizes, NULL, SB_FORMAT_SIZES, &used, &p, &err) == SB_OK && p.ngoals == 0);
    sb_puzzle_free(&p);

    /* Both readings valid and equal ("1 1 1 1" is a 1x1 at 1 1 either way). */
    CHECK(parse("5 4\n1 1 1 1\n", "1 1 1 1\n", SB_FORMAT_AUTO, &used, &p, &err) == SB_OK);
    CHECK(used == SB_FORMAT_CORNERS && p.nblocks == 1);
    sb_puzzle_free(&p);
    /* Ambiguous under auto, but fine when the format is given. */
    CHECK(parse("5 4\n1 1 2 2\n", NULL, SB_FORMAT_SIZES, &used, &p, &err) == SB_OK);
    CHECK(p.blocks[0].row == 2 && p.blocks[0].height == 1);
    sb_puzzle_free(&p);
    /* No blocks at all, and an empty goal. */
    CHECK(parse("3 3\n", "", SB_FORMAT_AUTO, &used, &p, &err) == SB_OK && p.nblocks == 0);
    sb_puzzle_free(&p);

    /* A goal line repeated is one requirement: accepted, and kept as given
     * (the reader does not merge lines; the engine counts distinct ones). */
    CHECK(parse("5 4\n0 0 0 0\n0 1 0 1\n", "3 3 3 3\n\n3 3 3 3\n3 2 3 2\n3 3 3 3\n",
                SB_FORMAT_CORNERS, &used, &p, &err) == SB_OK);
    CHECK(p.ngoals == 4 && p.goals[3].row == 3 && p.goals[3].col == 3);
    sb_puzzle_free(&p);

    /* CRLF, tabs, blank lines, no newline at the end. */
    CHECK(parse("\r\n5\t4\r\n\r\n\t0 0\t1 0 \r\n  1 1 2 2", "\t1 1\t2 2\r\n",
                SB_FORMAT_AUTO, &used, &p, &err) == SB_OK);
    CHECK(p.nblocks == 2 && p.blocks[1].col == 1 && p.ngoals == 1);
    sb_puzzle_free(&p);
}

static void test_files(void)
{
    sb_puzzle p;
    sb_error err;

    CHECK(sb_fmt_read("check/square.init", "check/square.goal", SB_FORMAT_AUTO, NULL, &p,
                      &err) == SB_OK);
    CHECK(p.rows == 3 && p.nblocks == 2 && p.ngoals == 1);
    sb_puzzle_free(&p);
    CHECK(sb_fmt_read("check/square.init", NULL, SB_FORMAT_AUTO, NULL, &p, &err) == SB_OK);
    sb_puzzle_free(&p);
    CHECK(sb_fmt_read("check/no-such-file", NULL, SB_FORMAT_AUTO, NULL, &p, &err) == SB_EINPUT);
    CHECK(strcmp(err.msg, "check/no-such-file: No such file or directory") == 0);
    CHECK(sb_fmt_read("check/square.init", "check", SB_FORMAT_AUTO, NULL, &p, &err) == SB_EINPUT);
    CHECK(strcmp(err.msg, "check: is a directory, not a puzzle file") == 0);
    CHECK(p.blocks == NULL);
}

/* A million block lines read in linear time; the first overlap is found
 * after the 65,536 blocks that fill a 256x256 tray. */
static void test_million_lines(void)
{
    size_t cap = 16u << 20, n = 0;
    char *text = malloc(cap);
    sb_puzzle p;
    sb_error err;

    if (!CHECK(text != NULL))
        return;
    n += (size_t)sprintf(text + n, "256 256\n");
    for (int r = 0; r < 256; r++)
        for (int c = 0; c < 256; c++)
            n += (size_t)sprintf(text + n, "%d %d %d %d\n", r, c, r, c);
    size_t full = n;
    clock_t t0 = clock();
    CHECK(sb_fmt_parse(text, full, "full", NULL, 0, NULL, SB_FORMAT_CORNERS, NULL, &p,
                       &err) == SB_OK);
    CHECK(p.nblocks == 65536);
    sb_puzzle_free(&p);
    for (long i = 65536; i < 1000000; i++)
        n += (size_t)sprintf(text + n, "0 0 0 0\n");
    CHECK(sb_fmt_parse(text, n, "big", NULL, 0, NULL, SB_FORMAT_AUTO, NULL, &p, &err) ==
          SB_EINPUT);
    CHECK(strncmp(err.msg, "big:65538: block overlaps the block of line 2", 45) == 0);
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    printf("test_formats: a million lines read in %.2f s\n", secs);
    CHECK(secs < 10);
    free(text);
}

static FILE *file_with(const char *text, size_t len)
{
    FILE *f = tmpfile();
    if (f) {
        fwrite(text, 1, len, f);
        rewind(f);
    }
    return f;
}

/* One read: the status wanted, and r->end clear (a move or an error). */
static bool next_is(sb_move_reader *r, sb_move *m, sb_error *err, sb_status want)
{
    return sb_fmt_next_move(r, m, err) == want && !r->end;
}

static void test_moves(void)
{
    static const char text[] = "0 0 1 0\n\n  1 1\t1 2 \r\nx y\n5 4 3\n1 2 3 4 5\n"
                               "1 2 3 -4\n7\0 7 7 7\n9 9 9 9";
    FILE *f = file_with(text, sizeof text - 1);
    sb_move_reader r = { f, "moves" };
    sb_move m;
    sb_error err;

    if (!CHECK(f != NULL))
        return;
    CHECK(next_is(&r, &m, &err, SB_OK) && r.line == 1);
    CHECK(m.from_row == 0 && m.from_col == 0 && m.to_row == 1 && m.to_col == 0);
    CHECK(next_is(&r, &m, &err, SB_OK) && r.line == 3);
    CHECK(m.to_col == 2 && strcmp(r.text, "1 1\\x091 2") == 0);
    CHECK(next_is(&r, &m, &err, SB_EINPUT));
    CHECK(strcmp(err.msg, "line 4: x y: not four non-negative integers "
                          "('x' is not a non-negative integer)") == 0);
    CHECK(next_is(&r, &m, &err, SB_EINPUT) && strstr(err.msg, "line 5: 5 4 3: ") &&
          strstr(err.msg, "found 3 numbers"));
    CHECK(next_is(&r, &m, &err, SB_EINPUT) && strstr(err.msg, "found 5 numbers"));
    CHECK(next_is(&r, &m, &err, SB_EINPUT) && strstr(err.msg, "negative number -4"));
    CHECK(next_is(&r, &m, &err, SB_EINPUT) && strstr(err.msg, "line 8: 7\\x00 7 7 7: ") &&
          strstr(err.msg, "binary data"));
    CHECK(next_is(&r, &m, &err, SB_OK) && m.to_col == 9 && r.line == 9);
    sb_move untouched = m;
    CHECK(sb_fmt_next_move(&r, &m, &err) == SB_OK && r.end && m.to_col == untouched.to_col);
    CHECK(sb_fmt_next_move(&r, &m, &err) == SB_OK && r.end);   /* and stays there */
    fclose(f);

    /* An overlong line is an error, consumed whole; reading goes on after it. */
    size_t len = 100000;
    char *big = malloc(len + 16);
    if (!CHECK(big != NULL))
        return;
    memset(big, '1', len);
    strcpy(big + len, "\n1 2 3 4\n");
    f = file_with(big, strlen(big));
    sb_move_reader r2 = { f, "moves" };
    CHECK(next_is(&r2, &m, &err, SB_EINPUT) && strstr(err.msg, "line longer than"));
    CHECK(strlen(r2.text) < sizeof r2.text && strstr(r2.text, "..."));
    CHECK(next_is(&r2, &m, &err, SB_OK) && m.to_col == 4 && r2.line == 2);
    fclose(f);
    free(big);

    /* What the writer writes, the reader reads back. */
    sb_move out[2] = { { 0, 0, 1, 0 }, { 3, 1, 3, 0 } };
    char back[64] = "";
    f = tmpfile();
    if (!CHECK(f != NULL))
        return;
    CHECK(sb_fmt_write_moves(f, out, 2, &err) == SB_OK);
    rewind(f);
    CHECK(fread(back, 1, sizeof back - 1, f) == 16 && strcmp(back, "0 0 1 0\n3 1 3 0\n") == 0);
    fclose(f);

    /* A stream that refuses the bytes: SB_EWRITE, saying why. */
    FILE *full = fopen("/dev/full", "w");
    if (!full) {
        printf("/dev/full is missing: the write-error check is skipped\n");
        return;
    }
    setvbuf(full, NULL, _IONBF, 0);
    CHECK(sb_fmt_write_moves(full, out, 2, &err) == SB_EWRITE && err.status == SB_EWRITE);
    CHECK_MSG(strstr(err.msg, "sb_fmt_write_moves: write error") &&
              strstr(err.msg, strerror(ENOSPC)), "%s", err.msg);
    CHECK(sbi_json_string(full, "x") == SB_EWRITE);
    fclose(full);
}

static void test_names(void)
{
    sb_format f = SB_FORMAT_AUTO;
    CHECK(sb_fmt_parse_name("sizes", &f, NULL) == SB_OK && f == SB_FORMAT_SIZES);
    CHECK(sb_fmt_parse_name("corners", &f, NULL) == SB_OK && f == SB_FORMAT_CORNERS);
    CHECK(sb_fmt_parse_name("auto", &f, NULL) == SB_OK && f == SB_FORMAT_AUTO);
    CHECK(sb_fmt_parse_name("Sizes", &f, NULL) == SB_EINPUT && f == SB_FORMAT_AUTO);
    CHECK(sb_fmt_parse_name(NULL, &f, NULL) == SB_EINPUT);
    CHECK(strcmp(sb_fmt_name(SB_FORMAT_CORNERS), "corners") == 0);
    CHECK(strcmp(sb_fmt_name(SB_FORMAT_SIZES), "sizes") == 0);
}

/* sb_puzzle_check() on its own: which list and item it blames. */
static void test_puzzle_check(void)
{
    sb_block blocks[3] = { { 0, 0, 2, 2 }, { 2, 0, 1, 1 }, { 1, 1, 1, 1 } };
    sb_block goals[2] = { { 3, 3, 1, 1 }, { 0, 0, 2, 2 } };
    sb_puzzle p = { 4, 4, 2, blocks, 2, goals };
    sb_error err;

    CHECK(sb_puzzle_check(&p, &err) == SB_OK);
    CHECK(!sb_puzzle_solved(&p));
    /* No goal at all: NULL arrays with zero counts are a valid puzzle. */
    sb_puzzle bare = { 4, 4, 2, blocks, 0, NULL };
    CHECK(sb_puzzle_check(&bare, &err) == SB_OK && sb_puzzle_solved(&bare));
    sb_puzzle empty = { 4, 4, 0, NULL, 0, NULL };
    CHECK(sb_puzzle_check(&empty, &err) == SB_OK);
    goals[0] = (sb_block){ 2, 0, 1, 1 };
    CHECK(sb_puzzle_solved(&p));
    p.nblocks = 3;
    CHECK(sb_puzzle_check(&p, &err) == SB_EINPUT && err.list == SB_LIST_INIT && err.item == 2);
    CHECK(strstr(err.msg, "overlaps") != NULL);
    p.nblocks = 2;
    p.rows = 70000;
    CHECK(sb_puzzle_check(&p, &err) == SB_EINPUT && err.list == SB_LIST_NONE);
    p.rows = 4;
    blocks[1].row = -1;
    CHECK(sb_puzzle_check(&p, &err) == SB_EINPUT && err.item == 1);
    blocks[1].row = 2;
    goals[1].width = 3;
    CHECK(sb_puzzle_check(&p, &err) == SB_EINPUT && err.list == SB_LIST_GOAL && err.item == 1);
    goals[1].width = 2;
    /* Repeated goal entries: one requirement each, however often given;
     * goal entries that overlap otherwise are still an error. */
    sb_block twice[4] = { { 0, 0, 2, 2 }, { 2, 0, 1, 1 }, { 0, 0, 2, 2 }, { 2, 0, 1, 1 } };
    sb_puzzle rep = { 4, 4, 2, blocks, 4, twice };
    CHECK(sb_puzzle_check(&rep, &err) == SB_OK && sb_puzzle_solved(&rep));
    twice[3] = (sb_block){ 1, 1, 1, 1 };
    CHECK(sb_puzzle_check(&rep, &err) == SB_EINPUT && err.list == SB_LIST_GOAL &&
          err.item == 3 && strstr(err.msg, "overlaps"));
    twice[3] = (sb_block){ 0, 0, 1, 1 };
    CHECK(sb_puzzle_check(&rep, &err) == SB_EINPUT && err.list == SB_LIST_GOAL &&
          err.item == 3 && strstr(err.msg, "overlaps"));
    twice[3] = (sb_block){ 3, 3, 1, 1 };   /* two distinct 1x1 entries, one 1x1 block */
    CHECK(sb_puzzle_check(&rep, &err) == SB_EINPUT && err.list == SB_LIST_GOAL &&
          err.item == 1 && strstr(err.msg, "goal names 2 blocks of size 1x1"));
    blocks[0].height = 2000000000;
    CHECK(sb_puzzle_check(&p, &err) == SB_EINPUT && err.item == 0 && strstr(err.msg, "runs off"));
    blocks[0].height = 2;

    /* A count with a NULL array behind it (a library caller's mistake) is
     * refused with a message, not read; freeing such a puzzle is safe. */
    sb_puzzle no_shapes = { 4, 4, 2, blocks, 0, NULL, 3, NULL };
    CHECK(sb_puzzle_check(&no_shapes, &err) == SB_EINPUT && err.list == SB_LIST_NONE &&
          strstr(err.msg, "3 shapes but its shapes array is NULL"));
    sb_puzzle no_blocks = { 4, 4, 2, NULL, 0, NULL };
    CHECK(sb_puzzle_check(&no_blocks, &err) == SB_EINPUT &&
          strstr(err.msg, "2 blocks but its blocks array is NULL"));
    sb_puzzle no_goals = { 4, 4, 2, blocks, 1, NULL };
    CHECK(sb_puzzle_check(&no_goals, &err) == SB_EINPUT &&
          strstr(err.msg, "1 goal entries but its goals array is NULL"));
    sb_puzzle owned = { 4, 4, 0, NULL, 0, NULL, 5, NULL };
    sb_puzzle_free(&owned);
    CHECK(owned.nshapes == 0);
}

static bool skip_every(void *ctx, size_t i)
{
    (void)ctx;
    (void)i;
    return true;
}

/* Reads len bytes of text as the census SPEC "S"; an accepted SPEC must be
 * one sb_census takes (listing its members only), a refused one must blame
 * line `line` with `fragment` in its message. */
static void expect_spec(const char *text, size_t len, long line, const char *fragment)
{
    char *copy = malloc(len + 1);
    FILE *f = copy ? fmemopen(copy, len, "r") : NULL;
    if (!CHECK(f != NULL)) {
        free(copy);
        return;
    }
    memcpy(copy, text, len);
    sb_census_spec spec;
    sb_error err = { 0 };
    sb_status st = sbi_fmt_read_census_stream(f, "S", &spec, &err);
    fclose(f);
    free(copy);
    if (!fragment) {
        if (CHECK_MSG(st == SB_OK, "SPEC %.40s...: %s", text, err.msg)) {
            sb_census_hooks hooks = { .skip = skip_every };
            sb_census_report members;
            CHECK_MSG(sb_census(&spec, NULL, &hooks, &members, &err) == SB_OK,
                      "SPEC %.40s... read, then refused: %s", text, err.msg);
            sb_census_report_free(&members);
        }
        sb_census_spec_free(&spec);
        return;
    }
    char where[32];
    snprintf(where, sizeof where, "S:%ld: ", line);
    CHECK_MSG(st == SB_EINPUT && err.line == line && strcmp(err.file, "S") == 0 &&
                  strncmp(err.msg, where, strlen(where)) == 0 && strstr(err.msg, fragment) &&
                  spec.kinds == NULL,
              "SPEC %.40s...: '%s', want '%s...%s'", text, err.msg, where, fragment);
}

/* The census SPEC reader: every cap at its edge, and what sb_census would
 * refuse refused first, at the line a reader of the file looks at. */
static void test_census_specs(void)
{
    static const struct {
        const char *text;
        long line;                 /* 0: accepted */
        const char *fragment;
    } cases[] = {
        { "tray 3 3\nkind a 1x1 65536\n", 0, NULL },
        { "tray 3 3\nkind a 1x1 65537\n", 2, "a count may be at most 65,536" },
        { "tray 3 3\nkind a 1x1 0..65537\n", 2, "a count may be at most 65,536" },
        { "tray 256 256\nkind a 1x1 1\n", 0, NULL },
        { "tray 256 257\n", 1, "with 1 to 65,536 cells" },
        { "tray 3 3\nkind a 1x2 1\nkind b 1x2 0..1\n", 3, "kind \"b\" is kind \"a\" (line 2)" },
        { "tray 3 3\nkind a 1x2 1 marked\nkind b 1x2 0..1\n", 0, NULL },
        { "tray 3 3\nkind a 1x2 1 row\nkind b 1x2 0..1\n", 0, NULL },
        { "tray 3 3\nkind a 1x1 1\ngoal a 1 1\n\n# walls last\nwall 1 1\n", 3,
          "goal a: goal block covers a wall (cell 1 1)" },
        { "tray 3 3\nkind a 2x2 1\nwall 2 2\ngoal a 1 1\n", 4, "covers a wall (cell 2 2)" },
        { "tray 3 3\nkeep 2147483647\nkind a 1x1 1\n", 0, NULL },
        { "tray 3 3\nkeep 2147483648\n", 2, "1 to 2,147,483,647" },
        { "tray 3 3\nempty 65537\n", 2, "at most 65,536" },
        { "tray 3 3\nkind a 1x1 +1\n", 2, "in decimal" },
        { "tray 3 3\nwall 0x1 0\n", 2, "expected \"wall ROW COL\"" },
        { "tray 3 3\nwall 3 0\n", 2, "inside the 3x3 tray" },
        { "tray 3 3\r\nkind a 1x1 1\r\n", 0, NULL },
        { "tray 3 3\nkind a 1x1 1\x01\n", 2, "binary data: byte 0x01 at column 13" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect_spec(cases[i].text, strlen(cases[i].text), cases[i].line, cases[i].fragment);
    /* A NUL, and lines of 1,024 characters and one more. */
    static const char nul[] = "tray 3 3\nkind\0 a 1x1 1\n";
    expect_spec(nul, sizeof nul - 1, 2, "binary data: byte 0x00 at column 5");
    for (int extra = 0; extra < 2; extra++) {
        char text[1100];
        int n = snprintf(text, sizeof text, "tray 3 3\nkind a 1x1 1 #"), start = 9;
        memset(text + n, 'x', (size_t)(start + 1024 + extra - n));
        snprintf(text + start + 1024 + extra, 2, "\n");
        expect_spec(text, strlen(text), extra ? 2 : 0,
                    extra ? "lines may be at most 1,024 characters, comments included" : NULL);
    }
}

/* What sbi_json_number writes for x at places; "" when it fails. */
static bool number_is(double x, int places, const char *want)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return false;
    sb_status st = sbi_json_number(f, x, places);
    fclose(f);
    bool ok = st == SB_OK && text && strcmp(text, want) == 0;
    if (!ok)
        printf("sbi_json_number(%g, %d) wrote \"%s\", not \"%s\"\n", x, places,
               text ? text : "(nothing)", want);
    free(text);
    return ok;
}

/* What sbi_json_string writes for s. */
static bool string_is(const char *s, const char *want)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return false;
    sb_status st = sbi_json_string(f, s);
    fclose(f);
    bool ok = st == SB_OK && text && strcmp(text, want) == 0;
    if (!ok)
        printf("sbi_json_string wrote \"%s\", not \"%s\"\n", text ? text : "(nothing)", want);
    free(text);
    return ok;
}

/* view.h: NULL answers plainly, and so does a block naming a shape the
 * puzzle does not have; JSON strings and numbers. */
static void test_view_helpers(void)
{
    sb_puzzle p;
    sb_error err;
    if (!CHECK(parse("2 2\n0 0 0 0\n", NULL, SB_FORMAT_AUTO, NULL, &p, &err) == SB_OK))
        return;
    size_t nclasses = 9;
    CHECK(sbi_view_classes(NULL, &nclasses) == NULL && nclasses == 0);
    CHECK(!sbi_view_own_labels(NULL));
    CHECK(!sbi_view_is_rectangle(NULL, NULL) && !sbi_view_is_rectangle(&p, NULL));
    CHECK(sbi_view_box_left(NULL, NULL) == 0 && sbi_view_box_left(&p, NULL) == 0);
    sb_block odd = p.blocks[0];
    odd.shape = 1000;
    CHECK(!sbi_view_is_rectangle(&p, &odd));
    odd = (sb_block){ .row = INT_MAX, .col = INT_MIN, .height = INT_MAX, .width = INT_MIN };
    CHECK(sbi_view_box_left(&p, &odd) == INT_MIN && sbi_view_is_rectangle(&p, &odd));
    sb_puzzle_free(&p);

    CHECK(sbi_json_string(NULL, "x") == SB_EINPUT && sbi_json_string(stdout, NULL) == SB_EINPUT);
    CHECK(string_is("a\"b\\c\n<&>", "\"a\\\"b\\\\c\\n\\u003c\\u0026\\u003e\""));
    CHECK(string_is("\xff\xc3\xa9", "\"\\ufffd\xc3\xa9\""));   /* bad byte, then an e-acute */
    CHECK(number_is(0.000041, 6, "0.000041") && number_is(-2.5, 1, "-2.5"));
    CHECK(number_is(12.3456, 0, "12") && number_is(-0.0000001, 6, "0.000000"));
    CHECK(number_is(1e17, 3, "100000000000000000"));   /* past 2^53: no fraction to show */
    CHECK(number_is(NAN, 6, "null") && number_is(-INFINITY, 2, "null"));
    CHECK(sbi_json_number(NULL, 1, 1) == SB_EINPUT && sbi_json_number(stdout, 1, -1) == SB_EINPUT);
    CHECK(sbi_json_number(stdout, 1, SB_JSON_MAX_PLACES + 1) == SB_EINPUT);
}

/* Writes text to dir/name; returns the path (static storage). */
static const char *write_file(const char *dir, const char *name, const char *text)
{
    static char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
    return path;
}

/* Whether sbi_view_name names the file so. */
static bool name_is(const char *path, const char *want)
{
    char got[256];
    sbi_view_name(path, got, sizeof got);
    if (strcmp(got, want) == 0)
        return true;
    fprintf(stderr, "  %s: named \"%s\", not \"%s\"\n", path, got, want);
    return false;
}

/* sbi_view_name: the leading comment's heading, else the file's name. */
static void test_view_name(void)
{
    char dir[] = "/tmp/test_formats_XXXXXX";
    if (!CHECK(mkdtemp(dir) != NULL))
        return;
    CHECK(name_is(write_file(dir, "a.init", "; Rush Hour: a 51-move position (line\n; metric)\nAB\n"),
                  "Rush Hour"));
    CHECK(name_is(write_file(dir, "b.init", "\n \t\n  ;  The 8-puzzle; hard,\r\n123\n"),
                  "The 8-puzzle; hard"));
    CHECK(name_is(write_file(dir, "c.init", "\xef\xbb\xbf; Notch.\n"), "Notch"));
    CHECK(name_is(write_file(dir, "my-puzzle_one.init", "5 4\n; not the first line\n"),
                  "My puzzle one"));
    CHECK(name_is(write_file(dir, "d.txt", ";\nAB\n"), "D"));   /* an empty comment */
    CHECK(name_is("/no/such/dir/rush-hour.init", "Rush hour"));
    CHECK(name_is("noext", "Noext"));
    /* A long comment is cut at a word, and never inside a UTF-8 character. */
    char text[400] = "; ", got[256];
    for (int i = 0; i < 60; i++)
        strcat(text, "word ");
    sbi_view_name(write_file(dir, "e.init", text), got, sizeof got);
    size_t n = strlen(got);
    CHECK(n > 80 && n <= 100 && got[n - 1] == 'd' && strncmp(got, text + 2, n) == 0);
    strcpy(text, "; ");
    for (int i = 0; i < 80; i++)
        strcat(text, "\xc3\xa9");
    sbi_view_name(write_file(dir, "f.init", text), got, sizeof got);
    n = strlen(got);
    CHECK(n > 90 && n <= 100 && n % 2 == 0 && strncmp(got, text + 2, n) == 0);
    sbi_view_name(write_file(dir, "g.init", "; Ma's Puzzle: x\n"), got, 4);
    CHECK(strcmp(got, "Ma'") == 0);
    got[0] = 'x';
    sbi_view_name(NULL, got, sizeof got);
    CHECK(got[0] == 0);
    got[0] = 'x';
    sbi_view_name("a.init", got, 1);
    CHECK(got[0] == 0);
    sbi_view_name("a.init", NULL, 10);   /* harmless */
    const char *names[] = { "a.init", "b.init", "c.init", "my-puzzle_one.init", "d.txt", "e.init",
                            "f.init", "g.init" };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        remove(path);
    }
    CHECK(rmdir(dir) == 0);
}

int main(void)
{
    test_good();
    test_error_table();
    test_files();
    test_moves();
    test_names();
    test_view_helpers();
    test_view_name();
    test_puzzle_check();
    test_million_lines();
    test_census_specs();
    return unit_finish("test_formats");
}
