#!/usr/bin/env bash
# interrupt.sh - Ctrl-C stops a search cleanly: the first SIGINT makes
# slide and slide-explore cancel the running search (sb_search_cancel),
# print "interrupted, after storing N configurations" on stderr, nothing
# on stdout (under --json one document with status "limit"), and exit 3,
# never 1 (an interrupt proves nothing) and never death by the signal.  A
# program started with SIGINT ignored (nohup, a background job) keeps
# ignoring it.
#
# The signal is sent once the program runs and has installed its handler,
# read from /proc (exe, SigCgt), so no guess at how long start-up takes:
# the test waits for a state, never for a time.  The puzzle (generated) has a
# space far too large to exhaust and no solution; --time-limit is only a
# backstop.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE SLIDE_EXPLORE TESTS_DIR
[ -r /proc/self/status ] || { echo "SKIP: no /proc to see the handler in"; exit 77; }
# Job control: background jobs keep SIGINT's default disposition instead
# of having it ignored, as they would in a plain script.
set -m

# An unsolvable 3x40 tray far too large for any search of it to end
# before the interrupt (gen_open.sh says why).
bash "$TESTS_DIR/gen_open.sh" "$tmp" || exit 1

# Whether process $1 runs program $2 (the shell that forked it has exec'd)
# and, with a third argument, catches SIGINT (bit 2 of SigCgt) yet.
ready() {
    local mask
    [ "$(readlink "/proc/$1/exe" 2>/dev/null)" = "$(readlink -f "$2")" ] || return 1
    [ $# -lt 3 ] && return 0
    mask=$(awk '/^SigCgt:/ { print $2 }' "/proc/$1/status" 2>/dev/null) || return 1
    [ -n "$mask" ] && (( (16#$mask >> 1) & 1 ))
}

# Waits (up to a minute) until ready "$@" or the process is gone.
wait_ready() {
    local tries=0
    while ! ready "$@" && kill -0 "$1" 2>/dev/null && [ $tries -lt 6000 ]; do
        sleep 0.01
        tries=$((tries + 1))
    done
}

# interrupt NAME PROGRAM ARGS...: runs it, sends one SIGINT once it is
# listening, and leaves its exit status, stdout and stderr in $tmp/NAME.*.
interrupt() {
    local name=$1
    shift
    "$@" >"$tmp/$name.out" 2>"$tmp/$name.err" &
    local pid=$!
    wait_ready "$pid" "$1" handler
    kill -INT "$pid" 2>/dev/null
    wait "$pid"
    echo $? >"$tmp/$name.rc"
}

# expect NAME: exit 3, the message, nothing on stdout.
expect_interrupted() {
    local name=$1 who=$2
    local rc
    rc=$(cat "$tmp/$name.rc")
    # One configuration (singular) when the interrupt comes before the
    # first expansion, as it can on a slow (sanitizer) build.
    if [ "$rc" = 3 ] && grep -qE "^$who: interrupted, after storing [0-9]+ configurations?$" \
            "$tmp/$name.err"; then
        pass
    else
        fail "$name: exit $rc (want 3), stderr: $(head -c 300 "$tmp/$name.err")"
    fi
}

interrupt solve "$SLIDE" --time-limit 300 "$tmp/open.init" "$tmp/open.goal"
expect_interrupted solve slide
[ -s "$tmp/solve.out" ] && fail "solve: stdout not empty" || pass

interrupt optimal "$SLIDE" --optimal --time-limit 300 "$tmp/open.init" "$tmp/open.goal"
expect_interrupted optimal slide

interrupt json "$SLIDE" --json --time-limit 300 "$tmp/open.init" "$tmp/open.goal"
expect_interrupted json slide
if grep -q '"status": "limit"' "$tmp/json.out" &&
        grep -q '"message": "interrupted, after storing' "$tmp/json.out"; then
    pass
else
    fail "json: $(head -c 300 "$tmp/json.out")"
fi

interrupt explore "$SLIDE_EXPLORE" --time-limit 300 "$tmp/open.init"
expect_interrupted explore slide-explore
[ -s "$tmp/explore.out" ] && fail "explore: stdout not empty" || pass

# Started with SIGINT ignored: it stays ignored, the time limit ends the run.
( trap '' INT; exec "$SLIDE" --time-limit 1 "$tmp/open.init" "$tmp/open.goal" ) \
    >"$tmp/ignored.out" 2>"$tmp/ignored.err" &
pid=$!
wait_ready "$pid" "$SLIDE"   # the subshell has become slide: after the trap
kill -INT "$pid" 2>/dev/null
wait "$pid"
rc=$?
if [ $rc = 3 ] && grep -q "time limit" "$tmp/ignored.err"; then
    pass
else
    fail "ignored: exit $rc, stderr: $(head -c 300 "$tmp/ignored.err")"
fi

finish interrupt
