/*
 * fuzz_picture.c - libFuzzer harness for the picture reader (sb_fmt_parse
 * with --format picture or auto).
 *
 * Input: one byte choosing the format (even: auto, odd: picture), then
 * INIT text, then optionally '|' and GOAL text.  Beyond "no crash, no
 * leak, no undefined behaviour" and the contract fuzz_puzzle.c holds the
 * CS61B reader to (an accepted puzzle passes sb_puzzle_check; a refusal
 * is SB_EINPUT or SB_ELIMIT with a message naming the file), an accepted
 * picture must mean what it drew, judged through the engine's own
 * geometry (sb_block_covers) rather than the reader's: each block has its
 * own label, and drawing every block and goal entry back as a picture
 * (labels where they cover, '#' on walls) and reading that again gives
 * the same blocks, shapes and goal entries.
 */
#include "fuzz_common.h"
#include "sb_format.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Draws the blocks (or goal entries) of p as a picture: rows of cols
 * cells and a newline each.  Returns a malloc'd text of *len bytes. */
static char *draw(const sb_puzzle *p, const sb_block *list, size_t n, bool walls, size_t *len)
{
    size_t w = (size_t)p->cols + 1;
    char *text = malloc((size_t)p->rows * w);
    FUZZ_REQUIRE(text != NULL, "out of memory in the harness");
    for (int r = 0; r < p->rows; r++) {
        for (int c = 0; c < p->cols; c++)
            text[r * w + c] = walls && p->walls && p->walls[(size_t)r * p->cols + c] ? '#' : '.';
        text[r * w + p->cols] = '\n';
    }
    for (size_t i = 0; i < n; i++) {
        const sb_block *b = &list[i];
        int left = b->col - sb_block_anchor_offset(p, b);
        FUZZ_REQUIRE(b->label > ' ' && b->label != '.' && b->label != '#',
                     "a picture block without a piece character for its label");
        FUZZ_REQUIRE(sb_block_covers(p, b, b->row, b->col), "a block does not cover its anchor");
        for (int y = 0; y < b->height; y++)
            for (int x = 0; x < b->width; x++)
                if (sb_block_covers(p, b, b->row + y, left + x)) {
                    char *cell = &text[(size_t)(b->row + y) * w + (size_t)(left + x)];
                    FUZZ_REQUIRE(*cell == '.', "two blocks (or a block and a wall) share a cell");
                    *cell = b->label;
                }
    }
    *len = (size_t)p->rows * w;
    return text;
}

/* Whether a and b (of puzzles pa and pb) are the same piece in the same place. */
static bool same_piece(const sb_puzzle *pa, const sb_block *a, const sb_puzzle *pb,
                       const sb_block *b)
{
    if (a->row != b->row || a->col != b->col || a->height != b->height ||
        a->width != b->width || a->label != b->label)
        return false;
    int la = a->col - sb_block_anchor_offset(pa, a), lb = b->col - sb_block_anchor_offset(pb, b);
    for (int y = 0; y < a->height; y++)
        for (int x = 0; x < a->width; x++)
            if (sb_block_covers(pa, a, a->row + y, la + x) !=
                sb_block_covers(pb, b, b->row + y, lb + x))
                return false;
    return true;
}

static void round_trip(const sb_puzzle *p)
{
    size_t ilen, glen;
    char *init = draw(p, p->blocks, p->nblocks, true, &ilen);
    char *goal = draw(p, p->goals, p->ngoals, false, &glen);
    sb_puzzle q;
    sb_error err;
    sb_status st = sb_fmt_parse(init, ilen, "INIT", goal, glen, "GOAL", SB_FORMAT_PICTURE, NULL,
                                &q, &err);
    if (st != SB_OK)
        fprintf(stderr, "redrawn picture refused: %s\n", err.msg);
    FUZZ_REQUIRE(st == SB_OK, "the puzzle drawn back is refused");
    FUZZ_REQUIRE(q.rows == p->rows && q.cols == p->cols && q.nblocks == p->nblocks &&
                 q.ngoals == p->ngoals, "the puzzle drawn back differs in size or counts");
    FUZZ_REQUIRE((q.walls != NULL) == (p->walls != NULL), "the walls drawn back differ");
    /* Both list blocks in reading order of their anchors, goals too. */
    for (size_t i = 0; i < p->nblocks; i++) {
        FUZZ_REQUIRE(same_piece(p, &p->blocks[i], &q, &q.blocks[i]),
                     "a block drawn back differs");
        for (size_t j = 0; j < i; j++)
            FUZZ_REQUIRE(p->blocks[i].label != p->blocks[j].label, "two blocks share a label");
    }
    for (size_t i = 0; i < p->ngoals; i++)
        FUZZ_REQUIRE(same_piece(p, &p->goals[i], &q, &q.goals[i]),
                     "a goal entry drawn back differs");
    sb_puzzle_free(&q);
    free(init);
    free(goal);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    sb_format fmt = data[0] % 2 ? SB_FORMAT_PICTURE : SB_FORMAT_AUTO;
    fuzz_texts t;
    fuzz_split(data + 1, size - 1, &t);

    sb_puzzle p;
    sb_error err;
    sb_format used = SB_FORMAT_AUTO;
    memset(&err, 0x5a, sizeof err);   /* an unset message shows as junk */
    sb_status st = sb_fmt_parse(t.init, t.init_len, "INIT", t.goal, t.goal_len, "GOAL", fmt,
                                &used, &p, &err);
    if (st == SB_OK) {
        sb_error again;
        FUZZ_REQUIRE(sb_puzzle_check(&p, &again) == SB_OK, "accepted puzzle fails sb_puzzle_check");
        FUZZ_REQUIRE(fmt == SB_FORMAT_AUTO || used == fmt, "format used is not the one asked for");
        FUZZ_REQUIRE(p.rows > 0 && p.cols > 0 && (long long)p.rows * p.cols <= SB_MAX_CELLS,
                     "accepted tray out of range");
        if (used == SB_FORMAT_PICTURE)
            round_trip(&p);
        (void)sb_puzzle_solved(&p);
    } else {
        FUZZ_REQUIRE(st == SB_EINPUT || st == SB_ELIMIT, "unexpected status from sb_fmt_parse");
        FUZZ_REQUIRE(memchr(err.msg, '\0', sizeof err.msg) != NULL, "message not terminated");
        FUZZ_REQUIRE(strncmp(err.msg, "INIT:", 5) == 0 || strncmp(err.msg, "GOAL:", 5) == 0,
                     "message does not name the file");
        FUZZ_REQUIRE(strchr(err.msg, '\n') == NULL, "message spans lines");
        FUZZ_REQUIRE(p.blocks == NULL && p.goals == NULL && p.shapes == NULL && p.walls == NULL,
                     "refused puzzle not zeroed");
    }
    sb_puzzle_free(&p);
    fuzz_texts_free(&t);
    return 0;
}
