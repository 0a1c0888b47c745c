#!/usr/bin/env python3
"""Checks, with fontTools and without the renderer, that the pinned fonts draw every character
of HeliBoard's alphabet layouts (Tests/EndToEndTests/Fixtures/heliboard-main-characters.txt).

    scripts/check-font-coverage.py FACTS [--expect-missing STEM]...

Reads the character map of each pinned font file the renderer falls back through: DejaVu
Sans, WenQuanYi Micro Hei, and the per-script faces listed in
Sources/KeyboardRenderer/Text/FallbackFontFiles.swift. Prints `STEM: ok` or
`STEM: missing U+XXXX …` a layout; white space and format characters (joiners) need no glyph.
Exit 0 when exactly the layouts named with --expect-missing miss characters, 1 otherwise.
"""
import os
import re
import sys
import unicodedata

from fontTools.ttLib import TTCollection, TTFont

ROOT = os.path.join(os.path.dirname(__file__), "..")
DEFAULT_FACE = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"]
NOTO = "/usr/share/fonts/truetype/noto/"


def pinned_files():
    table = open(os.path.join(ROOT, "Sources/KeyboardRenderer/Text/FallbackFontFiles.swift"), encoding="utf-8").read()
    names = []
    for stem, bold in re.findall(r'\("(Noto[^"]+)", "[^"]+", (true|false)\)', table):
        names += [stem + "-Regular.ttf"] + ([stem + "-Bold.ttf"] if bold == "true" else [])
    if not names:
        sys.exit("no fallback files in FallbackFontFiles.swift")
    return DEFAULT_FACE + [NOTO + n for n in names]


def coverage(files):
    covered = set()
    for path in files:
        fonts = TTCollection(path).fonts if path.endswith(".ttc") else [TTFont(path, lazy=True)]
        for font in fonts:
            covered.update((font.getBestCmap() or {}).keys())
    return covered


def main():
    args = sys.argv[1:]
    facts = args[0]
    expected = {args[i + 1] for i, a in enumerate(args) if a == "--expect-missing"}
    covered = coverage(pinned_files())
    missing_layouts = set()
    for line in open(facts, encoding="utf-8"):
        if line.startswith("#") or ":" not in line:
            continue
        head, chars = line.rstrip("\n").split(": ", 1)
        stem = head.split(" ")[0]
        missing = [c for c in chars.split(" ") if c and not c.isspace() and unicodedata.category(c) not in ("Cf", "Zs")
                   and ord(c) not in covered]
        if missing:
            missing_layouts.add(stem)
            print(f"{stem}: missing " + " ".join(f"U+{ord(c):04X}" for c in missing))
        else:
            print(f"{stem}: ok")
    return 0 if missing_layouts == expected else 1


if __name__ == "__main__":
    sys.exit(main())
