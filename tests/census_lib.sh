# census_lib.sh - what the census's test scripts (census.sh, piecesets.sh,
# corner_census.sh) share, sourced by each: a scratch directory removed
# on exit, the pass/fail tally and its closing line, and bad(), the check
# that a SPEC is refused with its FILE:LINE and exit 2.  It asks only for
# slide-explore ($SLIDE_EXPLORE, as X); a script that runs slide too
# asks for $SLIDE itself.
set -u
: "${SLIDE_EXPLORE:?SLIDE_EXPLORE must name the slide-explore binary}"
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passes=0 fails=0
pass() { passes=$((passes + 1)); }
fail() { fails=$((fails + 1)); echo "FAIL $*"; }
X=$SLIDE_EXPLORE

# bad LINE WHAT-THE-MESSAGE-SAYS SPEC-TEXT: the census of SPEC-TEXT (a
# file bad.spec) exits 2 with "bad.spec:LINE: " and then WHAT on stderr.
bad() {
    printf '%b' "$3" >"$tmp/bad.spec"
    local out rc
    out=$("$X" --census "$tmp/bad.spec" 2>&1 >/dev/null)
    rc=$?
    if [ $rc -eq 2 ] && [[ "$out" == *"bad.spec:$1: "*"$2"* ]]; then pass
    else fail "bad SPEC ($2): exit $rc, '$out'"; fi
}

# finish NAME: the closing tally; the script's status (exit it with this).
finish() {
    echo "$1: $passes passed, $fails failed"
    [ $fails -eq 0 ]
}
