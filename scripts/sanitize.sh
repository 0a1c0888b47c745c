#!/usr/bin/env bash
# Runs the tests under the sanitizers, each build in its own scratch folder:
#   1. the whole suite under AddressSanitizer + UndefinedBehaviorSanitizer (.build-asan);
#   2. the concurrent parts (batch runner and command, previews, golden snapshots) under
#      ThreadSanitizer (.build-tsan).
# Either finding a problem fails the run. SANITIZE=asan or SANITIZE=tsan runs one of them;
# extra arguments go to both `swift test` runs.
set -euo pipefail
cd "$(dirname "$0")/.."

swift=${SWIFT:-swift}
which=${SANITIZE:-all}
# Make a sanitizer report fail the process (and so the test) rather than only print, and
# stop at the first one so it is easy to read.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:halt_on_error=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1}
# Tells the end-to-end tests not to cap the address space of the programs they start: a
# sanitized program reserves terabytes of it for shadow memory and could not start.
export RENDER_KEYBOARD_SANITIZER=1

# Left out of both runs: HarnessTests' check that failure reports default to the package's
# `.build` folder (these runs build in `.build-asan`/`.build-tsan`, so it cannot hold).
default_folder_test='HarnessTests/testDefaultFolderIsInThePackagesBuildFolder'

timed() {
    local start=$SECONDS
    "$@"
    echo "sanitize: $* took $((SECONDS - start)) s" >&2
}

if [[ $which == all || $which == asan ]]; then
    # SolverPerformanceTests times the solver against a limit meant for an ordinary debug
    # build; AddressSanitizer's slowdown (on a loaded machine) crosses it without any bug.
    timed "$swift" test --sanitize=address -Xcc -fsanitize=undefined --scratch-path .build-asan \
        --skip SolverPerformanceTests --skip "$default_folder_test" "$@"
fi
if [[ $which == all || $which == tsan ]]; then
    timed "$swift" test --sanitize=thread --scratch-path .build-tsan --skip "$default_folder_test" \
        --filter 'BatchRunnerTests|BatchManifestTests|BatchCommandTests|PreviewCommandTests|PreviewContactSheetTests|GalleryTests|GoldenTests\.' "$@"
fi
