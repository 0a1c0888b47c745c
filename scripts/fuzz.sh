#!/usr/bin/env bash
# Builds the libFuzzer target (render-keyboard-fuzz, with AddressSanitizer) and runs it.
#
#   FUZZ_SECONDS  how long to fuzz (default 60)
#   FUZZ_TIMEOUT  seconds after which one input counts as a hang (default 30)
#   FUZZ_DIR      working folder, git-ignored (default .fuzz): corpus/ grows across runs,
#                 seeds/ is rewritten from the built-in layouts, themes and images each run,
#                 crashes/ receives any finding
# Extra arguments go to libFuzzer (e.g. -jobs=2, -runs=1000, or a saved input to replay).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-60}
timeout=${FUZZ_TIMEOUT:-30}
dir=${FUZZ_DIR:-.fuzz}
binary=.build-fuzz/debug/render-keyboard-fuzz

# -DFUZZING makes the program hand its arguments to libFuzzer; lld links the fuzzer runtime
# (gold fails on it).
${SWIFT:-swift} build --product render-keyboard-fuzz -c debug --scratch-path .build-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -use-ld=lld

rm -rf "$dir/seeds"
mkdir -p "$dir/corpus" "$dir/crashes"

# -max_len 64 KiB: room for large layouts and images while mutations stay fast (the built-in
#   seeds are under 2 KiB; documents over 1 MiB are refused before parsing anyway).
# -rss_limit_mb / -malloc_limit_mb: a single render must stay under 1 GiB, so a 1 GiB
#   allocation or 2 GiB resident (AddressSanitizer's shadow memory included) is a finding.
# -timeout: libFuzzer measures wall-clock time, so on a loaded machine (or under nice) a
#   10 s limit reported inputs that take 50 ms as hangs; 30 s leaves room for that while
#   still catching the multi-second blow-ups that matter.
RENDER_KEYBOARD_FUZZ_SEEDS="$dir/seeds" exec "$binary" \
    -max_total_time="$seconds" \
    -max_len=65536 \
    -rss_limit_mb=2048 \
    -malloc_limit_mb=1024 \
    -timeout="$timeout" \
    -print_final_stats=1 \
    -artifact_prefix="$dir/crashes/" \
    "$@" "$dir/corpus" "$dir/seeds"
