#!/usr/bin/env bash
# json.sh - `slide --json`: one valid JSON document (python3 -m json.tool)
# with every key for each outcome — solved (exit 0, moves that slide-check
# verifies), unsolvable (1), limit (3), bad input and bad usage (2, the
# message on stderr too) — and the exit codes of plain runs unchanged.
# Whenever the puzzle was read the document describes it too: the tray,
# each piece as its anchor and its cells with a class number shared by
# interchangeable pieces, and the goal likewise (null when unreadable).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE SLIDE_CHECK PROJECT_PUZZLES TESTS_DIR
command -v python3 >/dev/null || { echo "json: python3 not found; skipping"; exit 77; }
init=$PROJECT_PUZZLES/klotski.init goal=$PROJECT_PUZZLES/klotski.goal
stuck=("$TESTS_DIR/ui/stuck.init" "$TESTS_DIR/ui/stuck.goal")

# case NAME RC STATUS PYTHON-CHECK ARGS...: runs slide --json ARGS; the exit
# status must be RC, stdout valid JSON with every key and this status, and
# the Python expression (over d, the document) true.
case_() {
    local name=$1 want_rc=$2 want_status=$3 expr=$4 rc ok=1
    shift 4
    "$SLIDE" --json "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ "$rc" = "$want_rc" ] || { ok=0; echo "  exit $rc, wanted $want_rc"; }
    python3 -m json.tool "$tmp/out" >/dev/null 2>&1 || { ok=0; echo "  not valid JSON"; }
    python3 - "$tmp/out" "$want_status" "$expr" <<'PY' || ok=0
import json, sys
d = json.load(open(sys.argv[1]))
keys = {"status", "moves", "length", "metric", "optimal", "stats", "message"}
missing = keys - d.keys()
assert not missing, f"missing keys {missing}"
assert d["status"] == sys.argv[2], d["status"]
assert isinstance(d["moves"], list) and isinstance(d["optimal"], bool)
if d["stats"] is not None:
    s = d["stats"]
    for k in ("algorithm", "engine", "stored", "expanded", "peak_bytes", "seconds"):
        assert k in s, f"stats lacks {k}"
assert eval("(" + sys.argv[3] + ")"), sys.argv[3]
PY
    if [ "$ok" = 1 ]; then
        pass
    else
        fail "$name"; head -c 600 "$tmp/out"; head -c 300 "$tmp/err"
    fi
}

case_ solved 0 solved \
    'len(d["moves"]) > 0 and all(len(m) == 4 for m in d["moves"]) and
     set(d["length"]) == {"unit", "line", "piece"} and d["message"] is None and
     d["metric"] == "line" and d["stats"]["stored"] > 0' "$init" "$goal"
python3 -c 'import json,sys; [print(*m) for m in json.load(open(sys.argv[1]))["moves"]]' \
    "$tmp/out" >"$tmp/moves"
if verified "$init" "$goal" "$tmp/moves"; then
    pass
else
    fail "the JSON moves do not verify"
fi
# The puzzle: the tray, each piece as its anchor and cells, classes shared
# by interchangeable pieces (Klotski's four 1x1 blocks), the goal likewise.
case_ puzzle 0 solved \
    'd["tray"] == {"rows": 5, "cols": 4, "walls": []} and len(d["pieces"]) == 10 and
     sum(len(p["cells"]) for p in d["pieces"]) == 18 and
     all(p["anchor"] == min(p["cells"]) and p["axis"] == "both" and p["label"] is None
         for p in d["pieces"]) and
     len({p["class"] for p in d["pieces"] if len(p["cells"]) == 1}) == 1 and
     len({p["class"] for p in d["pieces"]}) == 4 and
     d["goal"] == [{"anchor": [3, 1], "cells": [[3, 1], [3, 2], [4, 1], [4, 2]], "height": 2,
                    "width": 2, "class": [p for p in d["pieces"] if p["anchor"] == [0, 1]][0]["class"]}]' \
    "$init" "$goal"
# A picture: an L, a J, a T, a bar that slides only horizontally, a wall.
pic=("$TESTS_DIR/check/pic.init" "$TESTS_DIR/check/pic.goal")
case_ picture 0 solved \
    'd["tray"] == {"rows": 5, "cols": 5, "walls": [[2, 1]]} and
     [p["label"] for p in d["pieces"]] == ["A", "B", "C", "D"] and
     d["pieces"][0]["cells"] == [[0, 0], [0, 1], [1, 0]] and d["pieces"][0]["anchor"] == [0, 0] and
     d["pieces"][1]["cells"] == [[1, 3], [2, 3], [2, 4]] and
     d["pieces"][2]["cells"] == [[3, 0], [3, 1], [3, 2], [4, 1]] and
     [p["axis"] for p in d["pieces"]] == ["both", "both", "both", "horizontal"] and
     len({p["class"] for p in d["pieces"]}) == 4 and
     d["goal"] == [{"anchor": [1, 2], "cells": [[1, 2], [1, 3], [2, 2]], "height": 2, "width": 2,
                    "class": d["pieces"][0]["class"]}]' "${pic[@]}"
python3 -c 'import json,sys; [print(*m) for m in json.load(open(sys.argv[1]))["moves"]]' \
    "$tmp/out" >"$tmp/moves"
if verified "${pic[@]}" "$tmp/moves"; then
    pass
else
    fail "the picture's JSON moves do not verify"
fi
case_ optimal 0 solved \
    'd["optimal"] is True and d["length"]["piece"] == 81 and d["metric"] == "piece"' \
    --optimal --metric piece "$init" "$goal"
case_ already 0 solved 'd["moves"] == [] and d["length"]["line"] == 0' \
    "$init" "$TESTS_DIR/ui/done.goal"
case_ unsolvable 1 unsolvable \
    'd["moves"] == [] and d["length"] is None and d["message"] and d["stats"] and d["pieces"]' \
    "${stuck[@]}"
case_ limit 3 limit 'd["moves"] == [] and "max-states" in d["message"]' \
    --max-states 1 "$init" "$goal"
case_ missing 2 error 'd["stats"] is None and "nonexistent" in d["message"] and
                      d["tray"] is None and d["pieces"] is None and d["goal"] is None' \
    "$TESTS_DIR/ui/nonexistent.init" "$goal"
case_ usage 2 error '"--metric" in d["message"]' --metric nonsense "$init" "$goal"
case_ usage-before 2 error '"unknown option" in d["message"]' --bogus --json "$init" "$goal"
case_ show-and-json 2 error '"--show" in d["message"]' --show "$init" "$goal"

# Messages still reach stderr; plain runs keep their exit codes and stdout.
"$SLIDE" --json "$TESTS_DIR/ui/nonexistent.init" "$goal" >/dev/null 2>"$tmp/err"
if grep -q '^slide: .*nonexistent' "$tmp/err"; then pass; else
    fail "bad input: no message on stderr"; fi
"$SLIDE" "${stuck[@]}" >"$tmp/out" 2>/dev/null; rc=$?
if [ "$rc" = 1 ] && [ ! -s "$tmp/out" ]; then pass; else
    fail "plain unsolvable: exit $rc"; fi
"$SLIDE" --max-states 1 "$init" "$goal" >"$tmp/out" 2>/dev/null; rc=$?
if [ "$rc" = 3 ] && [ ! -s "$tmp/out" ]; then pass; else
    fail "plain limit: exit $rc"; fi

finish json
