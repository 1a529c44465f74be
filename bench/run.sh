#!/usr/bin/env bash
# bench/run.sh - the benchmark behind docs/performance.md.  It measures; it
# does not pass or fail (the tests do that).  Usage: bench/run.sh [RUNS]
#
# For the classic 横刀立马, Dad's Puzzle, the Century and Super Century it
# prints, per engine (bitboard fast path, general path): median in-process
# time over RUNS solves (slide-bench), configurations stored and expanded,
# stored per second, bytes per stored configuration, and the fast/general
# ratio.  Then the classic's whole reachable space walked (slide-explore's
# walk), the 6x6 hard pairs on both engines, pictures (Klotski drawn
# against Klotski in lines, Rush Hour, the 8- and 15-puzzles, a polyomino
# tray's whole space), the piece-set maps without diameters (Klotski's
# piece set and its family, on 1 and 2 threads), the corner-to-corner
# walk's rate (corner-bench), the trays dense with 1x1
# blocks (tests/gen_dense.sh), median whole-process times (hyperfine) for
# the classic, and for every pair of the CS61B hard suite (read from
# ../shared when there).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-15}
build=build-bench
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j"$(nproc)" >/dev/null
if ! command -v hyperfine >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hyperfine >/dev/null 2>&1 || true
fi
bench=$build/slide-bench slide=$build/slide

echo "# machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(date -u +%F)"
echo "# in-process, median of $runs solves (shortest solution, --optimal)"
printf 'puzzle\tmetric\tengine\tmedian_s\tmin_s\tstored\texpanded\tstored_per_s\tbytes_per_state\tpeak_bytes_per_state\toutcome\n'
for p in klotski dads century super-century; do
    for metric in line piece; do
        out=$("$bench" --runs "$runs" --optimal --metric "$metric" --engine both --label "$p" \
              puzzles/$p.init puzzles/$p.goal)
        echo "$out" | sed "s/^\([^\t]*\)\t/\1\t$metric\t/"
        fast=$(echo "$out" | awk -F'\t' '$2 == "bitboard" {print $3}')
        general=$(echo "$out" | awk -F'\t' '$2 == "general" {print $3}')
        awk -v f="$fast" -v g="$general" -v p="$p" -v m="$metric" \
            'BEGIN { printf "ratio\t%s %s: general/bitboard = %.1fx\n", p, m, g / f }'
    done
done

echo "# whole reachable space of the classic (slide-explore's walk), median of $runs walks"
printf 'puzzle\tengine\tmedian_s\tmin_s\treachable\treachable_per_s\tpeak_bytes\n'
for metric in unit line; do
    "$bench" --runs "$runs" --explore --metric "$metric" --engine both --label "klotski $metric" \
        puzzles/klotski.init puzzles/klotski.goal
done

dir=../shared/puzzles/cs61b
if [ -f "$dir/manifest.tsv" ]; then
    echo "# 6x6 trays (128-bit image against the general path), default options, median of $runs"
    for pair in "c71 71.goal" "pandemonium pandemonium.goal"; do
        set -- $pair
        "$bench" --runs "$runs" --engine both --label "$1" "$dir/hard/$1" "$dir/hard/$2"
    done
fi

if [ -f "$dir/manifest.tsv" ]; then
    echo "# goals that place every piece: bidirectional BFS against BFS on the general board,"
    echo "# and what auto runs, --optimal, in-process, median of $runs"
    for pair in "hard c46 46.goal" "hard c43-45 45.goal" "hard century+180 century.1.5+180.goal" \
                "hard c22 22.goal" "hard little.house little.house.goal"; do
        set -- $pair
        for algo in bfs bidir; do
            "$bench" --runs "$runs" --optimal --algo "$algo" --engine general --label "$2 $algo" \
                "$dir/$1/$2" "$dir/$1/$3"
        done
        "$bench" --runs "$runs" --optimal --label "$2 auto" "$dir/$1/$2" "$dir/$1/$3"
    done
fi

echo "# pieces of any shape (pictures): Klotski drawn against Klotski in lines, optimal Rush"
echo "# Hour and 8-puzzle, a 15-puzzle in default mode, in-process, median of $runs"
klotski_lines=$("$bench" --runs "$runs" --optimal --engine bitboard --label "klotski (lines)" \
                puzzles/klotski.init puzzles/klotski.goal)
klotski_picture=$("$bench" --runs "$runs" --optimal --engine bitboard --label "klotski (picture)" \
                  puzzles/klotski-picture.init puzzles/klotski-picture.goal)
