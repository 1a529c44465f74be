#!/usr/bin/env bash
# check.sh - slide-check, the independent judge, on hand-written puzzles and
# move files in tests/check/: a correct solution is Verified, every kind of
# illegal move is exit 1 with one message naming its line, unreadable files
# and bad usage are exit 2, and hostile input (a million moves, an overlong
# line, binary junk) is survived quickly.
#
# The puzzles: square.* is a 3x3 tray with a 2x2 block that must reach the
# lower right (square.sizes.* is the same in sizes format); row.* is a 1x4
# tray with two 1x1 blocks, for sliding through a block; pic.* and pair.*
# are pictures (pieces of other shapes, walls, one-axis and marked pieces).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE_CHECK TESTS_DIR
cd "$TESTS_DIR/check" || exit 1

# expect NAME RC STDOUT STDERR ARGS...: runs slide-check ARGS with standard
# input from $in (default /dev/null).  STDOUT must match exactly; STDERR
# too, unless it starts with '~', when it is a fragment to look for.
expect() {
    local name=$1 want_rc=$2 want_out=$3 want_err=$4 rc ok=1
    shift 4
    "$SLIDE_CHECK" "$@" <"${in:-/dev/null}" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ "$rc" = "$want_rc" ] || ok=0
    [ "$(cat "$tmp/out")" = "$want_out" ] || ok=0
    case $want_err in
        '~'*) grep -qF -- "${want_err#\~}" "$tmp/err" || ok=0 ;;
        *) [ "$(cat "$tmp/err")" = "$want_err" ] || ok=0 ;;
    esac
    if [ "$ok" = 1 ]; then
        pass
    else
        fail "$name: exit $rc (want $want_rc)"
        echo "  stdout: $(head -c 300 "$tmp/out")"
        echo "  stderr: $(head -c 300 "$tmp/err")"
        echo "  wanted: $want_out / $want_err"
    fi
}

sq=(square.init square.goal)
pre='slide-check: '

# Correct solutions, from a file, from stdin and through CRLF and blanks.
expect solution 0 Verified '' "${sq[@]}" square.solution
in=square.solution expect stdin 0 Verified '' "${sq[@]}"
in=square.solution expect dash 0 Verified '' "${sq[@]}" -
expect crlf 0 Verified '' "${sq[@]}" square.crlf.moves
expect row 0 Verified '' row.init row.goal row.solution
expect sizes-auto 0 Verified '' square.sizes.init square.sizes.goal square.solution
expect sizes-given 0 Verified '' --format sizes square.sizes.init square.sizes.goal square.solution
expect format-eq 0 Verified '' --format=corners "${sq[@]}" square.solution
expect end-of-options 0 Verified '' -- "${sq[@]}" square.solution
# A start that already meets the goal needs no moves.
expect no-moves 0 Verified '' square.init square.init.goal empty.moves

# Each kind of illegal move: exit 1, one message naming the line.
expect overlap 1 '' "${pre}line 2: 0 0 0 1: block would overlap another block" \
    "${sq[@]}" square.overlap.moves
expect jump 1 '' "${pre}line 1: 0 0 0 3: block would overlap another block" \
    row.init row.goal row.jump.moves
expect onto 1 '' "${pre}line 2: 0 0 0 3: block would overlap another block" \
    row.init row.goal row.through.moves
expect not-corner 1 '' "${pre}line 3: 0 1 0 2: no block has its upper-left corner at 0 1" \
    "${sq[@]}" square.notcorner.moves
expect empty-cell 1 '' "${pre}line 1: 2 1 2 0: no block has its upper-left corner at 2 1" \
    "${sq[@]}" square.empty.moves
expect outside 1 '' "${pre}line 1: 9 9 9 8: no block has its upper-left corner at 9 9" \
    "${sq[@]}" square.outside.moves
expect diagonal 1 '' "${pre}line 1: 2 2 1 1: not a straight slide: row and column both change" \
    "${sq[@]}" square.diagonal.moves
expect still 1 '' "${pre}line 1: 2 2 2 2: not a straight slide: the block would not move" \
    "${sq[@]}" square.still.moves
expect leave 1 '' "${pre}line 2: 0 0 2 0: block would leave the tray" \
    "${sq[@]}" square.leave.moves
expect junk-line 1 '' \
    "${pre}line 2: 0 0 x 1: not four non-negative integers ('x' is not a non-negative integer)" \
    "${sq[@]}" square.junk.moves
expect five 1 '' "${pre}line 2: 0 0 1 0 7: not four non-negative integers (found 5 numbers)" \
    "${sq[@]}" square.five.moves
expect short 1 '' "${pre}moves end before the goal is reached" "${sq[@]}" square.short.moves
expect past 1 '' "${pre}moves end before the goal is reached" "${sq[@]}" square.past.moves
expect none 1 '' "${pre}moves end before the goal is reached" "${sq[@]}" empty.moves

# Pictures: pic.* is a 5x5 tray with an L (A), a J (B), a T (C), a bar
# that slides only horizontally (D) and a wall; pieces are named by their
# anchors (the leftmost cell of the top row) and every step of a slide is
# checked against walls, pieces and the tray.  pair.* holds two Ls of one
# shape: interchangeable, unless marked distinct.
pic=(pic.init pic.goal)
expect pic-solution 0 Verified '' "${pic[@]}" pic.solution
expect pic-format 0 Verified '' --format picture "${pic[@]}" pic.solution
expect pic-notanchor 1 '' \
    "${pre}line 1: 1 0 1 1: no piece has its anchor at 1 0 (the piece covering it has its anchor at 0 0)" \
    "${pic[@]}" pic.notanchor.moves
