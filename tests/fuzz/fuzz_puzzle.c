/*
 * fuzz_puzzle.c - libFuzzer harness for the INIT/GOAL reader, sb_fmt_parse.
 *
 * Input: one byte choosing the format (auto, corners, sizes), then INIT
 * text, then optionally '|' and GOAL text.  Beyond "no crash, no leak, no
 * undefined behaviour", it holds the reader to its contract: a puzzle it
 * accepts passes sb_puzzle_check (so it is safe for the engine), and a
 * refusal is SB_EINPUT or SB_ELIMIT with a message that starts with the
 * name of the file at fault and fits its buffer.
 */
#include "fuzz_common.h"
#include "sb_format.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const sb_format formats[] = { SB_FORMAT_AUTO, SB_FORMAT_CORNERS, SB_FORMAT_SIZES };
    if (size < 1)
        return 0;
    sb_format fmt = formats[data[0] % 3];
    fuzz_texts t;
    fuzz_split(data + 1, size - 1, &t);

    sb_puzzle p;
    sb_error err;
    sb_format used = SB_FORMAT_AUTO;
    memset(&err, 0x5a, sizeof err);   /* an unset message shows as junk */
    sb_status st = sb_fmt_parse(t.init, t.init_len, "INIT", t.goal, t.goal_len, "GOAL",
                                fmt, &used, &p, &err);
    if (st == SB_OK) {
        sb_error again;
        FUZZ_REQUIRE(sb_puzzle_check(&p, &again) == SB_OK, "accepted puzzle fails sb_puzzle_check");
        FUZZ_REQUIRE(used != SB_FORMAT_AUTO, "no format reported for an accepted puzzle");
        FUZZ_REQUIRE(fmt == SB_FORMAT_AUTO || used == fmt, "format used is not the one asked for");
        FUZZ_REQUIRE(p.rows > 0 && p.cols > 0 && (long long)p.rows * p.cols <= SB_MAX_CELLS,
                     "accepted tray out of range");
        (void)sb_puzzle_solved(&p);
    } else {
        FUZZ_REQUIRE(st == SB_EINPUT || st == SB_ELIMIT, "unexpected status from sb_fmt_parse");
        FUZZ_REQUIRE(memchr(err.msg, '\0', sizeof err.msg) != NULL, "message not terminated");
        FUZZ_REQUIRE(strncmp(err.msg, "INIT:", 5) == 0 || strncmp(err.msg, "GOAL:", 5) == 0,
                     "message does not name the file");
        FUZZ_REQUIRE(p.blocks == NULL && p.goals == NULL, "refused puzzle not zeroed");
    }
    sb_puzzle_free(&p);
    fuzz_texts_free(&t);
    return 0;
}
