#!/usr/bin/env bash
# abi.sh - libslide's ABI against the files that pin it: tests/abi/records.txt
# (what tests/abi/layout.c prints: every public record's size, alignment
# and field offsets, every enum's values, the constants) and
# tests/abi/symbols.txt (what libslide.so exports, `nm -D --defined-only`).
# Any difference fails, saying what changed, what kind of change it is
# and which version it needs (include/slide.h, ABI):
#   - a record or enum removed, a field moved, resized or removed, a value
#     changed, a symbol removed: SLIDE_VERSION_MAJOR (the SONAME follows);
#   - only things added (a record, an enum value, a constant, a symbol, a
#     field carved out of reserved space, sb_progress grown at its end):
#     SLIDE_VERSION_MINOR.
# Once include/slide.h says so, the files are written anew with
#     BUILD_DIR=build tests/abi.sh --update
# (after building: it runs BUILD_DIR's abi_layout and reads its
# libslide.so), which refuses while the version does not say so.
#
# Environment: BUILD_DIR (default build), SOURCE_DIR (default: the
# repository this script is in), ABI_LAYOUT (default
# BUILD_DIR/tests/abi_layout), LIBSLIDE (default BUILD_DIR/libslide.so).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
SOURCE_DIR=${SOURCE_DIR:-$(dirname "$here")}
BUILD_DIR=${BUILD_DIR:-build}
ABI_LAYOUT=${ABI_LAYOUT:-$BUILD_DIR/tests/abi_layout}
pinned=$SOURCE_DIR/tests/abi
update=no
[ "${1:-}" = --update ] && update=yes
command -v nm >/dev/null || { echo "SKIP: nm is missing (binutils)"; exit 77; }

"$ABI_LAYOUT" >"$tmp/records.txt" || { echo "FAIL: $ABI_LAYOUT failed (see above)"; exit 1; }
lib=${LIBSLIDE:-$BUILD_DIR/libslide.so}
[ -f "$lib" ] || { echo "FAIL: $lib is missing: build first"; exit 1; }
nm -D --defined-only "$lib" | awk '{ print "symbol " $NF }' | sort -u >"$tmp/symbols.txt"

