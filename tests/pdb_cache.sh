#!/usr/bin/env bash
# pdb_cache.sh - where `slide --optimal` keeps its pattern databases, and
# what a Ctrl-C during their build keeps.
#
# The directory: $XDG_CACHE_HOME/slide when that is an absolute path,
# else $HOME/.cache/slide, made (mode 0700) on the first write;
# --pdb-dir DIR instead; --no-pdb-cache keeps nothing (and contradicts
# --pdb-dir: exit 2).  A second run reads what the first wrote (-ostats
# says "read"), with the same, Verified, solution length.
#
# A stopped build: the 15-puzzle under --max-memory 300M builds three
# tables (groups of 6, 6 and 3).  Once the first is in the directory (a
# state the test waits for, never a time) one SIGINT stops the build: exit
# 3, "interrupted, after building pattern databases: N of 3 tables
# finished, N kept in the cache (DIR)", and DIR holds those N tables and
# no temporary file.  The next run reads the kept table (its file is the
# same file: not rebuilt), builds and keeps the rest, and its solution is
# Verified and 52 moves long (Rosetta's published optimum); the run after
# it reads everything.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE SLIDE_CHECK PROJECT_PUZZLES
[ -r /proc/self/status ] || { echo "SKIP: no /proc to see the handler in"; exit 77; }
set -m   # background jobs keep SIGINT's default disposition (interrupt.sh)
cd "$tmp" || exit 1

e8=$PROJECT_PUZZLES/eight-31a
fifteen=$PROJECT_PUZZLES/fifteen-rosetta

# solve NAME [ENV...] -- [OPTIONS...]: slide --optimal --algo idastar on
# the 8-puzzle; rc, moves and stats in $tmp/NAME.*.
solve() {
    local name=$1
    shift
    local envs=()
    while [ "$1" != -- ]; do envs+=("$1"); shift; done
    shift
    env "${envs[@]}" "$SLIDE" --optimal --algo idastar -ostats "$@" "$e8.init" "$e8.goal" \
        >"$tmp/$name.moves" 2>"$tmp/$name.err"
    echo $? >"$tmp/$name.rc"
}
solved() {   # solved NAME HOW: exit 0, Verified, and the tables HOW (built, read)
    [ "$(cat "$tmp/$1.rc")" = 0 ] &&
        verified "$e8.init" "$e8.goal" "$tmp/$1.moves" &&
        grep -q "^pattern database: .* $2 in " "$tmp/$1.err"
}
tables_in() {   # tables_in DIR N: N table files and nothing else
    [ "$(ls "$1" | grep -cE '^slide-[0-9a-f]{16}-[0-9]+\.pdb$')" = "$2" ] &&
        [ "$(ls "$1" | wc -l)" = "$2" ]
}

# The default directory under XDG_CACHE_HOME, made with its parents.
xdg=$tmp/xdg/deeper
solve xdg1 XDG_CACHE_HOME="$xdg" --
solve xdg2 XDG_CACHE_HOME="$xdg" --
holds "XDG: built, then read" solved xdg1 built
holds "XDG: read" solved xdg2 read
holds "XDG: one table in $xdg/slide" tables_in "$xdg/slide" 1
holds "XDG: a new directory is 0700" [ "$(stat -c %a "$xdg/slide")" = 700 ]
holds "XDG: same length" [ "$(wc -l <"$tmp/xdg1.moves")" = "$(wc -l <"$tmp/xdg2.moves")" ]
# Else HOME's .cache; a relative XDG_CACHE_HOME does not count.
solve home1 HOME="$tmp/home" XDG_CACHE_HOME=relative --
solve home2 -u XDG_CACHE_HOME HOME="$tmp/home" --
holds "HOME: built, then read" solved home1 built
holds "HOME: read" solved home2 read
holds "HOME: one table in ~/.cache/slide" tables_in "$tmp/home/.cache/slide" 1
holds "HOME: nothing under a relative XDG_CACHE_HOME" [ ! -e relative ]
# --pdb-dir wins; --no-pdb-cache keeps nothing.
solve dir1 XDG_CACHE_HOME="$tmp/unused" -- --pdb-dir "$tmp/chosen"
solve none1 XDG_CACHE_HOME="$tmp/unused" -- --no-pdb-cache
solve none2 XDG_CACHE_HOME="$tmp/unused" -- --no-pdb-cache
holds "--pdb-dir: built there" solved dir1 built
holds "--pdb-dir: one table" tables_in "$tmp/chosen" 1
holds "--no-pdb-cache: built" solved none1 built
holds "--no-pdb-cache: built again" solved none2 built
holds "--pdb-dir, --no-pdb-cache: nothing in XDG_CACHE_HOME" [ ! -e "$tmp/unused" ]
solve both XDG_CACHE_HOME="$tmp/unused" -- --pdb-dir "$tmp/chosen" --no-pdb-cache
holds "--pdb-dir with --no-pdb-cache: exit 2" [ "$(cat "$tmp/both.rc")" = 2 ]
holds "--pdb-dir with --no-pdb-cache: said" grep -q "pick one" "$tmp/both.err"

# ---- Ctrl-C during the build ----

kept=$tmp/kept
fifteen_run() {   # fifteen_run NAME: the 15-puzzle, its tables in $kept
    exec "$SLIDE" --optimal -ostats --max-memory 300M --pdb-dir "$kept" \
        "$fifteen.init" "$fifteen.goal" >"$tmp/$1.moves" 2>"$tmp/$1.err"
}
(fifteen_run stopped) &   # the subshell becomes slide: $! is slide's
pid=$!
tries=0   # up to ten minutes for the first table, under any load
while kill -0 "$pid" 2>/dev/null && ! ls "$kept" 2>/dev/null | grep -qE '\.pdb$' &&
      [ $tries -lt 60000 ]; do
    sleep 0.01
    tries=$((tries + 1))
done
kill -INT "$pid" 2>/dev/null
wait "$pid"
rc=$?
msg=$(cat "$tmp/stopped.err")
n=$(sed -n 's/^slide: interrupted, after building pattern databases: \([12]\) of 3 tables finished, \1 kept in the cache (.*)$/\1/p' "$tmp/stopped.err")
holds "stopped: exit 3 (got $rc)" [ "$rc" = 3 ]
holds "stopped: the message names what was kept and where: $msg" \
    grep -qF " kept in the cache ($kept)" "$tmp/stopped.err"
holds "stopped: nothing on stdout" [ ! -s "$tmp/stopped.moves" ]
holds "stopped: the finished tables kept ($n), no temporary file" tables_in "$kept" "${n:-x}"
first=$(ls "$kept" | head -1)
inode=$(stat -c %i "$kept/$first" 2>/dev/null)
(fifteen_run resumed)
holds "resumed: exit 0" [ $? = 0 ]
holds "resumed: the kept table read, not rebuilt" [ "$(stat -c %i "$kept/$first" 2>/dev/null)" = "$inode" ]
holds "resumed: all three tables kept" tables_in "$kept" 3
holds "resumed: Verified" verified "$fifteen.init" "$fifteen.goal" "$tmp/resumed.moves"
holds "resumed: 52 moves" [ "$(wc -l <"$tmp/resumed.moves")" = 52 ]
(fifteen_run again)
holds "again: every table read" grep -q "^pattern database: .* read in " "$tmp/again.err"

finish pdb_cache
