#!/usr/bin/env python3
"""gen_bigtrays.py DIR COUNT [SEED] - writes large solvable puzzles for
tests/default.sh: DIR/bNN.init and DIR/bNN.goal in corner format.

Each tray is 10x10 to 16x16, filled at random with 1x1, 1x2, 2x1, 2x2,
1x3 and 3x1 blocks until about a fifth of its cells are left empty (the
slack).  The blocks then take a random walk: 20 to 60 one-cell steps,
each by a block that can make one (never straight back), so that a later
step often uses the room an earlier one made.  The goal names where every
block that moved ended, and a third of the others where they stand: a
goal placing many pieces, which the walk reached, so the puzzle is
solvable, and which the walk's steps, taken in turn, reach as a chain of
one-step subgoals.  The walk's length says nothing about the shortest
solution (blocks of one size are interchangeable, and steps may cancel),
so the tests check answers with slide-check, never against it.  Python's
random.Random(SEED) makes the set the same on every run."""
import os
import random
import sys

STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))
SHAPES = ((1, 1), (1, 1), (1, 2), (2, 1), (2, 2), (1, 3), (3, 1))


def fits(occ, rows, cols, r, c, h, w, me=None):
    if r < 0 or c < 0 or r + h > rows or c + w > cols:
        return False
    return all(occ[y][x] in (None, me) for y in range(r, r + h) for x in range(c, c + w))


def paint(occ, r, c, h, w, who):
    for y in range(r, r + h):
        for x in range(c, c + w):
            occ[y][x] = who


def tray(rnd):
    rows, cols = rnd.randint(10, 16), rnd.randint(10, 16)
    occ = [[None] * cols for _ in range(rows)]
    blocks, filled, target = [], 0, rows * cols * 4 // 5
    for _ in range(rows * cols * 20):
        if filled >= target:
            break
        h, w = rnd.choice(SHAPES)
        r, c = rnd.randrange(rows), rnd.randrange(cols)
        if fits(occ, rows, cols, r, c, h, w):
            paint(occ, r, c, h, w, len(blocks))
            blocks.append([r, c, h, w])
            filled += h * w
    return rows, cols, occ, blocks


def walk(rnd, rows, cols, occ, blocks, steps):
    moved, last = set(), None
    for _ in range(steps):
        options = []
        for i, (r, c, h, w) in enumerate(blocks):
            for d, (dr, dc) in enumerate(STEPS):
                if last == (i, d ^ 1):
                    continue   # straight back
                if fits(occ, rows, cols, r + dr, c + dc, h, w, me=i):
                    options.append((i, d))
        if not options:
            break
        i, d = rnd.choice(options)
        r, c, h, w = blocks[i]
        paint(occ, r, c, h, w, None)
        r, c = r + STEPS[d][0], c + STEPS[d][1]
        paint(occ, r, c, h, w, i)
        blocks[i][:2] = [r, c]
        moved.add(i)
        last = (i, d)
    return moved


def corners(b):
    r, c, h, w = b
    return f"{r} {c} {r + h - 1} {c + w - 1}\n"


def main():
    d, count = sys.argv[1], int(sys.argv[2])
    rnd = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    os.makedirs(d, exist_ok=True)
    for k in range(count):
        rows, cols, occ, blocks = tray(rnd)
        start = [list(b) for b in blocks]
        moved = walk(rnd, rows, cols, occ, blocks, rnd.randint(20, 60))
        name = os.path.join(d, f"b{k:02d}")
        with open(name + ".init", "w") as f:
            f.write(f"{rows} {cols}\n")
            f.writelines(corners(b) for b in start)
        with open(name + ".goal", "w") as f:
            f.writelines(corners(b) for i, b in enumerate(blocks)
                         if i in moved or rnd.random() < 1 / 3)


main()
