#!/usr/bin/env bash
# readme.sh - README.md's commands, run as written, as root, on a copy of
# the repository, the way a new user on a fresh Debian machine meets them:
# `./setup.sh` first, then every other command block of README.md, line by
# line from the copy's top, each of which must exit 0 (a pipeline: every
# part of it), then the Python block with the venv's python.  The blocks
# are read from README.md itself, so a command that drifts from what works
# fails here.  Blocks that are not commands are known by their first line
# (the suite's own ./test.sh, which runs this test; file contents; the
# tree of folders; synopses with [OPTIONS]); any other block is run, and a
# block of a kind not listed here must be run or listed.
#
# The user's machine is modelled on this one, not borrowed from it:
#   - a private mount namespace (unshare -m) with an empty tmpfs on /opt,
#     so `cmake --install build --prefix /opt/slide` writes nowhere real,
#     and HOME a fresh folder (the venv at ~/slide-venv);
#   - a clean environment: PATH the system's, with a stand-in `python3`
#     first on it that is not Debian's interpreter (like pyenv's: its
#     packages are its own, so Debian's setuptools, wheel and pytest are
#     not among them): it runs Debian's interpreter without site-packages,
#     and a venv it makes has no pip and sees no system site-packages.  So
#     a README that says `python3` where Debian's is needed fails here.
# Slow: setup.sh builds the whole project (with MPI) in the copy.
#
# Environment: SOURCE_DIR.

if [ "${README_SH_INSIDE:-}" != 1 ]; then
    if [ "$(id -u)" != 0 ]; then
        echo "SKIP: README's commands are for root (apt-get, mpirun as root); run as root"
        exit 77
    fi
    if ! unshare -m true 2>/dev/null; then
        echo "SKIP: no private mount namespace here (unshare -m), so /opt cannot be kept apart"
        exit 77
    fi
    exec unshare -m --propagation private env README_SH_INSIDE=1 bash "$0" "$@"
fi

# Sourced here, after the exec above, which would leave its scratch
# directory behind.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SOURCE_DIR
mkdir -p /opt && mount -t tmpfs readme-opt /opt || { echo "FAIL: mount a tmpfs on /opt"; exit 1; }
repo=$tmp/repo home=$tmp/home bin=$tmp/bin
mkdir -p "$repo" "$home" "$bin"

# The repository as a clone would hold it: tracked files and new ones not
# ignored, as they stand in the working tree (no build folders).
if git -C "$SOURCE_DIR" rev-parse --git-dir >/dev/null 2>&1; then
    (cd "$SOURCE_DIR" && git ls-files -z --cached --others --exclude-standard |
        xargs -0 cp --parents -P -t "$repo" 2>/dev/null)
else
    tar -C "$SOURCE_DIR" --exclude='./build*' -cf - . | tar -C "$repo" -xf -
fi
[ -x "$repo/setup.sh" ] && [ -f "$repo/README.md" ] || { echo "FAIL: copy of the repository"; exit 1; }

cat >"$bin/python3" <<'EOF'
#!/bin/bash
# A python3 that is not Debian's (readme.sh says why).
if [ "${1:-}" = -m ] && [ "${2:-}" = venv ]; then
    shift 2
    args=()
    for a in "$@"; do [ "$a" = --system-site-packages ] || args+=("$a"); done
    exec /usr/bin/python3 -m venv --without-pip "${args[@]}"
fi
exec /usr/bin/python3 -S "$@"
EOF
chmod +x "$bin/python3"
ln -s python3 "$bin/python"

# user CMD...: CMD in the user's shell, from the copy's top, reading
# nothing (mpirun would pass this script's input on to a rank).
user() {
    (cd "$repo" && env -i HOME="$home" LANG=C.UTF-8 TERM=dumb \
        PATH="$bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" "$@" </dev/null)
}

if [ "$(user bash -c 'command -v python3')" = "$bin/python3" ]; then pass
else fail "the stand-in python3 is not first on PATH"; fi

# README's indented code blocks, each as "@@ N" and its lines (the four
# blanks of indentation taken off).
awk '
    /^    / && (prev_blank || in_block) { if (!in_block) print "@@ " ++n; in_block = 1
                                          print substr($0, 5); prev_blank = 0; next }
    /^[ \t]*$/ { prev_blank = 1; if (in_block) print ""; next }
    { in_block = 0; prev_blank = 0 }
' "$repo/README.md" >"$tmp/blocks"

# run_line N LINE: one command line of block N, which must exit 0.
ran=0
run_line() {
    ran=$((ran + 1))
    if user bash -o pipefail -c "$2" >"$tmp/out" 2>&1; then pass
    else fail "README block $1: \`$2\` exits non-zero: $(tail -c 600 "$tmp/out")"; fi
}

# Blocks go in README's order (setup.sh is the first), so each command
# finds what the ones before it made.
python_blocks=0
current=() number=0
flush() {
    [ "${#current[@]}" -gt 0 ] || return 0
    local first=${current[0]} line
    case "$first" in
        "./test.sh") ;;                       # the suite itself, which runs this test
        "5 4" | ";"* | "ABBC" | "include/"*) ;;  # a file's contents; the tree of folders
        *"["*"]"*) ;;                         # a synopsis: slide-check [--format F] ...
        "import slide")
            python_blocks=$((python_blocks + 1))
            printf '%s\n' "${current[@]}" >"$tmp/block.py"
            if user "$home/slide-venv/bin/python" "$tmp/block.py" >"$tmp/out" 2>&1; then pass
            else fail "README block $number (Python) fails: $(tail -c 800 "$tmp/out")"; fi ;;
        *)
            for line in "${current[@]}"; do
                [ -n "$line" ] && run_line "$number" "$line"
            done ;;
    esac
    current=()
}
while IFS= read -r line; do
    if [[ $line == "@@ "* ]]; then
        flush
        number=${line#@@ }
        continue
    fi
    # Trailing blank lines of a block are not commands.
    [ -z "$line" ] && [ "${#current[@]}" -eq 0 ] && continue
    current+=("$line")
done <"$tmp/blocks"
flush

# What must have run: setup.sh's build, the programs, the library and the
# Python module (not a README that lost its commands).
[ -x "$repo/build/slide" ] && [ -x "$repo/build/slide-explore-mpi" ] && pass ||
    fail "setup.sh did not build build/slide and build/slide-explore-mpi"
[ -x /opt/slide/bin/slide ] && [ -x "$repo/solve" ] && pass ||
    fail "the library's install and the example's build did not run"
[ "$python_blocks" = 1 ] && [ -x "$home/slide-venv/bin/python" ] && pass ||
    fail "the Python install and its example did not run ($python_blocks Python blocks)"
[ "$ran" -ge 20 ] && pass || fail "only $ran README command lines ran"

finish "readme: $ran command lines"
