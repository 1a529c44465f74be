#!/usr/bin/env python3
"""solve.py - the Python module's smallest useful program: solve a puzzle and
print a picture of every step.

    python3 examples/solve.py [--metric unit|line|piece] [--optimal] INIT GOAL

Needs the slide module (README, "Python").  Exit status as `slide`'s:
0 solved, 1 unsolvable, 2 bad input, 3 a limit reached.
"""

import argparse
import sys

import slide


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("init")
    ap.add_argument("goal")
    # The metric's names are libslide's: an unknown one is its ValueError.
    ap.add_argument("--metric", default="line", help="unit, line or piece (default line)")
    ap.add_argument("--optimal", action="store_true")
    args = ap.parse_args()

    try:
        puzzle = slide.Puzzle.from_file(args.init, args.goal)
        moves = puzzle.solve(metric=args.metric, optimal=args.optimal)
    except slide.InputError as e:       # str(e) is "FILE:LINE: what is wrong"
        print(f"solve.py: {e}", file=sys.stderr)
        return 2
    except ValueError as e:             # "metric: unknown metric 'miles' (unit, line or piece)"
        print(f"solve.py: {e}", file=sys.stderr)
        return 2
    except slide.Unsolvable:
        print("solve.py: no solution", file=sys.stderr)
        return 1
    except slide.LimitError as e:
        print(f"solve.py: {e}", file=sys.stderr)
        return 3

    # pictures() judges each move as it draws it: a picture per step, the
    # start first.
    for step, picture in enumerate(puzzle.pictures(moves)):
        title = "start" if step == 0 else "move {}: {} {} -> {} {}".format(step, *moves[step - 1])
        print(title)
        print(picture)
    print(f"{len(moves)} slides, {slide.moves_length(moves, args.metric)} moves "
          f"under the {args.metric} metric")
    return 0


if __name__ == "__main__":
    sys.exit(main())
