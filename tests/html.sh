#!/usr/bin/env bash
# html.sh - `slide --html FILE`: the page is self-contained (no URL but the
# SVG namespace), stdout still carries the moves, and headless Chromium,
# told to show the last step (#end), leaves a DOM whose blocks satisfy the
# goal: checked here from each block's data-r/-c/-h/-w (and data-cells,
# for shapes other than rectangles) against the GOAL file, not only from
# the page's own data-solved.  Done for Klotski, for a picture with an L,
# a J, a T and a wall (whose walls the page must draw), and for a 100x100
# tray of 9,999 blocks (tests/ui/bigtray.py).  Screenshots are
# kept in ./html-artifacts (the build's tests folder under ctest).
# Skipped (exit 77) only when chromium is not installed.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE PROJECT_PUZZLES TESTS_DIR
if ! command -v chromium >/dev/null; then
    echo "html: chromium not found (test.sh installs it); skipping"
    exit 77
fi
art=${ARTIFACTS:-$PWD/html-artifacts}
mkdir -p "$art"

# browse URL ARGS...: headless Chromium, isolated and offline-minded.
browse() {
    local url=$1
    shift
    timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic \
        --no-first-run --disable-background-networking --disable-component-update \
        --disable-sync --hide-scrollbars --user-data-dir="$(mktemp -d -p "$tmp")" \
        --virtual-time-budget=10000 "$@" "$url" 2>>"$tmp/chromium.log"
}

# page NAME INIT GOAL STEP: writes the page, checks it, and shoots it at STEP.
page() {
    local name=$1 init=$2 goal=$3 shot=$4 html=$tmp/$1.html rc
    "$SLIDE" --html "$html" "$init" "$goal" >"$tmp/$name.moves"; rc=$?
    [ "$rc" = 0 ] && pass || fail "$name: slide exit $rc"
    "$SLIDE" "$init" "$goal" | cmp -s - "$tmp/$name.moves" && pass ||
        fail "$name: stdout differs from a plain run"
    # Self-contained: no src/href attributes, no URLs but the namespace.
    if grep -qiE '(src|href)=|url\(|@import' "$html" ||
       [ "$(grep -oE 'https?://[^"'\'' ]*' "$html" | grep -vc '^http://www.w3.org/2000/svg$')" != 0 ]
    then fail "$name: page refers to something outside itself"; else pass; fi

    browse "file://$html#end" --dump-dom >"$tmp/$name.dom"
    python3 - "$tmp/$name.dom" "$goal" "$(wc -l <"$tmp/$name.moves")" "$init" <<'PY' && pass ||
import re, sys
dom = open(sys.argv[1]).read()
main = re.search(r'<main id="player"([^>]*)>', dom)
assert main, "no <main id=player> in the DOM (did the script run?)"
attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', main.group(1)))
n = int(sys.argv[3])
assert attrs["data-moves"] == str(n), attrs
assert attrs["data-step"] == str(n), attrs
assert attrs["data-solved"] == "true", attrs
# Each block as (anchor row, anchor column, its cells): data-cells lists
# them around the anchor ("dy,dx ..."); without it, the h x w box.
blocks = set()
for g in re.findall(r'<g class="blk[^"]*"([^>]*)>', dom):
    a = dict(re.findall(r'([\w-]+)="([^"]*)"', g))
    r, c, h, w = (int(a[k]) for k in ("data-r", "data-c", "data-h", "data-w"))
    if "data-cells" in a:
        cells = [tuple(map(int, p.split(","))) for p in a["data-cells"].split()]
    else:
        cells = [(y, x) for y in range(h) for x in range(w)]
    blocks.add((r, c, frozenset((r + y, c + x) for y, x in cells)))
assert blocks, "no blocks in the DOM"

def grid(path):
    """The rows of a picture file (comments, blanks and options dropped)."""
    return [l.strip() for l in open(path)
            if l.strip() and not l.lstrip().startswith(";") and ":" not in l]

lines = [l for l in open(sys.argv[2]) if l.strip() and not l.lstrip().startswith(";")]
if all(re.fullmatch(r"\s*\d+\s+\d+\s+\d+\s+\d+\s*", l) for l in lines):
    # Corners format: r1 c1 r2 c2.
    for line in lines:
        r1, c1, r2, c2 = map(int, line.split())
        want = (r1, c1, frozenset((y, x) for y in range(r1, r2 + 1) for x in range(c1, c2 + 1)))
        assert want in blocks, f"goal {line.strip()} not met in the final DOM"
else:
    # A picture: each character's cells, anchored at the first of them.
    pieces = {}
    for y, row in enumerate(grid(sys.argv[2])):
        for x, ch in enumerate(row):
            if ch not in ".#":
                pieces.setdefault(ch, []).append((y, x))
    for ch, cells in pieces.items():
        want = (cells[0][0], cells[0][1], frozenset(cells))
        assert want in blocks, f"goal piece {ch} not met in the final DOM"
    walls = sum(row.count("#") for row in grid(sys.argv[4]))
    drawn = len(re.findall(r'<rect class="wall"', dom))
    assert drawn == walls, f"{drawn} walls drawn, INIT has {walls}"
print(f"html: {len(blocks)} blocks, step {n}, goal met")
PY
        fail "$name: final DOM does not satisfy the goal"

    browse "file://$html#$shot" --window-size=1000,700 --screenshot="$art/$name.png" >/dev/null
    [ -s "$art/$name.png" ] && pass || fail "$name: no screenshot"
}

page klotski "$PROJECT_PUZZLES/klotski.init" "$PROJECT_PUZZLES/klotski.goal" 40
# A picture: an L, a J, a T, a one-axis bar and a wall (tests/check/pic.*).
page pieces "$TESTS_DIR/check/pic.init" "$TESTS_DIR/check/pic.goal" 1
python3 "$TESTS_DIR/ui/bigtray.py" "$tmp"
page big "$tmp/big.init" "$tmp/big.goal" 60

echo "html: screenshots in $art"
finish html
