#!/usr/bin/env python3
"""Checks the habits of the code base that a review would otherwise have to remember, and
prints the figures docs/internals.md quotes:

- no function (func, init, deinit, subscript) in Sources is longer than 60 lines;
- no folder of Sources holds more than 16 Swift files;
- the public declarations of the model stay within 250, those of the Android reader within
  12, and RenderKeyboardKit's public face within 150 (scripts/count-public-declarations.py
  counts them);
- no module holds more than 5,000 lines of Swift;
- each module imports only the modules of its role: the solver (LayoutEngine) and the
  composer no decoder (KeyboardFormats, Yams), the painters (KeyboardRenderer) the model
  alone, the model nothing of the engine;
- only the pipeline (Sources/RenderKeyboardKit/Pipeline) calls the scene and pattern
  composers, so every command draws through one path;
- only KeyboardRenderer imports the C module.

Usage: check-habits.py [ROOT]   (exit 1 on any breach, each named as FILE:LINE: reason)
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
count_public = __import__("count-public-declarations")

MAX_FUNCTION_LINES = 60
MAX_FILES_PER_FOLDER = 16
PUBLIC_LIMITS = {"Sources/KeyboardModel": 250, "Sources/KeyboardFormats/AndroidXML": 12, "Sources/RenderKeyboardKit": 150}
MAX_MODULE_LINES = 5000
# The modules of the engine each module may import (any other module of the package, and
# Yams, is refused); modules not named here are not restricted.
ENGINE = {"KeyboardModel", "KeyboardFormats", "LayoutEngine", "KeyboardComposer", "KeyboardRenderer",
          "RenderKeyboardKit", "KeyboardCompare", "KeyboardBatch", "KeyboardLint", "Yams"}
ALLOWED_IMPORTS = {
    "KeyboardModel": set(),
    "LayoutEngine": {"KeyboardModel"},
    "KeyboardComposer": {"KeyboardModel"},
    "KeyboardRenderer": {"KeyboardModel"},
    "KeyboardFormats": {"KeyboardModel", "LayoutEngine", "Yams"},
}
IMPORT = re.compile(r"^\s*(?:@\w+\s+)*import\s+(?:(?:struct|enum|class|protocol|func|var|let|typealias)\s+)?(\w+)")
COMPOSER_CALL = re.compile(r"\b(SceneComposer\.(compose|resolveStyle)|PatternComposer\.compose)\(")
PIPELINE = "Sources/RenderKeyboardKit/Pipeline/"
FUNCTION = re.compile(
    r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|package|internal|private|fileprivate|open|static|class|final|override|mutating|"
    r"nonmutating|convenience|required|nonisolated|dynamic|@discardableResult)\s+)*"
    r"(func\s+[^\s(<]+|init[?!]?|deinit|subscript)\b")


def swift_files(root):
    for parent, dirs, names in os.walk(os.path.join(root, "Sources")):
        dirs.sort()
        for name in sorted(names):
            if name.endswith(".swift"):
                yield os.path.join(parent, name)


def code(line):
    """The line without string literals and comments, so braces in them are not counted."""
    return re.sub(r"//.*", "", re.sub(r'"(?:[^"\\]|\\.)*"', '""', line))


def function_lengths(path):
    """(line, name, length) of each function body in the file."""
    lines = open(path, encoding="utf-8").read().split("\n")
    found = []
    in_raw_string = False
    for i, line in enumerate(lines):
        if line.count('"""') % 2 == 1:
            in_raw_string = not in_raw_string
            continue
        if in_raw_string:
            continue
        match = FUNCTION.match(code(line))
        if not match:
            continue
        depth, opened, end = 0, False, None
        for j in range(i, len(lines)):
            text = code(lines[j])
            depth += text.count("{") - text.count("}")
            opened = opened or "{" in text
            if opened and depth <= 0:
                end = j
                break
            if not opened and j > i + 3:
                break  # a requirement without a body
        if end is not None:
            found.append((i + 1, match.group(1), end - i + 1))
    return found


def module_breaches(root):
    """Modules over MAX_MODULE_LINES lines, and imports a module's role does not allow."""
    found = []
    sources = os.path.join(root, "Sources")
    for module in sorted(os.listdir(sources)):
        lines = 0
        for path in swift_files_of(os.path.join(sources, module)):
            text = open(path, encoding="utf-8").read().split("\n")
            lines += len(text)
            allowed = ALLOWED_IMPORTS.get(module)
            if allowed is None:
                continue
            for number, line in enumerate(text, 1):
                match = IMPORT.match(line)
                if match and match.group(1) in ENGINE and match.group(1) not in allowed and match.group(1) != module:
                    found.append(f"{os.path.relpath(path, root)}:{number}: {module} imports {match.group(1)}, which its role does not allow")
        if lines > MAX_MODULE_LINES:
            found.append(f"Sources/{module}: {lines} lines of Swift (at most {MAX_MODULE_LINES}); split it by role")
    return found


def swift_files_of(folder):
    for parent, dirs, names in os.walk(folder):
        dirs.sort()
        for name in sorted(names):
            if name.endswith(".swift"):
                yield os.path.join(parent, name)


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    os.chdir(root)
    breaches = []
    longest = (0, "", "")
    folders = {}
    for path in swift_files("."):
        rel = os.path.relpath(path, ".")
        folders.setdefault(os.path.dirname(rel), []).append(rel)
        for line, name, length in function_lengths(path):
            if length > longest[0]:
                longest = (length, f"{rel}:{line}", name)
            if length > MAX_FUNCTION_LINES:
                breaches.append(f"{rel}:{line}: {name} is {length} lines long (at most {MAX_FUNCTION_LINES})")
        text = open(path, encoding="utf-8").read()
        for number, source in enumerate(text.split("\n"), 1):
            stripped = source.strip()
            if stripped.startswith("///") or stripped.startswith("//"):
                continue
            if COMPOSER_CALL.search(code(source)) and not rel.startswith(PIPELINE):
                breaches.append(f"{rel}:{number}: calls the composer outside the pipeline ({PIPELINE})")
            if re.match(r"^\s*(@\w+\s+)*import\s+CCairo\b", source) and not rel.startswith("Sources/KeyboardRenderer/"):
                breaches.append(f"{rel}:{number}: imports CCairo outside KeyboardRenderer")
    breaches += module_breaches(".")
    largest = max(folders.items(), key=lambda item: len(item[1]))
    for folder, files in sorted(folders.items()):
        if len(files) > MAX_FILES_PER_FOLDER:
            breaches.append(f"{folder}: holds {len(files)} Swift files (at most {MAX_FILES_PER_FOLDER}); give it rooms")
    counts = {}
    for folder, limit in PUBLIC_LIMITS.items():
        total = 0
        for parent, _, names in os.walk(folder):
            total += sum(count_public.count_file(os.path.join(parent, n), False) for n in names if n.endswith(".swift"))
        counts[folder] = total
        if total > limit:
            breaches.append(f"{folder}: {total} public declarations (at most {limit}); make what only the package uses `package`")
    print(f"longest function: {longest[0]} lines ({longest[2]} at {longest[1]}); limit {MAX_FUNCTION_LINES}")
    print(f"largest folder: {largest[0]} with {len(largest[1])} Swift files; limit {MAX_FILES_PER_FOLDER}")
    for folder, total in counts.items():
        print(f"public declarations: {folder} {total}; limit {PUBLIC_LIMITS[folder]}")
    for breach in breaches:
        print(breach, file=sys.stderr)
    return 1 if breaches else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
