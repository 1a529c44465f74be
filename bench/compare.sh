#!/usr/bin/env bash
# bench/compare.sh - before and after in one run: is a change as fast as the
# revision it started from?  Usage: bench/compare.sh BASE_REV [RUNS]
#
# Builds BASE_REV (Release, in a temporary git worktree, removed on exit) and
# the working tree (Release, build-bench/), then runs the two builds in turn,
# base new, new base, base new ..., so the host's noise hits both alike and
# neither always goes first.  RUNS rounds (default 11) of: slide-bench on the
# classic 横刀立马 (shortest line solution, each engine; one invocation prints
# the median of 11 solves), and every pair of the CS61B hard suite, whole
# process, timed as bench/run.sh times it (read from ../shared when there).
# Then the maps and the tiles, whole process, in min(RUNS, 5) rounds: the
# Klotski family and the small Rush Hour census on one thread (the walkers
# of the census), Rosetta Code's 15-puzzle in default mode and --optimal
# (pattern databases built in the process, no cache: the build and IDA*).
# Prints per item the base median, the new median and new/base: for the
# classic the median of the invocations' medians; for the suite the sum over
# pairs of each pair's median, as bench/run.sh sums it.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: bench/compare.sh BASE_REV [RUNS]" >&2; exit 2; }
base_rev=$1 runs=${2:-11} solves=11
tmp=$(mktemp -d)
trap 'git worktree remove --force "$tmp/base" 2>/dev/null || true; rm -rf "$tmp"; git worktree prune' EXIT
git worktree add --detach -q "$tmp/base" "$base_rev"

build() { # SOURCE_DIR BUILD_DIR
    cmake -S "$1" -B "$2" -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build "$2" -j"$(nproc)" --target slide slide-explore slide-bench >/dev/null
}
build "$tmp/base" "$tmp/build"
build . build-bench
declare -A bin=([base]=$tmp/build [new]=build-bench)
times=$tmp/times # lines: item, side, milliseconds

echo "# base $base_rev ($(git -C "$tmp/base" rev-parse --short HEAD)), new: working tree" \
     "($(git describe --always --dirty)), $runs alternating runs, $(date -u '+%F %T') UTC"
order() { (($1 % 2)) && echo new base || echo base new; } # round's order of the two builds
for ((i = 0; i < runs; i++)); do
    for side in $(order $i); do
        "${bin[$side]}/slide-bench" --runs "$solves" --optimal --metric line --engine both \
            --label classic puzzles/klotski.init puzzles/klotski.goal |
            awk -F'\t' -v s="$side" '{ printf "classic in-process, %s\t%s\t%.6f\n", $2, s, $3 * 1000 }' >>"$times"
    done
done

dir=../shared/puzzles/cs61b
pairs=()
if [ -f "$dir/manifest.tsv" ]; then
    mapfile -t pairs < <(awk -F'\t' '$1 == "hard" { print $2, $3 }' "$dir/manifest.tsv")
    for ((i = 0; i < runs; i++)); do
        for pair in "${pairs[@]}"; do
            for side in $(order $i); do
                t0=$(date +%s%N)
                "${bin[$side]}/slide" "$dir/hard/${pair% *}" "$dir/hard/${pair#* }" >/dev/null 2>&1 || true
                printf 'hard %s\t%s\t%se-6\n' "$pair" "$side" $(($(date +%s%N) - t0)) >>"$times"
            done
        done
    done
fi

# The maps and the tiles: whole process, fewer rounds (each takes seconds).
heavy=(
    "family, Klotski, 1 thread|slide-explore --family --threads 1 puzzles/klotski.init"
    "census, rush-hour-small, 1 thread|slide-explore --census --threads 1 puzzles/census/rush-hour-small.spec"
    "15-puzzle Rosetta, default|slide puzzles/fifteen-rosetta.init puzzles/fifteen-rosetta.goal"
    "15-puzzle Rosetta, --optimal, tables built|slide --optimal puzzles/fifteen-rosetta.init puzzles/fifteen-rosetta.goal"
)
heavy_runs=$((runs < 5 ? runs : 5))
for ((i = 0; i < heavy_runs; i++)); do
    for h in "${heavy[@]}"; do
        item=${h%%|*} cmd=(${h#*|})
        for side in $(order $i); do
            # Tables built in the process on both sides: a slide that keeps
            # them in the user's cache by default is asked to keep none.
            keep=()
            [ "${cmd[1]}" = --optimal ] && "${bin[$side]}/slide" --help 2>&1 | grep -q -- --no-pdb-cache &&
                keep=(--no-pdb-cache)
            t0=$(date +%s%N)
            "${bin[$side]}/${cmd[0]}" "${keep[@]}" "${cmd[@]:1}" >/dev/null 2>&1 || true
            printf '%s\t%s\t%se-6\n' "$item" "$side" $(($(date +%s%N) - t0)) >>"$times"
        done
    done
done

median() { # ITEM SIDE: the median of what was recorded for them
    awk -F'\t' -v i="$1" -v s="$2" '$1 == i && $2 == s { print $3 + 0 }' "$times" | sort -g |
        awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
row() { awk -v i="$1" -v b="$2" -v n="$3" 'BEGIN { printf "%s\t%.3f\t%.3f\t%.3f\n", i, b, n, n / b }'; }

printf 'item\tbase_ms\tnew_ms\tnew/base\n'
for engine in bitboard general; do
    item="classic in-process, $engine"
    row "$item" "$(median "$item" base)" "$(median "$item" new)"
done
if ((${#pairs[@]})); then
    declare -A total=([base]=0 [new]=0)
    for pair in "${pairs[@]}"; do
        for side in base new; do
            total[$side]=$(awk -v t="${total[$side]}" -v m="$(median "hard $pair" "$side")" 'BEGIN { print t + m }')
        done
    done
    row "CS61B hard suite, whole process, sum of ${#pairs[@]} pair medians" "${total[base]}" "${total[new]}"
else
    echo "# $dir absent: CS61B hard suite skipped"
fi
for h in "${heavy[@]}"; do
    item=${h%%|*}
    row "$item, whole process" "$(median "$item" base)" "$(median "$item" new)"
done
