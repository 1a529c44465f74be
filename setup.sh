#!/usr/bin/env bash
# setup.sh - on a fresh Debian machine (as root): install what slide needs
# from Debian's archive, build it into build/, and solve the bundled
# classic Klotski (横刀立马), printing the moves and slide-check's verdict.
# With --deps it only installs (test.sh uses that).
set -euo pipefail
cd "$(dirname "$0")"

need=()
command -v cmake >/dev/null || need+=(cmake)
command -v cc >/dev/null || need+=(gcc libc6-dev)
command -v make >/dev/null || need+=(make)
# pkg-config: how C programs find the installed libslide (tests/install.sh).
command -v pkg-config >/dev/null || need+=(pkgconf)
[ -f /usr/include/uthash.h ] || need+=(uthash-dev)
# The Python module (bindings/python): Debian's python3 with its headers,
# setuptools and wheel (pip --no-build-isolation builds with what is
# there), venv (pip installs only into one: PEP 668), pytest, and mypy
# (its test reads the module's type stub as a type checker does).
# Open MPI: slide-explore-mpi (-DSLIDE_MPI=ON), which test.sh builds and tests.
for pkg in python3-dev python3-setuptools python3-wheel python3-venv python3-pytest \
           python3-mypy openmpi-bin libopenmpi-dev; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
# The census's SQLite output (slide-explore --census --sqlite) and the
# sqlite3 shell its test queries the database with.  emscripten: emcc
# compiles the engine to WebAssembly for the play page's hints past its
# table (cli/CMakeLists.txt, SLIDE_WASM); it brings clang, lld, binaryen
# and node, which the page's tests run its scripts with.
for pkg in libsqlite3-dev sqlite3 emscripten; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
    echo "setup: installing ${need[*]} from Debian's archive" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
[ "${1:-}" = --deps ] && exit 0

# With Open MPI installed above, build/slide-explore-mpi too (the README's
# mpirun lines use it).
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DSLIDE_MPI=ON >/dev/null
cmake --build build -j"$(nproc)" >/dev/null
echo "setup: built build/slide and build/slide-check" >&2

echo "Solving puzzles/klotski (goal: the 2x2 block to row 3, column 1):" >&2
build/slide puzzles/klotski.init puzzles/klotski.goal | tee build/klotski.moves
build/slide-check puzzles/klotski.init puzzles/klotski.goal build/klotski.moves
