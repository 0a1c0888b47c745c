#!/usr/bin/env python3
"""The characters HeliBoard's alphabet layouts draw, as facts for the font coverage tests.

    scripts/heliboard-characters.py MAIN_FOLDER > Tests/EndToEndTests/Fixtures/heliboard-main-characters.txt

MAIN_FOLDER holds layouts in HeliBoard's formats (`app/src/main/assets/layouts/main` of a
HeliBoard checkout; nothing of it is committed here, HeliBoard being GPL-3.0). For each
layout: every label of every key (each shift state of a selector), and the labels and number
row of the locale HeliBoard's method list pairs with it, as the engine's own tables hold them
(Sources/KeyboardModel/IME/HeliBoardMethodList.swift, Sources/KeyboardModel/IME/HeliBoardLocaleTable.swift;
format characters such as ZERO WIDTH NON-JOINER are left out: no glyph draws them). One line a layout:
`STEM LOCALE: C C C …` (`-` for no locale), characters as written, one space apart.

Labels are read as HeliBoard shows them: `label|text` shows `label`, a leading backslash only
escapes the character after it (`\\?` is `?`), and the functional keys (`shift`, `space`,
`symbol_alpha`, …) draw the engine's icons and ASCII faces, not their names. The JSON files are
HeliBoard's lenient JSON: `//` comment lines, a comma before `]` or `}`, and a backslash before
a character JSON does not escape (`"\\?"`) all occur in them.
"""
import json
import os
import re
import sys
import unicodedata

SOURCES = os.path.join(os.path.dirname(__file__), "..", "Sources")
PAIRS = os.path.join(SOURCES, "KeyboardModel", "IME", "HeliBoardMethodList.swift")
TEXTS = os.path.join(SOURCES, "KeyboardModel", "IME", "HeliBoardLocaleTable.swift")


def unescape(text):
    """A Swift string literal's body as text: `\\u{200C}`, `\\"` and `\\\\` decoded."""
    return re.sub(r'\\u\{([0-9A-Fa-f]+)\}|\\(.)', lambda m: chr(int(m.group(1), 16)) if m.group(1) else m.group(2), text)


def tables():
    text = open(PAIRS, encoding="utf-8").read()
    pairs = {}
    for stem, locales in re.findall(r'"([a-z0-9_]+)": \[((?:"[^"]+",?\s*)+)\]', text):
        pairs[stem] = re.findall(r'"([^"]+)"', locales)
    texts = {}
    table = open(TEXTS, encoding="utf-8").read()
    for tag, body, row in re.findall(r'^\s+"([a-zA-Z-]+)": \(\[(.*?)\], (nil|"[^"]*")\),?$', table, re.M):
        labels = re.findall(r'"[a-z_]+": "((?:[^"\\]|\\.)+)"', body)
        texts[tag] = unescape("".join(labels) + ("" if row == "nil" else row.strip('"')))
    return pairs, texts


def default_locale(stem, pairs):
    locales = pairs.get(stem)
    if not locales:
        return None
    languages = {l.split("-")[0] for l in locales}
    return locales[0] if len(locales) == 1 else (languages.pop() if len(languages) == 1 else None)


# HeliBoard's functional key labels (Sources/KeyboardModel/IME/IMEKeyTable.swift): the keys
# draw icons or ASCII faces, never these names.
FUNCTIONAL = {"shift", "delete", "space", "enter", "action", "comma", "period", "com", "zwnj", "half_space", "symbol",
              "alpha", "numpad", "emoji", "language_switch", "symbol_alpha", "view_characters", "view_symbols",
              "view_symbols2", "view_numeric_advanced", "view_phone", "view_phone2", "ime_ui_mode_media", "voice_input",
              "ime_ui_mode_text", "pause", "wait"}


def shown(label):
    """What HeliBoard shows of a label: the part before `|`, a leading escaping backslash
    dropped; nothing for a functional key or an icon (`!icon/…`, `!code/…`)."""
    if label in FUNCTIONAL or re.match(r"![a-zA-Z_]+[/!]", label):
        return ""
    face = label.split("|")[0] or label
    return face[1:] if face.startswith("\\") and len(face) > 1 else face


def labels_of_json(text):
    lines = [l for l in text.splitlines() if not l.strip().startswith("//")]
    strict = re.sub(r",(\s*[\]}])", r"\1", "\n".join(lines))
    # A backslash before a character JSON does not escape stands for itself (`"\?"`).
    strict = re.sub(r'\\(\\|["/bfnrtu])|\\', lambda m: m.group(0) if m.group(1) else "\\\\", strict)
    found = []

    def walk(node, in_popup=False):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "label" and isinstance(value, str) and not in_popup:
                    found.append(shown(value))
                walk(value, in_popup or key == "popup")
        elif isinstance(node, list):
            for item in node:
                walk(item, in_popup)
    walk(json.loads(strict))
    return found


def labels_of_text(text):
    labels = []
    for line in text.splitlines():
        words = line.split()
        if words:
            labels.append(shown(words[0]))
    return labels


def main():
    folder = sys.argv[1]
    pairs, texts = tables()
    print("# The characters each of HeliBoard's alphabet layouts draws (each key's labels, every shift")
    print("# state) with the labels and number row of the locale its method list pairs, from")
    print("# Helium314/HeliBoard app/src/main/assets/layouts/main (written by scripts/heliboard-characters.py;")
    print("# facts about the files, none of them copied). STEM LOCALE: CHARACTERS")
    for name in sorted(os.listdir(folder)):
        stem = name.split(".")[0]
        text = open(os.path.join(folder, name), encoding="utf-8").read()
        labels = labels_of_json(text) if name.endswith(".json") else labels_of_text(text)
        locale = default_locale(stem, pairs)
        extra = texts.get(locale or "", "") or texts.get((locale or "").split("-")[0], "")
        chars = []
        for c in "".join(labels) + extra.replace(" ", ""):
            if c not in chars and not c.isspace() and unicodedata.category(c) != "Cf":
                chars.append(c)
        print(f"{stem} {locale or '-'}: {' '.join(chars)}")


if __name__ == "__main__":
    main()
