#!/usr/bin/env bash
# gen_dense.sh DIR - writes the trays crowded with 1x1 blocks that
# tests/dense.sh solves and bench/run.sh times, as NAME.init / NAME.goal
# (corners format) in DIR, and lists the names with each one's block
# count and the length of its shortest solution (line metric):
#  checker41   41x41, a 1x1 block on every cell with r + c even (841
#              blocks, 840 empty cells); goal: a 1x1 at 0 1.
#  checker41b  the same tray; goal: 1x1 blocks at 0 1 and 1 0 (two moves:
#              the guide must see 1x1 goals on a tray keyed by its holes).
#  line2024    1x2024, 1,024 1x1 blocks packed left (columns 0..1023);
#              goal: a 1x1 at column 1024 (the last block steps right).
#  checker5    5x5 like checker41 (13 blocks): the bitboard's tray size.
#  stripes256  256x256, a 1x1 block on every even column of every row but
#              the last cell (255, 254): 32,767 blocks; goal: a 1x1 at 0 1.
set -eu
dir=$1
checker() {
    awk -v n="$1" 'BEGIN { print n, n
        for (r = 0; r < n; r++) for (c = 0; c < n; c++) if ((r + c) % 2 == 0) print r, c, r, c }'
}
checker 41 >"$dir/checker41.init"
echo "0 1 0 1" >"$dir/checker41.goal"
cp "$dir/checker41.init" "$dir/checker41b.init"
printf '0 1 0 1\n1 0 1 0\n' >"$dir/checker41b.goal"
awk 'BEGIN { print 1, 2024; for (c = 0; c < 1024; c++) print 0, c, 0, c }' >"$dir/line2024.init"
echo "0 1024 0 1024" >"$dir/line2024.goal"
checker 5 >"$dir/checker5.init"
echo "0 1 0 1" >"$dir/checker5.goal"
awk 'BEGIN { print 256, 256
    for (r = 0; r < 256; r++) for (c = 0; c < 256; c += 2) if (r != 255 || c != 254) print r, c, r, c }' \
    >"$dir/stripes256.init"
echo "0 1 0 1" >"$dir/stripes256.goal"
printf '%s\n' "checker41 841 1" "checker41b 841 2" "line2024 1024 1" "checker5 13 1" \
    "stripes256 32767 1"
