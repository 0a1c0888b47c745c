#!/usr/bin/env bash
# Checks Sources/CCairo/pango-declarations.h, the part of Pango's C interface the renderer
# declares by hand (the header says why), and the HarfBuzz call declared beside it, against
# the installed headers, so a change in Pango or HarfBuzz cannot go unnoticed:
#  - every function it declares is declared again after <pango/pangocairo.h>; a signature
#    that differs is a compile error ("conflicting types");
#  - every constant it defines (PANGO_SCALE and each enum value) and the size and field
#    offsets of PangoRectangle are printed by a program built on each header, and the two
#    outputs must be equal.
# Exit status 0 when they agree, 1 with the difference otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
header=Sources/CCairo/pango-declarations.h
cc=${CC:-cc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The program both builds run: each constant of the header, then PangoRectangle's layout.
{
    echo '#include <stddef.h>'
    echo '#include <stdio.h>'
    echo 'int main(void) {'
    for name in PANGO_SCALE $(grep -oE '^ *PANGO_[A-Z0-9_]+' "$header"); do
        echo "    printf(\"$name %ld\\n\", (long)$name);"
    done
    echo '    printf("PangoRectangle %zu", sizeof(PangoRectangle));'
    for field in x y width height; do
        echo "    printf(\" $field@%zu\", offsetof(PangoRectangle, $field));"
    done
    echo '    printf("\n");'
    echo '    return 0;'
    echo '}'
} > "$work/body.c"

# The hand-written header, with the include folders the package itself builds with.
{ echo '#include "pango-declarations.h"'; cat "$work/body.c"; } > "$work/declared.c"
# Pango's headers, then the hand-written function declarations again.
{
    echo '#include <pango/pangocairo.h>'
    echo '#include <pango/pangofc-fontmap.h>'
    echo '#include <hb.h>'
    grep -E '^[A-Za-z][A-Za-z0-9_ ]*[ *](pango|hb)_[a-z0-9_]+\(.*\);$' "$header"
    cat "$work/body.c"
} > "$work/installed.c"

# shellcheck disable=SC2046 # pkg-config prints several flags
"$cc" -std=c11 -Werror -o "$work/declared" "$work/declared.c" -ISources/CCairo $(pkg-config --cflags cairo fontconfig libpng)
# shellcheck disable=SC2046
"$cc" -std=c11 -Werror -o "$work/installed" "$work/installed.c" $(pkg-config --cflags pangocairo pangoft2 harfbuzz)
if ! diff -u --label "$header" --label "Pango $(pkg-config --modversion pango)" <("$work/declared") <("$work/installed"); then
    echo "check-pango-declarations: $header disagrees with the installed Pango (above)" >&2
    exit 1
fi
echo "check-pango-declarations: $(grep -cE '^[A-Za-z][A-Za-z0-9_ ]*[ *](pango|hb)_[a-z0-9_]+\(.*\);$' "$header") functions, $(($(wc -l < <("$work/declared")) - 1)) constants and PangoRectangle's layout agree with Pango $(pkg-config --modversion pango)"
