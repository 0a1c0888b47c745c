#!/usr/bin/env bash
# Golden tests of a batch manifest in CI: runs `render-keyboard batch MANIFEST --compare DIR`,
# writes a job summary with a table of the failing jobs, and names the report folder.
#
# Settings (environment):
#   RK_MANIFEST    the manifest (required)
#   RK_REFERENCES  the folder of references (required)
#   RK_SHARD       K/N to run one shard (optional)
#   RK_TOLERANCE   --tolerance, CIEDE2000 (default 0)
#   RK_ALLOW       --allow, share of pixels (default 0)
#   RK_REPORT      the report folder (default keyboard-compare-report)
#   RK_RECORD      "true" to write the references instead of comparing (default false)
#   RK_BINARY      the tool (default render-keyboard, from PATH)
# GitHub's own files, each appended to when set:
#   GITHUB_STEP_SUMMARY  the job summary (Markdown)
#   GITHUB_OUTPUT        step outputs: report=FOLDER, status=N, shard-label=-K-of-N (empty
#                        without a shard; artifact names may not hold "/")
#
# Exit status: the batch's (0 all match, 1 a job failed or differs, 2 usage error).
set -u

manifest=${RK_MANIFEST:-}
references=${RK_REFERENCES:-}
report=${RK_REPORT:-keyboard-compare-report}
binary=${RK_BINARY:-render-keyboard}

if [ -z "$manifest" ] || [ -z "$references" ]; then
    echo "golden-ci: set RK_MANIFEST and RK_REFERENCES" >&2
    exit 2
fi

args=(batch "$manifest" --compare "$references" --report "$report"
      --tolerance "${RK_TOLERANCE:-0}" --allow "${RK_ALLOW:-0}")
if [ -n "${RK_SHARD:-}" ]; then args+=(--shard "$RK_SHARD"); fi
if [ "${RK_RECORD:-false}" = "true" ]; then args+=(--record); fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
# A summary left by an earlier run must not stand for this one.
rm -f "$report/summary.md"
"$binary" "${args[@]}" 2>"$log"
status=$?
cat "$log" >&2

title="Keyboard golden tests"
if [ -n "${RK_SHARD:-}" ]; then title="$title, shard $RK_SHARD"; fi

if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    {
        if [ "${RK_RECORD:-false}" = "true" ]; then
            echo "### $title: references recorded"
            echo
            grep '^batch: .* recorded in ' "$log" || true
        elif [ -f "$report/summary.md" ] && [ "$status" -ne 2 ]; then
            # The tool's own summary, with this shard in its heading.
            sed "1s|^### Keyboard golden tests:|### $title:|" "$report/summary.md"
            if [ "$status" -ne 0 ]; then
                echo
                echo "Images of each failure and \`index.html\` are in the report artifact (\`$report\`)."
            fi
        else
            echo "### $title: the run failed (exit status $status)"
            echo
            echo '```'
            tail -n 20 "$log"
            echo '```'
        fi
    } >> "$GITHUB_STEP_SUMMARY"
fi

if [ -n "${GITHUB_OUTPUT:-}" ]; then
    {
        echo "report=$report"
        echo "status=$status"
        if [ -n "${RK_SHARD:-}" ]; then echo "shard-label=-${RK_SHARD//\//-of-}"; else echo "shard-label="; fi
    } >> "$GITHUB_OUTPUT"
fi

exit "$status"
