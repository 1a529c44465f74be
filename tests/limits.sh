#!/usr/bin/env bash
# limits.sh - the resource limits hold: --max-memory, --time-limit and
# --max-states each stop a search with exit 3, a message on stderr and
# nothing on stdout, and never with exit 1 (which is a proof of
# unsolvability, not a shrug).  --max-memory stops *before* the process
# grows past it: peak RSS stays under the limit plus a small constant
# (the program and libc), measured with GNU time when it is there and the
# binary is not built with AddressSanitizer (whose shadow memory and
# quarantine would swamp the figure).  --max-states N is exact: at most N
# configurations stored, in slide (every mode) and slide-explore.
#
# The puzzles are generated here so the test needs nothing from ../shared:
#  open.*    a 10x10 tray with a 2x2 block and 30 1x1 blocks: a search
#            space far too big to exhaust, goal far away.
#  jammed.*  a 3xN tray whose top row is one 1xN block that can never move
#            (the rows below always hold a block in its way): unsolvable,
#            with a space of C(2N, empties) configurations.
#  wide.*    a 5x6 tray of dominoes and unit squares (a picture), whose
#            99-bit image runs on the bitboard's fast walker at 128 bits.
#  six.*     a 6x6 tray, a 2x2 block and 1x1 blocks, with a goal that
#            places every block (the 2x2 four cells right): bidirectional
#            search, whose two stores both count against --max-states.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE

awk 'BEGIN { print "10 10"; print "0 0 1 1"; n = 0
             for (r = 0; r < 10 && n < 30; r++) for (c = 0; c < 10 && n < 30; c++)
                 if (r >= 2 && (r * 10 + c) % 3 == 0) { print r, c, r, c; n++ } }' >"$tmp/open.init"
echo "8 8 9 9" >"$tmp/open.goal"
# jammed N EMPTIES: top row one 1xN block, below it 2N cells with EMPTIES free.
jammed() {
    awk -v n="$1" -v e="$2" 'BEGIN { print 3, n; print 0, 0, 0, n - 1
        for (k = 0; k < 2 * n - e; k++) print 1 + int(k / n), k % n, 1 + int(k / n), k % n }'
}
jammed 40 4 >"$tmp/jammed.init"
jammed 6 2 >"$tmp/small-jammed.init"
echo "2 0 2 39" >"$tmp/jammed.goal"
awk 'BEGIN { print "6 6"; print "0 0 1 1"
             for (r = 2; r < 6; r++) for (c = 0; c < 6; c++) if ((r * 6 + c) % 3 == 0) print r, c, r, c }' \
    >"$tmp/six.init"
awk 'NR == 1 { next } NR == 2 { print "0 4 1 5"; next } { print }' "$tmp/six.init" >"$tmp/six.goal"
echo "2 0 2 5" >"$tmp/small-jammed.goal"

# limit NAME WANT_RC MESSAGE_FRAGMENT ARGS...: runs slide, checks the exit
# status, an empty stdout and the message; leaves GNU time's report in
# $tmp/time when it ran.
have_time=0
/usr/bin/time -f %M true >/dev/null 2>&1 && have_time=1
limit() {
    local name=$1 want=$2 what=$3 rc
    shift 3
    if [ "$have_time" = 1 ]; then
        /usr/bin/time -o "$tmp/time" -f '%M %e' "$SLIDE" "$@" >"$tmp/out" 2>"$tmp/err"
    else
        "$SLIDE" "$@" >"$tmp/out" 2>"$tmp/err"
    fi
    rc=$?
    local problem=
    [ "$rc" = "$want" ] || problem="exit $rc, want $want"
    [ -s "$tmp/out" ] && problem="${problem:+$problem; }stdout not empty"
    [ -z "$what" ] || grep -qF -- "$what" "$tmp/err" || problem="${problem:+$problem; }no '$what'"
    if [ -z "$problem" ]; then pass; else fail "$name: $problem: $(head -c 300 "$tmp/err")"; fi
}

asan=0
ASAN_OPTIONS=help=1 "$SLIDE" --version 2>&1 | grep -q AddressSanitizer && asan=1

