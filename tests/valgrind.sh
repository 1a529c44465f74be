#!/usr/bin/env bash
# valgrind.sh - memcheck finds no errors and no leaks in slide on a
# solvable puzzle, an unsolvable one and one stopped at each kind of
# limit, nor in slide-check verifying a solution.  Valgrind cannot run a
# binary built with AddressSanitizer, and is not always installed: either
# way the test says so and skips (exit 77).  Kept quick: tiny puzzles.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE SLIDE_CHECK
if ! command -v valgrind >/dev/null; then
    echo "valgrind.sh: valgrind not installed (apt-get install valgrind): skipped"
    exit 77
fi
if ASAN_OPTIONS=help=1 "$SLIDE" --version 2>&1 | grep -q AddressSanitizer; then
    echo "valgrind.sh: $SLIDE is built with AddressSanitizer: skipped (the ASan run covers it)"
    exit 77
fi
puzzles=${PROJECT_PUZZLES:-${TESTS_DIR:-.}/../puzzles}

# A solvable 3x3 and an unsolvable jammed 3x6 (the top 1x6 block can never
# move: the two rows below always hold a block in its way).
printf '3 3\n0 0 1 1\n2 2 2 2\n' >"$tmp/square.init"
printf '1 1 2 2\n' >"$tmp/square.goal"
awk 'BEGIN { print 3, 6; print 0, 0, 0, 5
             for (k = 0; k < 10; k++) print 1 + int(k / 6), k % 6, 1 + int(k / 6), k % 6 }' \
    >"$tmp/jammed.init"
printf '2 0 2 5\n' >"$tmp/jammed.goal"

# memcheck NAME WANT_RC PROGRAM ARGS...: no memcheck error (exit 99 says
# there was one), no leak of any kind, and the program's own exit status.
memcheck() {
    local name=$1 want=$2 rc
    shift 2
    valgrind -q --error-exitcode=99 --leak-check=full --show-leak-kinds=all \
        --errors-for-leak-kinds=all "$@" >"$tmp/out" 2>"$tmp/err" <"${in:-/dev/null}"
    rc=$?
    if [ "$rc" = "$want" ]; then
        pass
    else
        fail "$name: exit $rc, want $want"
        head -c 2000 "$tmp/err"
    fi
}

memcheck solvable 0 "$SLIDE" "$tmp/square.init" "$tmp/square.goal"
cp "$tmp/out" "$tmp/square.moves"
in="$tmp/square.moves" memcheck check 0 "$SLIDE_CHECK" "$tmp/square.init" "$tmp/square.goal"
memcheck unsolvable 1 "$SLIDE" "$tmp/jammed.init" "$tmp/jammed.goal"
memcheck unsolvable-general 1 "$SLIDE" --engine general --optimal "$tmp/jammed.init" "$tmp/jammed.goal"
memcheck states 3 "$SLIDE" --max-states 20 "$tmp/jammed.init" "$tmp/jammed.goal"
memcheck memory 3 "$SLIDE" --engine general --max-memory 64K "$tmp/jammed.init" "$tmp/jammed.goal"
if [ -f "$puzzles/klotski.init" ]; then
    memcheck klotski 0 "$SLIDE" "$puzzles/klotski.init" "$puzzles/klotski.goal"
    memcheck time 3 "$SLIDE" --time-limit 0.01 --algo bfs --metric unit --engine general \
        "$puzzles/klotski.init" "$puzzles/klotski.goal"
fi
memcheck bad-input 2 "$SLIDE" "$tmp/square.goal" "$tmp/square.goal"

finish valgrind.sh
