#!/usr/bin/env bash
# Installs render-keyboard from its release archive (`make dist`), with no Swift: unpacks the
# archive into DEST, installs the Debian packages its DEPENDENCIES file lists, and prints
# DEST/bin, the folder to put on PATH (the GitHub Action appends it to $GITHUB_PATH).
#
#   RK_ARCHIVE=PATH-OR-HTTPS-URL scripts/install-archive.sh [--no-packages] DEST
#
# An https URL is fetched with curl. The archive must hold one folder,
# render-keyboard-VERSION/, whose DEPENDENCIES names one package a line (Debian package
# names only). --no-packages leaves apt-get out (the packages are already there).
# Exit status 0, or 2 with the reason on standard error.
set -euo pipefail

fail() {
    echo "install-archive: $1" >&2
    exit 2
}

packages=true
if [ "${1:-}" = "--no-packages" ]; then packages=false; shift; fi
[ $# -eq 1 ] || fail "usage: RK_ARCHIVE=ARCHIVE $0 [--no-packages] DEST"
dest=$1
archive=${RK_ARCHIVE:-}
case "$archive" in
    "") fail "set RK_ARCHIVE to the archive's path or https URL (install: archive needs archive:)" ;;
    *$'\n'* | *$'\r'*) fail "RK_ARCHIVE holds a line break; refused" ;;
esac

mkdir -p -- "$dest"
case "$archive" in
    https://*)
        curl -fsSL --proto '=https' -o "$dest/archive.tar.gz" -- "$archive" || fail "cannot fetch $archive"
        archive=$dest/archive.tar.gz
        ;;
    *://*) fail "only https URLs are fetched" ;;
esac
[ -f "$archive" ] || fail "no archive at $archive"

# One top folder, no absolute names and no `..`, and only files and folders (`make dist` packs
# no link, and a link would be followed by what reads DEPENDENCIES or runs bin/): then unpack
# it as DEST itself.
# Each listing is read whole before it is looked at (no reader stops early, under pipefail).
names=$(tar -tzf "$archive") || fail "cannot read $archive"
kinds=$(tar -tvzf "$archive" | cut -c1 | LC_ALL=C sort -u) || fail "cannot read $archive"
top=$(cut -d/ -f1 <<< "$names" | LC_ALL=C sort -u)
[[ "$top" =~ ^render-keyboard-[0-9A-Za-z.+-]+$ ]] || fail "$archive does not hold one folder render-keyboard-VERSION/"
if grep -E '(^/|(^|/)\.\.(/|$))' <<< "$names" > /dev/null; then fail "$archive holds names outside its folder"; fi
if [ -n "$(tr -d -- '-d\n' <<< "$kinds")" ]; then fail "$archive holds links or special files; a release archive holds only files and folders"; fi
tar -xzf "$archive" -C "$dest" --strip-components=1 --no-same-owner
rm -f -- "$dest/archive.tar.gz"

[ -f "$dest/DEPENDENCIES" ] && [ ! -L "$dest/DEPENDENCIES" ] || fail "the archive has no DEPENDENCIES file"
mapfile -t needed < <(grep -v '^[[:space:]]*$' -- "$dest/DEPENDENCIES")
for package in "${needed[@]}"; do
    [[ "$package" =~ ^[a-z0-9][a-z0-9+.-]+$ ]] || fail "DEPENDENCIES: $(printf '%q' "$package") is not a Debian package name"
done
if $packages && [ ${#needed[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${needed[@]}" >&2
fi
echo "$(cd "$dest/bin" && pwd)"
