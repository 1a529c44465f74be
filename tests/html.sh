#!/usr/bin/env bash
# html.sh - `slide --html FILE`: the page is self-contained (no URL but the
# SVG namespace), stdout still carries the moves, and headless Chromium,
# told to show the last step (#end), leaves a DOM whose blocks satisfy the
# goal: checked here from each block's data-r/-c/-h/-w against the GOAL
# file, not only from the page's own data-solved.  Done for Klotski and for
# a 100x100 tray of 9,999 blocks (tests/ui/bigtray.py).  Screenshots are
# kept in ./html-artifacts (the build's tests folder under ctest).
# Skipped (exit 77) only when chromium is not installed.
set -u
: "${SLIDE:?}" "${PROJECT_PUZZLES:?}" "${TESTS_DIR:?}"
if ! command -v chromium >/dev/null; then
    echo "html: chromium not found (test.sh installs it); skipping"
    exit 77
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
art=${ARTIFACTS:-$PWD/html-artifacts}
mkdir -p "$art"
passes=0 fails=0
ok() { passes=$((passes + 1)); }
bad() { fails=$((fails + 1)); echo "FAIL $*"; }

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
    [ "$rc" = 0 ] && ok || bad "$name: slide exit $rc"
    "$SLIDE" "$init" "$goal" | cmp -s - "$tmp/$name.moves" && ok ||
        bad "$name: stdout differs from a plain run"
    # Self-contained: no src/href attributes, no URLs but the namespace.
    if grep -qiE '(src|href)=|url\(|@import' "$html" ||
       [ "$(grep -oE 'https?://[^"'\'' ]*' "$html" | grep -vc '^http://www.w3.org/2000/svg$')" != 0 ]
    then bad "$name: page refers to something outside itself"; else ok; fi

    browse "file://$html#end" --dump-dom >"$tmp/$name.dom"
    python3 - "$tmp/$name.dom" "$goal" "$(wc -l <"$tmp/$name.moves")" <<'PY' && ok ||
import re, sys
dom = open(sys.argv[1]).read()
main = re.search(r'<main id="player"([^>]*)>', dom)
assert main, "no <main id=player> in the DOM (did the script run?)"
attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', main.group(1)))
n = int(sys.argv[3])
assert attrs["data-moves"] == str(n), attrs
assert attrs["data-step"] == str(n), attrs
assert attrs["data-solved"] == "true", attrs
blocks = set()
for g in re.findall(r'<g class="blk[^"]*"([^>]*)>', dom):
    a = dict(re.findall(r'([\w-]+)="([^"]*)"', g))
    blocks.add((int(a["data-r"]), int(a["data-c"]), int(a["data-h"]), int(a["data-w"])))
assert blocks, "no blocks in the DOM"
# The goal file is in corners format: r1 c1 r2 c2.
for line in open(sys.argv[2]):
    if line.strip():
        r1, c1, r2, c2 = map(int, line.split())
        want = (r1, c1, r2 - r1 + 1, c2 - c1 + 1)
        assert want in blocks, f"goal {line.strip()} not met in the final DOM"
print(f"html: {len(blocks)} blocks, step {n}, goal met")
PY
        bad "$name: final DOM does not satisfy the goal"

    browse "file://$html#$shot" --window-size=1000,700 --screenshot="$art/$name.png" >/dev/null
    [ -s "$art/$name.png" ] && ok || bad "$name: no screenshot"
}

page klotski "$PROJECT_PUZZLES/klotski.init" "$PROJECT_PUZZLES/klotski.goal" 40
python3 "$TESTS_DIR/ui/bigtray.py" "$tmp"
page big "$tmp/big.init" "$tmp/big.goal" 60

echo "html: screenshots in $art"
echo "html: $passes passed, $fails failed"
[ "$fails" = 0 ]
