#!/usr/bin/env bash
# The promise "golden tests in a CI without Swift", checked on a fresh machine: a Debian 12
# (bookworm) made with debootstrap, which has no Swift and no build tools, gets only the
# release archive, installed by scripts/install-archive.sh (which installs the Debian packages
# DEPENDENCIES lists, and nothing else); then the golden-test walkthrough of
# docs/golden-testing.md runs there line by line in an empty folder, as the page writes it,
# through scripts/doc-commands.sh: each line must end with the status its `# exit N` says (0
# without one), and `# exit N, prints "TEXT"` must also print TEXT.
# The walkthrough records, compares, fails on a deliberate change with a triptych, lists a
# stale reference, and warns that the rendering stack differs after a font file changes.
#
#   scripts/fresh-runner-check.sh ARCHIVE.tar.gz
#
# Needs root, debootstrap and Debian's mirror (RK_DEBIAN_MIRROR, default deb.debian.org);
# a few minutes. The debootstrapped base is kept in .build/fresh-runner/base and copied for
# each run, so every run starts from the same fresh system. Not part of `make test` (root, a
# mirror, minutes); `make dist-check` is its quick form.
set -euo pipefail
cd "$(dirname "$0")/.."
archive=$(readlink -f "$1")
mirror=${RK_DEBIAN_MIRROR:-http://deb.debian.org/debian}
cache=$(pwd)/.build/fresh-runner
fail() {
    echo "fresh-runner-check: $1" >&2
    exit 1
}
[ "$(id -u)" -eq 0 ] || fail "needs root (debootstrap, chroot)"
command -v debootstrap > /dev/null || fail "needs debootstrap (apt-get install debootstrap)"

if [ ! -x "$cache/base/bin/bash" ]; then
    rm -rf "$cache/base.partial"
    mkdir -p "$cache"
    debootstrap --variant=minbase bookworm "$cache/base.partial" "$mirror" > "$cache/debootstrap.log" 2>&1 \
        || fail "debootstrap failed (see $cache/debootstrap.log)"
    mv "$cache/base.partial" "$cache/base"
fi
root=$cache/run
rm -rf "$root"
cp -a "$cache/base" "$root"
mounted=false
cleanup() {
    if $mounted; then umount "$root/proc" 2> /dev/null || true; fi
}
trap cleanup EXIT
if mount -t proc proc "$root/proc" 2> /dev/null; then mounted=true; fi
cp /etc/resolv.conf "$root/etc/resolv.conf"
inside() { chroot "$root" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/root "$@"; }

# No Swift on the machine, before and after the install.
no_swift() {
    local found
    found=$(inside /bin/sh -c 'command -v swift swiftc; ls /usr/lib/*/libswift* /usr/lib/swift /opt/swift 2> /dev/null' || true)
    [ -z "$found" ] || fail "the fresh system has Swift: $found"
}
no_swift
cp "$archive" "$root/tmp/"
cp scripts/install-archive.sh "$root/tmp/"
bin=$(inside env RK_ARCHIVE="/tmp/$(basename "$archive")" bash /tmp/install-archive.sh /opt/render-keyboard) || fail "the archive did not install"
no_swift
echo "fresh-runner-check: installed $(inside "$bin/render-keyboard" --version) with $(paste -sd' ' "$root/opt/render-keyboard/DEPENDENCIES")"

# The walkthrough: the lines docs/golden-testing.md holds between its two markers, run by the
# runner of every documentation page (scripts/doc-commands.sh), from an empty folder.
cp scripts/doc-commands.sh docs/golden-testing.md "$root/tmp/"
mkdir -p "$root/work"
inside /bin/bash -c "cd /work && PATH=$bin:\$PATH bash /tmp/doc-commands.sh --between walkthrough /tmp/golden-testing.md" | sed 's/^/  | /' \
    || fail "the walkthrough failed (above)"
echo "fresh-runner-check: the golden walkthrough ran on Debian $(cat "$root/etc/debian_version") without Swift"
