/*
 * solve.c - the smallest useful program on libslide: read a puzzle, solve
 * it, print the moves (one "r1 c1 r2 c2" per line, as `slide` does, so
 * `slide-check INIT GOAL` can judge them).
 *
 *     solve INIT GOAL
 *
 * Build it against an installed libslide (see Makefile and CMakeLists.txt
 * here).  Exit status as `slide`'s: 0 solved, 1 unsolvable, 2 bad input
 * (or output that could not be written), 3 a limit reached.
 */
#include <stdio.h>

#include <slide_formats.h>

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s INIT GOAL\n", argv[0]);
        return 2;
    }

    /* Every call fills a caller-owned error record when it fails. */
    sb_error err;
    sb_puzzle puzzle;
    if (sb_fmt_read(argv[1], argv[2], SB_FORMAT_AUTO, NULL, &puzzle, &err) != SB_OK) {
        fprintf(stderr, "solve: %s\n", err.msg);   /* "FILE:LINE: what is wrong" */
        return 2;
    }

    sb_options opts;
    sb_options_default(&opts);          /* line metric, any solution, no limits */
    sb_solution sol;
    sb_status st = sb_solve(&puzzle, &opts, &sol, NULL, &err);
    if (st == SB_OK) {
        st = sb_fmt_write_moves(stdout, sol.moves, sol.nmoves, &err);   /* SB_EWRITE: a full disk */
        sb_solution_free(&sol);
    }
    if (st != SB_OK && st != SB_UNSOLVABLE)
        fprintf(stderr, "solve: %s\n", err.msg);
    sb_puzzle_free(&puzzle);
    if (fflush(stdout) != 0)
        return 2;
    return st == SB_OK ? 0 : st == SB_UNSOLVABLE ? 1 : st == SB_ELIMIT ? 3 : 2;
}
