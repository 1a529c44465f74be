#!/usr/bin/env bash
# test.sh - build and run every test: the Release build's ctest suite, then
# the same suite under AddressSanitizer + UndefinedBehaviorSanitizer.
# Installs what the build needs from Debian's archive first (setup.sh
# --deps).  Exit status 0 when all pass.
set -euo pipefail
cd "$(dirname "$0")"

./setup.sh --deps

jobs=$(nproc)
status=0
for kind in release asan; do
    dir=build-test-$kind
    flags=(-DCMAKE_BUILD_TYPE=Release)
    [ "$kind" = asan ] && flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DSLIDE_SANITIZE=ON)
    echo "== $kind build ($dir)"
    cmake -S . -B "$dir" "${flags[@]}" >/dev/null
    cmake --build "$dir" -j"$jobs" >/dev/null
    (cd "$dir" && ctest --output-on-failure -j"$jobs") || status=1
done
exit $status
