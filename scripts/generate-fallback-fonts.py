#!/usr/bin/env python3
"""Writes Sources/KeyboardRenderer/Text/FallbackFontFiles.swift: the files of Debian's
fonts-noto-core that the renderer takes a character from when no theme font and no default
face has it, with the family each holds, in the order they are tried.

The files are Noto Sans (Latin, Greek, Cyrillic) first, then each script's Noto Sans face by
family name, then Noto Music; regular and bold of each. Serif, display, monospace, unjoined (Adlam) and the
other Arabic and Hebrew styles are left out: a key label is set in a sans face.

Run it after a change of the package (the table is checked by FallbackFontTests, which reads
each file again): python3 scripts/generate-fallback-fonts.py
"""
import os
import sys

from fontTools.ttLib import TTFont

FOLDER = "/usr/share/fonts/truetype/noto"
OUT = os.path.join(os.path.dirname(__file__), "..", "Sources", "KeyboardRenderer", "Text", "FallbackFontFiles.swift")


def family(path):
    names = TTFont(path, lazy=True)["name"]
    for name_id in (16, 1):
        record = names.getName(name_id, 3, 1, 0x409)
        if record is not None:
            return record.toUnicode()
    sys.exit(f"{path}: no family name")


def wanted(name):
    if not name.endswith(("-Regular.ttf", "-Bold.ttf")):
        return False
    if not name.startswith(("NotoSans", "NotoMusic")):
        return False
    return not any(part in name for part in ("Display", "Mono", "Unjoined"))


def main():
    files = sorted(f for f in os.listdir(FOLDER) if wanted(f))
    entries = [(family(os.path.join(FOLDER, f)), f) for f in files]
    def rank(entry):
        fam, name = entry
        return (0 if fam == "Noto Sans" else 2 if fam == "Noto Music" else 1, fam, 0 if "-Regular" in name else 1)
    entries.sort(key=rank)
    rows = []
    for fam, name in entries:
        stem = name.rsplit("-", 1)[0]
        if rows and rows[-1][0] == stem:
            rows[-1][2] = True
            continue
        rows.append([stem, fam, False])
    lines = [
        "// Written by scripts/generate-fallback-fonts.py from Debian's fonts-noto-core; do not edit.",
        "",
        "extension FontFallback {",
        "    /// Each fallback family in the order tried: its files' stem in `folder` (`STEM-Regular.ttf`,",
        "    /// and `STEM-Bold.ttf` when `bold`), and the family name the files hold.",
        "    static let table: [(stem: String, family: String, bold: Bool)] = [",
    ]
    lines += [f'        ("{stem}", "{fam}", {"true" if bold else "false"}),' for stem, fam, bold in rows]
    lines += ["    ]", "}", ""]
    with open(OUT, "w") as out:
        out.write("\n".join(lines))
    print(f"{len(entries)} files, {len(rows)} families")


if __name__ == "__main__":
    main()