# --max-memory: exit 3 with the message, the search's own count of its
# peak within the limit, and peak RSS within the limit plus
# SLACK_KB (the binary, libc, stdio buffers: about 1.5 MB measured).
SLACK_KB=4096
# memory_limit NAME MEM ARGS...: slide -ostats --max-memory MEM ARGS.
memory_limit() {
    local name=$1 mem=$2
    shift 2
    limit "$name" 3 "memory limit" -ostats --max-memory "$mem" "$@"
    # What the search counted (-ostats) never passes the limit either.
    peak=$(sed -n 's/^peak memory: \([0-9]*\) bytes$/\1/p' "$tmp/err")
    bytes=$(( ${mem%M} * 1048576 ))
    if [ -n "$peak" ] && [ "$peak" -le "$bytes" ]; then pass
    else fail "$name: counted peak '${peak}' bytes > $bytes"; fi
    if [ "$have_time" = 1 ] && [ "$asan" = 0 ]; then
        kb=${mem%M}; kb=$((kb * 1024))
        read -r rss secs < <(tail -n 1 "$tmp/time")
        if [ "$rss" -le $((kb + SLACK_KB)) ]; then pass
        else fail "$name: peak RSS ${rss} kB > ${kb} kB + ${SLACK_KB} kB"; fi
    fi
}
for mem in 1M 16M; do
    for algo in bfs astar; do
        memory_limit "memory $mem $algo" $mem --algo $algo "$tmp/open.init" "$tmp/open.goal"
    done
done
# The bitboard's fast walker on a 5x6 tray (a 99-bit image): its table
# grows in place, mapped in huge pages from 2 MB up (the meter's
# sbi_meter_map), and is counted and limited like the rest.  Its goal, two
# vertical dominoes in the lower corners with unit squares beside one,
# lies 34 line moves away: BFS stores 10.9 million configurations (343 MB)
# to reach it.
printf 'AA.BCC\nN..BOP\nDEEFGG\nDHIFJJ\nKKLLMM\n' >"$tmp/wide.init"
printf '......\n......\nN.....\nBO...D\nBP...D\n' >"$tmp/wide.goal"
for mem in 1M 16M 64M; do
    memory_limit "5x6 memory $mem" $mem --algo bfs "$tmp/wide.init" "$tmp/wide.goal"
done
limit "5x6 time 0.2" 3 "time limit" --time-limit 0.2 --algo bfs "$tmp/wide.init" "$tmp/wide.goal"
if [ "$have_time" = 1 ]; then
    read -r rss secs < <(tail -n 1 "$tmp/time")
    if awk -v s="$secs" 'BEGIN { exit !(s <= 1.5) }'; then pass
    else fail "5x6 time 0.2: took $secs s"; fi
fi
if [ "$have_time" = 0 ]; then echo "limits.sh: no GNU time (/usr/bin/time): RSS not measured"
elif [ "$asan" = 1 ]; then echo "limits.sh: AddressSanitizer build: RSS not measured"; fi

# The CS61B c71 (a 6x6 tray) under BFS, when the suites are there.
hard=${SHARED_PUZZLES:-}/cs61b/hard
if [ -f "$hard/c71" ]; then
    limit "c71 1M" 3 "memory limit" --max-memory 1M --algo bfs "$hard/c71" "$hard/71.goal"
else
    echo "limits.sh: ${SHARED_PUZZLES:-SHARED_PUZZLES unset}: no CS61B suites, c71 case skipped"
fi
# The bitboard path (Klotski fits 64 bits) stops too.
if [ -n "${PROJECT_PUZZLES:-}" ] && [ -f "$PROJECT_PUZZLES/klotski.init" ]; then
    limit "klotski 64K" 3 "memory limit" --max-memory 64K --algo bfs \
        "$PROJECT_PUZZLES/klotski.init" "$PROJECT_PUZZLES/klotski.goal"
    # The bitboard's own BFS kernel must consult the clock too: the
    # Century's shortest piece solution takes ~40,000 expansions, far past
    # a millisecond.
    limit "century time on the bitboard" 3 "time limit" --time-limit 0.001 --optimal \
        --metric piece "$PROJECT_PUZZLES/century.init" "$PROJECT_PUZZLES/century.goal"
fi

# --time-limit 0.2: exit 3 well within a second.
limit "time 0.2" 3 "time limit" --time-limit 0.2 --algo bfs "$tmp/open.init" "$tmp/open.goal"
if [ "$have_time" = 1 ]; then
    read -r rss secs < <(tail -n 1 "$tmp/time")
    if awk -v s="$secs" 'BEGIN { exit !(s <= 1.5) }'; then pass
    else fail "time 0.2: took $secs s"; fi
fi

