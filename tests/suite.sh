#!/usr/bin/env bash
# suite.sh - every (INIT, GOAL) pair of the CS61B suites, as listed in
# ../shared/puzzles/cs61b/manifest.tsv, through `slide` and judged by
# `slide-check`: a solvable pair must print moves that slide-check
# verifies; an unsolvable one must exit 1 with nothing on stdout.
#
# Usage: suite.sh [SLIDE-OPTIONS...]  (the options go to every slide run)
# The suite files stay in ../shared; when that is absent this test says so
# and is skipped (exit 77), since the project may not copy them.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE SLIDE_CHECK SHARED_PUZZLES
dir=$SHARED_PUZZLES/cs61b
if [ ! -f "$dir/manifest.tsv" ]; then
    echo "suite: $dir/manifest.tsv not found: the CS61B suites live in ../shared; skipping"
    exit 77
fi
slowest=0 slowest_pair=
while IFS=$'\t' read -r suite init goal expect; do
    [ "$suite" = suite ] && continue            # the header line
    i=$dir/$suite/$init g=$dir/$suite/$goal
    t0=$(date +%s%N)
    # A generous wall-clock guard: a hang must fail the test, not CI.
    timeout 120 "$SLIDE" "$@" "$i" "$g" >"$tmp/moves" 2>"$tmp/err"
    rc=$?
    ms=$(( ($(date +%s%N) - t0) / 1000000 ))
    if [ "$ms" -gt "$slowest" ]; then slowest=$ms slowest_pair="$suite/$init $goal"; fi
    case $expect in
        solvable)
            verified "$i" "$g" "$tmp/moves" && [ "$rc" = 0 ] ;;
        unsolvable)
            verdict="exit $rc, $(wc -l <"$tmp/moves") lines on stdout"
            [ "$rc" = 1 ] && [ ! -s "$tmp/moves" ] ;;
        *)
            verdict="unknown expectation '$expect'"; false ;;
    esac
    if [ $? = 0 ]; then
        pass
    else
        fail "$suite/$init $goal (expected $expect): exit $rc: $verdict"
        head -c 300 "$tmp/err"
    fi
done <"$dir/manifest.tsv"
echo "slowest pair: $slowest_pair, $slowest ms"
finish suite
