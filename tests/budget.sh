#!/usr/bin/env bash
# budget.sh - --max-memory is one budget for the whole process: every
# thread of a census or a family draws on it, so a tight limit ends in
# exit 3 whatever the thread count, with the process's peak resident size
# under the limit plus the stated slack (docs/usage.md, "Limits": 8 MiB,
# and 1 MiB more for each thread beyond the first), and the message says
# what was finished; a generous limit changes nothing in the output.
#
# The peak resident size is the kernel's high-water mark of the process
# (VmHWM), read when it ends by tests/peak_rss (PEAK_RSS).  Under
# AddressSanitizer (its shadow memory and quarantine swamp the figure)
# only the exits, messages and outputs are checked, not the sizes.
#
# What was finished is checked against a second account of it: the
# census's --checkpoint, which records each member as it is mapped (the
# hook the engine calls), must hold as many members, and as many layouts
# between them, as the message says.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE SLIDE_EXPLORE PEAK_RSS PROJECT_PUZZLES

# The slack, in MiB, for a run on THREADS threads.
SLACK_MIB=8
SLACK_PER_THREAD_MIB=1
slack_mib() { echo $((SLACK_MIB + SLACK_PER_THREAD_MIB * ($1 - 1))); }

asan=0
ASAN_OPTIONS=help=1 "$SLIDE" --version 2>&1 | grep -q AddressSanitizer && asan=1
[ "$asan" = 1 ] && echo "budget.sh: AddressSanitizer build: peak resident sizes not checked"

# A census of Klotski's pieces with a goal (a member's map is some MB):
# at 20M even its largest member does not fit, and members are mapped
# largest first.
printf 'tray 5 4\nkind big 2x2 1\nkind h 1x2 0..2\nkind v 2x1 0..4\nkind s 1x1 0..4\nempty 2\ngoal big 3 1\nkeep 3\n' \
    >"$tmp/klotski.spec"
klotski=$PROJECT_PUZZLES/klotski.init

# tight NAME MIB THREADS KEPT ARGS...: slide-explore --threads THREADS
# --max-memory MIB M ARGS must exit 3 with nothing on stdout, its message
# naming the limit in MiB and --max-memory, saying how many members it
# mapped of how many and then what is kept (matching the extended
# regular expression KEPT whole), within limit + slack.  Leaves the
# message's figures in $done $total $layouts, and what it says is kept
# in $kept_words.
tight() {
    local name=$1 mib=$2 threads=$3 kept=$4 rc rss problem=
    shift 4
    "$PEAK_RSS" "$tmp/rss" "$SLIDE_EXPLORE" --threads "$threads" --max-memory "${mib}M" "$@" \
        >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ "$rc" = 3 ] || problem="exit $rc, want 3"
    [ -s "$tmp/out" ] && problem="${problem:+$problem; }stdout not empty"
    local said
    said=$(sed -n "s/^slide-explore: gave up at the memory limit of $mib MiB (--max-memory), after mapping \([0-9]*\) of \([0-9]*\) members (\([0-9]*\) layouts); \(.*\)\$/\1 \2 \3 \4/p" "$tmp/err")
    read -r done total layouts kept_words <<<"${said:-x x x}"
    if [ -z "$said" ]; then problem="${problem:+$problem; }message: $(head -c 300 "$tmp/err")"
    elif [ "$done" -ge "$total" ]; then problem="${problem:+$problem; }mapped $done of $total"
    elif ! grep -qxE "$kept" <<<"$kept_words"; then
        problem="${problem:+$problem; }kept: '$kept_words', want /$kept/"
    fi
    rss=$(cat "$tmp/rss" 2>/dev/null)
    if [ "$asan" = 0 ]; then
        local most=$(((mib + $(slack_mib "$threads")) * 1024))
        if [ -z "$rss" ] || [ "$rss" -gt "$most" ]; then
            problem="${problem:+$problem; }peak resident size ${rss:-unknown} kB > $most kB"
        fi
    fi
    if [ -z "$problem" ]; then pass; else fail "$name: $problem"; fi
    echo "budget.sh: $name: exit $rc, peak resident size ${rss:-?} kB, mapped $done of $total"
}

# What a run without a checkpoint keeps: nothing, and the message says
# how to keep it.
family_kept='nothing is kept: a census SPEC of the same pieces maps them with --checkpoint \(docs/explore.md\)'
census_kept='nothing is kept: use --checkpoint FILE to resume'
for threads in 1 2; do
    tight "family 16M, $threads thread(s)" 16 "$threads" "$family_kept" --family "$klotski"
    tight "census 20M, $threads thread(s)" 20 "$threads" "$census_kept" --census "$tmp/klotski.spec"
done
tight "family 20M, 2 threads" 20 2 "$family_kept" --family "$klotski"

