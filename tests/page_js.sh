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
#      Notch (unit: a wall, 60,877 configurations);
#   3. the engine inside a page past its table (tests/ui/page_engine.js
#      runs cli/page/engine.js and the WebAssembly module the page
#      carries): its plans from INIT of the 15-puzzle (Rosetta's) and the
#      polyominoes pass slide-check and are as long as slide --optimal's;
#      a 15-puzzle of the other parity gets "cannot be reached", and
#      budgets too small for any plan get the page's message saying so.
#      In a build without the engine (no emcc), the page says so instead.
# Skipped (exit 77) only when node is not installed.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE SLIDE_CHECK SLIDE_EXPLORE PROJECT_PUZZLES TESTS_DIR
if ! command -v node >/dev/null; then
    echo "page_js: node not found; skipping"
    exit 77
fi
page_dir=$TESTS_DIR/../cli/page

scripts=("$page_dir"/*.js)
[ "${#scripts[@]}" -ge 4 ] && [ -f "${scripts[0]}" ] && pass || fail "no scripts in $page_dir"
for js in "${scripts[@]}"; do
    node --check "$js" && pass || fail "node --check $(basename "$js")"
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
    pass || fail "slide --html --play on Klotski failed"
for page in replay play; do
    page_script "$tmp/$page.html" "$tmp/$page.js"
    grep -q '^(function () {$' "$tmp/$page.js" && node --check "$tmp/$page.js" && pass ||
        fail "the --$page page's script is not JavaScript (node --check)"
    node "$TESTS_DIR/ui/page_names.js" "$tmp/$page.js" && pass ||
        fail "the --$page page's scripts declare a name twice (above)"
done

# agree NAME METRIC INIT GOAL: the page's model against the oracle.
agree() {
    local name=$1 metric=$2 init=$3 goal=$4
    "$SLIDE" --metric "$metric" --play "$tmp/$name.html" "$init" "$goal" >/dev/null ||
        { fail "$name: slide --play failed"; return; }
    "$SLIDE_EXPLORE" --distances --metric "$metric" "$init" "$goal" >"$tmp/$name.json" &&
        "$SLIDE_EXPLORE" --graph edges --metric "$metric" "$init" "$goal" >"$tmp/$name.edges" ||
        { fail "$name: slide-explore --distances or --graph failed"; return; }
    node "$TESTS_DIR/ui/page_rules.js" "$page_dir/rules.js" "$tmp/$name.html" "$tmp/$name.json" \
        "$tmp/$name.edges" && pass || fail "$name: the page's model disagrees with the oracle (above)"
}
agree klotski line "$k.init" "$k.goal"
agree pieces piece "$TESTS_DIR/check/pic.init" "$TESTS_DIR/check/pic.goal"
agree rush-hour line "$PROJECT_PUZZLES/rush-hour-51.init" "$PROJECT_PUZZLES/rush-hour-51.goal"
agree notch unit "$PROJECT_PUZZLES/notch.init" "$PROJECT_PUZZLES/notch.goal"

# engine_plan NAME INIT GOAL [--max-memory SIZE]: the page's engine plans
# from INIT as slide --optimal does (under SIZE, for numbered tiles: the
# page's own small tables, so the run takes seconds, not minutes).
engine_plan() {
    local name=$1 init=$2 goal=$3 html=$tmp/engine-$1.html got
    shift 3
    "$SLIDE" --play "$html" "$init" "$goal" >"$tmp/$name.optimal" 2>"$tmp/$name.err" ||
        { fail "$name: slide --play failed"; return; }
    if ! grep -q "page's engine" "$tmp/$name.err"; then
        grep -q 'engine: null' "$html" && grep -q 'has no engine' "$html" && pass ||
            fail "$name: a page past its table with neither an engine nor a word why"
        return
    fi
    got=$(node "$TESTS_DIR/ui/page_engine.js" "$page_dir/engine.js" "$html" "$tmp/$name.plan")
    [ "$got" = optimal ] && pass || { fail "$name: the engine's plan from INIT: $got"; return; }
    verified "$init" "$goal" "$tmp/$name.plan" && pass ||
        fail "$name: slide-check refuses the engine's plan: $verdict"
    "$SLIDE" --optimal "$@" "$init" "$goal" >"$tmp/$name.optimal" &&
        [ "$(wc -l <"$tmp/$name.plan")" = "$(wc -l <"$tmp/$name.optimal")" ] && pass ||
        fail "$name: the engine's shortest plan is not as long as slide --optimal's"
    got=$(node "$TESTS_DIR/ui/page_engine.js" "$page_dir/engine.js" "$html" "$tmp/$name.plan" hurry)
    case $got in *"no way to the goal within a few seconds"*) pass ;;
        *) fail "$name: budgets too small for a plan, and the page says: $got" ;; esac
    [ "$name" = fifteen ] || return
    got=$(node "$TESTS_DIR/ui/page_engine.js" "$page_dir/engine.js" "$html" "$tmp/$name.plan" swap)
    case $got in *"cannot be reached"*) pass ;;
        *) fail "$name: two tiles swapped (the other parity), and the page says: $got" ;; esac
}
engine_plan fifteen "$PROJECT_PUZZLES/fifteen-rosetta.init" "$PROJECT_PUZZLES/fifteen-rosetta.goal" \
    --max-memory 48M
engine_plan polyominoes "$PROJECT_PUZZLES/polyominoes.init" "$PROJECT_PUZZLES/polyominoes.goal"

finish page_js
