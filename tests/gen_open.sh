#!/usr/bin/env bash
# gen_open.sh DIR - writes DIR/open.init and DIR/open.goal (corners
# format), the puzzle the tests interrupt (interrupt.sh, progress.sh): a
# 3x40 tray whose top row is one 1x40 block that can never move, above 70
# 1x1 blocks and 10 empty cells.  It is unsolvable (the goal wants the
# long block on the bottom row), and its C(80, 10) = 1.6e12
# configurations are far too many to exhaust, so only an interrupt (or a
# backstop limit) ends a search or a walk of it; none can finish first.
set -eu
dir=$1
awk 'BEGIN { print 3, 40; print 0, 0, 0, 39
             for (k = 0; k < 70; k++) print 1 + int(k / 40), k % 40, 1 + int(k / 40), k % 40 }' \
    >"$dir/open.init"
echo "2 0 2 39" >"$dir/open.goal"
