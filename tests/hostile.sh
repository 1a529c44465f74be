#!/usr/bin/env bash
# hostile.sh - hostile puzzle files that tests/bad/expected.tsv cannot
# hold: ones generated at test time (a million block lines, random binary
# junk), permissions (an unreadable file), and the inputs that must be
# *accepted* (CRLF line ends, tabs).  Refusals are exit 2, nothing on
# stdout, one "PROGRAM: FILE:LINE: ..." (or "FILE: ...") message, quickly;
# never a crash and never a partial solution.  Both slide and slide-check
# read puzzles, so both are held to it.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE SLIDE_CHECK TESTS_DIR
cd "$tmp" || exit 1
cp "$TESTS_DIR/bad/ok.init" "$TESTS_DIR/bad/ok.goal" .
# How long a hostile file may take: a guard against work growing with the
# square of the input (a million lines would take hours), not a speed
# target, so it is generous: the sanitizer build on a loaded machine took
# 10.2 s for a million GOAL lines that take 1 s in Release.
LIMIT_MS=60000

# refuse NAME WHERE FRAGMENT INIT GOAL: both programs exit 2 within LIMIT_MS,
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
        [ "$ms" -lt "$LIMIT_MS" ] || problem="${problem:+$problem; }took $ms ms"
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
# A million GOAL lines cycling through nine cells of the 256x256 tray
# (a GOAL may hold 512 bytes a cell of its INIT's tray: docs/formats.md,
# "Limits"): repeats are one requirement each (SPEC), but nine distinct
# 1x1 entries against two 1x1 blocks is too many, blamed on the first
# entry of that size.
printf '256 256\n0 0 0 0\n0 1 0 1\n1 1 2 2\n' >big.init
awk 'BEGIN { for (i = 0; i < 1000000; i++) print int(i / 3) % 3, i % 3, int(i / 3) % 3, i % 3 }' \
    >million.goal
refuse million-goal "million.goal:1:" "goal names 9 blocks of size 1x1 but the tray has only 2" \
    big.init million.goal
# A million copies of one GOAL line are one requirement, which INIT meets:
# slide prints no moves and slide-check verifies none, quickly.
awk 'BEGIN { for (i = 0; i < 1000000; i++) print "0 0 0 0" }' >million-same.goal
t0=$(now_ms)
"$SLIDE" big.init million-same.goal >out 2>err
rc=$?
verified big.init million-same.goal /dev/null
crc=$?
ms=$(($(now_ms) - t0))
if [ "$rc" = 0 ] && [ ! -s out ] && [ "$crc" = 0 ] &&
    [ "$ms" -lt "$LIMIT_MS" ]; then pass
else fail "million-same-goal: slide exit $rc, slide-check: $verdict, $ms ms: $(head -c 300 err)"; fi

# Random binary junk as INIT and as GOAL (a fixed seed would be nicer, but
# any bytes at all must be refused: the first control byte or non-number).
head -c 100000 /dev/urandom >junk
refuse junk-init "junk:" "" junk ok.goal
refuse junk-goal "junk:" "" ok.init junk
head -c 100000 /dev/zero >zeros
refuse zeros-init "zeros:1:" "binary data: byte 0x00 at column 1" zeros ok.goal
# An input that cannot be a puzzle is refused within what its tray allows
# (docs/formats.md, "Limits"), not read on: /dev/zero at its first byte;
# a first line that never ends, or only blank lines, at 131,072 bytes;
# after a tray line of 5x4, at 131,072 bytes and 512 a cell, GOAL too;
# a picture row of width 1 at most 65,536 rows' worth.
refuse dev-zero "/dev/zero:1:" "binary data: byte 0x00 at column 1" /dev/zero ok.goal
refuse dev-zero-goal "/dev/zero:1:" "binary data: byte 0x00 at column 1" ok.init /dev/zero
head -c 1000000 /dev/zero | tr '\0' 7 >endless
refuse endless-line "endless:1:" "no tray line or picture row ends within the first 131,072 bytes" \
    endless ok.goal
yes '' | head -n 200000 >blanks
refuse blank-lines "blanks:131073:" "no tray line or picture row ends within the first 131,072 bytes" \
    blanks ok.goal
{ echo '5 4'; yes '0 0 0 0' | head -n 100000; } >repeat.init
refuse tray-cap "repeat.init:" "the file goes on past 141,312 bytes, more than a puzzle file of a tray of 20 cells may hold" \
    repeat.init ok.goal
yes '0 0 0 0' | head -n 100000 >repeat.goal
refuse goal-cap "repeat.goal:" "the file goes on past 135,680 bytes, more than a puzzle file of a tray of 9 cells may hold" \
    ok.init repeat.goal
yes 'A' | head -c 40000000 >column.pic
refuse picture-cap "column.pic:16842753:" "the file goes on past 33,685,504 bytes, more than a puzzle file of a tray of 65,536 cells may hold" \
    column.pic ok.goal
rm -f column.pic

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
if [ "$rc" = 0 ] && [ -s moves ] && verified crlf.init crlf.goal moves &&
    verified "$puzzles/klotski.init" "$puzzles/klotski.goal" moves; then
    pass
else
    fail "crlf+tabs: exit $rc: $(head -c 200 err)"
