#!/usr/bin/env bash
# play.sh - `slide --play FILE`: the play page in real headless Chromium,
# driven with real key, mouse and touch events (tests/ui/play.py says how
# and what it checks): Klotski under the line metric on a desktop window
# with clicks and arrow keys, and a picture (an L, a J, a T, a one-axis
# bar and a wall) under the piece metric in a phone's viewport with touch
# drags and taps, and Ma's puzzle (L-shaped pieces, 110,804
# configurations) under the unit metric on the desktop.  INIT's distance
# the page shows must equal the length of `slide --optimal`'s solution
# under the metric.  Then every puzzle in
# puzzles/ and every pair of the CS61B easy suite gets a page, each page
# must prepare its hints in the browser and show the oracle's distance of
# INIT (slide-explore --distances), or, past --play-hints, say it has none
# (as slide says on stderr).  The pages must be self-contained.
# `play.sh` plays the scenarios; `play.sh pages` checks every page;
# `play.sh shots` is the look of the game: the pages of Klotski, Rush
# Hour (51), Ma's puzzle, the 8-puzzle, the 15-puzzle and the
# polyominoes shot at 1280x800 and 390x844, with a hint shown and solved
# where the page has hints, checked as tests/ui/play.py says (no console
# error, no horizontal scrolling on the phone, no word of the title
# broken, the goal's colours, the exit, the tiles' numbers, the slide and
# reduced motion, the hint in words, the solved banner), and two puzzles
# with no solution (tests/ui/stuck*: one configuration, in the table, and
# three, past it, for the page's engine to find out), whose pages must
# say so, the one configuration counted as one, with Hint and Solve off
# and without offering to undo.
# Past the table, the 15-puzzle (Rosetta's) and the polyominoes are played
# through the engine the page carries (WebAssembly): hints followed to the
# goal, each judged legal by play.py, no console error; in a build without
# the engine (no emcc) their pages must say so instead.  Every page must
# be at most PAGE_MOST bytes (512 KB, 524,288 bytes; an engine page is
# about 479,000 bytes whatever the puzzle, 414,536 of them the module's
# 310,901 in base64, so it has about 45,000 to spare), and each page's
# size is printed.  Three ctest tests (play, play_pages, play_shots).
# Screenshots are kept in ./play-artifacts (the build's tests folder
# under ctest).  Skipped (exit 77) only when chromium is not installed.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE SLIDE_EXPLORE PROJECT_PUZZLES TESTS_DIR
if ! command -v chromium >/dev/null; then
    echo "play: chromium not found (test.sh installs it); skipping"
    exit 77
fi
art=${ARTIFACTS:-$PWD/play-artifacts}
mkdir -p "$art"

# self_contained HTML: no src/href attributes, no CSS url() or @import, no
# URL but the SVG namespace.  (The engine's worker is made from a Blob by
# URL.createObjectURL(), in the page: no reference to anything outside.)
self_contained() {
    ! grep -qiE '(src|href)=|(^|[^a-z])url\(|@import' "$1" &&
        [ "$(grep -oE 'https?://[^"'\'' ]*' "$1" | grep -vc '^http://www.w3.org/2000/svg$')" = 0 ]
}

PAGE_MOST=524288
# small_enough HTML: within PAGE_MOST bytes; says how large when asked
# (-v), and keeps the largest page seen in $largest.
largest=0
small_enough() {
    local size
    size=$(stat -c %s "${@: -1}")
    [ "$1" = -v ] && echo "play: $(basename "$2"): $size bytes"
    [ "$size" -gt "${largest%% *}" ] && largest="$size bytes ($(basename "${@: -1}"))"
    [ "$size" -le "$PAGE_MOST" ]
}

# optimal METRIC INIT GOAL: the length of a shortest solution under METRIC.
optimal() {
    "$SLIDE" -ostats --optimal --metric "$1" "$2" "$3" 2>&1 >/dev/null |
        awk -v m="$1" '/^length:/ { for (i = 2; i < NF; i++) if ($(i + 1) ~ "^" m) print $i }'
}

