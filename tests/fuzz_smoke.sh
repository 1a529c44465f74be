#!/usr/bin/env bash
# fuzz_smoke.sh - a short libFuzzer run of every harness in tests/fuzz, the
# CI's guard that fuzzing still finds nothing (about two minutes in all).
# Builds build-fuzz/ with clang and -DSLIDE_FUZZ=ON, then runs each
# harness for SECONDS_EACH seconds (default 20) starting from its seed
# corpus and saved findings, in a scratch copy so the repository's corpus
# is left as it is.  A crash, leak, timeout or broken invariant fails the
# run and leaves the input under build-fuzz/findings/.  So does a machine
# without clang or libFuzzer (Debian: clang, libclang-rt-dev; ./test.sh
# installs both first): a smoke test that cannot fuzz has not passed.
# Usage:
#   tests/fuzz_smoke.sh [SECONDS_EACH]
set -euo pipefail
cd "$(dirname "$0")/.."
each=${1:-20}
harnesses=(fuzz_puzzle fuzz_picture fuzz_moves fuzz_solve fuzz_census_spec fuzz_checkpoint)
missing() {
    echo "fuzz_smoke.sh: FAILED: $1, so nothing was fuzzed (Debian: apt-get install clang" \
        "libclang-rt-dev; ./test.sh installs them)" >&2
    exit 2
}
command -v clang >/dev/null || missing "clang is not installed"
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n);
%s
' \
    'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { return (int)(d && n) * 0; }' \
    >"$probe/probe.c"
clang -fsanitize=fuzzer "$probe/probe.c" -o "$probe/probe" >/dev/null 2>&1 ||
    missing "clang cannot link libFuzzer (-fsanitize=fuzzer)"
dir=build-fuzz
cmake -S . -B "$dir" -DCMAKE_C_COMPILER=clang -DSLIDE_FUZZ=ON -DSLIDE_WERROR=ON \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$dir" -j"$(nproc)" --target "${harnesses[@]}" >/dev/null
mkdir -p "$dir/findings"
status=0
for h in "${harnesses[@]}"; do
    work=$(mktemp -d)
    cp tests/fuzz/corpus/$h/* "$work/"
    cp tests/fuzz/regressions/$h/* "$work/" 2>/dev/null || true
    if "$dir/tests/fuzz/$h" -max_total_time="$each" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$dir/findings/$h-" -print_final_stats=1 "$work" \
        >"$dir/findings/$h.log" 2>&1; then
        echo "fuzz_smoke.sh: $h: $(grep -o 'stat::number_of_executed_units: *[0-9]*' \
            "$dir/findings/$h.log" | grep -o '[0-9]*$') executions, nothing found"
    else
        status=1
        echo "fuzz_smoke.sh: $h FOUND SOMETHING (log: $dir/findings/$h.log):"
        grep -E 'ERROR|SUMMARY|invariant|Test unit written' "$dir/findings/$h.log" | head -n 10
    fi
    rm -rf "$work"
done
exit $status