fi
grep -q $'\r' crlf.init && grep -q $'\t' crlf.goal || fail "crlf+tabs: the files lack CR or tab"

# ---- Pictures (SPEC "Pictures") --------------------------------------
# Generated pictures that tests/bad cannot hold, and every byte inside a
# grid row.  The Klotski picture, CRLF and all, solves and checks as the
# CS61B Klotski does.
printf '; Klotski\r\nABBC\r\nABBC\r\nDEEF\r\nDGHF\r\nI..J\r\n' >k.pic
printf '....\r\n....\r\n....\r\n.BB.\r\n.BB.\r\n' >kg.pic
"$SLIDE" k.pic kg.pic >moves 2>err
rc=$?
if [ "$rc" = 0 ] && [ "$(wc -l <moves)" = 90 ] &&
    verified k.pic kg.pic moves && verified "$puzzles/klotski.init" "$puzzles/klotski.goal" moves
then pass; else fail "picture crlf klotski: exit $rc: $(head -c 200 err)"; fi
if [ -n "${SLIDE_EXPLORE:-}" ]; then
    "$SLIDE_EXPLORE" k.pic kg.pic >out 2>err
    if grep -q "reachable: 25955 configurations" out; then pass
    else fail "slide-explore on a picture: $(head -c 200 out err)"; fi
fi
# A goal drawn in the wrong size, ragged rows in a tall picture, a piece
# in two far corners of the largest tray.
printf '.....\n.....\n.....\n.BB..\n.BB..\n' >wide.goal
refuse pic-goal-size "wide.goal:1:" "the goal picture is 5x5 but INIT (k.pic) is 5x4" k.pic wide.goal
awk 'BEGIN { for (i = 1; i <= 1000; i++) print (i == 700 ? "AAAAA" : "AAAA") }' >ragged.pic
refuse pic-ragged "ragged.pic:700:" "rows of different lengths: this row has 5 cells, the first (line 1) has 4" \
    ragged.pic kg.pic
awk 'BEGIN { for (i = 0; i < 256; i++) { s = ""; for (j = 0; j < 256; j++) s = s "."; if (i == 0) s = "A" substr(s, 2); if (i == 255) s = substr(s, 1, 255) "A"; print s } }' >apart.pic
refuse pic-apart "apart.pic:256:" "piece 'A' is not connected: its cell at column 256" apart.pic kg.pic
# A 10 MB row is no picture of a tray slide takes: refused once it is
# longer than any first line may be, as INIT; as GOAL, once it is longer
# than a puzzle file of INIT's tray may be.
{ printf 'A'; head -c 10485760 /dev/zero | tr '\0' '.'; echo; } >row10m.pic
refuse pic-10mb-row "row10m.pic:1:" "no tray line or picture row ends within the first 131,072 bytes" \
    row10m.pic kg.pic
refuse pic-10mb-goal "row10m.pic:1:" "more than a puzzle file of a tray of 20 cells may hold" \
    k.pic row10m.pic
# A row of 65,536 cells (the largest tray, 1x65536) is a picture: read whole.
{ printf 'A'; head -c 65535 /dev/zero | tr '\0' '.'; echo; } >row64k.pic
{ head -c 65536 /dev/zero | tr '\0' '.'; echo; } >row64k.goal
"$SLIDE" row64k.pic row64k.goal >out 2>err
rc=$?
if [ "$rc" = 0 ] && [ ! -s out ]; then pass; else fail "a 1x65536 picture: exit $rc: $(head -c 200 err)"; fi
# Every byte that is not a cell, inside a row: control bytes and DEL are
# binary data, bytes past ASCII are not ASCII, blanks and ';' are named.
# (A newline splits the row: not a case; ':' is a cell, SPEC "Pictures".)
for b in $(seq 0 255); do
    hex=$(printf '%02x' "$b")
    case $b in
    10) continue ;;
    9) what="a tab at column 2" ;;
    32) what="a space at column 2" ;;
    59) what="';' at column 2 cannot be a piece" ;;
    3[3-9] | [4-9][0-9] | 1[01][0-9] | 12[0-6]) continue ;;   # printable: cells
    12[7-9] | 1[3-9][0-9] | 2[0-9][0-9])
        [ "$b" = 127 ] && what="binary data: byte 0x7f at column 2" ||
            what="byte 0x$hex at column 2 is not ASCII" ;;
    *) what="binary data: byte 0x$hex at column 2 is not text" ;;
    esac
    printf "A\\x${hex}B\\n..\\n" >byte.pic
    refuse "pic-byte-$hex" "byte.pic:1:" "$what" byte.pic kg.pic
done
# Every printable character but the three that are not pieces ('.', '#',
# ';') is one, in INIT and in GOAL.
chars=$(printf '%s' '!"$%&'"'"'()*+,-/0123456789:<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\]^_`abcdefghijklmnopqrstuvwxyz{|}~')
printf '%s\n' "$chars" >chars.pic
printf '%s\n' "$chars" | tr -c '\n' '.' >chars.goal
"$SLIDE" chars.pic chars.goal >out 2>err
rc=$?
if [ "$rc" = 0 ] && [ ! -s out ] && [ "${#chars}" = 91 ]; then pass
else fail "every piece character: exit $rc, ${#chars} characters: $(head -c 200 err)"; fi

finish hostile.sh
