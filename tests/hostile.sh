#!/usr/bin/env bash
# hostile.sh - hostile puzzle files that tests/bad/expected.tsv cannot
# hold: ones generated at test time (a million block lines, random binary
# junk), permissions (an unreadable file), and the inputs that must be
# *accepted* (CRLF line ends, tabs).  Refusals are exit 2, nothing on
# stdout, one "PROGRAM: FILE:LINE: ..." (or "FILE: ...") message, quickly;
# never a crash and never a partial solution.  Both slide and slide-check
# read puzzles, so both are held to it.
set -u
: "${SLIDE:?SLIDE must name the slide binary}"
: "${SLIDE_CHECK:?SLIDE_CHECK must name the slide-check binary}"
: "${TESTS_DIR:?TESTS_DIR must name the tests folder}"
tmp=$(mktemp -d) || exit 1
trap 'chmod -R u+rwx "$tmp"; rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
cp "$TESTS_DIR/bad/ok.init" "$TESTS_DIR/bad/ok.goal" .
passes=0 fails=0
pass() { passes=$((passes + 1)); }
fail() { fails=$((fails + 1)); echo "FAIL $*"; }
now_ms() { date +%s%3N; }

# refuse NAME WHERE FRAGMENT INIT GOAL: both programs exit 2 within 10 s,
# stdout empty, stderr one line "PROG: WHERE ..." holding FRAGMENT.
refuse() {
    local name=$1 where=$2 what=$3 init=$4 goal=$5 prog bin rc t0 ms problem
    for prog in slide slide-check; do
        [ "$prog" = slide ] && bin=$SLIDE || bin=$SLIDE_CHECK
        t0=$(now_ms)
        "$bin" "$init" "$goal" </dev/null >out 2>err
        rc=$?
        ms=$(($(now_ms) - t0))
        problem=
        [ "$rc" = 2 ] || problem="exit $rc, want 2"
        [ -s out ] && problem="${problem:+$problem; }stdout not empty"
        [ "$(wc -l <err)" = 1 ] || problem="${problem:+$problem; }$(wc -l <err) lines on stderr"
        grep -qF -- "$prog: $where" err || problem="${problem:+$problem; }no '$prog: $where'"
        grep -qF -- "$what" err || problem="${problem:+$problem; }no '$what'"
        [ "$ms" -lt 10000 ] || problem="${problem:+$problem; }took $ms ms"
        if [ -z "$problem" ]; then pass; else fail "$name ($prog): $problem: $(head -c 300 err)"; fi
    done
}

# A million block lines: all on a 256x256 tray, the same cell over and over.
# The reader is linear, so the overlap at line 3 is reported at once; and a
# million distinct lines on a too-small tray fail at the first block off it.
awk 'BEGIN { print "256 256"; for (i = 0; i < 1000000; i++) print "0 0 0 0" }' >million.init
refuse million-same "million.init:3:" "overlaps the block of line 2" million.init ok.goal
awk 'BEGIN { print "256 256"; for (i = 0; i < 1000000; i++) print int(i / 256), i % 256, int(i / 256), i % 256 }' >million-off.init
refuse million-off "million-off.init:65538:" "runs off the 256x256 tray" million-off.init ok.goal
# A million GOAL lines cycling through the 3x3 tray's nine cells: repeats
# are one requirement each (SPEC), but nine distinct 1x1 entries against
# two 1x1 blocks is too many, blamed on the first entry of that size.
awk 'BEGIN { for (i = 0; i < 1000000; i++) print int(i / 3) % 3, i % 3, int(i / 3) % 3, i % 3 }' \
    >million.goal
refuse million-goal "million.goal:1:" "goal names 9 blocks of size 1x1 but the tray has only 2" \
    ok.init million.goal
# A million copies of one GOAL line are one requirement, which INIT meets:
# slide prints no moves and slide-check verifies none, quickly.
awk 'BEGIN { for (i = 0; i < 1000000; i++) print "0 0 0 0" }' >million-same.goal
t0=$(now_ms)
"$SLIDE" ok.init million-same.goal >out 2>err
rc=$?
"$SLIDE_CHECK" ok.init million-same.goal </dev/null >check 2>>err
crc=$?
ms=$(($(now_ms) - t0))
if [ "$rc" = 0 ] && [ ! -s out ] && [ "$crc" = 0 ] && [ "$(cat check)" = Verified ] &&
    [ "$ms" -lt 10000 ]; then pass
else fail "million-same-goal: slide exit $rc, slide-check exit $crc, $ms ms: $(head -c 300 err)"; fi

# Random binary junk as INIT and as GOAL (a fixed seed would be nicer, but
# any bytes at all must be refused: the first control byte or non-number).
head -c 100000 /dev/urandom >junk
refuse junk-init "junk:" "" junk ok.goal
refuse junk-goal "junk:" "" ok.init junk
head -c 100000 /dev/zero >zeros
refuse zeros-init "zeros:1:" "binary data: byte 0x00 at column 1" zeros ok.goal

# An empty GOAL names no block: any INIT meets it, no moves are needed.
: >empty.goal
"$SLIDE" ok.init empty.goal >out 2>err
rc=$?
if [ "$rc" = 0 ] && [ ! -s out ]; then pass; else fail "empty goal: exit $rc: $(head -c 200 err)"; fi
cp empty.goal empty.init
refuse empty-init "empty.init:" "no tray line: the file is empty" empty.init ok.goal

# An unreadable file as INIT and as GOAL.  Root reads a mode-000 file
# anyway, so there the case cannot be made: say so and skip it.
cp ok.init locked.init
cp ok.goal locked.goal
chmod 000 locked.init locked.goal
if cat locked.init >/dev/null 2>&1; then
    echo "hostile.sh: running as $(id -un): mode 000 does not stop reads; unreadable-file cases skipped"
else
    refuse locked-init "locked.init:" "Permission denied" locked.init ok.goal
    refuse locked-goal "locked.goal:" "Permission denied" ok.init locked.goal
fi
chmod 644 locked.init locked.goal

# CRLF line ends and tabs are accepted: the solve works and checks.
puzzles=${PROJECT_PUZZLES:-$TESTS_DIR/../puzzles}
sed 's/ /\t/g; s/$/\r/' "$puzzles/klotski.init" >crlf.init
sed 's/^/\t /; s/ /\t\t/2; s/$/ \r/' "$puzzles/klotski.goal" >crlf.goal
"$SLIDE" crlf.init crlf.goal >moves 2>err
rc=$?
if [ "$rc" = 0 ] && [ -s moves ] && "$SLIDE_CHECK" crlf.init crlf.goal moves >/dev/null 2>&1 &&
    "$SLIDE_CHECK" "$puzzles/klotski.init" "$puzzles/klotski.goal" moves >/dev/null 2>&1; then
    pass
else
    fail "crlf+tabs: exit $rc: $(head -c 200 err)"
fi
grep -q $'\r' crlf.init && grep -q $'\t' crlf.goal || fail "crlf+tabs: the files lack CR or tab"

echo "hostile.sh: $passes passed, $fails failed"
[ "$fails" = 0 ]