# At 80M the census maps some members first: the message counts exactly
# those the checkpoint recorded, and their layouts.  On one thread that is
# at least one member (the largest alone takes some 50 MB), so the
# comparison has something to compare; on two, the two largest run side
# by side and whether one finishes before the other fails is a matter of
# timing, so none may be.
for threads in 1 2; do
    rm -f "$tmp/census.ckpt"
    tight "census 80M, $threads thread(s)" 80 "$threads" \
        "the checkpoint .*/census.ckpt (keeps the [0-9]+ members? mapped: the same command resumes from there|holds no member yet)" \
        --census --checkpoint "$tmp/census.ckpt" "$tmp/klotski.spec"
    # member INDEX COUNT... LAYOUTS ... MAPPED PARTS PARTS_HELD LISTED
    # (docs/explore.md), a count for each of the SPEC's 4 kinds.
    read -r kept kept_layouts < <(awk '$1 == "member" && $(NF - 3) == 1 { n++; s += $7 }
                                       END { print n + 0, s + 0 }' "$tmp/census.ckpt")
    if [ "$kept $kept_layouts" = "$done $layouts" ] && [ "$kept" -ge $((threads == 1)) ]; then pass
    else fail "census 80M, $threads thread(s): the message says $done members ($layouts layouts), the checkpoint holds $kept ($kept_layouts); want the same (on one thread, at least one)"; fi
    # ... and says how many it keeps: those.
    said_kept=$(grep -oE 'keeps the [0-9]+ member' <<<"$kept_words" | grep -oE '[0-9]+')
    if [ "${said_kept:-0}" = "$kept" ]; then pass
    else fail "census 80M, $threads thread(s): says it keeps '${said_kept:-none}', the checkpoint holds $kept"; fi
done

# Every piece set of 4x4 with 3 pieces: the listing (271,410 sets), the
# report and the members' walks draw on one budget, so each limit below
# ends in exit 3 within limit + slack, the message saying how far the
# listing or the walk got; the whole run needs about 45 MiB.
printf 'tray 4 4\npieces any\npiece-count 3\ngoal corner\n' >"$tmp/sets.spec"
for threads in 1 2; do
    for mib in 8 20 36 42; do
        name="piece sets ${mib}M, $threads thread(s)"
        "$PEAK_RSS" "$tmp/rss" "$SLIDE_EXPLORE" --census --metric piece --threads "$threads" \
            --max-memory "${mib}M" "$tmp/sets.spec" >"$tmp/out" 2>"$tmp/err"
        rc=$? problem=
        [ "$rc" = 3 ] || problem="exit $rc, want 3"
        [ -s "$tmp/out" ] && problem="${problem:+$problem; }stdout not empty"
        grep -qE "^slide-explore: gave up at the memory limit of $mib MiB \(--max-memory\), after (listing [0-9]+ piece sets \(not all: the listing stopped there\), walking none|listing all 271410 piece sets, walking none|walking [0-9]+ of 271410 piece sets)" \
            "$tmp/err" || problem="${problem:+$problem; }message: $(head -c 300 "$tmp/err")"
        rss=$(cat "$tmp/rss" 2>/dev/null)
        most=$(((mib + $(slack_mib "$threads")) * 1024))
        if [ "$asan" = 0 ] && { [ -z "$rss" ] || [ "$rss" -gt "$most" ]; }; then
            problem="${problem:+$problem; }peak resident size ${rss:-unknown} kB > $most kB"
        fi
        if [ -z "$problem" ]; then pass; else fail "$name: $problem"; fi
        echo "budget.sh: $name: exit $rc, peak resident size ${rss:-?} kB: $(head -c 160 "$tmp/err")"
    done
done

# A generous limit changes nothing: the same bytes as without one (the
# family's time line aside).
untimed() { sed -e '/^time: /d'; }
printf 'AAB.\nAAC.\nDDEF\nGHEF\n' >"$tmp/fam.init"
# same NAME PROGRAM ARGS...: PROGRAM ARGS, then with --max-memory 1G:
# both succeed, with the same output.
same() {
    local name=$1 prog=$2 free_rc bounded_rc
    shift 2
    "$prog" "$@" 2>&1 | untimed >"$tmp/free"
    free_rc=${PIPESTATUS[0]}
    "$prog" --max-memory 1G "$@" 2>&1 | untimed >"$tmp/bounded"
    bounded_rc=${PIPESTATUS[0]}
    if [ "$free_rc $bounded_rc" != "0 0" ]; then fail "$name: exit $free_rc, then $bounded_rc under --max-memory 1G"
    elif [ -s "$tmp/free" ] && cmp -s "$tmp/free" "$tmp/bounded"; then pass
    else fail "$name: the output under --max-memory 1G differs"; fi
}
for threads in 1 2; do
    same "family, $threads thread(s)" "$SLIDE_EXPLORE" --family --threads "$threads" "$tmp/fam.init"
    same "census, $threads thread(s)" "$SLIDE_EXPLORE" --census --threads "$threads" \
        "$PROJECT_PUZZLES/census/rush-hour-small.spec"
    same "piece sets, $threads thread(s)" "$SLIDE_EXPLORE" --census --metric piece \
        --threads "$threads" "$tmp/sets.spec"
    same "components, $threads thread(s)" "$SLIDE_EXPLORE" --components --no-diameters \
        --threads "$threads" "$klotski"
done
same "solve" "$SLIDE" "$klotski" "$PROJECT_PUZZLES/klotski.goal"
same "explore" "$SLIDE_EXPLORE" "$klotski"

finish budget.sh
