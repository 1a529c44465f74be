#!/usr/bin/env bash
# show.sh - `slide --show`: one picture per move plus the final one, the
# initial picture exactly as drawn from puzzles/klotski.init (and from a
# picture puzzle with an L, a J, a T and a wall), ASCII under
# LC_ALL=C and box drawing under a UTF-8 locale, colour only on a terminal
# and never with NO_COLOR, the zero-move case, the too-large notice, and a
# plain run whose stdout is still nothing but moves.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE PROJECT_PUZZLES TESTS_DIR
# pictures FILE: how many pictures FILE holds (a tray's top edge right
# after a caption line).
pictures() { awk '/^(move|solved)/ { cap = 1; next } cap && /^(\+|┌)/ { n++ } { cap = 0 }
                  END { print n + 0 }' "$1"; }

init=$PROJECT_PUZZLES/klotski.init goal=$PROJECT_PUZZLES/klotski.goal

# A plain run: moves only.
"$SLIDE" "$init" "$goal" >"$tmp/moves"; rc=$?
n=$(wc -l <"$tmp/moves")
holds "plain run exits 0" [ "$rc" = 0 ]
holds "plain stdout is only moves" \
    [ "$(grep -cvE '^[0-9]+ [0-9]+ [0-9]+ [0-9]+$' "$tmp/moves")" = 0 ]
holds "plain run has moves" [ "$n" -gt 0 ]

# ASCII pictures.
LC_ALL=C "$SLIDE" --show "$init" "$goal" >"$tmp/ascii"; rc=$?
holds "--show exits 0" [ "$rc" = 0 ]
holds "one caption per move" [ "$(grep -cE '^move [0-9]+ of [0-9]+: ' "$tmp/ascii")" = "$n" ]
holds "one final caption" [ "$(grep -c '^solved after ' "$tmp/ascii")" = 1 ]
holds "pictures = moves + 1" [ "$(pictures "$tmp/ascii")" = $((n + 1)) ]
holds "ASCII only under LC_ALL=C" [ "$(LC_ALL=C grep -c '[^ -~]' "$tmp/ascii")" = 0 ]
holds "no escape codes off a terminal" [ "$(grep -c $'\033' "$tmp/ascii")" = 0 ]
holds "captions quote the moves" \
    [ "$(sed -nE 's/^move [0-9]+ of [0-9]+: ([0-9]+ [0-9]+) -> ([0-9]+ [0-9]+) .*/\1 \2/p' \
         "$tmp/ascii")" = "$(cat "$tmp/moves")" ]

# The initial picture, before move 1 (whatever move 1 is, it marks one block).
cat >"$tmp/first.want" <<'PIC'
+---+-------+---+
|   |       |   |
| A |   B   | C |
|   |       |   |
+---+-------+---+
|   |   E   |   |
| D +---+---+ F |
|   | G | H |   |
+---+---+---+---+
| I | .   . | J |
+---+-------+---+
PIC
sed -n '2,12p' "$tmp/ascii" | tr '<>^v' '    ' | sed -E 's/ +\|/|/g' >"$tmp/first.got"
sed -E 's/ +\|/|/g' "$tmp/first.want" >"$tmp/first.norm"
holds "initial picture" cmp -s "$tmp/first.got" "$tmp/first.norm"

# The final picture: the 2x2 block B sits at rows 3-4, columns 1-2, so its
# label is on canvas line 8 (2*3+2), column 8 (4*1+1+3).
python3 - "$tmp/ascii" <<'PY' || fail "final picture has B at the goal"
import sys
lines = open(sys.argv[1]).read().split("\n")
end = lines.index([l for l in lines if l.startswith("solved after")][0])
pic = lines[end + 1:end + 12]
assert pic[8][8] == "B", pic
assert pic[6][4:13] == "+-------+" or pic[6][4:13].replace("-", "").strip("+") == "", pic
PY
[ $? = 0 ] && pass

# A picture: pieces of other shapes (an L, a J, a T) are outlined cell by
# cell and keep their own letters, the wall is filled with '#'; the final
# picture has the L's letter in its anchor cell at the goal (row 1,
# column 2: canvas line 3, column 10).
pic=("$TESTS_DIR/check/pic.init" "$TESTS_DIR/check/pic.goal")
LC_ALL=C "$SLIDE" --show "${pic[@]}" >"$tmp/pic"; rc=$?
holds "picture: --show exits 0" [ "$rc" = 0 ]
cat >"$tmp/pic.want" <<'PIC'
+-------+-----------+
| A     | .   .   . |
|   +---+   +---+   |
|   | .   . | B | . |
+---+---+   |   +---+
| . |###| . |       |
+---+---+---+-------+
|     C     | .   . |
+---+   +---+-------+
| . |   | . |   D   |
+---+---+---+-------+
PIC
sed -n '2,12p' "$tmp/pic" | tr '<>^v' '    ' >"$tmp/pic.got"
holds "picture: initial picture" cmp -s "$tmp/pic.got" "$tmp/pic.want"
holds "picture: pictures = moves + 1" \
    [ "$(pictures "$tmp/pic")" = $(($("$SLIDE" "${pic[@]}" | wc -l) + 1)) ]
holds "picture: A at its goal" [ "$(tail -n 11 "$tmp/pic" | sed -n 4p | cut -c11)" = A ]

# Box drawing under a UTF-8 locale (when the system has one).
if locale -a 2>/dev/null | grep -qiE '^C\.utf-?8$'; then
    LC_ALL=C.UTF-8 "$SLIDE" --show "$init" "$goal" >"$tmp/utf8"
    holds "box drawing under UTF-8" grep -q '┌───┬───────┬───┐' "$tmp/utf8"
    holds "same pictures under UTF-8" [ "$(pictures "$tmp/utf8")" = $((n + 1)) ]
else
    echo "show: no C.UTF-8 locale here; box drawing not checked"
fi

# Colour on a terminal only, and never with NO_COLOR (util-linux script
# gives the program a pseudo-terminal).
if command -v script >/dev/null; then
    cmd="LC_ALL=C '$SLIDE' --show '$init' '$goal'"
    NO_COLOR= TERM=xterm script -qec "$cmd" /dev/null >"$tmp/tty" 2>&1
    holds "colour on a terminal" grep -q $'\033\\[' "$tmp/tty"
    NO_COLOR=1 TERM=xterm script -qec "$cmd" /dev/null >"$tmp/tty" 2>&1
    holds "no colour with NO_COLOR" [ "$(grep -c $'\033' "$tmp/tty")" = 0 ]
else
    echo "show: no 'script' command; terminal colour not checked"
fi

# Zero moves: one picture.
LC_ALL=C "$SLIDE" --show "$init" "$TESTS_DIR/ui/done.goal" >"$tmp/done"; rc=$?
holds "zero moves exits 0" [ "$rc" = 0 ]
holds "zero moves: one picture" [ "$(pictures "$tmp/done")" = 1 ]
holds "zero moves: caption" grep -q '^solved already' "$tmp/done"

# Too large to draw: the moves, and a notice on stderr.
python3 "$TESTS_DIR/ui/bigtray.py" "$tmp"
"$SLIDE" --show "$tmp/big.init" "$tmp/big.goal" >"$tmp/big.out" 2>"$tmp/big.err"; rc=$?
holds "big tray exits 0" [ "$rc" = 0 ]
holds "big tray: notice" grep -q 'too large to draw' "$tmp/big.err"
holds "big tray: moves only" [ "$(grep -cvE '^[0-9]+ [0-9]+ [0-9]+ [0-9]+$' "$tmp/big.out")" = 0 ]

# Unsolvable: nothing on stdout, exit 1.
"$SLIDE" --show "$TESTS_DIR/ui/stuck.init" "$TESTS_DIR/ui/stuck.goal" >"$tmp/stuck"; rc=$?
holds "unsolvable --show exits 1" [ "$rc" = 1 ]
holds "unsolvable --show prints nothing" [ ! -s "$tmp/stuck" ]

finish show
