#!/usr/bin/env bash
# test.sh - build and run every test: the Release build's ctest suite (with
# slide-explore-mpi and its mpirun test), then the same suite under
# AddressSanitizer + UndefinedBehaviorSanitizer.
# Installs what the build needs from Debian's archive first (setup.sh
# --deps).  Warnings are errors in these builds (SLIDE_WERROR).  Each
# phase says how long it took: the budget is 20 minutes in all on a quiet
# 2-core machine (tests/cpu_times.py says what each test costs).  Exit
# status 0 when all pass.
set -euo pipefail
cd "$(dirname "$0")"

./setup.sh --deps
# The HTML player's test drives headless Chromium (tests/html.sh).
command -v chromium >/dev/null || { export DEBIAN_FRONTEND=noninteractive; apt-get update -qq && apt-get install -y -qq chromium >/dev/null; }

jobs=$(nproc)
status=0
for kind in release asan; do
    dir=build-test-$kind
    # The Release build also builds slide-explore-mpi and runs its test
    # (tests/mpi.sh); Open MPI's own allocations would swamp LeakSanitizer.
    flags=(-DCMAKE_BUILD_TYPE=Release -DSLIDE_WERROR=ON -DSLIDE_MPI=ON)
    [ "$kind" = asan ] && flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DSLIDE_SANITIZE=ON -DSLIDE_WERROR=ON)
    echo "== $kind build ($dir)"
    start=$SECONDS
    cmake -S . -B "$dir" "${flags[@]}" >/dev/null
    cmake --build "$dir" -j"$jobs" >/dev/null
    echo "== $kind: built in $((SECONDS - start)) s"
    start=$SECONDS
    (cd "$dir" && ctest --output-on-failure -j"$jobs") || status=1
    echo "== $kind: tests in $((SECONDS - start)) s"
done

# A minute of libFuzzer over every harness; clang and its libFuzzer
# (libclang-rt-dev) from Debian's archive, for this step only.
if ! command -v clang >/dev/null || ! dpkg -s libclang-rt-dev >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        clang libclang-rt-dev >/dev/null
fi
echo "== fuzz smoke (build-fuzz)"
start=$SECONDS
tests/fuzz_smoke.sh 20 || status=1
echo "== fuzz smoke: $((SECONDS - start)) s; test.sh: $SECONDS s in all"
exit $status
