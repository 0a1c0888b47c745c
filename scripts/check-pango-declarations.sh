#!/usr/bin/env bash
# Checks Sources/CCairo/pango-declarations.h, the part of Pango's C interface the renderer
# declares by hand (the header says why), and the HarfBuzz calls declared beside it, against
# the installed headers, so a change in Pango or HarfBuzz cannot go unnoticed:
#  - every function it declares is declared again after <pango/pangocairo.h>; a signature
#    that differs is a compile error ("conflicting types");
#  - every constant it defines (PANGO_SCALE, each enum value, the glyph flags) and the size
#    and field offsets of each struct it defines are printed by a program built on each
#    header, and the two outputs must be equal.
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
    # Each struct the header defines: its size and the offset of each field named here.
    for layout in "PangoRectangle x y width height" \
                  "PangoAnalysis font level script language extra_attrs" \
                  "PangoItem offset length num_chars analysis" \
                  "PangoGlyphGeometry width x_offset y_offset" \
                  "PangoGlyphInfo glyph geometry attr" \
                  "PangoGlyphString num_glyphs glyphs log_clusters space" \
                  "PangoGlyphItem item glyphs y_offset start_x_offset end_x_offset"; do
        set -- $layout
        struct=$1
        shift
        echo "    printf(\"$struct %zu\", sizeof($struct));"
        for field in "$@"; do
            echo "    printf(\" $field@%zu\", offsetof($struct, $field));"
        done
        echo '    printf("\n");'
    done
    echo '    printf("RK_PANGO_GLYPH_EMPTY %lu\n", (unsigned long)RK_PANGO_GLYPH_EMPTY);'
    echo '    printf("RK_PANGO_GLYPH_UNKNOWN_FLAG %lu\n", (unsigned long)RK_PANGO_GLYPH_UNKNOWN_FLAG);'
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
    echo '#include <hb-subset.h>'
    echo '#define RK_PANGO_GLYPH_EMPTY PANGO_GLYPH_EMPTY'
    echo '#define RK_PANGO_GLYPH_UNKNOWN_FLAG PANGO_GLYPH_UNKNOWN_FLAG'
    grep -E '^[A-Za-z][A-Za-z0-9_ ]*[ *](pango|hb)_[a-z0-9_]+\(.*\);$' "$header"
    cat "$work/body.c"
} > "$work/installed.c"

# shellcheck disable=SC2046 # pkg-config prints several flags
"$cc" -std=c11 -Werror -o "$work/declared" "$work/declared.c" -ISources/CCairo $(pkg-config --cflags cairo fontconfig libpng)
# shellcheck disable=SC2046
"$cc" -std=c11 -Werror -o "$work/installed" "$work/installed.c" $(pkg-config --cflags pangocairo pangoft2 harfbuzz harfbuzz-subset)
if ! diff -u --label "$header" --label "Pango $(pkg-config --modversion pango)" <("$work/declared") <("$work/installed"); then
    echo "check-pango-declarations: $header disagrees with the installed Pango (above)" >&2
    exit 1
fi
echo "check-pango-declarations: $(grep -cE '^[A-Za-z][A-Za-z0-9_ ]*[ *](pango|hb)_[a-z0-9_]+\(.*\);$' "$header") functions, $("$work/declared" | grep -vc '@') constants and $("$work/declared" | grep -c '@') struct layouts agree with Pango $(pkg-config --modversion pango)"
