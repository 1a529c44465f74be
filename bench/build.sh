# bench/build.sh - sourced by the benchmarks that measure one build's
# slide: bench_build PROGRAM... leaves SLIDE as it is when the caller set
# it (another build's slide, the other programs beside it), else builds
# slide and PROGRAM... in build-bench (Release) and points SLIDE there.
# $build is build-bench either way, for the scripts' own files.
bench_build() {
    build=build-bench
    if [ -z "${SLIDE:-}" ]; then
        cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
        cmake --build "$build" -j"$(nproc)" --target slide "$@" >/dev/null
        SLIDE=$build/slide
    fi
}
