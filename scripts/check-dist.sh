#!/usr/bin/env bash
# Checks the release archive (`make dist`) as a machine without Swift would use it: unpacked
# into an empty folder, no program loads a library of the Swift toolchain (`ldd`), and with
# only `env -i PATH=/usr/bin:/bin` each program runs from there: render-keyboard finds its
# built-ins in the archive's share/, renders and compares; render-keyboard-golden-ci records
# and compares a manifest; render-keyboard serve starts and answers; and the CI recipes of the
# docs that need no Swift (lint, shards, golden tests) run as the pages write them.
# (scripts/fresh-runner-check.sh goes further: a Debian without Swift, the golden walkthrough of docs/golden-testing.md.)
#
#   scripts/check-dist.sh ARCHIVE.tar.gz
set -euo pipefail
archive=$(readlink -f "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() {
    echo "check-dist: $1" >&2
    exit 1
}

tar -xzf "$archive" -C "$work"
root=$(echo "$work"/render-keyboard-*)
[ -d "$root" ] || fail "the archive holds no render-keyboard-VERSION/ folder"
for file in bin/render-keyboard bin/render-keyboard-serve bin/render-keyboard-golden-ci DEPENDENCIES share/render-keyboard/layouts/numbers.yaml share/render-keyboard/themes/default.yaml \
    share/bash-completion/completions/render-keyboard share/zsh/site-functions/_render-keyboard share/fish/vendor_completions.d/render-keyboard.fish share/man/man1/render-keyboard.1; do
    [ -e "$root/$file" ] || fail "$file is missing"
done
for program in "$root"/bin/render-keyboard "$root"/bin/render-keyboard-serve; do
    libraries=$(ldd "$program")
    if grep -qiE 'swift|not found' <<< "$libraries"; then
        fail "$(basename "$program") needs a library of the Swift toolchain or one that is missing:
$(grep -iE 'swift|not found' <<< "$libraries")"
    fi
done

# Everything below runs with an empty environment, in a folder outside the archive.
run() { (cd "$work/use" && env -i PATH=/usr/bin:/bin "$@"); }
mkdir "$work/use"
bin=$root/bin
run "$bin/render-keyboard" --version > /dev/null
# The installed manual page names every subcommand the installed program has.
manual=$(MANPATH="$root/share/man" MANWIDTH=100 man render-keyboard 2>/dev/null | col -b)
for name in $(run "$bin/render-keyboard" --help | sed -n '/^SUBCOMMANDS:/,$p' | sed -n 's/^  \([a-z-]*\).*/\1/p'); do
    grep -q "^   $name" <<< "$manual" || fail "man render-keyboard has no section for $name"
done
listed=$(run "$bin/render-keyboard" list)
grep -q "^layouts: .*numbers" <<< "$listed" || fail "render-keyboard list does not name the built-in layouts"
run "$bin/render-keyboard" render --layout numbers --seed 1 -o a.png
run "$bin/render-keyboard" render --layout numbers --seed 1 -o b.png
[ "$(run "$bin/render-keyboard" compare a.png b.png)" = match ] || fail "compare of two equal renders is not a match"
printf 'defaults: {device: iphone-se, seed: 1}\njobs:\n  - {layout: numbers, output: out/n.png}\n  - {layout: letters, theme: dark, output: out/l.png}\n' > "$work/use/m.yaml"
run env RK_MANIFEST=m.yaml RK_REFERENCES=golden RK_RECORD=true "$bin/render-keyboard-golden-ci" 2> /dev/null
run env RK_MANIFEST=m.yaml RK_REFERENCES=golden GITHUB_STEP_SUMMARY=summary.md "$bin/render-keyboard-golden-ci" 2> /dev/null
grep -q '^### Keyboard golden tests: all 2 jobs match$' "$work/use/summary.md" || fail "render-keyboard-golden-ci did not pass: $(cat "$work/use/summary.md")"
grep -q '^cairo ' "$work/use/golden/RENDERING-STACK.txt" || fail "no RENDERING-STACK.txt was recorded"
# serve: started by render-keyboard, it prints its address; then it is stopped.
(cd "$work/use" && exec env -i PATH=/usr/bin:/bin timeout 20 "$bin/render-keyboard" serve --layouts numbers --themes default > serve.out 2>&1) &
server=$!
for _ in $(seq 100); do grep -q '^Serving http' "$work/use/serve.out" 2> /dev/null && break; sleep 0.1; done
grep -q '^Serving http' "$work/use/serve.out" || { kill "$server" 2> /dev/null; fail "serve did not start: $(cat "$work/use/serve.out")"; }
kill "$server" 2> /dev/null || true
wait "$server" 2> /dev/null || true
# The CI recipes of the docs without Swift (lint, shards, golden tests), run as the pages write
# them, with the archive's programs alone on PATH and an empty environment.
source=$(cd "$(dirname "$0")/.." && pwd)
for recipe in lint:ci-lint rendering:ci-shards golden-testing:ci-golden; do
    page=docs/${recipe%%:*}.md name=${recipe#*:}
    mkdir "$work/$name" "$work/$name-home"
    (cd "$work/$name" && env -i PATH="$bin:/usr/bin:/bin" HOME="$work/$name-home" LC_ALL=C.UTF-8 bash "$source/scripts/doc-commands.sh" --between "$name" "$source/$page") \
        > "$work/$name.log" 2>&1 || fail "the $name recipe of $page failed with the archive: $(tail -n 20 "$work/$name.log")"
done
echo "check-dist: $(basename "$archive"): no Swift library (ldd); render, compare, golden-ci and serve run with env -i PATH=/usr/bin:/bin, and the lint, shard and golden-test recipes of the docs"
