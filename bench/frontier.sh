#!/usr/bin/env bash
# bench/frontier.sh - the frontier walk against the table on the CS61B hard
# suite's two largest --optimal searches, c71 (71.goal) and pandemonium;
# it does not pass or fail (tests/frontier.sh does that).  Usage:
# bench/frontier.sh [ROUNDS] (default 3).
#
# Builds the working tree (Release, build-bench/), then runs `slide
# --optimal --walk table` and `--walk frontier` on each pair in turn,
# table frontier, frontier table, ..., so the host's noise hits both alike;
# each run's moves are verified by slide-check.  Prints one line per run
# (wall and processor seconds, peak resident size as /usr/bin/time reads
# it) and, per pair and walk, the medians.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
build=build-bench
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j"$(nproc)" --target slide slide-check >/dev/null
dir=../shared/puzzles/cs61b/hard
[ -d "$dir" ] || { echo "no $dir: nothing to measure" >&2; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "# machine: $(nproc) cores, $(date -u '+%F %T') UTC, load $(cut -d' ' -f1-3 /proc/loadavg)," \
     "$rounds rounds, revision $(git describe --always --dirty)"
for ((i = 0; i < rounds; i++)); do
    for pair in "c71 71.goal" "pandemonium pandemonium.goal"; do
        set -- $pair
        walks="table frontier"
        ((i % 2)) && walks="frontier table"
        for walk in $walks; do
            /usr/bin/time -f "%e %U %S %M" -o "$tmp/time" "$build/slide" --optimal --walk "$walk" \
                -ostats "$dir/$1" "$dir/$2" >"$tmp/moves" 2>"$tmp/stats" || true
            verdict=$("$build/slide-check" "$dir/$1" "$dir/$2" "$tmp/moves" 2>&1 | head -1)
            moves=$(wc -l <"$tmp/moves")
            read -r wall user sys kb <"$tmp/time"
            printf '%s\t%s\t%s s wall\t%.2f s cpu\t%d MB peak RSS\t%s line moves\t%s\n' \
                "$1" "$walk" "$wall" "$(echo "$user + $sys" | bc)" $((kb / 1024)) "$moves" "$verdict" |
                tee -a "$tmp/runs"
        done
    done
done
echo "# medians"
for pair in c71 pandemonium; do
    for walk in table frontier; do
        awk -F'\t' -v p="$pair" -v w="$walk" '$1 == p && $2 == w {
                split($3, a, " "); split($4, b, " "); split($5, c, " ")
                wall[n] = a[1]; cpu[n] = b[1]; rss[n] = c[1]; n++ }
            function median(x, n,   i, j, t) {
                for (i = 0; i < n; i++) for (j = i + 1; j < n; j++)
                    if (x[j] < x[i]) { t = x[i]; x[i] = x[j]; x[j] = t }
                return n % 2 ? x[(n - 1) / 2] : (x[n / 2 - 1] + x[n / 2]) / 2 }
            END { printf "%s\t%s\t%.2f s wall\t%.2f s cpu\t%d MB peak RSS\n", p, w,
                         median(wall, n), median(cpu, n), median(rss, n) }' "$tmp/runs"
    done
done
