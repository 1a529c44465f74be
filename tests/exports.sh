#!/usr/bin/env bash
# exports.sh - the installed libslide.so exports exactly the API: every
# dynamic symbol it defines is a function a public header (include/*.h:
# slide.h, slide_map.h, slide_formats.h) declares with SB_API, and every
# such function is exported.  The list comes from the headers themselves,
# so a function added to one and not the other fails here.  (tests/abi.sh
# pins the same list, and the records' layout, against files.)  The static
# libslide.a cannot hide anything, so there every global symbol that is
# not the API (nor a name the compiler made, as __odr_asan.NAME under
# AddressSanitizer: those start with __) carries the internal prefix sbi_: a program linking it may
# use any sb_ name the headers do not, and no library name can clash.
#
# Environment: BUILD_DIR, SOURCE_DIR, LIBDIR.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs BUILD_DIR SOURCE_DIR LIBDIR
command -v nm >/dev/null || { echo "SKIP: nm is missing (binutils)"; exit 77; }

cmake --install "$BUILD_DIR" --prefix "$tmp/prefix" >/dev/null || { echo "FAIL: install"; exit 1; }
lib=$tmp/prefix/$LIBDIR/libslide.so

# The declarations: lines that start with SB_API; the name is the last
# identifier before the first '('.
sed -n 's/^SB_API[^(]*[^A-Za-z0-9_]\([A-Za-z_][A-Za-z0-9_]*\)[[:space:]]*(.*/\1/p' \
    "$SOURCE_DIR"/include/*.h | sort -u >"$tmp/declared"
nm -D --defined-only "$lib" | awk '{ print $NF }' | sort -u >"$tmp/exported"

if [ "$(wc -l <"$tmp/declared")" -lt 20 ]; then
    fail "found only $(wc -l <"$tmp/declared") SB_API declarations in include/*.h"
else pass; fi
# A prototype without SB_API would be public in the header and hidden in
# the library: a link error for every user.
unmarked=$(grep -nE '^[A-Za-z_][A-Za-z0-9_ ]*[ *]sb_[A-Za-z0-9_]*[[:space:]]*\(' \
               "$SOURCE_DIR"/include/*.h | grep -v ':SB_API ')
if [ -n "$unmarked" ]; then
    fail "the public headers declare functions without SB_API:"
    echo "$unmarked" | sed 's/^/    /'
else pass; fi
extra=$(comm -13 "$tmp/declared" "$tmp/exported")
missing=$(comm -23 "$tmp/declared" "$tmp/exported")
if [ -n "$extra" ]; then
    fail "libslide.so exports symbols the public headers do not declare:"
    echo "$extra" | sed 's/^/    /'
else pass; fi
if [ -n "$missing" ]; then
    fail "the public headers declare functions libslide.so does not export:"
    echo "$missing" | sed 's/^/    /'
else pass; fi
static=$tmp/prefix/$LIBDIR/libslide.a
if [ -f "$static" ]; then
    nm -g --defined-only "$static" 2>/dev/null |
        awk 'NF == 3 && $2 ~ /^[TDBRVWGS]$/ && $3 !~ /^__/ { print $3 }' | sort -u >"$tmp/static"
    stray=$(comm -23 "$tmp/static" "$tmp/declared" | grep -v '^sbi_')
    if [ "$(wc -l <"$tmp/static")" -lt 20 ]; then
        fail "found only $(wc -l <"$tmp/static") global symbols in libslide.a"
    elif [ -n "$stray" ]; then
        fail "libslide.a defines globals that are neither the API nor sbi_ (the internal prefix):"
        echo "$stray" | sed 's/^/    /'
    else pass; fi
else
    fail "the install has no $LIBDIR/libslide.a"
fi
finish "exports: $(wc -l <"$tmp/exported") exported, $(wc -l <"$tmp/declared") declared"
