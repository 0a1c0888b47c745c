#!/usr/bin/env bash
# Draws the pictures of README.md and docs/*.md again: each page's commands run, from an empty
# folder, with the built programs, and the files its `<!-- picture: FILE is PATH -->` markers
# name are copied over the pictures (scripts/doc-commands.sh --write-pictures). The pictures
# are the tool's own output (pinned fonts, fixed seeds), so they change only when drawing
# does; DocumentationCommandTests fails while one differs from what its page draws. Look at
# each one before committing it.
#
#   scripts/doc-images.sh [BIN_FOLDER]     (default .build/debug: swift build first)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(cd "${1:-.build/debug}" && pwd)
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin"
for program in render-keyboard render-keyboard-serve; do ln -s "$bin/$program" "$work/bin/$program"; done
ln -s "$root/scripts/golden-ci.sh" "$work/bin/render-keyboard-golden-ci"
for page in README.md docs/*.md; do
    grep -q '^<!-- picture: ' "$page" || continue
    mkdir "$work/page" "$work/home"
    (cd "$work/page" && HOME=$work/home LC_ALL=C.UTF-8 PATH="$work/bin:/usr/bin:/bin" \
        bash "$root/scripts/doc-commands.sh" --write-pictures "$root/$page" | grep -E '^(picture|doc-commands):')
    rm -rf "$work/page" "$work/home"
done
