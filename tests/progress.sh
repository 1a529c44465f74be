#!/usr/bin/env bash
# progress.sh - slide-explore's long modes, and slide's IDA*, show the
# progress line on a terminal, and Ctrl-C then says what was finished and
# what is kept.
#
# Each mode runs on a pseudo-terminal (util-linux `script`), with CI unset,
# so that the line is drawn as a user sees it: the reachable walk and the
# oracle's walk (configurations stored, depth, rate), --components (its
# phase, a percentage of the layouts linked), --family and --census (the
# members mapped of how many, a percentage, layouts stored and their
# rate), and `slide --optimal` on an 80-move 15-puzzle, whose IDA* holds
# only its path (configurations expanded, its bound, their rate).  Once
# the line shows what it should, one SIGINT goes to the program: exit 3,
# the message of what was finished (and, for a family or census, of what
# is kept), nothing on stdout.  A census interrupted with
# --checkpoint then resumes to exactly the report of a run never
# interrupted.
#
# The test waits for states (the line on the terminal, read from script's
# typescript), never for a time; --time-limit is only a backstop.  Sizes
# and rates are not checked: the machine may be shared.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE_EXPLORE PROJECT_PUZZLES SLIDE TESTS_DIR
command -v script >/dev/null || { echo "SKIP: no script(1) for a pseudo-terminal"; exit 77; }
script -qec true /dev/null >/dev/null 2>&1 ||
    { echo "SKIP: script(1) cannot open a pseudo-terminal here"; exit 77; }
set -m   # so that a job started in the background can be interrupted (interrupt.sh)

# An unsolvable 3x40 tray far too large for any walk of it to end before
# the interrupt (gen_open.sh says why).
bash "$TESTS_DIR/gen_open.sh" "$tmp" || exit 1
# Twelve 1x1 blocks on a 5x5 tray: C(25, 12) = 5,200,300 layouts, which
# --components lists and then links, for seconds.
awk 'BEGIN { print 5, 5; for (k = 0; k < 12; k++) print int(k / 5), k % 5, int(k / 5), k % 5 }' \
    >"$tmp/units.init"
# Klotski's pieces as a census (budget.sh's): 73 members.
printf 'tray 5 4\nkind big 2x2 1\nkind h 1x2 0..2\nkind v 2x1 0..4\nkind s 1x1 0..4\nempty 2\ngoal big 3 1\nkeep 3\n' \
    >"$tmp/klotski.spec"

# on_terminal NAME PATTERN PROGRAM ARGS...: runs PROGRAM ARGS on a
# pseudo-terminal (stdout to $tmp/NAME.out, the terminal's bytes to
# $tmp/NAME.tty), sends one SIGINT once the terminal shows the extended
# regular expression PATTERN (or gives up waiting after two minutes), and
# leaves the exit status in $tmp/NAME.rc and the program's name (which
# begins its messages) in $tmp/NAME.who.
on_terminal() {
    local name=$1 pattern=$2 program=$3 pid= until=$((SECONDS + 120))
    shift 3
    local args
    printf -v args ' %q' "$@"
    rm -f "$tmp/$name.pid"
    basename "$program" >"$tmp/$name.who"
    env -u CI script -qec "echo \$\$ >'$tmp/$name.pid'; exec '$program'$args >'$tmp/$name.out'" \
        /dev/null >"$tmp/$name.tty" 2>&1 </dev/null &
    local script_pid=$!
    while [ $SECONDS -lt $until ] && kill -0 "$script_pid" 2>/dev/null &&
            ! grep -aqE "$pattern" "$tmp/$name.tty"; do
        sleep 0.05
    done
    pid=$(cat "$tmp/$name.pid" 2>/dev/null)
    [ -n "$pid" ] && kill -INT "$pid" 2>/dev/null
    wait "$script_pid"
    echo $? >"$tmp/$name.rc"
}

# expect NAME PATTERN MESSAGE: the terminal showed the line PATTERN, the
# run ended with exit 3 and the message MESSAGE (an extended regular
# expression for the whole line after "PROGRAM: "), and printed nothing
# on stdout.
expect() {
    local name=$1 pattern=$2 message=$3 rc problem= who
    rc=$(cat "$tmp/$name.rc")
    who=$(cat "$tmp/$name.who")
    # The terminal's bytes, the line's rewrites (CR, erase to the end of
    # the line) made into lines of their own.
    tr '\r' '\n' <"$tmp/$name.tty" | sed 's/\x1b\[K//g' >"$tmp/$name.lines"
    grep -qE "^slide: $pattern" "$tmp/$name.lines" ||
        problem="no progress line /$pattern/"
    [ "$rc" = 3 ] || problem="${problem:+$problem; }exit $rc, want 3"
    grep -qxE "$who: $message" "$tmp/$name.lines" ||
        problem="${problem:+$problem; }no message /$message/"
    [ -s "$tmp/$name.out" ] && problem="${problem:+$problem; }stdout not empty"
    if [ -z "$problem" ]; then pass
    else fail "$name: $problem; terminal: $(tail -c 400 "$tmp/$name.lines")"; fi
}

