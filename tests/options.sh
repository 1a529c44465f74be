#!/usr/bin/env bash
# options.sh - the programs' options, as --help lists them (from each
# program's table, cli/options.c), against their manual pages, and the
# usage errors they share, worded alike:
#   1. for slide, slide-explore and slide-check, the options --help lists
#      are exactly those docs/PROGRAM.1 gives an entry (.TP, then .B, .BR
#      or .BI and the option): none undocumented, none documented that
#      the program does not list; no --help line is over 79 characters;
#   2. every option --help lists is one the program takes (it is not
#      "unknown" to it);
#   3. the same mistake is one message in every program that can make
#      it: an unknown option, a prefix of several, a value given to a
#      flag, a missing value, a bad choice, a missing file; each followed
#      by "Try 'PROGRAM --help'." and exit 2.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE SLIDE_EXPLORE SLIDE_CHECK TESTS_DIR
docs=$TESTS_DIR/../docs

# help_options PROGRAM: the options its --help lists, one a line, sorted
# ("--metric", "-o"): the first word of each line that starts with a dash
# after the indent.
help_options() {
    "$1" --help | sed -n 's/^  \(-[a-zA-Z]\)\([A-Z]*\)$/\1/p; s/^  \(-[a-zA-Z]\)[A-Z]* .*/\1/p
                           s/^  -[a-zA-Z], \(--[a-z-]*\).*/\1/p; s/^  \(--[a-z-]*\).*/\1/p' | sort -u
}

# man_options PAGE: the options its entries document, sorted ("\-\-metric"
# read as "--metric"; ".BI \-o DEBUG" as "-o").
man_options() {
    awk 'prev == ".TP" && $1 ~ /^\.B[RI]?$/ && $2 ~ /^\\-/ { print $2 } { prev = $1 }' "$1" |
        sed 's/\\-/-/g; s/"//g' | sort -u
}

for prog in "$SLIDE" "$SLIDE_EXPLORE" "$SLIDE_CHECK"; do
    name=$(basename "$prog")
    page=$docs/$name.1
    help_options "$prog" >"$tmp/$name.help"
    [ -s "$tmp/$name.help" ] && pass || fail "$name --help lists no options"
    if [ -f "$page" ]; then
        man_options "$page" >"$tmp/$name.man"
        comm -23 "$tmp/$name.help" "$tmp/$name.man" >"$tmp/undocumented"
        comm -13 "$tmp/$name.help" "$tmp/$name.man" >"$tmp/unlisted"
        [ ! -s "$tmp/undocumented" ] && pass ||
            fail "$name: --help lists options $name.1 does not document: $(tr '\n' ' ' <"$tmp/undocumented")"
        [ ! -s "$tmp/unlisted" ] && pass ||
            fail "$name: $name.1 documents options --help does not list: $(tr '\n' ' ' <"$tmp/unlisted")"
    else
        fail "$name: no manual page $page"
    fi
    long=$("$prog" --help | awk 'length > 79' | head -1)
    [ -z "$long" ] && pass || fail "$name --help: a line over 79 characters: $long"
    while read -r opt; do
        "$prog" "$opt" >/dev/null 2>"$tmp/err" </dev/null
        ! grep -q "unknown option" "$tmp/err" && pass || fail "$name does not take $opt, which --help lists"
    done <"$tmp/$name.help"
done

# same "PROGRAMS" WORDS ARGS...: each of PROGRAMS says "PROGRAM: WORDS"
# and "Try 'PROGRAM --help'." for ARGS, and exits 2.
all="$SLIDE $SLIDE_EXPLORE $SLIDE_CHECK"
same() {
    local progs=$1 words=$2 prog name rc
    shift 2
    for prog in $progs; do
        name=$(basename "$prog")
        "$prog" "$@" >/dev/null 2>"$tmp/err" </dev/null
        rc=$?
        [ "$rc" = 2 ] && [ "$(cat "$tmp/err")" = "$name: $words
Try '$name --help'." ] && pass || fail "$name $*: exit $rc, said: $(cat "$tmp/err") (want: $name: $words)"
    done
}
same "$all" "unknown option '--frobnicate'" --frobnicate a b
same "$all" "unknown option '-x'" -x a b
same "$all" "unknown option '-x'" -xy a b
same "$all" "--help takes no value" --help=yes a b
same "$all" "--format needs a value: auto, corners, sizes or picture" a b --format
same "$all" "--format: unknown format 'diagonal' (auto, corners, sizes or picture)" \
    --format diagonal a b
same "$SLIDE $SLIDE_EXPLORE" "--metric needs a value: unit, line or piece" a --metric
same "$SLIDE $SLIDE_EXPLORE" "--metric: unknown metric 'miles' (unit, line or piece)" \
    --metric miles a
same "$SLIDE $SLIDE_EXPLORE" "ambiguous option '--m' (--metric, --max-states or --max-memory)" \
    --m unit a
same "$SLIDE $SLIDE_EXPLORE" "--max-states takes a positive count, not '0x10'" \
    --max-states 0x10 a
same "$SLIDE $SLIDE_CHECK" "needs an INIT file and a GOAL file" a

finish options
