#!/usr/bin/env bash
# install.sh - libslide as its users meet it: `cmake --install` into a fresh
# prefix must put there the public headers (include/*.h) and no other, both
# libraries (the shared one with SONAME libslide.so.MAJOR, MAJOR read from
# slide.h), slide.pc, the CMake package, the programs and every man page
# in docs/; then examples/solve.c, copied out of the tree, is built
# against that prefix twice, with pkg-config and with find_package(slide),
# and each build solves puzzles/klotski.init with a solution the built
# slide-check verifies.  The installed programs, and the example built
# either way, must run from the prefix without LD_LIBRARY_PATH.
#
# Environment: BUILD_DIR, SOURCE_DIR, SLIDE_CHECK, LIBDIR (GNUInstallDirs'
# lib dir), C_COMPILER, and EXAMPLE_FLAGS (the sanitizer flags in a
# sanitizer build: an executable must link their runtime itself).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs BUILD_DIR SOURCE_DIR SLIDE_CHECK LIBDIR
prefix=$tmp/prefix
skips=0
major=$(sed -n 's/^#define SLIDE_VERSION_MAJOR \([0-9][0-9]*\)$/\1/p' "$SOURCE_DIR/include/slide.h")
[ -n "$major" ] || { echo "FAIL: no SLIDE_VERSION_MAJOR in include/slide.h"; exit 1; }
soname=libslide.so.$major

skip() { skips=$((skips + 1)); echo "SKIP: $*"; }

if ! cmake --install "$BUILD_DIR" --prefix "$prefix" >"$tmp/install.log" 2>&1; then
    cat "$tmp/install.log"
    echo "FAIL: cmake --install"
    exit 1
fi