expect pic-wallcell 1 '' "${pre}line 1: 2 1 2 2: no piece has its anchor at 2 1 (that cell is a wall)" \
    "${pic[@]}" pic.wallcell.moves
expect pic-wall 1 '' "${pre}line 2: 3 0 2 0: block would hit a wall" "${pic[@]}" pic.wall.moves
expect pic-axis 1 '' "${pre}line 1: 4 3 3 3: block slides only horizontally" \
    "${pic[@]}" pic.axis.moves
expect pic-overlap 1 '' "${pre}line 2: 4 3 4 1: block would overlap another block" \
    "${pic[@]}" pic.overlap.moves
expect pic-leave 1 '' "${pre}line 1: 4 3 4 4: block would leave the tray" "${pic[@]}" pic.leave.moves
expect pic-short 1 '' "${pre}moves end before the goal is reached" "${pic[@]}" pic.short.moves
expect pair 0 Verified '' pair.init pair.goal empty.moves
expect pair-distinct 1 '' "${pre}moves end before the goal is reached" \
    pair.distinct.init pair.goal empty.moves
# A solver's answer on the picture, in both representations, is verified.
if [ -n "${SLIDE:-}" ]; then
    for engine in auto general; do
        "$SLIDE" --engine $engine "${pic[@]}" >"$tmp/pic.moves"
        expect "pic-slide-$engine" 0 Verified '' "${pic[@]}" "$tmp/pic.moves"
    done
fi

# Unreadable files, bad puzzles and bad usage: exit 2.
expect no-moves-file 2 '' "${pre}no-such.moves: No such file or directory" \
    "${sq[@]}" no-such.moves
expect dir-moves 2 '' "${pre}.: is a directory, not a move file" "${sq[@]}" .
expect no-init 2 '' "${pre}no-such.init: No such file or directory" no-such.init square.goal
# A GOAL given as INIT: its first line is not two integers, so (SPEC
# "Detection") it is read as a picture, and the message recalls the tray line.
expect bad-puzzle 2 '' "${pre}square.goal:1: a space at column 2: grid rows hold no blanks ('.' is an empty cell); a file in the line formats starts with its tray line, two integers 'H W'" \
    square.goal square.goal
expect no-args 2 '' '~needs an INIT file and a GOAL file'
expect one-arg 2 '' '~needs an INIT file and a GOAL file' square.init
expect too-many 2 '' '~too many arguments' "${sq[@]}" a b
expect bad-option 2 '' "~unknown option '--frobnicate'" --frobnicate "${sq[@]}"
expect bad-format 2 '' "~unknown format 'diagonal'" --format diagonal "${sq[@]}"
expect format-missing 2 '' '~--format needs a value' "${sq[@]}" --format
# The version the headers say (include/slide.h, the one place it is written).
version=$(sed -n 's/^#define SLIDE_VERSION "\(.*\)"$/\1/p' "$TESTS_DIR/../include/slide.h")
expect version 0 "slide-check ${version:?no SLIDE_VERSION in include/slide.h}" '' --version
expect help 0 "$("$SLIDE_CHECK" --help)" '' --help
"$SLIDE_CHECK" --help | grep -q -- '--format' || fail "help lacks --format"

# A million moves of the 1x1 block back and forth, then the solution.
{ yes $'2 2 0 2\n0 2 2 2' | head -n 1000000; cat square.solution; } >"$tmp/million"
t0=$(now_ms)
in="$tmp/million" expect million 0 Verified '' "${sq[@]}"
echo "check.sh: a million moves on a 3x3 tray: $(( $(now_ms) - t0 )) ms"

# A 100x100 tray with 9,999 blocks: each move costs its block, not the tray.
awk 'BEGIN { print "100 100"; for (r = 0; r < 100; r++) for (c = 0; c < 100; c++)
             if (r * 100 + c < 9999) print r, c, r, c }' >"$tmp/big.init"
echo "99 99 99 99" >"$tmp/big.goal"
yes $'99 98 99 99\n99 99 99 98' | head -n 1000001 >"$tmp/big.moves"
t0=$(now_ms)
in="$tmp/big.moves" expect big-tray 0 Verified '' "$tmp/big.init" "$tmp/big.goal"
ms=$(( $(now_ms) - t0 ))
echo "check.sh: a million moves on a 100x100 tray of 9,999 blocks: $ms ms"
[ "$ms" -lt 10000 ] || fail "big tray too slow"

# Hostile input: binary junk, a 10 MB line, a NUL byte.  Exit 1, one line.
head -c 2000000 /dev/urandom >"$tmp/junk"
in="$tmp/junk" expect junk 1 '' '~slide-check: line ' "${sq[@]}"
[ "$(wc -l <"$tmp/err")" = 1 ] || fail "junk: more than one line"
head -c 10000000 /dev/zero | tr '\0' 7 >"$tmp/long"
in="$tmp/long" expect long-line 1 '' '~line 1: 7777' "${sq[@]}"
grep -qF '...: line longer than 512 bytes' "$tmp/err" || fail "long line"
printf '2 2 0 2\n0 0\0 1 0\n' >"$tmp/nul"
in="$tmp/nul" expect nul 1 '' \
    "${pre}line 2: 0 0\\x00 1 0: not four non-negative integers (binary data: byte 0x00 at column 4 is not text)" \
    "${sq[@]}"

finish check.sh
