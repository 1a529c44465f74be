# rush_hour_layouts.py - how many layouts the Rush Hour census enumerates
# (docs/explore.md, "Measured censuses"): `python3 bench/rush_hour_layouts.py`,
# or N=4 for a 4x4 tray, whose count --census reproduces.
#
# Upper bound on Rush Hour NxN layouts (red car on row `red_row`, or any row):
# transfer matrix over rows, state = per column the cells a vertical piece
# still needs below (0, 1 or 2).  Free cells of a row are tiled by empty
# cells, cars (2) and trucks (3); on the red row one car is the red one.
# Counts of each kind are not bounded (the census bounds them), and no
# empty cell is required: an upper bound.
from functools import lru_cache
from itertools import product
import os
N = int(os.environ.get("N", 6))
@lru_cache(None)
def seg(n, red):  # tilings of a free run of n cells; red: how many red cars to place (0/1)
    if n == 0: return 1 if red == 0 else 0
    t = seg(n - 1, red)                       # empty
    if n >= 2:
        t += seg(n - 2, red)                  # car
        if red: t += seg(n - 2, 0)            # the red car
    if n >= 3: t += seg(n - 3, red)           # truck
    return t
def row_ways(free, red):
    # free: tuple of bools; red: 1 if this row holds the red car
    runs, n = [], 0
    for f in free + (False,):
        if f: n += 1
        elif n: runs.append(n); n = 0
    # distribute the red car to exactly one run
    if not red:
        p = 1
        for r in runs: p *= seg(r, 0)
        return p
    tot = 0
    for i in range(len(runs)):
        p = 1
        for j, r in enumerate(runs): p *= seg(r, 1 if i == j else 0)
        tot += p
    return tot
def count(red_row):
    states = {(0,) * N: 1}
    for row in range(N):
        nxt = {}
        left = N - row   # rows from this one down
        for st, w in states.items():
            # columns with st>0 are occupied by a continuing vertical piece
            options = []
            for c in range(N):
                if st[c]: options.append([('cont', st[c] - 1)])
                else:
                    o = [('free', 0), ('empty_v', 0)]
                    if left >= 2: o.append(('v2', 1))
                    if left >= 3: o.append(('v3', 2))
                    options.append(o)
            for choice in product(*options):
                free = tuple(k == 'free' for k, _ in choice)
                # 'empty_v' duplicates 'free' (a free cell may be empty): drop it
                if any(k == 'empty_v' for k, _ in choice): continue
                ways = row_ways(free, 1 if row == red_row else 0)
                if ways:
                    ns = tuple(v for _, v in choice)
                    nxt[ns] = nxt.get(ns, 0) + w * ways
        states = nxt
    return states.get((0,) * N, 0)
r2 = count(min(2, N - 1))
allr = sum(count(r) for r in range(N))
print("red on row 2:", r2, " red on any row:", allr)
