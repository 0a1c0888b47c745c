#!/bin/sh
# The picture of the live preview in docs/preview-and-serve.md (docs/images/serve.png), as a user sees it: the
# built `render-keyboard serve` runs in a folder holding the theme being edited, headless
# Chromium opens the page, the theme is saved broken, and a key is pointed at.
#
#   scripts/serve-screenshot.sh [BINARY] [OUTPUT]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
binary=$(cd "$(dirname "${1:-$root/.build/debug/render-keyboard}")" && pwd)/$(basename "${1:-render-keyboard}")
output=$(cd "$(dirname "${2:-$root/docs/images/serve.png}")" && pwd)/$(basename "${2:-serve.png}")
folder=$(mktemp -d)
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$folder"; }
trap cleanup EXIT
cd "$folder"
# What `validate` says of the broken save the check makes, which the page must show.
printf 'extends: default\nkeys:\n  content:\n    normal: {fill: "#GGG"}\n' > my-theme.yaml
"$binary" validate my-theme.yaml > expected.txt || true
printf 'extends: default\n' > my-theme.yaml
"$binary" serve --themes my-theme.yaml,dark,material --layouts letters,numbers --seed 7 > address.txt 2> /dev/null &
server=$!
while ! grep -q '^Serving ' address.txt 2> /dev/null; do sleep 0.1; done
python3 "$root/scripts/serve-browser-check.py" "$(sed -n 's/^Serving //p' address.txt)" my-theme.yaml expected.txt --screenshot "$output"