# scenario NAME INIT GOAL METRIC MODE
scenario() {
    local name=$1 init=$2 goal=$3 metric=$4 mode=$5 html=$tmp/$1.html want
    "$SLIDE" --metric "$metric" --play "$html" "$init" "$goal" >"$tmp/$name.moves" &&
        pass || fail "$name: slide --play failed"
    "$SLIDE" --metric "$metric" "$init" "$goal" | cmp -s - "$tmp/$name.moves" && pass ||
        fail "$name: stdout differs from a plain run"
    self_contained "$html" && pass || fail "$name: the page refers to something outside itself"
    small_enough -v "$html" && pass || fail "$name: the page is larger than $PAGE_MOST bytes"
    want=$(optimal "$metric" "$init" "$goal")
    [ -n "$want" ] && pass || fail "$name: no optimal length from slide -ostats"
    timeout 300 python3 "$TESTS_DIR/ui/play.py" chromium "$html" "$want" "$mode" "$art" "$name" &&
        pass || fail "$name ($mode): the played page failed (above)"
}

# engine_scenario NAME INIT GOAL: a page past its table, played through
# its engine; or, without one in this build, a page that says so.
engine_scenario() {
    local name=$1 init=$2 goal=$3 html=$tmp/$1.html
    "$SLIDE" --play "$html" "$init" "$goal" >/dev/null 2>"$tmp/$name.err" && pass ||
        fail "$name: slide --play failed"
    self_contained "$html" && pass || fail "$name: the page refers to something outside itself"
    small_enough -v "$html" && pass || fail "$name: the page is larger than $PAGE_MOST bytes"
    if ! grep -q "page's engine" "$tmp/$name.err"; then
        grep -q 'engine: null' "$html" && grep -q 'has no engine' "$html" && pass ||
            fail "$name: a page past its table with neither an engine nor a word why"
        echo "play: $name: this build has no engine for the page (no emcc): not played"
        return
    fi
    timeout 600 python3 "$TESTS_DIR/ui/play.py" chromium "$html" - engine "$art" "$name" &&
        pass || fail "$name (engine): the played page failed (above)"
}

if [ "${1:-}" = shots ]; then
    list=$tmp/shots.tsv
    : >"$list"
    for name in klotski rush-hour-51 mas-puzzle eight-31a fifteen-rosetta polyominoes; do
        p=$PROJECT_PUZZLES/$name
        "$SLIDE" --play "$tmp/$name.html" "$p.init" "$p.goal" >/dev/null 2>"$tmp/err" &&
            pass || fail "$name: slide --play failed"
        self_contained "$tmp/$name.html" && pass || fail "$name: the page refers to something outside itself"
        printf '%s\t%s\t%s\t%s\n' "$name" "$tmp/$name.html" "$p.init" "$p.goal" >>"$list"
        echo "play: $name: $(wc -c <"$tmp/$name.html") bytes"
    done
    # No solution (a full 1x3 tray; the same goal on a 1x4 tray, its three
    # configurations past a table of one, so that the page's engine must
    # find it out): slide proves it (exit 1), and the page must say so,
    # and not "undo".
    for stuck in stuck stuck-wide; do
        "$SLIDE" --play "$tmp/$stuck.html" --play-hints 1 "$TESTS_DIR/ui/$stuck.init" \
            "$TESTS_DIR/ui/stuck.goal" >/dev/null 2>"$tmp/$stuck.err"
        rc=$?
        [ -s "$tmp/$stuck.html" ] && [ $rc = 1 ] && pass || fail "$stuck: exit $rc, or no page written"
        if [ "$stuck" = stuck-wide ] && ! grep -q "page's engine" "$tmp/$stuck.err"; then
            echo "play: $stuck: this build has no engine for the page (no emcc): not shot"
            continue
        fi
        printf '%s\t%s\t%s\t%s\tunsolvable\n' "$stuck" "$tmp/$stuck.html" \
            "$TESTS_DIR/ui/$stuck.init" "$TESTS_DIR/ui/stuck.goal" >>"$list"
    done
    timeout 400 python3 "$TESTS_DIR/ui/play.py" chromium --shots "$list" "$art" && pass ||
        fail "the pages do not look as they should (above)"
    finish play
    exit
fi

