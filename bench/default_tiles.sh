#!/usr/bin/env bash
# bench/default_tiles.sh - default mode (no --optimal) on Korf's 100 random
# 15-puzzles (bench/korf100.tsv), whose shortest lengths are published:
# docs/performance.md, "Default mode against --optimal".  It measures; it
# does not pass or fail (tests/default.sh does that).  Usage:
# bench/default_tiles.sh
#
# Each instance is solved once as a whole process against Korf's goal (the
# hole in the upper-left corner, tile k in cell k), its moves checked by
# slide-check.  One row an instance: its number, the published length, our
# length, their ratio, the CPU seconds of the whole process (user and
# system: on a loaded machine the wall clock also counts waiting for a
# core; building the small pattern databases is included) and the
# configurations stored; then the medians and the extremes.  SLIDE=path measures another
# build's slide (its slide-check beside it).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/build.sh
bench_build slide-check
check=$(dirname "$SLIDE")/slide-check
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# tiles NUMBERS...: a 4x4 picture, row by row, 0 the hole.
tiles() {
    echo "$@" | awk '{
        digits = "123456789ABCDEF"
        for (i = 1; i <= NF; i++) {
            line = line ($i == 0 ? "." : substr(digits, $i, 1))
            if (i % 4 == 0) { print line; line = "" }
        }
    }'
}
tiles 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 >"$tmp/goal"

echo "# machine: $(nproc) cores, $(date -u +%F), load $(cut -d' ' -f1-3 /proc/loadavg), $("$SLIDE" --version | head -1)"
printf 'instance\tshortest\tdefault\tratio\tcpu_seconds\tstored\n'
grep -v '^#' bench/korf100.tsv | tail -n +2 | while IFS=$'\t' read -r n t len nodes; do
    { tiles $t; echo "distinct: *"; } >"$tmp/init"
    /usr/bin/time -o "$tmp/cpu" -f '%U %S' "$SLIDE" -ostats "$tmp/init" "$tmp/goal" \
        >"$tmp/moves" 2>"$tmp/err"
    [ "$("$check" "$tmp/init" "$tmp/goal" "$tmp/moves")" = Verified ] ||
        { echo "instance $n: not Verified" >&2; exit 1; }
    ours=$(sed -n 's/^length: \([0-9]*\) unit.*/\1/p' "$tmp/err")
    secs=$(awk '{ print $1 + $2 }' "$tmp/cpu")
    stored=$(sed -n 's/^stored: //p' "$tmp/err")
    printf '%s\t%s\t%s\t%.3f\t%s\t%s\n' "$n" "$len" "$ours" "$(echo "$ours / $len" | bc -l)" \
        "$secs" "$stored"
done | tee "$tmp/rows"
for col in 4 5 6; do
    sort -g -k"$col","$col" -t$'\t' "$tmp/rows" |
        awk -F'\t' -v c="$col" '{ v[NR] = $c; s += $c }
            END { printf "# %s: median %s, mean %.3f, least %s, most %s\n",
                  c == 4 ? "ratio" : c == 5 ? "CPU seconds" : "stored",
                  v[int((NR + 1) / 2)], s / NR, v[1], v[NR] }'
done