# The longest tray: 1x65536 with 2,048 spread-out 1x1 blocks.  One
# expansion there takes seconds and a child key is 4 KB, so the limits
# must hold *inside* an expansion, not only between expansions.
awk 'BEGIN { print 1, 65536; for (c = 0; c < 65536; c += 32) print 0, c, 0, c }' >"$tmp/long.init"
printf '0 1 0 1\n0 3 0 3\n0 5 0 5\n' >"$tmp/long.goal"
limit "long tray time 1" 3 "time limit" --time-limit 1 --optimal "$tmp/long.init" "$tmp/long.goal"
if [ "$have_time" = 1 ]; then
    read -r rss secs < <(tail -n 1 "$tmp/time")
    if awk -v s="$secs" 'BEGIN { exit !(s <= 4) }'; then pass
    else fail "long tray time 1: took $secs s"; fi
fi
limit "long tray memory 200M" 3 "memory limit" --max-memory 200M --optimal \
    "$tmp/long.init" "$tmp/long.goal"

# --max-states 10.
limit "states 10" 3 "--max-states" --max-states 10 "$tmp/open.init" "$tmp/open.goal"

# --max-states N is exact: a run stopped by it has stored at most N
# configurations (-ostats "stored:"), not N plus the children of the
# configuration being expanded when the count ran over.  Its message names
# --max-states, and where it says how many configurations were stored,
# that is the figure -ostats gives and at most N.  Klotski needs more than
# 1,000 configurations under every mode (11,970 by BFS), so every run here
# must stop at the limit.  slide-explore has no -ostats: exit 3, nothing on
# stdout, and its message holds to the same.
# states_exact NAME N PROGRAM ARGS...: one run; PROGRAM is slide or slide-explore.
states_exact() {
    local name=$1 n=$2 prog=$3 bin rc stored said problem=
    shift 3
    [ "$prog" = slide ] && bin=$SLIDE || bin=$SLIDE_EXPLORE
    "$bin" --max-states "$n" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ "$rc" = 3 ] || problem="exit $rc, want 3"
    [ -s "$tmp/out" ] && problem="${problem:+$problem; }stdout not empty"
    grep -q -- '--max-states' "$tmp/err" || problem="${problem:+$problem; }no '--max-states' in the message"
    grep -v -E '^(algorithm|engine|stored|expanded|peak memory|time|rate|length):' "$tmp/err" \
        >"$tmp/message"
    said=$(sed -n 's/.*storing \([0-9]*\) configuration.*/\1/p' "$tmp/message" | head -1)
    if [ "$prog" = slide ]; then
        stored=$(sed -n 's/^stored: \([0-9]*\)$/\1/p' "$tmp/err")
        if [ -z "$stored" ]; then problem="${problem:+$problem; }no 'stored:' line from -ostats"
        elif [ "$stored" -gt "$n" ]; then problem="${problem:+$problem; }stored $stored configurations"
        fi
        [ -z "$said" ] || [ "$said" = "$stored" ] ||
            problem="${problem:+$problem; }the message says $said stored, -ostats $stored"
    fi
    [ -z "$said" ] || [ "$said" -le "$n" ] || problem="${problem:+$problem; }the message says $said stored"
    if [ -z "$problem" ]; then pass
    else fail "$name --max-states $n: $problem: $(head -c 300 "$tmp/message")"; fi
}
if [ -n "${PROJECT_PUZZLES:-}" ] && [ -f "$PROJECT_PUZZLES/klotski.init" ]; then
    k=$PROJECT_PUZZLES/klotski
    for n in 1 2 10 100 1000; do
        states_exact "klotski" "$n" slide -ostats "$k.init" "$k.goal"
        states_exact "klotski --optimal" "$n" slide -ostats --optimal "$k.init" "$k.goal"
        states_exact "klotski --engine general" "$n" slide -ostats --engine general "$k.init" "$k.goal"
        states_exact "klotski --algo astar" "$n" slide -ostats --algo astar "$k.init" "$k.goal"
        states_exact "klotski --optimal --metric piece" "$n" slide -ostats --optimal --metric piece \
            "$k.init" "$k.goal"
        states_exact "open" "$n" slide -ostats "$tmp/open.init" "$tmp/open.goal"
        states_exact "open --optimal" "$n" slide -ostats --optimal "$tmp/open.init" "$tmp/open.goal"
        if [ -n "${SLIDE_EXPLORE:-}" ]; then
            states_exact "slide-explore klotski" "$n" slide-explore "$k.init"
            states_exact "slide-explore --engine general klotski" "$n" slide-explore --engine general "$k.init"
            states_exact "slide-explore --components klotski" "$n" slide-explore --components "$k.init"
        fi
    done
