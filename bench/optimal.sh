#!/usr/bin/env bash
# bench/optimal.sh - optimal solving at scale, measured (docs/performance.md);
# it does not pass or fail (the tests do that).  Usage: bench/optimal.sh [PART...]
# with PART among rosetta, extra, korf, cs61b, 24 (default: all of them).
#
#   rosetta  the 15-puzzle of Rosetta Code (puzzles/fifteen-rosetta, 52 moves):
#            once building the pattern databases into the cache, then three
#            times reading them from it (whole process, wall clock)
#   extra    Rosetta Code's "extra credit" position (80 moves)
#   korf     Korf's 100 random instances (bench/korf100.tsv), two at a time on
#            the machine's cores: each instance's length against the published
#            one, our IDA*'s expansions beside Korf's 1985 node count, the total
#   cs61b    the 6x6 pairs c71 and pandemonium with --optimal (BFS), and with
#            --algo idastar and --algo astar under a time limit, on the
#            bitboard (the catalog's bound) and on the general board (the
#            block pattern databases)
#   24       the 24-puzzle: random walks of growing length from the goal, each
#            under a time limit (but the first, which builds the databases):
#            how far IDA* with the databases gets
# Every run is `slide --optimal -ostats --pdb-dir DIR`; DIR is
# build-bench/pdb (kept between runs: delete it to time a build again).
set -euo pipefail
cd "$(dirname "$0")/.."
build=build-bench
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j"$(nproc)" >/dev/null
slide=$build/slide pdb=$build/pdb work=$build/optimal
mkdir -p "$pdb" "$work"
parts=${*:-rosetta extra korf cs61b 24}
echo "# machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(date -u +%F), load $(cut -d' ' -f1-3 /proc/loadavg)"

# tiles W NUMBERS...: a picture of a tile puzzle, row by row, 0 the hole.
tiles() {
    local w=$1
    shift
    echo "$@" | awk -v w="$w" '{
        digits = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        for (i = 1; i <= NF; i++) {
            line = line ($i == 0 ? "." : substr(digits, $i, 1))
            if (i % w == 0) { print line; line = "" }
        }
    }'
}

# run LABEL INIT GOAL [OPTIONS...]: one whole-process solve, one line of figures.
run() {
    local label=$1 init=$2 goal=$3
    shift 3
    local start end st=0
    start=$(date +%s.%N)
    "$slide" --optimal -ostats --pdb-dir "$pdb" "$@" "$init" "$goal" >"$work/moves" 2>"$work/stats" || st=$?
    end=$(date +%s.%N)
    awk -v label="$label" -v st="$st" -v wall="$(echo "$end - $start" | bc)" -F': ' '
        $1 == "algorithm" { algo = $2 } $1 == "expanded" { nexp = $2 }
        $1 == "peak memory" { split($2, m, " "); mem = m[1] }
        $1 == "pattern database" { pdb = $2 }
        $1 == "length" { split($2, l, " "); len = l[1] "/" l[3] "/" l[5] }
        END { printf "%s\t%s\texit %s\t%.2f s\t%s expanded\t%.0f MB\tlength(unit/line/piece) %s\tpdb: %s\n",
                     label, algo, st, wall, nexp, mem / 1e6, len, pdb }' "$work/stats"
}

if [[ $parts == *rosetta* ]]; then
    echo "# the Rosetta Code 15-puzzle (52 moves): first run builds the databases when the cache is empty"
    for k in 1 2 3 4; do
        run "rosetta run $k" puzzles/fifteen-rosetta.init puzzles/fifteen-rosetta.goal
    done
fi

if [[ $parts == *extra* ]]; then
    echo "# Rosetta Code's extra credit (80 moves)"
    { tiles 4 0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1; echo "distinct: *"; } >"$work/extra.init"
    run "extra credit" "$work/extra.init" puzzles/fifteen-rosetta.goal
fi

