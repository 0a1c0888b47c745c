#!/usr/bin/env bash
# Builds the DocC documentation of the public libraries into .build/docs/, with the
# docc compiler of the Swift toolchain; any warning fails the build, and so does a public
# symbol without a doc comment (scripts/doc-coverage.py).
set -euo pipefail
cd "$(dirname "$0")/.."
targets=(KeyboardModel KeyboardFormats LayoutEngine KeyboardComposer KeyboardRenderer RenderKeyboardKit KeyboardCompare KeyboardBatch KeyboardLint KeyboardPreview KeyboardSnapshotTesting PasswordPolicy ColorMetrics)
# The symbol graphs are dumped from the package with its test modules built.
swift build --build-tests > /dev/null
graphs=$(swift package dump-symbol-graph --minimum-access-level public 2>&1 | sed -n 's/^Files written to //p')
[ -d "$graphs" ] || { echo "build-docs: no symbol graphs were written" >&2; exit 1; }
docc=$(command -v docc || echo "$(dirname "$(realpath "$(command -v swift)")")/docc")
rm -rf .build/docs .build/docs-symbols
mkdir -p .build/docs
for target in "${targets[@]}"; do
    symbols=.build/docs-symbols/$target
    mkdir -p "$symbols"
    cp "$graphs/$target.symbols.json" "$symbols/"
    find "$graphs" -name "$target@*.symbols.json" -exec cp {} "$symbols/" \;
done
# Every public symbol needs a doc comment (the rule is at the top of the script). The
# archives are still built, so one run shows every problem; the status says whether any.
coverage=0
python3 scripts/doc-coverage.py "${targets[@]/#/.build/docs-symbols/}" || coverage=$?
for target in "${targets[@]}"; do
    symbols=.build/docs-symbols/$target
    "$docc" convert "Sources/$target/$target.docc" \
        --fallback-display-name "$target" \
        --fallback-bundle-identifier "render-keyboard.$target" \
        --additional-symbol-graph-dir "$symbols" \
        --output-path ".build/docs/$target.doccarchive" \
        --warnings-as-errors || { echo "build-docs: $target's documentation has problems (above)" >&2; coverage=1; }
done
echo "documentation: .build/docs/{$(IFS=,; echo "${targets[*]}")}.doccarchive"
exit "$coverage"
