#!/usr/bin/env bash
# Packs an installed tree (`make install PREFIX= DESTDIR=STAGE/render-keyboard-VERSION`) as the
# relocatable release archive: STAGE/render-keyboard-VERSION/ with bin/, share/ and
# DEPENDENCIES, the Debian packages it runs with, one a line:
#  - the package of every shared library the programs name (ELF NEEDED), found with ldd and
#    dpkg -S; a library of the Swift toolchain, or one no Debian package owns, fails the run
#    (the programs link the Swift runtime and Foundation in);
#  - the package of every font file the renderer pins (Sources/KeyboardRenderer/Text/PinnedFonts.swift).
# The archive is the same bytes for the same files: names sorted, owner 0, one date (the last
# commit's), gzip without a name or time.
#
#   scripts/dist.sh STAGE/render-keyboard-VERSION ARCHIVE.tar.gz
set -euo pipefail
cd "$(dirname "$0")/.."
tree=$1
archive=$2
fail() {
    echo "dist: $1" >&2
    exit 1
}

packages=()
owner() {
    # dpkg knows a library under /lib or /usr/lib (merged /usr): try the path as ldd gives
    # it, then its real path, then without /usr.
    local path=$1 found
    for candidate in "$path" "$(readlink -f "$path")" "${path#/usr}"; do
        found=$(dpkg -S "$candidate" 2>/dev/null | head -n 1 | cut -d: -f1) && [ -n "$found" ] && { echo "$found"; return; }
    done
    return 1
}
for program in "$tree"/bin/render-keyboard "$tree"/bin/render-keyboard-serve; do
    [ -x "$program" ] || fail "$program is missing"
    resolved=$(ldd "$program")
    for needed in $(readelf -d "$program" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
        # `lib => /path (0x…)`, or `/path/lib (0x…)` for the dynamic loader.
        path=$(awk -v lib="$needed" '$1 == lib && $3 ~ /^\// { print $3 } $1 ~ /^\// && $1 ~ ("/" lib "$") { print $1 }' <<< "$resolved" | head -n 1)
        [ -n "$path" ] || fail "$program needs $needed, which ldd does not find"
        case "$path" in *swift*) fail "$program loads $path from the Swift toolchain" ;; esac
        package=$(owner "$path") || fail "no Debian package owns $path (needed by $program)"
        packages+=("$package")
    done
done
for font in $(grep -o '"/usr/share/fonts/[^"]*"' Sources/KeyboardRenderer/Text/PinnedFonts.swift | tr -d '"'); do
    package=$(owner "$font") || fail "no Debian package owns the pinned font $font"
    packages+=("$package")
done
# The per-script fallback faces (FallbackFontFiles.swift: one family a line, its files' stem).
for stem in $(grep -o '("Noto[^"]*"' Sources/KeyboardRenderer/Text/FallbackFontFiles.swift | tr -d '("'); do
    package=$(owner "/usr/share/fonts/truetype/noto/$stem-Regular.ttf") || fail "no Debian package owns the fallback font $stem-Regular.ttf"
    packages+=("$package")
done
printf '%s\n' "${packages[@]}" | LC_ALL=C sort -u > "$tree/DEPENDENCIES"

mkdir -p "$(dirname "$archive")"
date=$(git log -1 --format=%cI 2>/dev/null || echo 1970-01-01T00:00:00Z)
temporary=$(mktemp "$archive.XXXXXX")
trap 'rm -f "$temporary"' EXIT
tar -C "$(dirname "$tree")" --sort=name --owner=0 --group=0 --numeric-owner --mtime="$date" \
    --format=gnu -cf - "$(basename "$tree")" | gzip -9 -n > "$temporary"
chmod 644 "$temporary"
mv "$temporary" "$archive"
trap - EXIT
echo "dist: $archive ($(du -h "$archive" | cut -f1)); DEPENDENCIES: $(paste -sd' ' "$tree/DEPENDENCIES")"
