#!/usr/bin/env python3
"""piecesets_brute.py - an independent count of the fills of a small tray
by pieces of any shape and holes, for tests/piecesets.sh.

Where the engine places whole pieces on the first undecided cell, this
goes through every partition of the open cells into blocks (restricted
growth strings): a block of one cell is a hole or a one-cell piece, a
larger block a piece when its cells are joined edge to edge.  A piece
set is the fill's multiset of shapes (cells shifted to their box's
corner) with its holes.

    piecesets_brute.py ROWS COLS [--wall R,C]... [--piece-cells N]
                       [--piece-count MIN..MAX] [--empty N]

prints one line a member, "PIECES HOLES FILLS SHAPES" with SHAPES the
pieces' pictures (rows of # and ., joined by /) sorted, then
"total FILLS SETS".
"""
import argparse
import collections
import itertools


def shape_of(cells):
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    h = max(r for r, _ in cells) - top + 1
    w = max(c for _, c in cells) - left + 1
    rows = []
    for r in range(h):
        rows.append("".join("#" if (top + r, left + c) in cells else "." for c in range(w)))
    return "/".join(rows)


def connected(cells):
    cells = set(cells)
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def partitions(items):
    """Every set partition of items (restricted growth strings)."""
    n = len(items)
    if n == 0:
        yield []
        return

    def grow(i, blocks):
        if i == n:
            yield [list(b) for b in blocks]
            return
        for b in blocks:
            b.append(items[i])
            yield from grow(i + 1, blocks)
            b.pop()
        blocks.append([items[i]])
        yield from grow(i + 1, blocks)
        blocks.pop()

    yield from grow(0, [])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("rows", type=int)
    ap.add_argument("cols", type=int)
    ap.add_argument("--wall", action="append", default=[])
    ap.add_argument("--piece-cells", type=int, default=0)
    ap.add_argument("--piece-count", default="")
    ap.add_argument("--empty", type=int, default=0)
    a = ap.parse_args()
    walls = {tuple(int(x) for x in w.split(",")) for w in a.wall}
    cells = [(r, c) for r in range(a.rows) for c in range(a.cols) if (r, c) not in walls]
    lo, hi = 0, len(cells)
    if a.piece_count:
        lo, _, hi = a.piece_count.partition("..")
        lo, hi = int(lo), int(hi or lo)
    sets = collections.Counter()
    for blocks in partitions(cells):
        if any(len(b) > 1 and not connected(b) for b in blocks):
            continue
        if a.piece_cells and any(len(b) > a.piece_cells for b in blocks):
            continue
        singles = [b for b in blocks if len(b) == 1]
        larger = [shape_of(set(b)) for b in blocks if len(b) > 1]
        # Each one-cell block is a hole or a one-cell piece.
        for holes in itertools.product((True, False), repeat=len(singles)):
            nholes = sum(holes)
            pieces = larger + ["#"] * (len(singles) - nholes)
            if nholes < a.empty or not lo <= len(pieces) <= hi:
                continue
            sets[(len(pieces), nholes, tuple(sorted(pieces)))] += 1
    for (pieces, holes, shapes), fills in sorted(sets.items()):
        print(pieces, holes, fills, " ".join(shapes))
    print("total", sum(sets.values()), len(sets))


if __name__ == "__main__":
    main()
