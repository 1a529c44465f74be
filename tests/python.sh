#!/usr/bin/env bash
# python.sh - the Python module as the README tells a user to get it: a
# venv (seeing Debian's pytest through --system-site-packages), then
# `pip install --no-build-isolation ./bindings/python` against this build
# directory's libslide.a, then pytest over bindings/python/tests; and, in
# the Release build, once more against the library installed to a
# temporary prefix (pkg-config).
#
# setup.sh installs python3-dev, python3-venv and python3-pytest, so a
# missing one is a failure here, not a skip.  In a sanitizer build the
# module is compiled with the same sanitizers and pytest runs with their
# runtime preloaded (python itself is not instrumented).
#
# Environment: BUILD_DIR, SOURCE_DIR, SLIDE_CHECK, PYTHON (Debian's python3),
# C_COMPILER, C_COMPILER_ID, SANITIZE (ON in a sanitizer build), WERROR.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs BUILD_DIR SOURCE_DIR SLIDE_CHECK PYTHON C_COMPILER

if ! "$PYTHON" -c 'import sysconfig, os, sys, venv, pytest
sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))'; then
    echo "FAIL: $PYTHON lacks Python.h, venv or pytest: run ./setup.sh --deps (python3-dev," \
         "python3-venv, python3-pytest)"
    exit 1
fi

# Afresh each time: setuptools would reuse objects compiled with other flags.
venv=$BUILD_DIR/python-venv
rm -rf "$venv" "$BUILD_DIR/python-build"
"$PYTHON" -m venv --system-site-packages "$venv" || { echo "FAIL: python3 -m venv"; exit 1; }

# The project's warnings apply to the module's C too; errors where the
# build makes them errors (SLIDE_WERROR, as test.sh does).
warn="-Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wformat=2 -Wcast-qual"
[ "${WERROR:-OFF}" = ON ] && warn+=" -Werror"
cflags=(CFLAGS="$warn") preload=()
if [ "${SANITIZE:-OFF}" = ON ]; then
    if [ "${C_COMPILER_ID:-}" != GNU ]; then
        # clang leaves the sanitizer runtimes to the executable, and python is not one of ours.
        echo "SKIP: the sanitizer build of the Python module needs gcc (this is ${C_COMPILER_ID:-?})"
        exit 77
    fi
    cflags=(CFLAGS="$warn -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
            LDFLAGS="-fsanitize=address,undefined")
    # Python leaks by design at exit; what matters here is bad reads and UB.
    preload=(LD_PRELOAD="$("$C_COMPILER" -print-file-name=libasan.so)" ASAN_OPTIONS=detect_leaks=0)
fi

# --no-index: nothing is to be fetched; the module has no dependencies.
if ! env SLIDE_BUILD_DIR="$BUILD_DIR" CC="$C_COMPILER" "${cflags[@]}" \
        "$venv/bin/pip" install --quiet --no-index --no-build-isolation \
        "$SOURCE_DIR/bindings/python" >"$BUILD_DIR/python-install.log" 2>&1; then
    cat "$BUILD_DIR/python-install.log"
    echo "FAIL: pip install --no-build-isolation ./bindings/python"
    exit 1
fi

# The module exports its init function alone: libslide inside it and its
# own helpers stay hidden, so they cannot clash with another extension's.
so=$(find "$venv" -path '*/slide/__init__*.so' | head -n 1)
exported=$(nm -D --defined-only "$so" | awk '$2 == "T" { print $3 }')
if [ "$exported" != PyInit_slide ]; then
    echo "FAIL: $so exports more than PyInit_slide:" $exported
    exit 1
fi

# From the build directory, so `import slide` finds the installed module, not
# a stray build in the source tree.
(cd "$BUILD_DIR" && env SLIDE_CHECK="$SLIDE_CHECK" "${preload[@]}" \
    "$venv/bin/python" -m pytest -q -p no:cacheprovider "$SOURCE_DIR/bindings/python/tests") ||
    exit 1

# The other way in: libslide installed (cmake --install) and found with
# pkg-config, the module's sources copied away from the repository.  The
# module must load the prefix's libslide.so.MAJOR by itself (its run path).
# That is packaging, the same in every build, and costs a second venv and
# compile: the Release build checks it, the sanitizer build stops here.
[ "${SANITIZE:-OFF}" = ON ] && exit 0
cmake --install "$BUILD_DIR" --prefix "$tmp/prefix" >"$tmp/install.log" 2>&1 ||
    { cat "$tmp/install.log"; echo "FAIL: cmake --install"; exit 1; }
cp -r "$SOURCE_DIR/bindings/python" "$tmp/src"
rm -rf "$tmp/src/build" "$tmp/src"/*.egg-info
"$PYTHON" -m venv --system-site-packages "$tmp/venv" || { echo "FAIL: python3 -m venv"; exit 1; }
if ! env -u SLIDE_BUILD_DIR PKG_CONFIG_PATH="$(find "$tmp/prefix" -name pkgconfig -type d)" \
        CC="$C_COMPILER" "${cflags[@]}" "$tmp/venv/bin/pip" install --quiet --no-index \
        --no-build-isolation "$tmp/src" >"$tmp/pip.log" 2>&1; then
    cat "$tmp/pip.log"
    echo "FAIL: pip install against the installed libslide (pkg-config)"
    exit 1
fi
so=$(find "$tmp/venv" -path '*/slide/__init__*.so' | head -n 1)
major=$(sed -n 's/^#define SLIDE_VERSION_MAJOR \([0-9][0-9]*\)$/\1/p' "$SOURCE_DIR/include/slide.h")
if ! ldd "$so" | grep -q "$tmp/prefix/.*libslide\.so\.$major "; then
    echo "FAIL: the module does not load the installed libslide.so.$major:"; ldd "$so"
    exit 1
fi
(cd "$tmp" && env "${preload[@]}" "$tmp/venv/bin/python" -c '
import sys, slide
p = slide.Puzzle.from_file(sys.argv[1] + "/klotski.init", sys.argv[1] + "/klotski.goal")
assert p.check(p.solve()) and slide.version() == slide.__version__
' "$SOURCE_DIR/puzzles") || { echo "FAIL: the pkg-config build of the module does not solve"; exit 1; }

