# census_lib.sh - what the census's test scripts (census.sh, piecesets.sh,
# corner_census.sh) share beyond lib.sh, which it sources: slide-explore
# ($SLIDE_EXPLORE, needed, as X) and bad(), the check that a SPEC is
# refused with its FILE:LINE and exit 2.  A script that runs slide too
# needs $SLIDE itself.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE_EXPLORE
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
