/*
 * fuzz_moves.c - libFuzzer harness for the move reader (sb_fmt_next_move)
 * and the checker's replay (cli/replay.c), the two halves of slide-check.
 *
 * Input: one byte choosing one of a few built-in puzzles, then move text,
 * read through fmemopen exactly as slide-check reads a pipe.  Every move
 * read is replayed, legal or not, and reading goes on after a bad line so
 * one input exercises many.  Invariants: the reader's line numbers only
 * grow, its numbers are in range, its messages name their line; a legal
 * move leaves the grid consistent with the blocks (cell == index + 1
 * exactly where a block lies) and an illegal one leaves everything as it
 * was.
 */
#include "fuzz_common.h"
#include "replay.h"
#include "sb_format.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Small trays with a mix of block sizes and empty cells (corners format). */
static const char *const puzzles[][2] = {
    { "3 3\n0 0 1 1\n2 2 2 2\n", "1 1 2 2\n" },                        /* square */
    { "1 4\n0 0 0 0\n0 2 0 2\n", "0 3 0 3\n" },                         /* row */
    { "5 4\n0 0 1 0\n0 1 1 2\n0 3 1 3\n2 0 3 0\n2 1 2 2\n2 3 3 3\n"
      "3 1 3 1\n3 2 3 2\n4 0 4 0\n4 3 4 3\n", "3 1 4 2\n" },            /* Klotski */
    { "4 6\n0 0 0 2\n1 1 3 1\n1 4 2 5\n3 3 3 3\n", "0 3 0 5\n" },        /* mixed */
};
enum { NPUZZLES = sizeof puzzles / sizeof puzzles[0] };

/* True when the grid holds exactly the blocks' rectangles. */
static int consistent(const sb_replay *r)
{
    size_t covered = 0;
    for (size_t k = 0; k < r->nblocks; k++) {
        const sb_block *b = &r->blocks[k];
        if (b->row < 0 || b->col < 0 || b->row + b->height > r->rows ||
            b->col + b->width > r->cols)
            return 0;
        for (int i = b->row; i < b->row + b->height; i++)
            for (int j = b->col; j < b->col + b->width; j++)
                if (r->cell[(size_t)i * (size_t)r->cols + (size_t)j] != k + 1)
                    return 0;
        covered += (size_t)b->height * (size_t)b->width;
    }
    size_t nonzero = 0;
    for (size_t i = 0; i < (size_t)r->rows * (size_t)r->cols; i++)
        nonzero += r->cell[i] != 0;
    return nonzero == covered;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;   /* fmemopen wants at least one byte of move text */
    const char *const *pz = puzzles[data[0] % NPUZZLES];
    sb_puzzle p;
    sb_error err;
    FUZZ_REQUIRE(sb_fmt_parse(pz[0], strlen(pz[0]), "INIT", pz[1], strlen(pz[1]), "GOAL",
                              SB_FORMAT_CORNERS, NULL, &p, &err) == SB_OK,
                 "built-in puzzle refused");
    sb_replay r;
    FUZZ_REQUIRE(sb_replay_init(&r, &p) == SB_OK, "out of memory");
    FUZZ_REQUIRE(consistent(&r), "initial grid inconsistent");

    char *text = fuzz_copy(data + 1, size - 1);
    FILE *in = fmemopen(text, size - 1, "r");
    FUZZ_REQUIRE(in != NULL, "fmemopen failed");
    sb_move_reader rd = { in, "moves", 0, "" };
    sb_move m;
    sb_block *before = malloc(r.nblocks * sizeof *before);
    FUZZ_REQUIRE(before != NULL, "out of memory");
    long last_line = 0;
    int got;
    while ((got = sb_fmt_next_move(&rd, &m, &err)) != 0) {
        FUZZ_REQUIRE(got == 1 || got == -1, "reader returned something else");
        FUZZ_REQUIRE(rd.line > last_line, "line numbers did not grow");
        FUZZ_REQUIRE(memchr(rd.text, '\0', sizeof rd.text) != NULL, "text not terminated");
        last_line = rd.line;
        if (got < 0) {
            char prefix[32];
            snprintf(prefix, sizeof prefix, "line %ld: ", rd.line);
            FUZZ_REQUIRE(strncmp(err.msg, prefix, strlen(prefix)) == 0,
                         "reader message does not name its line");
            continue;
        }
        FUZZ_REQUIRE(m.from_row >= 0 && m.from_col >= 0 && m.to_row >= 0 && m.to_col >= 0,
                     "negative number read");
        memcpy(before, r.blocks, r.nblocks * sizeof *before);
        char why[128];
        const char *bad = sb_replay_move(&r, &m, why, sizeof why);
        if (bad)
            FUZZ_REQUIRE(memcmp(before, r.blocks, r.nblocks * sizeof *before) == 0,
                         "illegal move changed the blocks");
        FUZZ_REQUIRE(consistent(&r), "grid inconsistent after a move");
    }
    (void)sb_replay_goal_met(&r, &p);
    fclose(in);
    free(before);
    free(text);
    sb_replay_free(&r);
    sb_puzzle_free(&p);
    return 0;
}