fi
# And on the fast walker at 128 bits, where children are looked up a few
# at a time once its table is large (from 100,000 on, here).
for n in 1 10 1000 100000 300000; do
    states_exact "5x6" "$n" slide -ostats --algo bfs "$tmp/wide.init" "$tmp/wide.goal"
    [ -n "${SLIDE_EXPLORE:-}" ] && states_exact "slide-explore 5x6" "$n" slide-explore "$tmp/wide.init"
done
# Bidirectional search: the start and the goal side together, on the
# bitboard's flat store and on uthash (the whole search stores 198 and 302).
for n in 1 2 3 100; do
    for engine in bitboard general; do
        states_exact "six bidir $engine" "$n" slide -ostats --optimal --algo bidir --metric unit \
            --engine "$engine" "$tmp/six.init" "$tmp/six.goal"
    done
done

# IDA* holds only its path, so --max-states caps what it expands, and the
# message says so: that many expanded (-ostats' count), and the bound of
# the iteration it stopped in (-ostats' last iteration), on the general
# walk (Klotski) and the tiles' (the 8-puzzle).
for run in "klotski 1000" "eight-31a 10"; do
    [ -n "${PROJECT_PUZZLES:-}" ] || break
    read -r name n <<<"$run"
    limit "$name idastar --max-states $n" 3 "--max-states" -ostats --algo idastar \
        --max-states "$n" "$PROJECT_PUZZLES/$name.init" "$PROJECT_PUZZLES/$name.goal"
    expanded=$(sed -n 's/^expanded: //p' "$tmp/err")
    bound=$(sed -n 's/^iteration [0-9]*: bound \([0-9]*\),.*/\1/p' "$tmp/err" | tail -1)
    if [ "$expanded" = "$n" ] && [ -n "$bound" ] &&
        grep -qF "after expanding $n configurations (bound $bound)" "$tmp/err"; then pass
    else
        fail "$name idastar --max-states $n: expanded ${expanded:-?}, bound ${bound:-?}:" \
            "$(grep '^slide: ' "$tmp/err" | head -c 300)"
    fi
done

# Never exit 1 after giving up: an unsolvable puzzle under each limit is 3;
# the small one without limits is the proof (1) that it is unsolvable.
limit "jammed proof" 1 "" "$tmp/small-jammed.init" "$tmp/small-jammed.goal"
for algo in bfs astar; do
    limit "jammed states $algo" 3 "--max-states" --max-states 1000 --algo $algo \
        "$tmp/jammed.init" "$tmp/jammed.goal"
    limit "jammed memory $algo" 3 "memory limit" --max-memory 2M --algo $algo \
        "$tmp/jammed.init" "$tmp/jammed.goal"
    limit "jammed time $algo" 3 "time limit" --time-limit 0.2 --algo $algo \
        "$tmp/jammed.init" "$tmp/jammed.goal"
done
limit "small jammed states" 3 "--max-states" --max-states 5 \
    "$tmp/small-jammed.init" "$tmp/small-jammed.goal"
# IDA* stores nothing it could run out of, and cannot prove these unsolvable
# or solve them in time: it gives up at its time limit, exit 3, on the jammed
# tray (more configurations than its cache holds) and on the open one.
limit "jammed time idastar" 3 "time limit" --time-limit 0.2 --algo idastar \
    "$tmp/jammed.init" "$tmp/jammed.goal"
limit "open time idastar" 3 "time limit" --time-limit 0.2 --algo idastar \
    "$tmp/open.init" "$tmp/open.goal"
# --max-states caps what IDA* expands (it stores none), and a --max-memory
# too small for even its smallest transposition cache ends in exit 3
# rather than a search without one that circles for ever.
limit "open states idastar" 3 "--max-states" --max-states 50 --algo idastar \
    "$tmp/open.init" "$tmp/open.goal"
if [ -n "${PROJECT_PUZZLES:-}" ] && [ -f "$PROJECT_PUZZLES/klotski.init" ]; then
    limit "klotski states idastar" 3 "--max-states" --max-states 1000 --optimal --algo idastar \
        "$PROJECT_PUZZLES/klotski.init" "$PROJECT_PUZZLES/klotski.goal"
    limit "klotski memory idastar" 3 "memory limit" --max-memory 20K --optimal --algo idastar \
        "$PROJECT_PUZZLES/klotski.init" "$PROJECT_PUZZLES/klotski.goal"
fi

finish limits.sh
