# lib.sh - what the shell tests share, so that a script holds only its own
# checks.  Each sources it first:
#     source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# (the script's own folder, whatever the working directory; source it
# before any cd).  Every check ends in pass or fail, which alone move the
# counts $passes and $fails that finish reports.  It turns on set -u and
# gives:
#   here        this folder, absolute;
#   needs VAR...  exits 1 naming the first VAR that is unset or empty
#               (ctest sets them: tests/CMakeLists.txt, SB_TEST_ENV);
#   $tmp        a scratch directory, removed on exit with whatever is in
#               it, unreadable files too.  A script that sets keep_tmp=DIR
#               before sourcing gets DIR instead, made if need be and kept;
#   the tally   pass; fail WHAT (prints "FAIL WHAT"); check NAME WANT GOT
#               (passes when GOT is WANT, else says both); holds NAME
#               COMMAND... (passes when COMMAND succeeds); and finish NAME,
#               the closing line "NAME: P passed, F failed" and the
#               script's status (end the script with it): 1 on a failure,
#               and 1 when no check ran at all, since such a run proved
#               nothing (as tests/unit.h's unit_finish).  A script may set
#               fail_shown=N: only the first N failures print their FAIL
#               line, and finish says how many more there were;
#   verified INIT GOAL MOVES [OPTIONS...]  slide-check ($SLIDE_CHECK, which
#               the script needs) exits 0 saying Verified, and nothing else,
#               for the moves in file MOVES; what it said is left in
#               $verdict for a failure's message;
#   length FILE METRIC  the solution's length under METRIC (unit, line or
#               piece) from the "length: U unit, L line, P piece" line that
#               -ostats writes, empty when FILE has none;
#   explore_facts FILE  the lines of a slide-explore report that do not
#               depend on the representation or the walk: the reachable
#               count, farthest, widest layer, goal and the depth profile;
#   cs61b_pairs COMMAND...  runs COMMAND... NAME INIT GOAL for each pair of
#               the CS61B suites ($SHARED_PUZZLES/cs61b/manifest.tsv), under
#               the sanitizers (SANITIZE=1) for every third alone, since
#               they repeat one code path; sets cs61b=yes, or cs61b=no
#               when the suites are absent (saying so);
#   now_ms      the wall clock in milliseconds.
# A helper one script alone uses stays in that script; census_lib.sh adds
# the census scripts' own.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

needs() {
    local var
    for var in "$@"; do
        if [ -z "${!var:-}" ]; then
            echo "$(basename "$0"): $var is not set (ctest sets it; see tests/README.md)" >&2
            exit 1
        fi
    done
}

if [ -n "${keep_tmp:-}" ]; then
    tmp=$keep_tmp
    mkdir -p "$tmp" || exit 1
else
    tmp=$(mktemp -d) || exit 1
    # A test may leave files it made unreadable (hostile.sh): chmod first.
    trap 'chmod -R u+rwx "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
fi

passes=0 fails=0 fail_shown=
pass() { passes=$((passes + 1)); }
fail() {
    fails=$((fails + 1))
    if [ -z "$fail_shown" ] || [ "$fails" -le "$fail_shown" ]; then echo "FAIL $*"; fi
    return 0
}
check() {
    if [ "$2" = "$3" ]; then pass; else fail "$1: want '$2', got '$3'"; fi
}
holds() {
    local name=$1
    shift
    if "$@"; then pass; else fail "$name"; fi
}
finish() {
    if [ -n "$fail_shown" ] && [ "$fails" -gt "$fail_shown" ]; then
        echo "... $((fails - fail_shown)) more failures not shown"
    fi
    echo "$1: $passes passed, $fails failed"
    if [ $((passes + fails)) -eq 0 ]; then
        echo "$1: no check ran, so nothing was tested" >&2
        return 1
    fi
    [ "$fails" -eq 0 ]
}

verified() {
    local init=$1 goal=$2 moves=$3
    shift 3
    verdict=$("$SLIDE_CHECK" "$@" "$init" "$goal" "$moves" 2>&1) && [ "$verdict" = Verified ]
}

length() {
    sed -n "s/^length: \([0-9]*\) unit, \([0-9]*\) line, \([0-9]*\) piece.*/unit \1 line \2 piece \3/p" "$1" |
        awk -v m="$2" '{ for (i = 1; i < NF; i += 2) if ($i == m) print $(i + 1) }'
}

explore_facts() {
    grep -E "^(reachable|farthest|widest layer|goal):|^  [0-9]+: " "$1"
}

cs61b_pairs() {
    local dir=$SHARED_PUZZLES/cs61b pair=0 suite init goal expect
    if [ ! -f "$dir/manifest.tsv" ]; then
        echo "$(basename "$0" .sh): $dir/manifest.tsv not found: the CS61B suites live in ../shared; skipping them"
        cs61b=no
        return
    fi
    cs61b=yes
    while IFS=$'\t' read -r suite init goal expect; do
        [ "$suite" = suite ] && continue   # the header line
        pair=$((pair + 1))
        [ "${SANITIZE:-0}" = 1 ] && [ $((pair % 3)) != 1 ] && continue
        "$@" "$suite/$init $goal" "$dir/$suite/$init" "$dir/$suite/$goal"
    done <"$dir/manifest.tsv"
}

now_ms() { date +%s%3N; }