# What must be there.
headers=()
for h in "$SOURCE_DIR"/include/*.h; do
    headers+=("include/$(basename "$h")")
done
want=("${headers[@]}" "$LIBDIR/libslide.a" "$LIBDIR/libslide.so" "$LIBDIR/$soname"
      "$LIBDIR/pkgconfig/slide.pc" "$LIBDIR/cmake/slide/slideConfig.cmake"
      "$LIBDIR/cmake/slide/slideConfigVersion.cmake" "$LIBDIR/cmake/slide/slideTargets.cmake"
      bin/slide bin/slide-check bin/slide-explore)
for page in "$SOURCE_DIR"/docs/*.1; do
    want+=("share/man/man1/$(basename "$page")")
done
for f in "${want[@]}"; do
    if [ -e "$prefix/$f" ]; then pass; else fail "not installed: $f"; fi
done
[ -e "$SOURCE_DIR/docs/slide-explore.1" ] || echo "note: docs/slide-explore.1 does not exist yet"
if readelf -d "$prefix/$LIBDIR/libslide.so" | grep -qF "SONAME" &&
   readelf -d "$prefix/$LIBDIR/libslide.so" | grep -F "SONAME" | grep -qF "[$soname]"; then
    pass
else
    fail "libslide.so's SONAME is not $soname"
fi
# Private headers stay private: the prefix's include/ holds the public ones alone.
installed_headers=$(cd "$prefix" && find include -type f | sort)
if [ "$installed_headers" = "$(printf '%s\n' "${headers[@]}" | sort)" ]; then pass; else
    fail "installed headers are not include/*.h exactly: $installed_headers"
fi

# Each public header stands alone: it includes what it needs.
for h in "${headers[@]}"; do
    name=$(basename "$h")
    printf '#include <%s>\nint main(void) { return sb_version() == 0; }\n' "$name" >"$tmp/alone.c"
    if "${C_COMPILER:-cc}" -std=c11 -Wall -Wextra -Werror -I"$prefix/include" -c "$tmp/alone.c" \
           -o "$tmp/alone.o" >"$tmp/alone.log" 2>&1; then
        pass
    else
        fail "$name does not compile on its own: $(head -5 "$tmp/alone.log")"
    fi
done

# The installed programs find the installed library by themselves.
if env -u LD_LIBRARY_PATH "$prefix/bin/slide" --version >"$tmp/v" 2>&1 &&
   grep -q '^slide [0-9]' "$tmp/v"; then
    pass
else
    fail "installed slide does not run: $(cat "$tmp/v")"
fi

init=$SOURCE_DIR/puzzles/klotski.init goal=$SOURCE_DIR/puzzles/klotski.goal
# ... all three: slide's solution Verified by the installed slide-check, and
# slide-explore's walk of the same puzzle.
if env -u LD_LIBRARY_PATH "$prefix/bin/slide" "$init" "$goal" >"$tmp/prefix.moves" 2>&1 &&
   [ "$(env -u LD_LIBRARY_PATH "$prefix/bin/slide-check" "$init" "$goal" "$tmp/prefix.moves" \
        2>&1)" = Verified ]; then
    pass
else
    fail "installed slide and slide-check do not solve and verify: $(head -3 "$tmp/prefix.moves")"
fi
if env -u LD_LIBRARY_PATH "$prefix/bin/slide-explore" "$init" >"$tmp/explore" 2>&1 &&
   grep -q '^reachable: [0-9]' "$tmp/explore"; then
    pass
else
    fail "installed slide-explore does not run: $(head -3 "$tmp/explore")"
fi
cp -r "$SOURCE_DIR/examples" "$tmp/src"

# judge NAME BINARY: the example's solution must be Verified.  It runs
# without LD_LIBRARY_PATH: slide.pc gives a run path, and CMake gives one
# to a program linked with an imported library outside the system's.
judge() {
    if ! env -u LD_LIBRARY_PATH "$2" "$init" "$goal" >"$tmp/$1.moves" 2>"$tmp/$1.err"; then
        fail "$1: solve failed: $(cat "$tmp/$1.err")"
        return
    fi
    if [ ! -s "$tmp/$1.moves" ]; then
        fail "$1: solve printed no moves"
    elif [ "$("$SLIDE_CHECK" "$init" "$goal" "$tmp/$1.moves" 2>&1)" = Verified ]; then
        pass
    else
        fail "$1: slide-check refused the example's solution"
    fi
    # It must run against the installed library, not the build tree's (the
    # run path from slide.pc spells the prefix through lib/pkgconfig/../..).
    local found
    found=$(env -u LD_LIBRARY_PATH ldd "$2" | awk -v so="$soname" '$1 == so { print $3 }')
    if [ -n "$found" ] && [ "$(readlink -f "$found")" = "$(readlink -f "$prefix/$LIBDIR/$soname")" ]; then
        pass
    else
        fail "$1: not linked against the installed $soname"
    fi
}

# 1. pkg-config, with the Makefile a user would run.
if command -v pkg-config >/dev/null && command -v make >/dev/null; then
    if PKG_CONFIG_PATH=$prefix/$LIBDIR/pkgconfig make -s -C "$tmp/src" \
           CC="${C_COMPILER:-cc}" CFLAGS="-O2 -Wall -Werror ${EXAMPLE_FLAGS:-}" \
           LDFLAGS="${EXAMPLE_FLAGS:-}" >"$tmp/make.log" 2>&1; then
        judge pkg-config "$tmp/src/solve"
    else
        cat "$tmp/make.log"
        fail "the example does not build with pkg-config"
    fi
else
    skip "pkg-config or make is missing (./setup.sh --deps installs them)"
fi

# 2. find_package(slide), from a separate build tree.
if cmake -S "$tmp/src" -B "$tmp/cmake-build" -DCMAKE_PREFIX_PATH="$prefix" \
         -DCMAKE_C_COMPILER="${C_COMPILER:-cc}" -DCMAKE_C_FLAGS="${EXAMPLE_FLAGS:-}" \
         -DCMAKE_EXE_LINKER_FLAGS="${EXAMPLE_FLAGS:-}" >"$tmp/cmake.log" 2>&1 &&
   cmake --build "$tmp/cmake-build" >>"$tmp/cmake.log" 2>&1; then
    judge find_package "$tmp/cmake-build/solve"
else
    cat "$tmp/cmake.log"
    fail "the example does not build with find_package(slide)"
fi

finish "install: $skips skipped" || exit 1
[ "$skips" -eq 0 ] || exit 77
exit 0
