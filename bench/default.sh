#!/usr/bin/env bash
# bench/default.sh - default mode (no --optimal) against --optimal on every
# bundled puzzle (docs/performance.md, "Default mode against --optimal").
# It measures; it does not pass or fail (tests/default.sh does that).
# Usage: bench/default.sh [RUNS]   (default 5)
#
# Pairs: puzzles/*.init with their .goal, and every pair of the CS61B
# suites listed in ../shared/puzzles/cs61b/manifest.tsv.  Per pair, one
# tab-separated row: the pair; its reachable configurations (slide-explore,
# stopped at 1,000,000: ">1M"); per mode the exit status, the length under
# the line metric (-ostats), and the median over RUNS of the search's own
# time (-ostats' time:, in the process, so start-up is left out); the
# lengths' ratio and the times' (default over --optimal).  --optimal runs
# under --time-limit $LIMIT (default 300) and --pdb-dir build-bench/pdb,
# so numbered tiles build their tables once (the first run, not counted).
# SKIP, a regular expression, leaves out the pairs whose name it matches
# (SKIP=fifteen: the 15-puzzle's first --optimal builds the 7-8 tables,
# minutes of CPU; bench/default_tiles.sh measures default mode on tiles).
# The summary: the pairs with both modes solved, how many of those under a
# million configurations had equal lengths, and the medians' sums.
# SLIDE=path measures another build's slide (its slide-explore beside it).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
limit=${LIMIT:-300}
. bench/build.sh
bench_build slide-explore
explore=$(dirname "$SLIDE")/slide-explore
pdb=$build/pdb
mkdir -p "$pdb"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# mode NAME INIT GOAL [OPTIONS...]: "exit length median_seconds" over runs
# (an extra first run when OPTIONS has --pdb-dir, so a build is not timed).
mode() {
    local init=$2 goal=$3 rc len times=() n=$runs
    shift 3
    [[ " $* " == *" --pdb-dir "* ]] && n=$((runs + 1))
    for ((i = 0; i < n; i++)); do
        rc=0
        "$SLIDE" -ostats "$@" "$init" "$goal" >/dev/null 2>"$tmp/err" || rc=$?
        [[ " $* " == *" --pdb-dir "* ]] && [ "$i" = 0 ] && continue
        times+=("$(sed -n 's/^time: \([0-9.]*\) s$/\1/p' "$tmp/err")")
    done
    len=$(sed -n 's/^length: [0-9]* unit, \([0-9]*\) line.*/\1/p' "$tmp/err")
    printf '%s\t%s\t%s' "$rc" "${len:--}" \
        "$(printf '%s\n' "${times[@]}" | sort -g | awk '{ t[NR] = $1 } END { print t[int((NR + 1) / 2)] }')"
}

# pair NAME INIT GOAL [OPTIONS...]: one row.
pair() {
    local name=$1 init=$2 goal=$3 reach d o
    shift 3
    [ -n "${SKIP:-}" ] && [[ $name =~ $SKIP ]] && return 0
    reach=$("$explore" "$@" --max-states 1000000 "$init" 2>/dev/null |
            sed -n 's/^reachable: \([0-9]*\) .*/\1/p') || true
    d=$(mode default "$init" "$goal" "$@")
    o=$(mode optimal "$init" "$goal" --optimal --time-limit "$limit" --pdb-dir "$pdb" "$@")
    printf '%s\t%s\t%s\t%s\n' "$name" "${reach:->1M}" "$d" "$o" |
        awk -F'\t' -v OFS='\t' '{
            lr = ($4 != "-" && $7 != "-" && $7 > 0) ? sprintf("%.2f", $4 / $7) : "-"
            tr = ($8 > 0) ? sprintf("%.2f", $5 / $8) : "-"
            print $0, lr, tr }'
}

echo "# machine: $(nproc) cores, $(date -u +%F), load $(cut -d' ' -f1-3 /proc/loadavg), $runs runs, $("$SLIDE" --version | head -1)"
printf 'pair\treachable\tdefault_exit\tdefault_line\tdefault_s\toptimal_exit\toptimal_line\toptimal_s\tlength_ratio\ttime_ratio\n'
{
    for init in puzzles/*.init; do
        pair "${init#puzzles/}" "$init" "${init%.init}.goal"
    done
    dir=../shared/puzzles/cs61b
    if [ -f "$dir/manifest.tsv" ]; then
        while IFS=$'\t' read -r suite init goal expect; do
            [ "$suite" = suite ] && continue
            pair "$suite/$init $goal" "$dir/$suite/$init" "$dir/$suite/$goal"
        done <"$dir/manifest.tsv"
    fi
} | tee "$tmp/rows"
awk -F'\t' '
    $3 == 0 && $6 == 0 {
        both++; ds += $5; os += $8
        if ($2 != ">1M") { small++; if ($4 == $7) equal++; else worse = worse " " $1
                           sds += $5; sos += $8 }
    }
    END {
        printf "# both solved: %d pairs; default %.3f s, --optimal %.3f s summed medians\n", both, ds, os
        printf "# under 1M configurations: %d pairs, %d with equal lengths%s; default %.3f s, --optimal %.3f s\n",
               small, equal, worse ? " (not:" worse ")" : "", sds, sos
    }' "$tmp/rows"
