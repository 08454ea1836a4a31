#!/bin/sh
# Builds Simon Tatham's Tents generator as a command, for the Tatham column of
# `cargo bench --bench tents_generate` (set TATHAM_TENTSGEN to the binary).
#
#   benches/tatham/build.sh SGT_PUZZLES_SOURCES [OUTPUT]
#
# SGT_PUZZLES_SOURCES holds tents.c, puzzles.h, matching.c, matching.h, misc.c, malloc.c and
# random.c of Simon Tatham's Portable Puzzle Collection (and dsf.c, where its tents.c uses
# one). Only our driver and stubs live here; the collection's sources are not part of this
# repository. OUTPUT defaults to target/tatham-tentsgen.
set -eu
src=$1
out=${2:-target/tatham-tentsgen}
here=$(dirname "$0")
extra=""
if [ -f "$src/dsf.c" ]; then extra="$extra $src/dsf.c"; else extra="$extra $here/stubs_dsf.c"; fi
if ! grep -q "getenv_bool" "$src/misc.c"; then extra="$extra $here/stubs_getenv.c"; fi
mkdir -p "$(dirname "$out")"
# shellcheck disable=SC2086 # $extra is a list of files
gcc -O2 -I"$src" -o "$out" "$here/tentsgen.c" "$here/stubs.c" "$src/tents.c" \
    "$src/matching.c" "$src/misc.c" "$src/malloc.c" "$src/random.c" $extra -lm
echo "built $out"
