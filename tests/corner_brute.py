#!/usr/bin/env python3
"""corner_brute.py - an independent corner-to-corner census of a small
tray, for tests/corner_census.sh: every fill (piecesets_brute.py's
partitions) grouped by piece set, and a breadth-first search of this
file's own over every start, under the piece metric (one piece along
any path through empty cells is one move).

The goal piece of a layout is the piece on cell (0, 0) or, when that
cell is a hole, the first piece in reading order of anchors (the
leftmost cell of its top row) whose box covers it; the layout is a start
when that piece's box has its upper-left corner at (0, 0).  A goal
configuration has the goal piece's box at the lower-right corner; the
other pieces of one shape are interchangeable.  A start's distance is
the fewest moves to a goal configuration (none reachable: it does not
count); a member's hardest is its starts' greatest.

    corner_brute.py ROWS COLS [--wall R,C]... [--piece-count MIN..MAX]

prints "PIECES HOLES HARDEST SHAPES" a member (HARDEST "-": no start
counts), then "by PIECES HARDEST" a number of pieces.
"""
import argparse
import collections
import itertools

from piecesets_brute import connected, partitions, shape_of


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("rows", type=int)
    ap.add_argument("cols", type=int)
    ap.add_argument("--wall", action="append", default=[])
    ap.add_argument("--piece-count", default="")
    a = ap.parse_args()
    R, C = a.rows, a.cols
    walls = {tuple(int(x) for x in w.split(",")) for w in a.wall}
    open_cells = frozenset((r, c) for r in range(R) for c in range(C) if (r, c) not in walls)
    lo, hi = 0, len(open_cells)
    if a.piece_count:
        lo, _, hi = a.piece_count.partition("..")
        lo, hi = int(lo), int(hi or lo)

    # Every layout, by piece set: a layout is a list of pieces (frozensets).
    members = collections.defaultdict(list)
    for blocks in partitions(sorted(open_cells)):
        if any(len(b) > 1 and not connected(b) for b in blocks):
            continue
        singles = [b for b in blocks if len(b) == 1]
        larger = [frozenset(b) for b in blocks if len(b) > 1]
        for holes in itertools.product((True, False), repeat=len(singles)):
            pieces = larger + [frozenset(b) for b, h in zip(singles, holes) if not h]
            if not lo <= len(pieces) <= hi:
                continue
            key = (len(pieces), sum(holes), tuple(sorted(shape_of(p) for p in pieces)))
            members[key].append(pieces)

    def box(p):
        return (min(r for r, _ in p), min(c for _, c in p),
                max(r for r, _ in p), max(c for _, c in p))

    def goal_piece(pieces):
        for p in pieces:
            if (0, 0) in p:
                return p
        covering = [p for p in pieces if box(p)[:2] == (0, 0)]
        return min(covering, key=min) if covering else None

    def config(goal, others):
        return (tuple(sorted(goal)), tuple(sorted(tuple(sorted(p)) for p in others)))

    def moves(cfg):
        goal = frozenset(cfg[0])
        others = [frozenset(p) for p in cfg[1]]
        pieces = [goal] + others
        taken = set().union(*pieces)
        for i, p in enumerate(pieces):
            free = (open_cells - taken) | p
            seen = {(0, 0)}
            todo = [(0, 0)]
            while todo:   # flood fill of p's translations over free cells
                dr, dc = todo.pop()
                for n in ((dr + 1, dc), (dr - 1, dc), (dr, dc + 1), (dr, dc - 1)):
                    if n not in seen and all((r + n[0], c + n[1]) in free for r, c in p):
                        seen.add(n)
                        todo.append(n)
            for dr, dc in seen - {(0, 0)}:
                q = frozenset((r + dr, c + dc) for r, c in p)
                rest = pieces[:i] + [q] + pieces[i + 1:]
                yield config(rest[0], rest[1:])

    by_pieces = {}
    for key in sorted(members):
        layouts = members[key]
        # Goal configurations: any piece marked, its box at the lower right.
        dist = {}
        todo = collections.deque()
        for pieces in layouts:
            for i, p in enumerate(pieces):
                if box(p)[2:] == (R - 1, C - 1):
                    cfg = config(p, pieces[:i] + pieces[i + 1:])
                    if cfg not in dist:
                        dist[cfg] = 0
                        todo.append(cfg)
        while todo:   # moves can be undone: distances from the goal are to it
            cfg = todo.popleft()
            for nxt in moves(cfg):
                if nxt not in dist:
                    dist[nxt] = dist[cfg] + 1
                    todo.append(nxt)
        hardest = None
        for pieces in layouts:
            g = goal_piece(pieces)
            if g is None:
                continue
            d = dist.get(config(g, [p for p in pieces if p is not g]))
            if d is not None and (hardest is None or d > hardest):
                hardest = d
        print(key[0], key[1], "-" if hardest is None else hardest, " ".join(key[2]))
        if hardest is not None and hardest > by_pieces.get(key[0], -1):
            by_pieces[key[0]] = hardest
    for k in sorted(by_pieces):
        print("by", k, by_pieces[k])


if __name__ == "__main__":
    main()