if [[ $parts == *korf* ]]; then
    echo "# Korf's 100 (two at a time): instance, length (published), our expansions, Korf's nodes, seconds"
    tiles 4 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 >"$work/korf.goal"
    # One instance's databases are every instance's (one goal): built once first.
    grep -v '^#' bench/korf100.tsv | sed 1d | head -1 | while IFS=$'\t' read -r n t len nodes; do
        { tiles 4 $t; echo "distinct: *"; } >"$work/korf-warm.init"
        "$slide" --optimal --pdb-dir "$pdb" "$work/korf-warm.init" "$work/korf.goal" >/dev/null
    done
    start=$(date +%s.%N)
    grep -v '^#' bench/korf100.tsv | sed 1d | while IFS=$'\t' read -r n t len nodes; do
        { tiles 4 $t; echo "distinct: *"; } >"$work/korf-$n.init"
        echo "$n $len $nodes"
    done | xargs -P 2 -n 3 sh -c '
        slide=$0 pdb=$1 work=$2 check=$3 n=$4 want=$5 korf=$6
        s=$(date +%s.%N)
        "$slide" --optimal -ostats --pdb-dir "$pdb" "$work/korf-$n.init" "$work/korf.goal" \
            2>"$work/korf-$n.stats" | "$check" "$work/korf-$n.init" "$work/korf.goal" >/dev/null 2>&1 \
            && ok=verified || ok=REFUSED
        e=$(date +%s.%N)
        awk -v n="$n" -v want="$want" -v korf="$korf" -v ok="$ok" -v t="$(echo "$e - $s" | bc)" -F": " "
            \$1 == \"expanded\" { nexp = \$2 } \$1 == \"length\" { split(\$2, l, \" \"); len = l[1] }
            END { printf \"korf\t%s\t%s (%s)%s\t%s\t%s\t%.2f s\t%s\n\", n, len, want,
                         len == want ? \"\" : \" WRONG\", nexp, korf, t, ok }" "$work/korf-$n.stats"
    ' "$slide" "$pdb" "$work" "$build/slide-check" | sort -n -k2 | tee "$work/korf.tsv"
    end=$(date +%s.%N)
    awk -F'\t' -v wall="$(echo "$end - $start" | bc)" '
        { nexp += $4; korf += $5; cpu += $6; wrong += ($3 ~ /WRONG/); bad += ($7 != "verified") }
        END { printf "korf total\t%d instances, %d wrong lengths, %d not verified, %.0f expanded (Korf: %.0f), %.1f s summed, %.1f s wall on 2 cores\n",
                     NR, wrong, bad, nexp, korf, cpu, wall }' "$work/korf.tsv"
fi

dir=../shared/puzzles/cs61b/hard
if [[ $parts == *cs61b* && -d $dir ]]; then
    echo "# CS61B 6x6 pairs, --optimal"
    for pair in "c71 71.goal" "pandemonium pandemonium.goal"; do
        set -- $pair
        run "$1 bfs" "$dir/$1" "$dir/$2"
        run "$1 idastar (60 s)" "$dir/$1" "$dir/$2" --algo idastar --time-limit 60
        run "$1 astar (60 s)" "$dir/$1" "$dir/$2" --algo astar --time-limit 60
        run "$1 idastar, block databases (60 s)" "$dir/$1" "$dir/$2" --algo idastar \
            --engine general --time-limit 60
        run "$1 astar, block databases (60 s)" "$dir/$1" "$dir/$2" --algo astar \
            --engine general --time-limit 60
    done
fi

if [[ $parts == *24* ]]; then
    echo "# the 24-puzzle: random walks of the hole from the goal (seeded), 120 s each"
    tiles 5 $(seq 1 24) 0 >"$work/24.goal"
    for steps in 40 60 80 100 150 200; do
        awk -v steps="$steps" 'BEGIN {
            srand(steps); for (i = 0; i < 24; i++) b[i] = i + 1; b[24] = 0; h = 24; prev = -1
            for (s = 0; s < steps; ) {
                d = int(rand() * 4); r = int(h / 5); c = h % 5
                if (d == 0 && r > 0) n = h - 5; else if (d == 1 && r < 4) n = h + 5
                else if (d == 2 && c > 0) n = h - 1; else if (d == 3 && c < 4) n = h + 1; else continue
                if (n == prev) continue
                b[h] = b[n]; b[n] = 0; prev = h; h = n; s++
            }
            for (i = 0; i < 25; i++) printf "%d ", b[i]; print ""
        }' >"$work/24-$steps.tiles"
        { tiles 5 $(cat "$work/24-$steps.tiles"); echo "distinct: *"; } >"$work/24-$steps.init"
        # The first (short) walk runs unlimited: it builds the databases into the cache.
        limit=(--time-limit 120)
        [ "$steps" = 40 ] && limit=()
        run "24-puzzle walk $steps" "$work/24-$steps.init" "$work/24.goal" "${limit[@]}"
    done
fi
