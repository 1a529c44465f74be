#!/usr/bin/env bash
# doc_links.sh - the docs point at files that exist.
#
# In README.md, docs/*.md and the README.md files of puzzles/, tests/,
# tests/ui/ and tests/fuzz/, two kinds of mention are checked:
#  - a markdown link's target, `](TARGET)`, relative to the file that
#    holds it, without its #anchor (links with a scheme, http: and the
#    like, and bare #anchors are left alone);
#  - a backticked span that begins with a directory of the repository
#    (bench/ bindings/ cli/ docs/ engine/ formats/ include/ judge/
#    puzzles/ tests/), relative to the repository: its first word, without
#    an #anchor or a trailing ':', ',' or ';'.  A puzzle may be named
#    without its extension (`puzzles/klotski`: klotski.init).
# A path with a placeholder is a pattern, not a file, and is skipped: a
# glob character (* ? [ {), a <...>, or a part in capitals alone (NAME,
# DIR).  Paths in code blocks and in plain prose are not read (a command
# there may run in the build directory).
#
# And no tracked file names the external contract's file, SPEC[.]md,
# which is not in this repository (docs/formats.md says what it says),
# except as ../shared/SPEC[.]md, the sibling checkout a test may read.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
root=$(dirname "$here")
cd "$root" || exit 1

placeholder() { grep -qE '[*?[{<]|(^|/)[A-Z_]{2,}(/|$|\.)' <<<"$1"; }

docs=(README.md docs/*.md puzzles/README.md tests/README.md tests/ui/README.md tests/fuzz/README.md)
for doc in "${docs[@]}"; do
    [ -f "$doc" ] || { fail "$doc: missing"; continue; }
    dir=$(dirname "$doc")
    while IFS= read -r target; do
        case "$target" in *:* | '#'* | '') continue ;; esac
        path=${target%%#*}
        placeholder "$path" && continue
        if [ -e "$dir/$path" ]; then pass; else fail "$doc: link ($target): no $dir/$path"; fi
    done < <(grep -oE '\]\([^)]*\)' "$doc" | sed 's/^](//; s/)$//')
    while IFS= read -r span; do
        path=${span%%[[:space:]]*}
        path=${path%%#*}
        path=${path%[:,;]}
        placeholder "$path" && continue
        if [ -e "$path" ] || { [ "${path#puzzles/}" != "$path" ] && [ -e "$path.init" ]; }; then pass
        else fail "$doc: \`$span\`: no $path"; fi
    done < <(grep -oE '`[^`]*`' "$doc" | sed 's/^`//; s/`$//' |
             grep -E '^(bench|bindings|cli|docs|engine|formats|include|judge|puzzles|tests)/')
done

# The contract's file by name, outside ../shared/: every mention left
# once the allowed form is taken out.
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    list() { git ls-files -z; }
else   # a copy without git: every file but the build trees
    list() { find . -path ./.git -prune -o -path './build*' -prune -o -type f -print0; }
fi
named=$(list | xargs -0 grep -InE 'SPEC[.]md' 2>/dev/null | sed -E 's|shared/SPEC[.]md||g' |
        grep -E 'SPEC[.]md' | head -20)
if [ -z "$named" ]; then pass
else fail "SPEC[.]md is not in this repository (docs/formats.md says what it says): $named"; fi

finish doc_links
