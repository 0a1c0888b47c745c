#!/usr/bin/env bash
# Writes bench/link-order.txt: the functions a release render-keyboard runs in common renders,
# in the order callgrind first meets them. `make release` hands the list to lld
# (--symbol-ordering-file), which places those functions side by side at the start of the
# code, so a process touches a few hundred pages of code instead of thousands (start-up time
# and peak memory; `make bench`). Run it again after a change that moves much work; a name
# that no longer exists is passed over, and a missing one only costs speed.
#
# Usage: bench/link-order.sh [RELEASE_BINARY]   (default .build/release/render-keyboard)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
binary=$(realpath "${1:-$root/.build/release/render-keyboard}")
out="$root/bench/link-order.txt"
[ -f "$binary" ] && [ -x "$binary" ] || { echo "link-order.sh: $binary is not a program (make release builds one)" >&2; exit 1; }
command -v valgrind > /dev/null || { echo "link-order.sh: valgrind is needed (apt-get install valgrind)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

# Valgrind 3.19 cannot read the DWARF 5 the toolchain writes; symbols are all it needs.
objcopy --strip-debug "$binary" render-keyboard
# The renders users run most: the default keyboard as PNG, SVG and PDF, a layout and theme
# from the catalogue on another device, and the frames JSON.
runs=(
    "-o keyboard.png"
    "-o keyboard.svg"
    "-o keyboard.pdf"
    "render --layout numbers --theme dark --device pixel-8 -o numbers.png"
    "frames"
)
index=0
for run in "${runs[@]}"; do
    # shellcheck disable=SC2086  # each run is a list of words
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="run$index.out" \
        ./render-keyboard $run > /dev/null 2> "run$index.log" \
        || { cat "run$index.log" >&2; echo "link-order.sh: render-keyboard $run failed" >&2; exit 1; }
    index=$((index + 1))
done

# The binary's own function names, to keep only what lld can place.
nm --defined-only render-keyboard | awk '$2 ~ /^[tTwW]$/ { print $3 }' | sort -u > defined.txt
python3 - "$out" run*.out <<'EOF'
import re, sys
defined = set(open("defined.txt").read().split())
seen, names = set(), []
for path in sys.argv[2:]:
    for line in open(path):
        match = re.match(r"^c?fn=\(\d+\) (.+)$", line.rstrip("\n"))
        if match and match.group(1) in defined and match.group(1) not in seen:
            seen.add(match.group(1))
            names.append(match.group(1))
if len(names) < 1000:
    sys.exit(f"link-order.sh: only {len(names)} functions were seen; is this a release build?")
with open(sys.argv[1], "w") as out:
    out.write("\n".join(names) + "\n")
print(f"{sys.argv[1]}: {len(names)} functions")
EOF