num='[0-9.]+[kMGT]?'

on_terminal reach "$num stored, depth" "$SLIDE_EXPLORE" --time-limit 120 "$tmp/open.init"
expect reach "$num stored, depth [0-9]+, $num/s" \
    'interrupted, after storing [0-9]+ configurations'

on_terminal distances "$num stored, depth" "$SLIDE_EXPLORE" --distances --time-limit 120 \
    "$tmp/open.init" "$tmp/open.goal"
expect distances "$num stored, depth [0-9]+, $num/s" \
    'interrupted, after storing [0-9]+ configurations'

link='linking configurations by their moves'
on_terminal components "$link [0-9]+% \\(" "$SLIDE_EXPLORE" --components --time-limit 120 \
    "$tmp/units.init"
expect components "$link [0-9]+% \\($num of 5\\.2M\\)" \
    "interrupted, after storing 5200300 configurations, $link \\([0-9]+ of 5200300 done\\)"

# A family and a census: members done of the total, with their layouts;
# the time left once a member is done.
members='mapping members [0-9]+% \([0-9]+ of'
on_terminal family "$members" "$SLIDE_EXPLORE" --family --threads 1 --time-limit 120 \
    "$PROJECT_PUZZLES/klotski.init"
expect family "$members 204\\)" \
    'interrupted, after mapping [0-9]+ of 204 members \([0-9]+ layouts\); nothing is kept: a census SPEC of the same pieces maps them with --checkpoint \(docs/explore.md\)'

on_terminal census "$members 73\\), $num stored, $num/s, [0-9]+ s left" "$SLIDE_EXPLORE" \
    --census --threads 1 --time-limit 120 "$tmp/klotski.spec"
expect census "$members 73\\), $num stored, $num/s, [0-9]+ s left" \
    'interrupted, after mapping [1-9][0-9]* of 73 members \([0-9]+ layouts\); nothing is kept: use --checkpoint FILE to resume'

# With a checkpoint: what it keeps is what the message says, and the run
# resumed from it prints what a run never interrupted prints.
on_terminal resumed "$members 73\\), $num stored, $num/s, [0-9]+ s left" "$SLIDE_EXPLORE" \
    --census --threads 1 --checkpoint "$tmp/census.ckpt" --json "$tmp/klotski.spec"
expect resumed "$members 73\\)" \
    "interrupted, after mapping [1-9][0-9]* of 73 members \\([0-9]+ layouts\\); the checkpoint .*census.ckpt keeps the [0-9]+ members? mapped: the same command resumes from there"
said=$(grep -aoE 'keeps the [0-9]+' "$tmp/resumed.lines" | grep -oE '[0-9]+')
held=$(grep -c '^member ' "$tmp/census.ckpt" 2>/dev/null)
if [ -n "$said" ] && [ "$said" = "$held" ]; then pass
else fail "resumed: the message says it keeps ${said:-nothing}, the checkpoint holds ${held:-no file}"; fi
"$SLIDE_EXPLORE" --census --json --checkpoint "$tmp/census.ckpt" "$tmp/klotski.spec" \
    >"$tmp/resumed.json" 2>"$tmp/resumed.err"
rc=$?
"$SLIDE_EXPLORE" --census --json "$tmp/klotski.spec" >"$tmp/whole.json" 2>/dev/null
if [ $rc = 0 ] && grep -q "$held members already mapped, skipped" "$tmp/resumed.err" &&
        cmp -s "$tmp/resumed.json" "$tmp/whole.json"; then
    pass
else
    fail "resumed: exit $rc, stderr: $(head -c 300 "$tmp/resumed.err"); reports differ: $(cmp "$tmp/resumed.json" "$tmp/whole.json" 2>&1)"
fi

# slide --optimal on an 80-move 15-puzzle (docs/performance.md): its
# pattern databases built for this run (seconds), then IDA*, which holds
# only its path and expands far more: the line counts what it expanded,
# its bound and their rate, and so does the message.
printf 'FE8C\nAB9D\n2651\n374.\ndistinct: *\n' >"$tmp/fifteen.init"
printf '.123\n4567\n89AB\nCDEF\n' >"$tmp/fifteen.goal"
on_terminal idastar "$num expanded, bound [0-9]+, $num/s" "$SLIDE" --optimal --no-pdb-cache \
    --time-limit 120 "$tmp/fifteen.init" "$tmp/fifteen.goal"
expect idastar "$num expanded, bound [0-9]+, $num/s" \
    'interrupted, after expanding [0-9]+ configurations \(bound [0-9]+\)'

# Not on a terminal (here, a pipe and a file), no line at all.
"$SLIDE_EXPLORE" --family --threads 1 "$PROJECT_PUZZLES/klotski.init" 2>&1 >/dev/null |
    cat >"$tmp/piped.err"
if [ ! -s "$tmp/piped.err" ]; then pass
else fail "piped: stderr not empty: $(head -c 200 "$tmp/piped.err" | od -c | head -3)"; fi

finish progress
