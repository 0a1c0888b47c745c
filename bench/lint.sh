#!/usr/bin/env bash
# The lint sweep benchmark: `render-keyboard lint` of every built-in layout and theme on every
# device preset in both orientations, as CI runs it, a whole process timed RUNS times; prints
# the median and the time per keyboard. With BENCH_ROWS set, appends a row for
# bench/table.sh (the sweep per keyboard against its target of 2 ms).
#
# Usage: bench/lint.sh RENDER_KEYBOARD [RUNS]
set -euo pipefail
binary=$(realpath "$1")
runs=${2:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
"$binary" lint > report.txt || true
keyboards=$(sed -n 's/.* on \([0-9]*\) keyboards.*/\1/p' report.txt | tail -1)
: > times.txt
for _ in $(seq "$runs"); do
    start=$EPOCHREALTIME
    "$binary" lint > /dev/null || true
    end=$EPOCHREALTIME
    echo "$start $end" | awk '{ printf "%.4f\n", $2 - $1 }' >> times.txt
done
median=$(sort -g times.txt | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
per=$(awk -v s="$median" -v k="$keyboards" 'BEGIN { printf "%.2f", s * 1000 / k }')
printf 'lint of %s built-in keyboards, %s runs (median wall-clock time of a whole process)\n' "$keyboards" "$runs"
printf '  whole sweep                       %8.2f s    (target <= 3 s)\n' "$median"
printf '  per keyboard                      %8s ms   (target <= 2 ms)\n' "$per"
if [ -n "${BENCH_ROWS:-}" ]; then
    printf 'lint sweep of %s keyboards (%.2f s), per keyboard\t%s ms\ttarget 2 ms\t%.2f×\n' \
        "$keyboards" "$median" "$per" "$(awk -v p="$per" 'BEGIN { print p / 2 }')" >> "$BENCH_ROWS"
fi
