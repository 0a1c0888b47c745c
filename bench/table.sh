#!/usr/bin/env bash
# Prints the rows `make bench` collected (tab-separated: row, figure, compared with, ratio)
# as one table.
#
# Usage: bench/table.sh ROWS_FILE
set -euo pipefail
printf '\n%-62s %12s %18s %8s\n' "make bench, $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg) at the end" "figure" "compared with" "ratio"
printf '%s\n' "$(printf '%.0s-' $(seq 103))"
while IFS=$'\t' read -r row figure against ratio; do
    printf '%-62s %12s %18s %8s\n' "$row" "$figure" "$against" "$ratio"
done < "$1"