# Every record and enum the headers define is listed by layout.c.
for kind in struct enum; do
    for name in $(sed -n "s/^typedef $kind \\([a-z_]*\\) {.*/\\1/p" "$SOURCE_DIR"/include/*.h); do
        word=record
        [ "$kind" = enum ] && word=enum
        grep -q "^$word $name " "$tmp/records.txt" ||
            { echo "FAIL: tests/abi/layout.c does not list $kind $name: add it"; exit 1; }
    done
done

version_of() { sed -n 's/^version //p' "$1"; }
now=$(version_of "$tmp/records.txt")
platform=$(head -n 1 "$tmp/records.txt")

if [ ! -f "$pinned/records.txt" ] || [ ! -f "$pinned/symbols.txt" ]; then
    if [ "$update" = yes ]; then
        mkdir -p "$pinned"
        cp "$tmp/records.txt" "$tmp/symbols.txt" "$pinned/"
        echo "abi: pinned $now ($platform)"
        exit 0
    fi
    echo "FAIL: tests/abi/records.txt or symbols.txt is missing: BUILD_DIR=... tests/abi.sh --update"
    exit 1
fi
if [ "$(head -n 1 "$pinned/records.txt")" != "$platform" ]; then
    echo "SKIP: the files pin '$(head -n 1 "$pinned/records.txt")'; this is '$platform'"
    exit 77
fi
was=$(version_of "$pinned/records.txt")

# One line per difference: KIND WHAT, KIND "major" or "minor".
cat "$pinned/records.txt" "$pinned/symbols.txt" | grep -v '^platform \|^version ' >"$tmp/old"
cat "$tmp/records.txt" "$tmp/symbols.txt" | grep -v '^platform \|^version ' >"$tmp/new"
awk '
    # The key of a line is its first two words (record NAME, field R.F,
    # enum NAME, value E.V, constant NAME, symbol NAME); the rest its value.
    function key(line,   w) { split(line, w, " "); return w[1] " " w[2] }
    function rest(line,   w, n, i, r) {
        n = split(line, w, " "); r = ""
        for (i = 3; i <= n; i++) r = r (i > 3 ? " " : "") w[i]
        return r
    }
    # The number after name in a value ("offset 8 size 4": offset is 8).
    function word(text, name,   w, n, i) {
        n = split(text, w, " ")
        for (i = 1; i < n; i++) if (w[i] == name) return w[i + 1] + 0
        return -1
    }
    # The record a field key belongs to ("field sb_error.hint": sb_error).
    function record_of(k,   r) { r = k; sub(/^field /, "", r); sub(/\..*/, "", r); return "record " r }
    # Whether record r is in both files with one size.
    function kept_size(r) { return (r in old) && (r in new) && word(old[r], "size") == word(new[r], "size") }
    FNR == NR { old[key($0)] = rest($0); order[++n_old] = key($0); next }
    { new[key($0)] = rest($0); if (!(key($0) in old)) added[++n_added] = key($0) }
    END {
        for (i = 1; i <= n_old; i++) {
            k = order[i]
            if (!(k in new)) { print "major removed: " k " (" old[k] ")"; continue }
            if (old[k] == new[k]) continue
            # Reserved space carved: it ends where it did, in a record of
            # the same size.  sb_progress may grow at its end.
            if (k ~ /^field .*\.reserved$/ && kept_size(record_of(k)) &&
                word(old[k], "offset") + word(old[k], "size") == \
                word(new[k], "offset") + word(new[k], "size"))
                print "minor carved: " k " (" old[k] " -> " new[k] ")"
            else if (k == "record sb_progress" && word(new[k], "size") > word(old[k], "size"))
                print "minor grown: " k " (" old[k] " -> " new[k] ")"
            else
                print "major changed: " k " (" old[k] " -> " new[k] ")"
        }
        for (i = 1; i <= n_added; i++) {
            k = added[i]
            # A field added to a record that was there is carved out of its
            # reserved space only if the record kept its size (sb_progress
            # may grow instead).
            r = record_of(k)
            if (k ~ /^field / && (r in old) && r != "record sb_progress" && !kept_size(r))
                print "major added: " k " (" new[k] ")"
            else
                print "minor added: " k " (" new[k] ")"
        }
    }' "$tmp/old" "$tmp/new" >"$tmp/diff"

if [ ! -s "$tmp/diff" ]; then
    echo "abi: $(grep -c '^record ' "$tmp/records.txt") records, $(wc -l <"$tmp/symbols.txt")" \
         "symbols as pinned at $was (the headers say $now)"
    exit 0
fi

need=minor
grep -q '^major ' "$tmp/diff" && need=major
IFS=. read -r was_major was_minor _ <<<"$was"
IFS=. read -r now_major now_minor _ <<<"$now"
said=no
if [ "$need" = major ] && [ "$now_major" -gt "$was_major" ]; then said=yes; fi
if [ "$need" = minor ] && { [ "$now_major" -gt "$was_major" ] ||
   { [ "$now_major" = "$was_major" ] && [ "$now_minor" -gt "$was_minor" ]; }; }; then said=yes; fi

if [ "$update" = yes ] && [ "$said" = yes ]; then
    cp "$tmp/records.txt" "$tmp/symbols.txt" "$pinned/"
    echo "abi: pinned $now; changes since $was:"
    sed 's/^/    /' "$tmp/diff"
    exit 0
fi
echo "FAIL: libslide's ABI differs from tests/abi (pinned at $was; the headers say $now):"
sed 's/^/    /' "$tmp/diff"
if [ "$said" = yes ]; then
    echo "The version says so: pin it with   BUILD_DIR=$BUILD_DIR tests/abi.sh --update"
elif [ "$need" = major ]; then
    echo "That breaks programs built against $was: raise SLIDE_VERSION_MAJOR in include/slide.h"
    echo "(MINOR and PATCH back to 0; the SONAME follows), then   BUILD_DIR=$BUILD_DIR tests/abi.sh --update"
else
    echo "Only additions: raise SLIDE_VERSION_MINOR in include/slide.h (PATCH back to 0),"
    echo "then   BUILD_DIR=$BUILD_DIR tests/abi.sh --update"
fi
exit 1
