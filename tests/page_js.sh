#!/usr/bin/env bash
# page_js.sh - the web pages' scripts (cli/page/*.js), without a browser:
#   1. `node --check` on every script file, and on the whole script of a
#      --html and a --play page as the program writes it (the files
#      joined in the page's one function), whose top-level names must
#      each be declared once (tests/ui/page_names.js: the files share
#      one scope);
#   2. the play page's model (cli/page/rules.js) against the engine's
#      distance oracle (tests/ui/page_rules.js): the page numbers the
#      configurations as engine/explore/distances.c does, reads every
#      distance as slide-explore --distances gives it, makes the moves
#      --graph edges lists and finds a hint from every configuration that
#      has a distance, under each metric:
#      Klotski (line), a picture with an L, a J, a T, a one-axis bar and a
#      wall (piece), Rush Hour (line: one-axis and marked pieces) and
#      Notch (unit: a wall, 60,877 configurations).
# Skipped (exit 77) only when node is not installed.
set -u
: "${SLIDE:?}" "${SLIDE_EXPLORE:?}" "${PROJECT_PUZZLES:?}" "${TESTS_DIR:?}"
if ! command -v node >/dev/null; then
    echo "page_js: node not found; skipping"
    exit 77
fi
page_dir=$TESTS_DIR/../cli/page
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passes=0 fails=0
ok() { passes=$((passes + 1)); }
bad() { fails=$((fails + 1)); echo "FAIL $*"; }

scripts=("$page_dir"/*.js)
[ "${#scripts[@]}" -ge 4 ] && [ -f "${scripts[0]}" ] && ok || bad "no scripts in $page_dir"
for js in "${scripts[@]}"; do
    node --check "$js" && ok || bad "node --check $(basename "$js")"
done

# page_script HTML OUT.js: the page's last <script>, its one function.
page_script() {
    awk '/^<script>$/ { n++; body = ""; inside = 1; next }
         /^<\/script>$/ { inside = 0; last = body; next }
         inside { body = body $0 "\n" }
         END { printf "%s", last }' "$1" >"$2"
}
k=$PROJECT_PUZZLES/klotski
"$SLIDE" --html "$tmp/replay.html" --play "$tmp/play.html" "$k.init" "$k.goal" >/dev/null &&
    ok || bad "slide --html --play on Klotski failed"
for page in replay play; do
    page_script "$tmp/$page.html" "$tmp/$page.js"
    grep -q '^(function () {$' "$tmp/$page.js" && node --check "$tmp/$page.js" && ok ||
        bad "the --$page page's script is not JavaScript (node --check)"
    node "$TESTS_DIR/ui/page_names.js" "$tmp/$page.js" && ok ||
        bad "the --$page page's scripts declare a name twice (above)"
done

# agree NAME METRIC INIT GOAL: the page's model against the oracle.
agree() {
    local name=$1 metric=$2 init=$3 goal=$4
    "$SLIDE" --metric "$metric" --play "$tmp/$name.html" "$init" "$goal" >/dev/null ||
        { bad "$name: slide --play failed"; return; }
    "$SLIDE_EXPLORE" --distances --metric "$metric" "$init" "$goal" >"$tmp/$name.json" &&
        "$SLIDE_EXPLORE" --graph edges --metric "$metric" "$init" "$goal" >"$tmp/$name.edges" ||
        { bad "$name: slide-explore --distances or --graph failed"; return; }
    node "$TESTS_DIR/ui/page_rules.js" "$page_dir/rules.js" "$tmp/$name.html" "$tmp/$name.json" \
        "$tmp/$name.edges" && ok || bad "$name: the page's model disagrees with the oracle (above)"
}
agree klotski line "$k.init" "$k.goal"
agree pieces piece "$TESTS_DIR/check/pic.init" "$TESTS_DIR/check/pic.goal"
agree rush-hour line "$PROJECT_PUZZLES/rush-hour-51.init" "$PROJECT_PUZZLES/rush-hour-51.goal"
agree notch unit "$PROJECT_PUZZLES/notch.init" "$PROJECT_PUZZLES/notch.goal"

echo "page_js: $passes passed, $fails failed"
[ "$fails" = 0 ]
