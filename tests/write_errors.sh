#!/usr/bin/env bash
# write_errors.sh - output that cannot be written (a full disk: /dev/full)
# is a failure every program reports: exit 2 (not 0, which would claim a
# solution was delivered; not 1, a proof; not 3, a limit a larger one
# would pass), with a message on stderr that says it could not write and
# why.  The library's writers return SB_EWRITE for it; the programs map
# that to 2 (cli/args.c).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE SLIDE_CHECK SLIDE_EXPLORE PROJECT_PUZZLES
[ -w /dev/full ] || { echo "SKIP: /dev/full is missing"; exit 77; }
init=$PROJECT_PUZZLES/klotski.init goal=$PROJECT_PUZZLES/klotski.goal

# full NAME PROGRAM ARGS...: PROGRAM ARGS >/dev/full must exit 2 and say
# on stderr that it could not write, and that the device is full.
full() {
    local name=$1 rc
    shift
    "$@" >/dev/full 2>"$tmp/err"
    rc=$?
    if [ "$rc" = 2 ] && grep -qiE "write error|cannot write" "$tmp/err" &&
       grep -qF "No space left on device" "$tmp/err"; then
        pass
    else
        fail "$name: exit $rc (want 2): $(head -c 300 "$tmp/err")"
    fi
}

full "slide moves" "$SLIDE" "$init" "$goal"
full "slide --json" "$SLIDE" --json "$init" "$goal"
full "slide --show" "$SLIDE" --show "$init" "$goal"
"$SLIDE" "$init" "$goal" >"$tmp/moves" || { echo "FAIL: slide did not solve"; exit 1; }
full "slide-check" "$SLIDE_CHECK" "$init" "$goal" "$tmp/moves"
full "slide-explore" "$SLIDE_EXPLORE" "$init"

finish write_errors.sh
