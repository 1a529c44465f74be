/*
 * fuzz_moves.c - libFuzzer harness for the move reader (sb_fmt_next_move)
 * and the checker's replay (judge/replay.c), the two halves of slide-check.
 *
 * Input: one byte choosing one of a few built-in puzzles, then move text,
 * read through fmemopen exactly as slide-check reads a pipe.  Every move
 * read is replayed, legal or not, and reading goes on after a bad line so
 * one input exercises many.  Invariants: the reader's line numbers only
 * grow, its numbers are in range, its messages name their line; a legal
 * move leaves the grid consistent with the blocks (cell == index + 1
 * exactly where a block lies, by sb_block_covers, never on a wall) and an
 * illegal one leaves everything as it was.
 */
#include "fuzz_common.h"
#include "replay.h"
#include "sb_format.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Small trays with a mix of block sizes and empty cells (corners format),
 * then pictures: pieces of other shapes, walls, one-axis pieces.  The
 * corpus's first bytes are '0'..'5' (48..53), so six puzzles keep each
 * saved input on its puzzle. */
static const char *const puzzles[][2] = {
    { "3 3\n0 0 1 1\n2 2 2 2\n", "1 1 2 2\n" },                        /* square */
    { "1 4\n0 0 0 0\n0 2 0 2\n", "0 3 0 3\n" },                         /* row */
    { "5 4\n0 0 1 0\n0 1 1 2\n0 3 1 3\n2 0 3 0\n2 1 2 2\n2 3 3 3\n"
      "3 1 3 1\n3 2 3 2\n4 0 4 0\n4 3 4 3\n", "3 1 4 2\n" },            /* Klotski */
    { "4 6\n0 0 0 2\n1 1 3 1\n1 4 2 5\n3 3 3 3\n", "0 3 0 5\n" },        /* mixed */
    { "AA.#\nA.B.\n.BB.\nC..D\nhorizontal: C\nvertical: D\n",              /* L, J, walls */
      "...#\n....\n....\n.C..\n" },
    { "A.A..\nAAA..\n.B..#\n#..CC\n", "..A.A\n..AAA\n.....\n.....\n" }, /* a U */
};
enum { NPUZZLES = sizeof puzzles / sizeof puzzles[0] };

/* True when the grid holds exactly the blocks' cells, as the engine's own
 * sb_block_covers() reads their shapes, and no block stands on a wall. */
static int consistent(const sb_replay *r, const sb_puzzle *p)
{
    size_t covered = 0;
    for (size_t k = 0; k < r->nblocks; k++) {
        const sb_block *b = &r->blocks[k];
        int left = b->col - sb_block_anchor_offset(p, b);
        if (b->row < 0 || left < 0 || b->row + b->height > r->rows || left + b->width > r->cols)
            return 0;
        for (int i = b->row; i < b->row + b->height; i++)
            for (int j = left; j < left + b->width; j++) {
                if (!sb_block_covers(p, b, i, j))
                    continue;
                size_t cell = (size_t)i * (size_t)r->cols + (size_t)j;
                if (r->cell[cell] != k + 1 || (r->wall && r->wall[cell]))
                    return 0;
                covered++;
            }
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
    sb_format fmt = pz[0][0] >= '0' && pz[0][0] <= '9' ? SB_FORMAT_CORNERS : SB_FORMAT_PICTURE;
    FUZZ_REQUIRE(sb_fmt_parse(pz[0], strlen(pz[0]), "INIT", pz[1], strlen(pz[1]), "GOAL",
                              fmt, NULL, &p, &err) == SB_OK,
                 "built-in puzzle refused");
    sb_replay r;
    FUZZ_REQUIRE(sbi_replay_init(&r, &p) == SB_OK, "out of memory");
    FUZZ_REQUIRE(consistent(&r, &p), "initial grid inconsistent");

    char *text = fuzz_copy(data + 1, size - 1);
    FILE *in = fmemopen(text, size - 1, "r");
    FUZZ_REQUIRE(in != NULL, "fmemopen failed");
    sb_move_reader rd = { in, "moves" };
    sb_move m;
    sb_block *before = malloc(r.nblocks * sizeof *before);
    FUZZ_REQUIRE(before != NULL, "out of memory");
    long last_line = 0;
    sb_status got;
    while ((got = sb_fmt_next_move(&rd, &m, &err)) != SB_OK || !rd.end) {
        FUZZ_REQUIRE(got == SB_OK || got == SB_EINPUT, "reader returned something else");
        FUZZ_REQUIRE(rd.line > last_line, "line numbers did not grow");
        FUZZ_REQUIRE(memchr(rd.text, '\0', sizeof rd.text) != NULL, "text not terminated");
        last_line = rd.line;
        if (got != SB_OK) {
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
        const char *bad = sbi_replay_move(&r, &m, why, sizeof why);
        if (bad)
            FUZZ_REQUIRE(memcmp(before, r.blocks, r.nblocks * sizeof *before) == 0,
                         "illegal move changed the blocks");
        FUZZ_REQUIRE(consistent(&r, &p), "grid inconsistent after a move");
    }
    (void)sbi_replay_goal_met(&r, &p);
    fclose(in);
    free(before);
    free(text);
    sbi_replay_free(&r);
    sb_puzzle_free(&p);
    return 0;
}
