#!/usr/bin/env bash
# paths.sh - the bitboard and the general path must agree.  For every
# puzzle whose tray fits the bitboard (the CS61B pairs on such trays, the
# project's classics, and randomly generated trays, both those whose image
# fits 64 bits, which the BFS kernel runs, and those up to 128 bits, which
# run on the 128-bit image), both engines solve it with --optimal under
# each metric: same exit status, same optimal length, and both solutions
# verified by slide-check.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE SLIDE_CHECK SLIDE_EXPLORE PROJECT_PUZZLES SHARED_PUZZLES

# fits ROWS COLS: does the spaced image fit the bitboard (128 bits)?
fits() { [ $(( (2 * $1 - 1) * (2 * $2 - 1) )) -le 128 ]; }

compare() {  # compare INIT GOAL LABEL
    local init=$1 goal=$2 label=$3 metric engine rc
    for metric in unit line piece; do
        local result=()
        for engine in bitboard general; do
            "$SLIDE" -ostats --optimal --max-states 200000 --metric "$metric" --engine "$engine" \
                "$init" "$goal" >"$tmp/$engine.moves" 2>"$tmp/$engine.err"
            rc=$?
            if [ "$rc" = 0 ]; then
                if ! verified "$init" "$goal" "$tmp/$engine.moves"; then
                    result+=("unverified")
                    continue
                fi
                result+=("0:$(length "$tmp/$engine.err" "$metric")")
            else
                result+=("$rc")
            fi
            # When the bitboard stops at the limit or refuses the puzzle
            # (shapes, walls, one-axis or marked pieces: general only),
            # there is nothing to compare: the general board is not run
            # (for the 15-puzzle it would build pattern databases for
            # most of a minute to prove nothing here).
            if [ "$engine" = bitboard ] && { [ "$rc" = 3 ] ||
                { [ "$rc" = 2 ] && grep -qF "needs the general representation (--engine general)" "$tmp/bitboard.err"; }; }; then
                break
            fi
        done
        [ "${#result[@]}" = 2 ] || continue
        if [ "${result[0]}" = 3 ] || [ "${result[1]}" = 3 ]; then
            continue    # a limit on either side proves nothing either way
        fi
        if [ "${result[0]}" = "${result[1]}" ] && [ "${result[0]}" != unverified ]; then pass
        else fail "$label --metric $metric: bitboard ${result[0]}, general ${result[1]}"; fi
    done
}

for p in "$PROJECT_PUZZLES"/*.init; do
    compare "$p" "${p%.init}.goal" "$(basename "$p")"
done

dir=$SHARED_PUZZLES/cs61b
if [ -f "$dir/manifest.tsv" ]; then
    while IFS=$'\t' read -r suite init goal expect; do
        [ "$suite" = suite ] && continue
        read -r rows cols _ <"$dir/$suite/$init" || continue
        fits "$rows" "$cols" && compare "$dir/$suite/$init" "$dir/$suite/$goal" "$suite/$init $goal"
    done <"$dir/manifest.tsv"
else
    echo "paths: $dir not found: CS61B pairs skipped (they live in ../shared)"
fi

# Random trays, written by one awk program in two modes.  Half the trays
# have images up to 64 bits (the BFS kernel), half up to 128; one-row and
# one-column trays included.  The seed is
# fixed so a failure can be reproduced.
#   random: blocks of random sizes dropped where they fit, and a goal
#     naming one block's size at a random place it could occupy.  Every
#     second goal is centred left to right where it can be: the bitboard
#     then folds mirror-image pairs (a configuration and its mirror are
#     equally far from such a goal), which the general path never does.
#   mirror: each block placed with its mirror image, the goal centred.
#     On trays up to 64 bits the kernel folds the whole space, so
#     slide-explore's counts (reachable, farthest, widest layer, goals,
#     nearest goal) must still match the general path's, which counts
#     every configuration one by one.
make_trays() {  # make_trays MODE SEED COUNT
    awk -v mode="$1" -v seed="$2" -v count="$3" -v dir="$tmp" '
    function rnd(n) { return int(rand() * n) }
    function free(r, c, h, w,   y, x) {
        for (y = r; y < r + h; y++) for (x = c; x < c + w; x++) if ((y, x) in used) return 0
        return 1
    }
    function put(r, c, h, w,   y, x) {
        for (y = r; y < r + h; y++) for (x = c; x < c + w; x++) used[y, x] = 1
        bh[nb] = h; bw[nb] = w; br[nb] = r; bc[nb] = c; nb++
    }
    BEGIN {
        srand(seed)
        for (k = 0; k < count; k++) {
            # trays up to 64 image bits, then trays of 65 to 128
            low = k % 4 < 2 ? 0 : 64; high = low ? 128 : 64
            do { rows = 1 + rnd(6); cols = 1 + rnd(6); bits = (2*rows-1) * (2*cols-1) } \
                while (bits > high || bits <= low)
            delete used; nb = 0
            for (t = 0; t < 40 && nb < rows * cols - 2; t++) {
                h = 1 + rnd(rows < 2 ? 1 : 2); w = 1 + rnd(cols < 2 ? 1 : 2)
                r = rnd(rows - h + 1); c = rnd(cols - w + 1)
                m = cols - c - w
                if (mode == "random" || m == c) { if (free(r, c, h, w)) put(r, c, h, w); continue }
                if (m < c + w && c < m + w) continue     # a block would overlap its mirror
                if (!free(r, c, h, w) || !free(r, m, h, w)) continue
                put(r, c, h, w); put(r, m, h, w)
            }
            g = rnd(nb); gr = rnd(rows - bh[g] + 1); gc = rnd(cols - bw[g] + 1)
            centred = (cols - bw[g]) % 2 == 0
            if (nb == 0 || (mode == "mirror" && !centred)) continue
            if (mode == "mirror" || k % 2 && centred) gc = (cols - bw[g]) / 2
            f = dir "/" mode k
            print rows, cols > (f ".init")
            for (i = 0; i < nb; i++) print br[i], bc[i], br[i] + bh[i] - 1, bc[i] + bw[i] - 1 > (f ".init")
            print gr, gc, gr + bh[g] - 1, gc + bw[g] - 1 > (f ".goal")
            close(f ".init"); close(f ".goal")
        }
    }'
}
make_trays random 20261125 40
make_trays mirror 20261126 30
for p in "$tmp"/random*.init; do
    compare "$p" "${p%.init}.goal" "random $(basename "$p") ($(tr '\n' ';' <"$p"))"
done

for p in "$tmp"/mirror*.init; do
    label="mirror $(basename "$p") ($(tr '\n' ';' <"$p"))"
    compare "$p" "${p%.init}.goal" "$label"
    for metric in unit piece; do
        limited=no
        for engine in bitboard general; do
            "$SLIDE_EXPLORE" --metric "$metric" --engine "$engine" --max-states 200000 \
                "$p" "${p%.init}.goal" >"$tmp/$engine.explore" 2>&1
            [ $? = 3 ] && limited=yes
        done
        [ "$limited" = yes ] && continue    # a limit on either side proves nothing
        if [ "$(explore_facts "$tmp/bitboard.explore")" = "$(explore_facts "$tmp/general.explore")" ] &&
            grep -q '^reachable' "$tmp/general.explore"; then
            pass
        else
            fail "$label: slide-explore --metric $metric differs between engines"
            diff "$tmp/bitboard.explore" "$tmp/general.explore" | head -5
        fi
    done
done

finish paths
