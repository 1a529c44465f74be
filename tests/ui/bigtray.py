#!/usr/bin/env python3
"""bigtray.py DIR - writes DIR/big.init and DIR/big.goal: a 100x100 tray
of 9,999 1x1 blocks with the hole in the upper-left corner, and a goal
naming a block for every cell but (50, 50), so the hole must travel there.

It stands in for the CS61B big.tray.4 (which the project may not copy) in
the HTML player's test: the page must stay usable with 10,000 blocks and
about a hundred moves."""
import os
import sys

N, HOLE = 100, (50, 50)
d = sys.argv[1]
cells = [(r, c) for r in range(N) for c in range(N)]
with open(os.path.join(d, "big.init"), "w") as f:
    f.write(f"{N} {N}\n")
    f.writelines(f"{r} {c} {r} {c}\n" for r, c in cells if (r, c) != (0, 0))
with open(os.path.join(d, "big.goal"), "w") as f:
    f.writelines(f"{r} {c} {r} {c}\n" for r, c in cells if (r, c) != HOLE)
