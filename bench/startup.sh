#!/usr/bin/env bash
# Start-up benchmark: a whole `render-keyboard -o keyboard.png` process against a C program
# that does the same drawing and PNG encoding with the same libraries (reference-render.c).
# The two run alternately, A B A B …, so a drift in the machine's speed hits both alike;
# the figures are medians of wall-clock times, and the ratio is the median of the pair ratios.
#
# Usage: bench/startup.sh RENDER_KEYBOARD REFERENCE_RENDER [RUNS]
set -euo pipefail
binary=$(realpath "$1")
reference=$(realpath "$2")
runs=${3:-31}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
"$binary" frames > frames.json

# Milliseconds one run of the command takes, from the shell's microsecond clock.
time_ms() {
    local start end
    start=$EPOCHREALTIME
    "$@" > /dev/null
    end=$EPOCHREALTIME
    echo "$start $end" | awk '{ printf "%.3f\n", ($2 - $1) * 1000 }'
}

# One warm-up of each, so both start from a warm page cache.
"$binary" -o keyboard.png
"$reference" frames.json reference.png
: > a.txt; : > b.txt; : > ratio.txt
for _ in $(seq "$runs"); do
    a=$(time_ms "$binary" -o keyboard.png)
    b=$(time_ms "$reference" frames.json reference.png)
    echo "$a" >> a.txt
    echo "$b" >> b.txt
    echo "$a $b" | awk '{ printf "%.4f\n", $1 / $2 }' >> ratio.txt
done

median() { sort -g "$1" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
printf 'start-up, %s runs each, alternated (median wall-clock time of a whole process)\n' "$runs"
printf '  render-keyboard -o keyboard.png   %8.2f ms   (%s)\n' "$(median a.txt)" "$binary"
printf '  C reference, same drawing         %8.2f ms\n' "$(median b.txt)"
printf '  ratio (median of run pairs)       %8.2f x   (target <= 1.20 x)\n' "$(median ratio.txt)"
