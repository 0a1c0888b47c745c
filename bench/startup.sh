#!/usr/bin/env bash
# Start-up benchmark: a whole `render-keyboard -o keyboard.png` process against a C program
# that does the same drawing and PNG encoding with the same libraries (reference-render.c).
# The two run alternately, A B A B …, so a drift in the machine's speed hits both alike;
# the figures are medians of wall-clock times, and the ratio is the median of the pair ratios;
# then the same for peak memory. With BENCH_ROWS set, appends both ratios for bench/table.sh.
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
printf '  ratio (median of run pairs)       %8.2f x   (target <= 1.10 x)\n' "$(median ratio.txt)"

# Peak memory: the largest resident set of each whole process (the kernel's accounting of the
# finished child, code and files mapped included), alternated too.
peak_kb() { python3 -c 'import os, sys; pid = os.spawnv(os.P_NOWAIT, sys.argv[1], sys.argv[1:]); print(os.wait4(pid, 0)[2].ru_maxrss)' "$@"; }
: > ma.txt; : > mb.txt; : > mratio.txt
for _ in $(seq 11); do
    a=$(peak_kb "$binary" -o keyboard.png)
    b=$(peak_kb "$reference" frames.json reference.png)
    echo "$a" >> ma.txt
    echo "$b" >> mb.txt
    echo "$a $b" | awk '{ printf "%.4f\n", $1 / $2 }' >> mratio.txt
done
printf 'peak memory, 11 runs each, alternated (median of the largest resident set)\n'
printf '  render-keyboard -o keyboard.png   %8.1f MiB\n' "$(median ma.txt | awk '{ print $1 / 1024 }')"
printf '  C reference, same drawing         %8.1f MiB\n' "$(median mb.txt | awk '{ print $1 / 1024 }')"
printf '  ratio (median of run pairs)       %8.2f x   (target <= 1.50 x)\n' "$(median mratio.txt)"
if [ -n "${BENCH_ROWS:-}" ]; then
    printf 'render @3x PNG, whole process: time\t%.1f ms\tC floor %.1f ms\t%.2f×\n' "$(median a.txt)" "$(median b.txt)" "$(median ratio.txt)" >> "$BENCH_ROWS"
    printf 'render @3x PNG, whole process: peak memory\t%.1f MiB\tC floor %.1f MiB\t%.2f×\n' \
        "$(median ma.txt | awk '{ print $1 / 1024 }')" "$(median mb.txt | awk '{ print $1 / 1024 }')" "$(median mratio.txt)" >> "$BENCH_ROWS"
fi
