#!/usr/bin/env bash
# Golden tests of a batch manifest in CI: runs `render-keyboard batch --compare`, puts the
# tool's summary into the job summary, and names the report folder in the step outputs.
# Installed as `render-keyboard-golden-ci` (make install, the release archive).
#
# Settings (environment):
#   RK_MANIFEST        the manifest (required)
#   RK_REFERENCES      the folder of references (required)
#   RK_SHARD           K/N to run one shard (optional)
#   RK_TOLERANCE       --tolerance, CIEDE2000 (default 0)
#   RK_ALLOW           --allow, share of pixels (default 0)
#   RK_REPORT          the report folder (default keyboard-compare-report)
#   RK_RECORD          "true" to write the references instead of comparing (default false)
#   RK_PRUNE           "true" with RK_RECORD: remove the stale references (default false)
#   RK_FAIL_ON_STALE   "true": stale references fail the run (default false)
#   RK_ALLOW_EMPTY     "true": a run that compares nothing passes (default false)
#   RK_BINARY          the tool (default: render-keyboard beside this script, else on PATH);
#                      one that cannot be run is refused with its name (exit 2)
# No setting is trusted: one holding a line break is refused (exit 2), a true/false setting
# must be exactly one of those, and the manifest goes after `--` and every folder as
# `--option=VALUE` (or a redirection, for the summary it reads), so no value is ever read as
# an option (`RK_MANIFEST=--help` is a file, `RK_REPORT=-rep` a folder).
# GitHub's own files, each appended to when set:
#   GITHUB_STEP_SUMMARY  the job summary (Markdown): the tool's summary.md for a run that
#                        compared (exit 0 or 1), else the end of its messages in a code block
#   GITHUB_OUTPUT        step outputs, each in the delimiter form with a random delimiter:
#                        report=FOLDER, status=N, shard-label=-K-of-N (empty without a shard;
#                        artifact names may not hold "/")
#
# Exit status: the batch's (0 all match, 1 a job differs, nothing was compared, or stale
# references fail the run, 2 a usage error or an input that cannot be read or is invalid).
set -u

fail() {
    echo "golden-ci: $1" >&2
    exit 2
}

for name in RK_MANIFEST RK_REFERENCES RK_SHARD RK_TOLERANCE RK_ALLOW RK_REPORT RK_RECORD RK_PRUNE RK_FAIL_ON_STALE RK_ALLOW_EMPTY RK_BINARY; do
    case "${!name-}" in
        *$'\n'* | *$'\r'*) fail "$name holds a line break; refused" ;;
    esac
done
for name in RK_RECORD RK_PRUNE RK_FAIL_ON_STALE RK_ALLOW_EMPTY; do
    case "${!name:-false}" in
        true | false) ;;
        *) fail "$name must be true or false" ;;
    esac
done

manifest=${RK_MANIFEST:-}
references=${RK_REFERENCES:-}
report=${RK_REPORT:-keyboard-compare-report}
shard=${RK_SHARD:-}
if [ -z "$manifest" ] || [ -z "$references" ]; then
    fail "set RK_MANIFEST and RK_REFERENCES"
fi
if [ -n "$shard" ] && ! [[ "$shard" =~ ^[0-9]+/[0-9]+$ ]]; then
    fail "RK_SHARD must be K/N"
fi
binary=${RK_BINARY:-}
if [ -z "$binary" ]; then
    here=$(dirname -- "$(readlink -f -- "$0")")
    if [ -x "$here/render-keyboard" ]; then binary=$here/render-keyboard; else binary=render-keyboard; fi
fi
# A tool that cannot be run is a setting's fault, said as such (not the shell's exit 127).
case "$binary" in
    */*) [ -f "$binary" ] && [ -x "$binary" ] ;;
    *) command -v -- "$binary" > /dev/null 2>&1 ;;
esac || {
    if [ -n "${RK_BINARY:-}" ]; then
        fail "RK_BINARY: $(printf '%q' "$binary") is not a program that can be run; set it to render-keyboard's path"
    fi
    fail "no render-keyboard beside this script or on PATH; install it, or set RK_BINARY to its path"
}

args=(batch "--compare=$references" "--report=$report" "--tolerance=${RK_TOLERANCE:-0}" "--allow=${RK_ALLOW:-0}")
if [ -n "$shard" ]; then args+=("--shard=$shard"); fi
if [ "${RK_RECORD:-false}" = true ]; then args+=(--record); fi
if [ "${RK_PRUNE:-false}" = true ]; then args+=(--prune); fi
if [ "${RK_FAIL_ON_STALE:-false}" = true ]; then args+=(--fail-on-stale); fi
if [ "${RK_ALLOW_EMPTY:-false}" = true ]; then args+=(--allow-empty); fi
args+=(-- "$manifest")

log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$binary" "${args[@]}" 2>"$log"
status=$?
cat "$log" >&2

if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    {
        if [ "$status" -le 1 ] && [ -f "$report/summary.md" ]; then
            # Exit 0 or 1: the run got as far as its report, so summary.md is this run's. Read
            # through a redirection: a folder named like an option (-rep) stays a file name.
            cat < "$report/summary.md"
        else
            echo "### Keyboard golden tests${shard:+, shard $shard}: the run failed (exit status $status)"
            echo
            # A fence longer than any run of backticks in the messages, which name files.
            fence='```'
            while grep -qF -- "$fence" "$log"; do fence="$fence\`"; done
            echo "$fence"
            tail -n 30 "$log"
            echo "$fence"
        fi
    } >> "$GITHUB_STEP_SUMMARY"
fi

if [ -n "${GITHUB_OUTPUT:-}" ]; then
    delimiter="render-keyboard-$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
    label=""
    if [ -n "$shard" ]; then label="-${shard//\//-of-}"; fi
    {
        printf 'report<<%s\n%s\n%s\n' "$delimiter" "$report" "$delimiter"
        printf 'status<<%s\n%s\n%s\n' "$delimiter" "$status" "$delimiter"
        printf 'shard-label<<%s\n%s\n%s\n' "$delimiter" "$label" "$delimiter"
    } >> "$GITHUB_OUTPUT"
fi

exit "$status"
