#!/usr/bin/env bash
# gen_trays.sh - writes small random puzzles for tests that compare two
# searches (optimal.sh).  Usage: gen_trays.sh DIR COUNT [SEED]
#
# Each puzzle is DIR/rNN.init and DIR/rNN.goal in corner format: a tray of
# 3x3 up to 4x5, random 1x1, 1x2, 2x1 and 2x2 blocks dropped at random free
# places until 1 to 3 cells are left empty (or placement keeps failing), and
# a goal naming the largest block at a random place it fits.  The puzzles
# need not be solvable: comparing an unsolvable verdict matters too.  awk's
# srand(SEED) makes the set the same on every run of the same awk.
set -eu
dir=$1 count=$2 seed=${3:-4}
mkdir -p "$dir"
awk -v dir="$dir" -v count="$count" -v seed="$seed" '
function place(   h, w, r, c, y, x, ok) {
    h = 1 + int(rand() * 2); w = 1 + int(rand() * 2)
    if (h > H || w > W) return 0
    r = int(rand() * (H - h + 1)); c = int(rand() * (W - w + 1))
    for (y = r; y < r + h; y++) for (x = c; x < c + w; x++) if (occ[y, x]) return 0
    for (y = r; y < r + h; y++) for (x = c; x < c + w; x++) occ[y, x] = 1
    n++; R[n] = r; C[n] = c; BH[n] = h; BW[n] = w; free -= h * w
    return 1
}
BEGIN {
    srand(seed)
    for (k = 1; k <= count; k++) {
        H = 3 + int(rand() * 2); W = 3 + int(rand() * 3)
        delete occ; n = 0; free = H * W
        leave = 1 + int(rand() * 3)
        for (tries = 0; free > leave && tries < 400; tries++) place()
        name = sprintf("%s/r%02d", dir, k)
        printf "%d %d\n", H, W > (name ".init")
        big = 1
        for (i = 1; i <= n; i++) {
            printf "%d %d %d %d\n", R[i], C[i], R[i] + BH[i] - 1, C[i] + BW[i] - 1 > (name ".init")
            if (BH[i] * BW[i] > BH[big] * BW[big]) big = i
        }
        gr = int(rand() * (H - BH[big] + 1)); gc = int(rand() * (W - BW[big] + 1))
        printf "%d %d %d %d\n", gr, gc, gr + BH[big] - 1, gc + BW[big] - 1 > (name ".goal")
        close(name ".init"); close(name ".goal")
    }
}'