if [ "${1:-}" != pages ]; then
    scenario klotski "$PROJECT_PUZZLES/klotski.init" "$PROJECT_PUZZLES/klotski.goal" line desktop
    scenario pieces "$TESTS_DIR/check/pic.init" "$TESTS_DIR/check/pic.goal" piece phone
    scenario mas "$PROJECT_PUZZLES/mas-puzzle.init" "$PROJECT_PUZZLES/mas-puzzle.goal" unit desktop
    engine_scenario fifteen "$PROJECT_PUZZLES/fifteen-rosetta.init" "$PROJECT_PUZZLES/fifteen-rosetta.goal"
    engine_scenario polyominoes "$PROJECT_PUZZLES/polyominoes.init" "$PROJECT_PUZZLES/polyominoes.goal"
    echo "play: screenshots in $art"
    finish play
    exit
fi

# The hint limit and errors: past --play-hints the page is written without
# hints and stderr says so, the moves still on stdout; an unwritable page
# is exit 2; a puzzle no search can take writes no page.
k=$PROJECT_PUZZLES/klotski
"$SLIDE" --play-hints 1000 --play "$tmp/few.html" "$k.init" "$k.goal" >"$tmp/few.moves" 2>"$tmp/err"
[ $? = 0 ] && grep -q "more than 1000 configurations" "$tmp/err" && grep -q 'hints: null' "$tmp/few.html" &&
    grep -q 'more than 1000 configurations' "$tmp/few.html" && [ -s "$tmp/few.moves" ] && pass ||
    fail "--play-hints 1000 on Klotski: no page without hints, or no message"
"$SLIDE" --play "$tmp/no/such/dir/x.html" "$k.init" "$k.goal" >/dev/null 2>"$tmp/err"
[ $? = 2 ] && grep -q "cannot write" "$tmp/err" && pass || fail "unwritable --play FILE: not exit 2"
"$SLIDE" --engine bitboard --play "$tmp/rush.html" "$PROJECT_PUZZLES/rush-hour-51.init" \
    "$PROJECT_PUZZLES/rush-hour-51.goal" >/dev/null 2>"$tmp/err"
[ $? = 2 ] && [ ! -e "$tmp/rush.html" ] && pass || fail "--engine bitboard on Rush Hour: a page, or not exit 2"

# Every puzzle of puzzles/ and the CS61B easy suite: a page each.
list=$tmp/ready.tsv
: >"$list"
page_of() {   # page_of NAME INIT GOAL
    local html=$tmp/all-$1.html
    "$SLIDE" --play "$html" "$2" "$3" >/dev/null 2>"$tmp/err"
    [ -s "$html" ] || { fail "$1: no page written"; return; }
    self_contained "$html" && pass || fail "$1: the page refers to something outside itself"
    small_enough "$html" && pass || fail "$1: the page is larger than $PAGE_MOST bytes"
    if grep -q "page's engine" "$tmp/err"; then
        grep -q 'hints: null' "$html" && pass || fail "$1: stderr says the engine hints, the page has a table"
        printf '%s\tengine\n' "$html" >>"$list"
        return
    fi
    if grep -q "No hints" "$tmp/err"; then
        grep -q 'hints: null' "$html" && pass || fail "$1: stderr says no hints, the page has some"
        printf '%s\tnohints\n' "$html" >>"$list"
        return
    fi
    "$SLIDE_EXPLORE" --distances --distances-format binary "$2" "$3" >"$html.dist" ||
        fail "$1: slide-explore --distances failed"
    printf '%s\t%s.dist\n' "$html" "$html" >>"$list"
}
for init in "$PROJECT_PUZZLES"/*.init; do
    page_of "$(basename "$init" .init)" "$init" "${init%.init}.goal"
done
suites=${SHARED_PUZZLES:-}/cs61b
if [ -f "$suites/manifest.tsv" ]; then
    while IFS=$'\t' read -r suite init goal _; do
        [ "$suite" = easy ] && page_of "easy-$init-$goal" "$suites/easy/$init" "$suites/easy/$goal"
    done <"$suites/manifest.tsv"
else
    echo "play: the CS61B suite is not in ../shared; its easy pages skipped"
fi
timeout 600 python3 "$TESTS_DIR/ui/play.py" chromium --ready "$list" && pass ||
    fail "some pages did not prepare their hints (above)"
echo "play: the largest page: $largest, at most $PAGE_MOST allowed"
finish play