printf '%s\n%s\n' "$klotski_lines" "$klotski_picture"
awk -F'\t' -v a="$klotski_lines" -v b="$klotski_picture" \
    'BEGIN { split(a, x, "\t"); split(b, y, "\t"); printf "ratio\tklotski picture/lines = %.3f\n", y[3] / x[3] }'
for p in rush-hour-51 rush-hour-60; do
    "$bench" --runs "$runs" --optimal --metric line --label "$p" puzzles/$p.init puzzles/$p.goal
done
"$bench" --runs "$runs" --optimal --metric unit --label eight-31a puzzles/eight-31a.init puzzles/eight-31a.goal
"$bench" --runs "$runs" --label fifteen-rosetta puzzles/fifteen-rosetta.init puzzles/fifteen-rosetta.goal
echo "# polyominoes on a 5x6 tray: the whole space walked (slide-explore's walk), median of 3"
"$bench" --runs 3 --explore --label polyominoes puzzles/polyominoes.init puzzles/polyominoes.goal

echo "# piece-set maps without diameters (slide-explore --components --no-diameters, --family):"
echo "# the census path (ranks and a bitmap) against the general board's graph; median of $runs"
echo "# maps, 3 of the family; cpu_s counts every thread, and on a loaded machine the wall"
echo "# clock also counts waiting for a core"
printf 'map\tengine\tmedian_s\tmin_s\tcpu_s\tlayouts\tlayouts_per_s\tcomponents\tpeak_bytes\n'
"$bench" --runs "$runs" --components --engine both --label "klotski map" \
    puzzles/klotski.init puzzles/klotski.goal
printf 'AAB.\nAAB.\nCCDE\nFGHI\n....\n' >"$build/one-component.init"
for threads in 1 2; do
    "$bench" --runs "$runs" --components --threads "$threads" \
        --label "964,656 layouts in one component, $threads thread(s)" \
        "$build/one-component.init" "$build/one-component.init"
done
for threads in 1 2; do
    "$bench" --runs 3 --family --threads "$threads" --label "klotski family, $threads thread(s)" \
        puzzles/klotski.init puzzles/klotski.goal
done

echo "# the corner-to-corner walk (corner-bench): configurations per second per core of its"
echo "# walks alone (the thread's CPU clock), target 5 M; a fixed sample of 4x4 and 5x4 members"
echo "# drawn by the bench's own enumerator, piece metric"
for tray in "4x4 sample 20000 1" "5x4 sample 2000 1"; do
    echo "## corner-bench $tray"
    $build/corner-bench $tray | grep -E '^(members|configurations|walk_cpu_s|rate|us_per)'
done

echo "# trays dense with 1x1 blocks (tests/gen_dense.sh), default options, whole process, median of $runs"
dense=$build/dense
mkdir -p "$dense"
tests/gen_dense.sh "$dense" | while read -r name blocks length; do
    times=()
    for _ in $(seq "$runs"); do
        t0=$(date +%s%N)
        "$slide" "$dense/$name.init" "$dense/$name.goal" >/dev/null 2>&1 || true
        times+=($(( ($(date +%s%N) - t0) / 1000 )))
    done
    med=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
    printf '%s (%s blocks, %s moves)\t%.1f ms\n' "$name" "$blocks" "$length" "$(echo "$med / 1000" | bc -l)"
done

if command -v hyperfine >/dev/null; then
    echo "# whole process, median of hyperfine runs"
    hyperfine -N --warmup 3 --runs $((runs * 2)) --export-json "$build/klotski.json" \
        "$slide --optimal puzzles/klotski.init puzzles/klotski.goal" >/dev/null 2>&1
    python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"][0]; print("klotski whole-process median %.2f ms" % (r["median"]*1000))' "$build/klotski.json"
fi

if [ -f "$dir/manifest.tsv" ]; then
    echo "# CS61B hard suite, whole process (median of 5 runs per pair, default options)"
    total=0
    while IFS=$'\t' read -r suite init goal expect; do
        [ "$suite" = hard ] || continue
        times=()
        for _ in 1 2 3 4 5; do
            t0=$(date +%s%N)
            "$slide" "$dir/$suite/$init" "$dir/$suite/$goal" >/dev/null 2>&1 || true
            times+=($(( ($(date +%s%N) - t0) / 1000 )))
        done
        med=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 3p)
        total=$((total + med))
        printf '%s %s\t%.1f ms\n' "$init" "$goal" "$(echo "$med / 1000" | bc -l)"
    done <"$dir/manifest.tsv"
    printf 'hard suite total (sum of medians)\t%.1f ms\n' "$(echo "$total / 1000" | bc -l)"
else
    echo "# $dir absent: CS61B suite timings skipped"
fi
