#!/usr/bin/env python3
"""Runs render-keyboard on hundreds of generated hostile inputs and checks that it holds.

Every case runs in a fresh folder with at most 1 GiB of address space and 30 s. A case
passes when the process exits 0, 1 or 2 (no signal, no kill for time), every line it
prints on a failure reads `WHERE: reason` with no raw control characters, no temporary
`.NAME.XXXXXX` file is left, a failed render leaves no output file, and every file of the
case whose name starts with `keep` is still there afterwards (the tool removes only what it
wrote). The report gives the
counts of crashes, hangs, stray files and bad messages (all must be 0), and the largest peak
memory measured. Then one `serve` runs against hostile requests (long lines, bad methods
and hosts, paths that try to leave the cells, too many event streams, garbage bytes) and
broken, missing and special files, and must answer each as docs/preview-and-serve.md says and keep running.

A file whose name starts with `keep` must also keep its bytes: no report, reference or
output is written through a link or over a file the tool did not write. Cases marked
`ci_script` run scripts/golden-ci.sh (the CI step) with the binary and the case's `env`
settings instead of the binary itself.

Some cases carry checks of their own (`Cases.add(..., **checks)`): standard output or error
closed or full (`/dev/full`), where a report that was lost must fail the run; files of the
wrong kind, whose content must never be printed; a font symlink flipped between a font inside
the theme's folder, one outside it and a FIFO while the run loads it, where a drawn image
must be the one the checked font gives; control characters in Android labels, which must not
reach standard output either; and long names, whose message lines must stay short.

    scripts/hostile-inputs.py [BINARY] [--seed N] [--cases N]
"""

import os
import random
import re
import resource
import shutil
import signal
import stat
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MEMORY = 1 << 30
SECONDS = 30


def png(width, height, rgba=None, extra=b""):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    if rgba is None:
        raw = b"".join(b"\x00" + b"\x80\x80\x80\xff" * width for _ in range(height))
    else:
        raw = rgba
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + extra + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def read(path):
    with open(os.path.join(ROOT, path), "rb") as f:
        return f.read()


class Cases:
    """Each case: (name, files {relative path: bytes | ('symlink', target) | ('fifo',)}, arguments, checks).

    checks: `stdout`/`stderr` "closed" or "full"; `status`, the exit status required;
    `ci_script`, run scripts/golden-ci.sh with `env` (a dict) instead of the binary;
    `absent`, (file, bytes): the file, when written, must not hold those bytes;
    `secret`, bytes that must appear in no output; `flip`, (link, targets) flipped while the
    run lasts, with `reference`, the output to compare with a run that had the link on its
    first target; `clean_stdout`, no raw control character on standard output either;
    `short_lines`, the longest line a message may have; `env`, settings added to the
    environment; `log_stdout`, standard output is checked as a CI log too (standard error
    always is: no line that a CI runner reads as a command, `::` first or `##[` anywhere);
    `not_in_stdout`, bytes standard output must not hold (a completion script's)."""

    def __init__(self, rng):
        self.rng = rng
        self.cases = []
        self.layouts = [read("layouts/" + n) for n in sorted(os.listdir(os.path.join(ROOT, "layouts"))) if n.endswith((".yaml", ".json"))]
        xml = os.path.join(ROOT, "docs/examples/android/res/xml")
        self.pads = [read("docs/examples/android/res/xml/" + n) for n in sorted(os.listdir(xml))] if os.path.isdir(xml) else []
        self.themes = [read("themes/" + n) for n in sorted(os.listdir(os.path.join(ROOT, "themes"))) if n.endswith((".yaml", ".json"))]
        # The keyboard apps' layouts, packages and stylesheets (docs/android-imes.md).
        ime = "Tests/LayoutEngineTests/IMELayouts"
        self.ime_files = {}
        if os.path.isdir(os.path.join(ROOT, ime)):
            for parent, _, names in os.walk(os.path.join(ROOT, ime)):
                for n in sorted(names):
                    if n.endswith((".json", ".txt")):
                        path = os.path.relpath(os.path.join(parent, n), os.path.join(ROOT, ime))
                        self.ime_files[path] = read(os.path.join(ime, path))
        metrics = os.path.join(ROOT, "metrics")
        self.tables = [read("metrics/" + n) for n in sorted(os.listdir(metrics)) if n.endswith(".csv")] if os.path.isdir(metrics) else []

    def add(self, name, files, arguments, **checks):
        self.cases.append((name, files, arguments, checks))

    def gate_cases(self, job):
        """The CI gates' holes: names that would write a CI log's commands, runs that would
        check nothing, references that would be outputs, files read from outside their folder."""
        hostile = ["out/x\\n::error::pwned.png", "##[error]z.png", "::warning::w.png", "out/y\\r\\e[31m.png", "out/\\u2028::notice::v.png"]
        outputs = b"jobs:\n" + b"".join(b"  - {layout: numbers, seed: 1, width: 120, scale: 1, output: \"%s\"}\n" % n.encode() for n in hostile)
        golden = {"m.yaml": outputs, "golden/keep-README.md": b"the team's notes\n"}
        self.add("names-batch-missing-references", golden, ["batch", "m.yaml", "--compare", "golden", "--report", "rep\x1b[2J::x"], status=2, log_stdout=True)
        self.add("names-batch-record", dict(golden), ["batch", "m.yaml", "--compare", "::golden", "--record"], status=0, log_stdout=True)
        self.add("names-batch-stale", {"m.yaml": job, "golden/::error::s.png": png(2, 2), "golden/##[error]t.png": png(2, 2)},
                 ["batch", "m.yaml", "--compare", "golden", "--record"], status=0, log_stdout=True)
        self.add("names-validate", {"::error::t.yaml": b"keys: {base: {normal: {fill: \"#GGG\"}}}\n", "##[error]u.yaml": b"extends: default\n"},
                 ["validate", "::error::t.yaml", "##[error]u.yaml"], status=1, log_stdout=True)
        lint_one = ["--layouts", "letters", "--devices", "iphone-15", "--orientations", "portrait"]
        self.add("names-lint", {"##[error]t.yaml": b"extends: default\nkeys: {content: {normal: {text: \"#EEEEEE\"}}}\n"},
                 ["lint", "--themes", "##[error]t.yaml"] + lint_one, status=1, log_stdout=True)
        resources = {"res/layouts/$(touch PWNED).yaml": read("layouts/letters.yaml"), "res/themes/`touch PWNED`.yaml": read("themes/default.yaml"),
                     "res/themes/ok.yaml": read("themes/default.yaml"), "res/layouts/ok.yaml": read("layouts/letters.yaml")}
        for shell in ["bash", "zsh", "fish"]:
            self.add("names-completions-%s" % shell, dict(resources), ["completions", shell], status=0, not_in_stdout=b"PWNED",
                     env={"RENDER_KEYBOARD_RESOURCES": "res"})
        self.add("names-list", dict(resources, **{"res/themes/e\x1b[2J.yaml": read("themes/default.yaml")}), ["list"], status=0, log_stdout=True,
                 clean_stdout=True, env={"RENDER_KEYBOARD_RESOURCES": "res"})
        # Runs that would check nothing fail; the references are never outputs.
        one = {"m.yaml": b"jobs: [{layout: numbers, width: 120, scale: 1, output: keep-a.png}]\n", "keep-a.png": png(2, 2)}
        for option in [["--tolerance", "2"], ["--allow", "0.5"], ["--report", "r"], ["--allow-empty"]]:
            self.add("nothing-%s" % option[0], dict(one), ["batch", "m.yaml"] + option, status=2)
        self.add("nothing-compare-dot", dict(one), ["batch", "m.yaml", "--compare", ".", "--report", "/tmp/render-keyboard-hostile-report"], status=2)
        self.add("nothing-compare-dot-record", dict(one), ["batch", "m.yaml", "--compare", "./", "--record", "--report", "/tmp/render-keyboard-hostile-report"], status=2)
        self.add("nothing-empty-jobs", {"m.yaml": b"jobs: []\n"}, ["batch", "m.yaml", "--compare", "golden"], status=1)
        self.add("nothing-empty-jobs-allowed", {"m.yaml": b"jobs: []\n"}, ["batch", "m.yaml", "--compare", "golden", "--allow-empty"], status=0)
        self.add("nothing-missing-references", dict(one), ["batch", "m.yaml", "--compare", "nowhere"], status=2)
        self.add("nothing-lint", {}, ["lint", "--layouts", "ios", "--devices", "pixel-8"], status=1)
        self.add("nothing-ignore-invisible", {"t.yaml": b"extends: default\nlint: {ignore: [{rule: key-contrast, field: keys.content, reason: \"\\u200B\\u3164\"}]}\n"},
                 ["lint", "--themes", "t.yaml"] + lint_one, status=2)
        self.add("nothing-ignore-index", {"l.yaml": b"keys: [a]\nportrait: {height: 50, rows: [{columns: 1}]}\nlint: {ignore: [{rule: target-size, field: \"portrait.rows[00]\", reason: y}]}\n"},
                 ["lint", "--layouts", "l.yaml", "--themes", "default"], status=2)
        self.add("baseline-deep-field", {"b.json": b"{\"findings\": [{\"fingerprint\": " + b"[" * 600 + b"]" * 600 + b"}]}"},
                 ["lint", "--baseline", "b.json"] + lint_one, status=2)
        # Files a layout names or finds, read only from its own folder.
        secret = b"device,orientation,area\nsecret-row,portrait,1\n"
        ios = read("layouts/ios.yaml").replace(b"\nmetrics: ios\n", b"\nmetrics: %s\n")
        self.add("confine-metrics-dotdot", {"pad/l.yaml": ios % b"../t.csv", "t.csv": secret}, ["frames", "--layout", "pad/l.yaml", "--device", "iphone-15"], status=1, secret=b"secret-row")
        self.add("confine-metrics-link", {"pad/l.yaml": ios % b"t.csv", "pad/t.csv": ("symlink", "../t.csv"), "t.csv": secret},
                 ["validate", "pad/l.yaml"], status=1, secret=b"secret-row")
        if self.ime_files:
            package = {("pkg/" + path): text for path, text in self.ime_files.items() if path.startswith("florisboard/")}
            package = {path.replace("pkg/florisboard/", "pkg/"): text for path, text in package.items()}
            package["pkg/charactersMod/default.json"] = ("symlink", "../../outside.json")
            package["outside.json"] = b"[[{\"code\": 1, \"label\": \"secret-key\"}]]"
            self.add("confine-florisboard-mod", package, ["frames", "--layout", "pkg/characters/qwerty.json"], status=1, secret=b"secret-key")
        self.add("heliboard-no-room", {"main/w.json": b"[[{\"label\": \"q\", \"width\": 0.01}, {\"label\": \"w\"}]]"}, ["frames", "--layout", "main/w.json"], status=1)

    # Mutations of text documents.
    NASTY = ["-1", "0", "1e308", "-1e308", ".nan", ".inf", "NaN", "99999999999999999999", "\"\"", "[]", "{}", "~",
             "\"#GGG\"", "\"\\u0000\"", "\"\\e[2J\"", "\"\\uFFFF\"", "\"" + "A" * 5000 + "\"", "[[[[[[[[[[]]]]]]]]]]", "&x 1", "*x",
             "\"../../etc/passwd\"", "\"/etc/passwd\"", "true", "\"100%\"", "\"-5%\"", "\"1e9%\"", "0x10", "1_000"]

    def mutate(self, text):
        rng = self.rng
        lines = text.split(b"\n")
        choice = rng.randrange(8)
        if choice == 0:   # replace a value after a colon
            i = rng.randrange(len(lines))
            if b":" in lines[i]:
                head = lines[i].split(b":", 1)[0]
                lines[i] = head + b": " + rng.choice(self.NASTY).encode()
        elif choice == 1:   # replace every number
            replacement = rng.choice(self.NASTY).encode()
            return re.sub(rb"\b\d+(\.\d+)?\b", lambda _: replacement, text, count=rng.randrange(1, 30))
        elif choice == 2:   # drop lines
            for _ in range(rng.randrange(1, 5)):
                if lines:
                    del lines[rng.randrange(len(lines))]
        elif choice == 3:   # duplicate lines
            i = rng.randrange(len(lines))
            lines[i:i] = [lines[i]] * rng.randrange(1, 4)
        elif choice == 4:   # flip bytes
            data = bytearray(text)
            for _ in range(rng.randrange(1, 20)):
                data[rng.randrange(len(data))] = rng.randrange(256)
            return bytes(data)
        elif choice == 5:   # truncate
            return text[:rng.randrange(len(text))]
        elif choice == 6:   # a typo in a field name
            i = rng.randrange(len(lines))
            lines[i] = re.sub(rb"([a-zA-Z])([a-zA-Z]+):", lambda m: m.group(2) + m.group(1) + b":", lines[i], count=1)
        else:   # indentation shifted
            i = rng.randrange(len(lines))
            lines[i] = b"   " + lines[i]
        return b"\n".join(lines)

    def mutate_table(self, text):
        """A metrics table (CSV) changed the way a hand edit goes wrong: a cell replaced by a
        hostile value, cells dropped or added, lines duplicated, bytes flipped, or any text
        mutation."""
        rng = self.rng
        lines = text.split(b"\n")
        i = rng.randrange(len(lines))
        cells = lines[i].split(b",")
        choice = rng.randrange(5)
        if choice == 0:
            cells[rng.randrange(len(cells))] = rng.choice(self.NASTY + ["", "$x", "1e999", "iphone-14", "ipad-10", "landscape", "#", "\"1\""]).encode()
        elif choice == 1 and len(cells) > 1:
            del cells[rng.randrange(len(cells))]
        elif choice == 2:
            cells.insert(rng.randrange(len(cells) + 1), rng.choice([b"7", b"", b"x" * 300]))
        elif choice == 3:
            lines[i:i] = [lines[i]] * rng.randrange(1, 4)
            return b"\n".join(lines)
        else:
            return self.mutate(text)
        lines[i] = b",".join(cells)
        return b"\n".join(lines)

    # Words a generated command line is made of: subcommands, every option name, their
    # spellings with `=`, and values the parser must refuse or pass on intact.
    SUBCOMMANDS = ["render", "frames", "preview", "batch", "compose", "pattern", "validate", "list", "rules", "password", "help",
                   "parse", "check", "bogus", "renderr"]
    OPTION_NAMES = ["layout", "theme", "device", "width", "height", "scale", "orientation", "seed", "no-shuffle", "pressed",
                    "shift", "values", "keyboard-mode", "shuffle", "format", "output", "png-compression", "themes", "layouts",
                    "orientations", "states", "patterns", "columns", "html", "jobs", "shard", "size", "path", "state",
                    "frames", "json", "strength", "repeat", "confirm", "version", "help", "layot", "rules", "decode-html", ""]
    VALUES = ["", "-", "--", "-1", "0", "1", "2.5", "1e309", "nan", "-inf", "letters", "numbers", "l.yaml", "m.yaml", "k.png",
              "k.svg", "/", "/dev/null", ".", "..", "=", "==", "a=b", "\x1b[2J", "\x7f", "\u202e", "\ufffd", "x" * 20000,
              "\U0001F600", "portrait", "locked", "3/2", "1/1", "0,4,8", "\t", "\n", " "]

    def argv(self):
        rng = self.rng
        words = []
        if rng.random() < 0.6:
            words.append(rng.choice(self.SUBCOMMANDS))
        for _ in range(rng.randrange(0, 9)):
            r = rng.random()
            name = rng.choice(self.OPTION_NAMES)
            if r < 0.35:
                words += ["--" + name, rng.choice(self.VALUES)]
            elif r < 0.5:
                words.append("--" + name + "=" + rng.choice(self.VALUES))
            elif r < 0.6:
                words.append("--" + name)
            elif r < 0.7:
                words.append("-" + rng.choice("ohxV-"))
            elif r < 0.8:
                words.append(rng.choice(self.VALUES))
            else:
                word = bytearray(("--" + name).encode())
                for _ in range(rng.randrange(1, 4)):
                    word.insert(rng.randrange(len(word) + 1), rng.choice([0x1b, 0x07, 0x7f, 0xe2, 0x80, 0x3d, 0x2d]))
                words.append(word.decode("utf-8", "surrogateescape"))
        # The "help" and "--help" spellings print the help and exit 0; keep most cases about errors.
        return [w for w in words if rng.random() < 0.3 or w not in ("help", "--help", "-h")] or ["--bogus"]

    def ime_cases(self):
        """Fixed cases of the keyboard apps' files: huge, deep, cyclic, special or out-of-range."""
        layout = [b'{"code": %d, "label": "k"}' % (97 + i % 26) for i in range(20_000)]
        self.add("floris-20000-keys", {"pkg/characters/big.json": b"[[" + b",".join(layout) + b"]]"}, ["frames", "--layout", "florisboard:pkg/characters/big.json"])
        self.add("heliboard-20000-lines", {"main/big.txt": b"k\n" * 20_000}, ["-o", "k.png", "--layout", "main/big.txt"])
        self.add("heliboard-blank-lines", {"main/blank.txt": b"\n \n\t\n" * 50_000}, ["frames", "--layout", "main/blank.txt"])
        self.add("heliboard-commas", {"main/c.json": b"[[" + b"," * 500_000 + b"]]"}, ["frames", "--layout", "heliboard:main/c.json"])
        self.add("heliboard-comments", {"main/c.json": b"//\n" * 300_000 + b"[[{\"label\": \"a\"}]]"}, ["frames", "--layout", "main/c.json"])
        self.add("heliboard-width-extremes", {"main/w.json": b'[[{"label": "a", "width": 1e308}, {"label": "b", "width": -1e-300}, {"label": "c", "width": "nan"}, {"label": "d", "width": 1}]]'}, ["frames", "--layout", "main/w.json"])
        self.add("heliboard-only-spacers", {"number/s.json": b'[[{"label": "a", "type": "placeholder", "width": 1}]]'}, ["-o", "k.png", "--layout", "number/s.json"])
        self.add("heliboard-zero-widths", {"number/z.json": b'[[' + b",".join([b'{"label": "a", "width": 0.000001}'] * 5000) + b']]'}, ["-o", "k.png", "--layout", "number/z.json"])
        selector = b'{"$": "shift_state_selector", "default": ' * 60 + b'{"label": "a"}' + b"}" * 60
        self.add("ime-deep-selectors", {"main/d.json": b"[[" + selector + b"]]"}, ["frames", "--layout", "main/d.json"])
        self.add("ime-mode-bogus", {"main/q.txt": b"q\n"}, ["frames", "--layout", "main/q.txt", "--ime-mode", "\x1b[2J"])
        self.add("ime-landscape", {"main/q.txt": b"q\n"}, ["frames", "--layout", "main/q.txt", "--orientation", "landscape"])
        self.add("ime-tiny-phone", {"main/q.txt": b"q\n"}, ["-o", "k.png", "--layout", "main/q.txt", "--device", "1x1@0.1"])
        self.add("ime-huge-phone", {"main/q.txt": b"q\n"}, ["-o", "k.png", "--layout", "main/q.txt", "--device", "1570x16384@2.6"])
        self.add("floris-extension-fifo", {"pkg/extension.json": ("fifo",), "pkg/characters/q.json": b'[[{"code": 113}]]'}, ["frames", "--layout", "pkg/characters/q.json"])
        self.add("floris-mod-fifo", {"pkg/extension.json": b'{"$": "ime.extension.keyboard"}', "pkg/charactersMod/default.json": ("fifo",),
                                     "pkg/characters/q.json": b'[[{"code": 113}]]'}, ["frames", "--layout", "pkg/characters/q.json"])
        self.add("floris-mod-folder", {"pkg/extension.json": b'{"$": "ime.extension.keyboard"}', "pkg/charactersMod/default.json/x": b"",
                                       "pkg/characters/q.json": b'[[{"code": 113}]]'}, ["frames", "--layout", "pkg/characters/q.json"])
        self.add("floris-modifier-escapes", {"pkg/extension.json": b'{"$": "ime.extension.keyboard", "meta": {"id": "p"}, "layouts": {"characters": [{"id": "q", "modifier": "p:../../../etc/passwd"}]}}',
                                             "pkg/characters/q.json": b'[[{"code": 113}]]'}, ["frames", "--layout", "pkg/characters/q.json"], status=1)
        self.add("floris-mod-symlink-loop", {"pkg/extension.json": b'{"$": "ime.extension.keyboard"}', "pkg/charactersMod/default.json": ("symlink", "default.json"),
                                             "pkg/characters/q.json": b'[[{"code": 113}]]'}, ["frames", "--layout", "pkg/characters/q.json"])
        chain = b", ".join(b'"--v%d": "var(--v%d)"' % (i, i + 1) for i in range(20_000))
        self.add("snygg-var-chain", {"s.json": b'{"@defines": {' + chain + b', "--v20000": "#000000"}, "key": {"background": "var(--v0)"}}'}, ["--theme", "snygg:s.json", "-o", "k.png"], status=1)
        codes = b",".join(b"%d" % i for i in range(100_000))
        self.add("snygg-many-codes", {"s.json": b'{"key[code=' + codes + b']": {"background": "#ff0000"}}'}, ["--theme", "s.json", "-o", "k.png"])
        self.add("snygg-huge-ranges", {"s.json": b'{"key[code=-9223372036854775808..9223372036854775807]": {"background": "#ff0000"}, "key[code=99999999999999999999]": {}}'}, ["--theme", "s.json", "-o", "k.png"])
        rules = b", ".join(b'"key[code=%d]": {"background": "#%06x", "margin": "%ddp"}' % (i, i, i % 500) for i in range(20_000))
        self.add("snygg-20000-rules", {"s.json": b"{" + rules + b"}"}, ["--theme", "s.json", "-o", "k.png"])
        self.add("snygg-huge-sizes", {"s.json": b'{"key": {"font-size": "1e308sp", "margin": "99999dp", "shadow-elevation": "1e-320dp", "shape": "rounded-corner(1e308dp,0dp,0dp,0dp)"}}'}, ["--theme", "s.json", "-o", "k.svg"])
        self.add("snygg-escape-in-rule", {"s.json": b'{"key": {}, "smart\u001b[2Jbar": {}, "key[code=\u202e1]": {}}'}, ["validate", "s.json"], clean_stdout=True)
        self.add("snygg-margin-eats-key", {"s.json": b'{"key": {"margin": "500dp 500dp"}}'}, ["--layout", "letters", "--theme", "s.json", "-o", "k.png"])

    def compose_cases(self):
        """Fixed cases of store screenshots: images, captions files and frames that are huge,
        special, damaged or lead out of their folder; every one exits 1 or 2 writing nothing."""
        out = ["-o", "s.png", "--frames-out", "s.json"]
        self.add("compose-app-fifo", {"a.png": ("fifo",)}, ["compose", "--app", "a.png"] + out)
        self.add("compose-app-huge-declared", {"a.png": png(16384, 16384, rgba=b"")}, ["compose", "--app", "a.png"] + out)
        self.add("compose-app-bad-jpeg", {"a.jpg": b"\xff\xd8\xff\xe0" + b"\x00\x10JFIF" + b"\xff" * 4000}, ["compose", "--app", "a.jpg"] + out)
        self.add("compose-app-truncated-jpeg", {"a.jpg": b"\xff\xd8\xff\xdb\x00\x43\x00" + bytes(64) + b"\xff\xc0\x00\x11\x08\xff\xff\xff\xff\x03"}, ["compose", "--app", "a.jpg"] + out)
        self.add("compose-background-dev-zero", {}, ["compose", "--background", "/dev/zero"] + out)
        self.add("compose-captions-passwd", {}, ["compose", "--captions", "/etc/passwd", "-o", "set"], clean_stdout=True)
        bomb = b"a: &a [" + b",".join([b"x"] * 50) + b"]\n" + b"".join(b"%c: &%c [" % (98 + i, 98 + i) + b",".join([b"*%c" % (97 + i)] * 50) + b"]\n" for i in range(8))
        self.add("compose-captions-billion-laughs", {"c.yaml": bomb + b"en-US: x\n"}, ["compose", "--captions", "c.yaml", "-o", "set"])
        self.add("compose-captions-locale-escapes", {"c.yaml": b"en-US: ok\n../../x: bad\n\"de\\e[2J\": bad\n"}, ["compose", "--captions", "c.yaml", "-o", "set"])
        self.add("compose-captions-10000-locales", {"c.yaml": b"".join(b"en-X%d: c\n" % i for i in range(10_000))}, ["compose", "--captions", "c.yaml", "-o", "set"])
        self.add("compose-frame-dotdot", {"f/f.json": b'{"image": "../x.png", "screen": {"x": 0, "y": 0, "width": 1, "height": 1}}', "x.png": png(2, 2)}, ["compose", "--frame", "f/f.json"] + out)
        self.add("compose-frame-symlink-out", {"f/f.json": b'{"image": "x.png", "screen": {"x": 0, "y": 0, "width": 2, "height": 2}}', "y.png": png(2, 2), "f/x.png": ("symlink", "../y.png")}, ["compose", "--frame", "f/f.json"] + out)
        self.add("compose-frame-nan", {"f.json": b'{"image": "x.png", "screen": {"x": 0, "y": 0, "width": 1e309, "height": -1}}', "x.png": png(2, 2)}, ["compose", "--frame", "f.json"] + out)
        self.add("compose-size-huge", {}, ["compose", "--size", "99999999999x1"] + out)
        self.add("compose-caption-controls", {}, ["compose", "--caption", "\x1b[2J\u202e\x07" * 50] + out)
        self.add("compose-font-fifo", {"f.ttf": ("fifo",)}, ["compose", "--caption", "x", "--caption-font", "f.ttf"] + out)
        self.add("compose-output-dev-full", {"full.png": ("chardev", 1, 7)}, ["compose", "-o", "full.png"])

    def build(self, count):
        rng = self.rng
        # Fixed cases first: the known attack shapes.
        bomb = b"a: &a [" + b",".join([b"x"] * 50) + b"]\n" + b"".join(b"%c: &%c [" % (98 + i, 98 + i) + b",".join([b"*%c" % (97 + i)] * 50) + b"]\n" for i in range(8))
        self.add("yaml-billion-laughs", {"l.yaml": bomb + b"keys: [*i]\n"}, ["frames", "--layout", "l.yaml"])
        self.add("alias-huge-scalar", {"l.yaml": b"name: &a " + b"x" * 900_000 + b"\nkeys: [" + b", ".join([b"*a"] * 5000) + b"]\n"}, ["frames", "--layout", "l.yaml"])
        self.add("flow-nesting", {"l.yaml": b"[" * 100_000}, ["frames", "--layout", "l.yaml"])
        self.add("block-nesting", {"t.yaml": b"".join(b" " * i + b"a:\n" for i in range(300))}, ["--theme", "t.yaml"])
        self.add("two-megabytes", {"l.yaml": b"# " + b"x" * (2 << 20)}, ["frames", "--layout", "l.yaml"])
        self.add("not-utf8", {"l.yaml": b"name: \xff\xfe\n"}, ["frames", "--layout", "l.yaml"])
        self.add("empty-file", {"l.yaml": b""}, ["validate", "l.yaml"])
        self.add("empty-mapping", {"t.yaml": b"{}"}, ["validate", "t.yaml"])
        self.add("layout-is-folder", {"d/x": b""}, ["frames", "--layout", "d"])
        self.add("layout-is-fifo", {"p.yaml": ("fifo",)}, ["frames", "--layout", "p.yaml"])
        self.add("theme-is-fifo", {"p.yaml": ("fifo",)}, ["--theme", "p.yaml"])
        self.add("extends-dev-zero", {"t.yaml": b"extends: /dev/zero\n"}, ["--theme", "t.yaml"])
        self.add("extends-passwd", {"t.yaml": b"extends: /etc/passwd\n"}, ["--theme", "t.yaml"])
        self.add("extends-cycle", {"a.yaml": b"extends: b.yaml\n", "b.yaml": b"extends: a.yaml\n"}, ["--theme", "a.yaml"])
        self.add("extends-self", {"a.yaml": b"extends: a.yaml\n"}, ["validate", "a.yaml"])
        lint_one = ["--layouts", "letters", "--devices", "iphone-15", "--orientations", "portrait"]
        self.add("lint-invisible-colours", {"t.yaml": b"background: \"#0000\"\nkeys: {base: {normal: {fill: \"#00000000\", text: \"#FFFFFF00\"}}}\n"}, ["lint", "--themes", "t.yaml"] + lint_one)
        self.add("lint-huge-font", {"t.yaml": b"extends: default\nkeys: {content: {normal: {textSize: 1000}}, function: {pressed: {textSize: 1000}}}\n"}, ["lint", "--themes", "t.yaml", "--format", "sarif"] + lint_one)
        self.add("lint-zero-keys", {"l.yaml": b"keys: [a, b]\nportrait: {height: 40, rows: [{columns: 2, margin: {left: \"50%\", right: \"50%\"}}]}\n"}, ["lint", "--layouts", "l.yaml", "--themes", "default"])
        self.add("lint-tiny-keys", {"l.yaml": b"keys: [a, b, c]\nportrait: {height: 0.01, rows: [{columns: 3, widthWeights: [1, 1e-9, 1]}]}\n"}, ["lint", "--layouts", "l.yaml", "--themes", "default", "--format", "json"])
        self.add("lint-image-face-1px", {"t.yaml": b"keys: {base: {normal: {image: x.png, text: \"#777\"}}}\n", "x.png": png(1, 1)}, ["lint", "--themes", "t.yaml"] + lint_one)
        self.add("lint-theme-fifo", {"p.yaml": ("fifo",)}, ["lint", "--themes", "p.yaml"] + lint_one)
        self.add("lint-output-folder", {"d/x": b""}, ["lint", "-o", "d"] + lint_one)
        self.add("image-absolute", {"t.yaml": b"background: {image: /etc/passwd.png}\n"}, ["--theme", "t.yaml"])
        self.add("image-dotdot", {"t/t.yaml": b"background: {image: ../x.png}\n", "x.png": png(2, 2)}, ["--theme", "t/t.yaml"])
        self.add("image-symlink-out", {"t/t.yaml": b"background: {image: x.png}\n", "y.png": png(2, 2), "t/x.png": ("symlink", "../y.png")}, ["--theme", "t/t.yaml"])
        self.add("image-huge-declared", {"t.yaml": b"background: {image: x.png}\n", "x.png": png(16384, 16384, rgba=b"")}, ["--theme", "t.yaml", "-o", "k.svg"])
        self.add("image-huge-chunk", {"t.yaml": b"background: {image: x.png}\n", "x.png": png(1, 1)[:33] + struct.pack(">I", 0x7FFFFFFF) + b"zTXt" + b"\0" * 64}, ["--theme", "t.yaml"])
        self.add("image-not-png", {"t.yaml": b"keys: {base: {normal: {image: x.png}}}\n", "x.png": b"GIF89a"}, ["--theme", "t.yaml", "-o", "k.pdf"])
        self.add("image-is-fifo", {"t.yaml": b"background: {image: x.png}\n", "x.png": ("fifo",)}, ["validate", "t.yaml"])
        self.add("repeated-options", {}, ["frames"] + ["--seed", "1"] * 8000)
        self.add("jobs-256", {"m.yaml": b"jobs: [{output: a.png}]\n"}, ["batch", "m.yaml", "--jobs", "256"])
        # Device outputs are copies of /dev/null and /dev/full made in the case's folder, so a
        # regression cannot replace the machine's own.
        self.add("output-dev-null", {"null.png": ("chardev", 1, 3)}, ["-o", "null.png"])
        self.add("output-dev-full", {"full.png": ("chardev", 1, 7)}, ["-o", "full.png"])
        self.add("output-fifo", {"p.png": ("fifo",)}, ["-o", "p.png"])
        self.add("output-folder", {"d/x": b""}, ["-o", "d"])
        self.add("output-trailing-slash", {}, ["-o", "out/"])
        self.add("frames-device", {"null.json": ("chardev", 1, 3)}, ["frames", "-o", "null.json"])
        self.add("label-noncharacter", {"l.yaml": b"keys: [\"\\uFFFF\"]\nportrait: {height: 50, rows: [{columns: 1}]}\n"}, ["-o", "k.pdf", "--layout", "l.yaml"])
        self.add("label-escape", {"l.yaml": b"keys: [\"\\e[2J\"]\nportrait: {height: 50, rows: [{columns: 1}]}\n"}, ["--layout", "l.yaml"])
        self.add("layout-empty-name", {}, ["--layout", ""])
        self.add("pressed-empty", {}, ["--pressed", ""])
        self.add("manifest-dup-outputs", {"m.yaml": b"jobs: [{output: a.png}, {output: ./a.png}, {output: x//a.png}, {output: x/a.png}]\n"}, ["batch", "m.yaml"])
        self.add("manifest-output-folder", {"m.yaml": b"jobs: [{output: out/dir/}]\n"}, ["batch", "m.yaml"])
        self.add("key-fixed-not-bool", {"l.yaml": b"kind: number\nkeys: [{label: '1', fixed: [1]}, {label: a, fixed: yes}]\nportrait: {height: 50, rows: [{columns: 2}]}\n"}, ["frames", "--layout", "l.yaml", "--seed", "3"])
        self.add("xml-empty-flags-shuffled", {"res/xml/p.xml": b'<Keyboard xmlns:a="x" a:keyWidth="50%p"><Row a:rowEdgeFlags=""><Key a:codes="90001" a:keyEdgeFlags=" "/><Key a:codes="10" a:keyIcon="@drawable/x"/><Key a:codes="0"/></Row></Keyboard>'}, ["render", "--layout", "res/xml/p.xml", "--device", "100x100@1", "--shuffle", "-o", "k.png"])
        self.add("tall-image", {"l.yaml": b"keys: [a]\nportrait: {height: 100000, rows: [{columns: 1}]}\n"}, ["validate", "l.yaml"])
        self.add("width-scale-huge", {}, ["--width", "100000", "--scale", "10"])

        self.ime_cases()
        self.compose_cases()
        # Metrics tables (the layout reads `metrics: t.csv`) and the geometry of docs/ios-keyboard.md.
        reads = b"metrics: t.csv\nkeys: [a, b]\nportrait: {height: $h, horizontalGap: $g, rows: [{columns: 2}]}\n"
        table = b"device,orientation,h,g\niphone-15,portrait,100,6\n"
        for name, csv in [("huge", b"# " + b"x" * (2 << 20)), ("many-columns", b"device,orientation," + b",".join(b"c%d" % i for i in range(200_000)) + b"\niphone-15,portrait," + b",".join([b"1"] * 200_000) + b"\n"),
                          ("many-rows", b"device,orientation,h,g\n" + b"iphone-15,portrait,100,6\n" * 40_000), ("not-utf8", b"device,orientation,h\n\xff\xfe\n"),
                          ("no-header", b"# nothing\n"), ("empty", b""), ("long-cell", b"device,orientation,h,g\niphone-15,portrait," + b"9" * 900_000 + b",6\n"),
                          ("crlf", table.replace(b"\n", b"\r\n")), ("nul", b"device,orientation,h,g\x00\niphone-15,portrait,1,2\n"),
                          ("long-column-name", b"device,orientation," + b"h" * 100_000 + b"\niphone-15,portrait,1\n")]:
            self.add("metrics-%s" % name, {"l.yaml": reads, "t.csv": csv}, ["frames", "--layout", "l.yaml"])
            self.add("metrics-list-%s" % name, {"t.csv": csv}, ["list", "--metrics", "t.csv"])
        self.add("metrics-fifo", {"l.yaml": reads, "t.csv": ("fifo",)}, ["frames", "--layout", "l.yaml"])
        self.add("metrics-folder", {"l.yaml": reads, "t.csv/x": b""}, ["frames", "--layout", "l.yaml"])
        self.add("metrics-dev-zero", {"l.yaml": reads.replace(b"t.csv", b"/dev/zero")}, ["frames", "--layout", "l.yaml"])
        self.add("metrics-list-dev-zero", {}, ["list", "--metrics", "/dev/zero"])
        self.add("metrics-self", {"l.yaml": reads.replace(b"t.csv", b"l.yaml")}, ["validate", "l.yaml"])
        self.add("metrics-symlink-loop", {"l.yaml": reads, "t.csv": ("symlink", "t.csv")}, ["frames", "--layout", "l.yaml"])
        for i, value in enumerate([b"\"$\"", b"\"$" + b"h" * 5000 + b"\"", b"\"$h|\"", b"\"$h|1e309\"", b"\"$h|-\"", b"\"$|5\"", b"\"$h|1|2\"", b"\"$\\u0000\"", b"[$h]", b"{$h: 1}"]):
            self.add("metrics-reference-%d" % i, {"l.yaml": reads.replace(b"$h", value), "t.csv": table}, ["frames", "--layout", "l.yaml"])
        geometry = [b"keyAreaWidth: 0", b"keyAreaWidth: -1", b"keyAreaWidth: 1e300", b"keyAreaWidth: .nan", b"keyAreaWidth: 392.9999999", b"bottomBand: 100000",
                    b"bottomBand: -1", b"bottomBand: 1e308", b"rows: [{columns: 2, widths: [1e300, null]}]", b"rows: [{columns: 2, widths: [null, null, null]}]",
                    b"rows: [{columns: 2, widths: [\"null\", ~]}]", b"rows: [{columns: 2, widths: [196.5, 196.5]}]", b"rows: [{columns: 2, widths: 5}]",
                    b"rows: [{columns: 2, widths: [" + b", ".join([b"null"] * 50_000) + b"]}]"]
        for i, field in enumerate(geometry):
            text = b"keys: [a, b]\nportrait: {height: 50, " + field + (b"" if field.startswith(b"rows") else b", rows: [{columns: 2}]") + b"}\n"
            self.add("geometry-%d" % i, {"l.yaml": text}, ["frames", "--layout", "l.yaml", "--device", rng.choice(["iphone-15", "ipad-10", "100x100@1"]), "--orientation", rng.choice(["portrait", "landscape"])])
            self.add("geometry-validate-%d" % i, {"l.yaml": text}, ["validate", "l.yaml"])
        for i, ignore in enumerate([b"[{rule: text-contrast, field: keys, reason: " + b"r" * 200_000 + b"}]", b"[" + b", ".join([b"{rule: target-size, field: a, reason: b}"] * 20_000) + b"]",
                                    b"[{rule: \"\\e[2J\", field: x, reason: y}]", b"{rule: text-contrast}", b"[{rule: text-contrast, field: keys, reason: \"\\u0007\"}]", b"[[]]", b"~"]):
            self.add("lint-ignore-theme-%d" % i, {"t.yaml": b"extends: ios\nlint: {ignore: " + ignore + b"}\n"}, ["lint", "--themes", "t.yaml"] + lint_one)
            self.add("lint-ignore-layout-%d" % i, {"l.yaml": b"keys: [a]\nportrait: {height: 50, rows: [{columns: 1}]}\nlint: {ignore: " + ignore + b"}\n"}, ["lint", "--layouts", "l.yaml", "--themes", "default", "--devices", "iphone-15"])
        # Baselines are reports of lint, read back: any JSON, none at all, or no file.
        many = b"{\"findings\": [" + b"{\"fingerprint\": \"x\"}, " * 200_000 + b"{\"fingerprint\": \"y\"}]}"
        for i, baseline in enumerate([b"", b"null", b"[" * 100_000, b"{\"runs\": " + b"[" * 5000 + b"]" * 5000 + b"}", many, b"\xff\xfe{}",
                                      b"{\"runs\": [{\"results\": [{\"partialFingerprints\": {\"renderKeyboard/v1\": 5}}]}]}",
                                      b"{\"runs\": [{\"results\": null}]}", b"{\"findings\": [{\"fingerprint\": \"\\u001b[2J\"}]}"]):
            self.add("lint-baseline-%d" % i, {"b.json": baseline}, ["lint", "--baseline", "b.json"] + lint_one)
        self.add("lint-baseline-fifo", {"b.json": ("fifo",)}, ["lint", "--baseline", "b.json"] + lint_one)
        self.add("lint-baseline-dev-zero", {}, ["lint", "--baseline", "/dev/zero"] + lint_one)
        self.add("lint-root-file", {"r": b""}, ["lint", "--root", "r"] + lint_one)
        self.add("lint-root-escape", {}, ["lint", "--root", "\x1b[2J"] + lint_one)
        self.add("lint-fail-on", {}, ["lint", "--fail-on", "\x1b[2J"] + lint_one)

        # Standard streams closed or full: never a trap; a report lost is a failed run.
        printing = [["list"], ["--help"], ["--version"], ["validate", "l.yaml"], ["rules", "parse", "required: upper;"],
                    ["frames"], ["-o", "-"], ["pattern", "--frames"], ["preview", "-o", "-"]]
        quiet = [["render", "--bogus"], ["--layout", "nope"], ["batch", "m.yaml"], ["password", "check", "--strength", "x"],
                 ["validate", "bad.yaml"], ["-o", "k.png"]]
        stream_files = {"l.yaml": self.layouts[0], "m.yaml": b"jobs: [{output: a.png}]\n", "bad.yaml": b"keys: 3\n"}
        for stream in ("closed", "full"):
            for arguments in printing:
                self.add("stdout-%s-%s" % (stream, arguments[0]), stream_files, arguments, stdout=stream, status=1)
            for arguments in printing + quiet:
                self.add("stderr-%s-%s" % (stream, arguments[0]), stream_files, arguments, stderr=stream)

        # Files of the wrong kind: reported once, and nothing of them printed.
        secrets = {"shadow": b"root:$6$Zk9sEcReT:20228:0:99999:7:::\ndaemon:*:20228:0:99999:7:::\n",
                   "tokens": b"api-token: Zk9sEcReT\nroot: Zk9sEcReT\n", "list": b"- Zk9sEcReT\n- x\n"}
        for kind, content in secrets.items():
            files = {"f": content, "t.yaml": b"extends: f\n", "m.yaml": b"jobs: [{output: a.png, layout: f}]\n",
                     "l.yaml": b"metrics: f\nkeys: [a]\nportrait: {height: 50, rows: [{columns: 1}]}\n",
                     "n.yaml": b"jobs: [{output: a.png, theme: f}]\n"}
            for arguments in [["--layout", "f"], ["--theme", "f"], ["--theme", "t.yaml"], ["batch", "m.yaml"], ["batch", "n.yaml"],
                              ["batch", "f"], ["validate", "f"], ["validate", "m.yaml"], ["rules", "check", "required: upper;", "--layouts", "f"],
                              ["pattern", "--theme", "f"], ["preview", "--layouts", "f"], ["preview", "--themes", "f"],
                              ["list", "--metrics", "f"], ["--layout", "l.yaml"], ["validate", "l.yaml"]]:
                self.add("wrong-kind-%s-%s" % (kind, "-".join(arguments[:2])), files, arguments, secret=b"Zk9sEcReT", status=1)
            # As an app's layout, a stylesheet, or a FlorisBoard package's mod or manifest.
            package = {"p/characters/qwerty.json": b'[[{"code": 113, "label": "q"}]]'}
            for arguments, extra in [(["--layout", "florisboard:f"], {}), (["--theme", "snygg:f"], {}), (["validate", "snygg:f"], {}),
                                     (["frames", "--layout", "p/characters/qwerty.json"], {"p/extension.json": b'{"$": "ime.extension.keyboard"}', "p/charactersMod/default.json": content})]:
                self.add("wrong-kind-%s-ime-%s" % (kind, "-".join(arguments[:2]).replace("/", "_")), dict(files, **package, **extra), arguments, secret=b"Zk9sEcReT", status=1)
            # A manifest that is no keyboard extension's: no package, the built-in mods.
            self.add("wrong-kind-%s-ime-extension" % kind, dict(files, **package, **{"p/extension.json": content}),
                     ["frames", "--layout", "florisboard:p/characters/qwerty.json"], secret=b"Zk9sEcReT", status=0)

        # A theme font flipped while the run loads it: between the font in the theme's folder,
        # one outside it and a FIFO. What is drawn comes from the bytes that were checked.
        serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
        if os.path.exists(serif):
            with open(serif, "rb") as f:
                brand = f.read()
            flip_files = {"fonts/Brand.ttf": brand, "fonts/fifo": ("fifo",), "fonts/f.ttf": ("symlink", "Brand.ttf"),
                          "t.yaml": b"font: {file: fonts/f.ttf}\n", "m.yaml": b"jobs: [" + b", ".join(b"{output: o%d.png}" % i for i in range(6)) + b"]\ndefaults: {theme: t.yaml}\n"}
            targets = ["Brand.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", "fifo"]
            for i in range(6):
                self.add("font-flip-render-%d" % i, flip_files, ["--theme", "t.yaml", "-o", "k.png"], flip=("fonts/f.ttf", targets), reference="k.png")
                self.add("font-flip-pdf-%d" % i, flip_files, ["--theme", "t.yaml", "-o", "k.pdf"], flip=("fonts/f.ttf", targets))
            self.add("font-flip-batch", flip_files, ["batch", "m.yaml", "--jobs", "3"], flip=("fonts/f.ttf", targets), reference="o5.png")
            self.add("font-flip-validate", flip_files, ["validate", "t.yaml"], flip=("fonts/f.ttf", targets))

        # Android keyboard XML.
        keyboard = b'<Keyboard xmlns:android="http://schemas.android.com/apk/res/android">%s</Keyboard>'
        self.add("xml-doctype", {"res/xml/p.xml": b'<?xml version="1.0"?><!DOCTYPE k [<!ENTITY x SYSTEM "file:///etc/passwd">]><Keyboard>&x;</Keyboard>'}, ["frames", "--layout", "res/xml/p.xml", "--device", "pixel-8"])
        self.add("xml-laughs", {"res/xml/p.xml": b'<!DOCTYPE k [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><Keyboard>&b;</Keyboard>'}, ["frames", "--layout", "res/xml/p.xml", "--device", "pixel-8"])
        self.add("xml-deep", {"res/xml/p.xml": b"<Keyboard>" + b"<Row>" * 100_000 + b"</Keyboard>"}, ["frames", "--layout", "res/xml/p.xml", "--device", "pixel-8"])
        self.add("xml-huge-attribute", {"res/xml/p.xml": keyboard % (b'<Row><Key android:keyLabel="' + b"W" * 900_000 + b'"/></Row>')}, ["-o", "k.pdf", "--layout", "res/xml/p.xml", "--device", "pixel-8"])
        self.add("xml-many-keys", {"res/xml/p.xml": keyboard % (b"<Row>" + b'<Key android:codes="49" android:keyWidth="0.001%p"/>' * 20_000 + b"</Row>")}, ["frames", "--layout", "res/xml/p.xml", "--device", "pixel-8"])
        self.add("xml-huge-numbers", {"res/xml/p.xml": keyboard % b'<Row><Key android:codes="99999999999999999999" android:keyWidth="1e39dp" android:keyHeight="-1e39px"/></Row>'}, ["frames", "--layout", "res/xml/p.xml", "--device", "pixel-8"])
        self.add("xml-unresolved", {"res/xml/p.xml": keyboard % b'<Row><Key android:codes="@integer/nope" android:keyWidth="@dimen/nope"/></Row>'}, ["validate", "res/xml/p.xml"])
        self.add("xml-values-cycle", {"res/xml/p.xml": keyboard % b'<Row><Key android:codes="49" android:keyWidth="@dimen/a"/></Row>',
                                      "res/values/v.xml": b'<resources><dimen name="a">@dimen/b</dimen><dimen name="b">@dimen/a</dimen></resources>'}, ["frames", "--layout", "res/xml/p.xml", "--device", "pixel-8"])
        self.add("xml-values-fifo", {"res/xml/p.xml": keyboard % b'<Row><Key android:codes="49"/></Row>', "res/values/v.xml": ("fifo",)}, ["frames", "--layout", "res/xml/p.xml", "--device", "pixel-8"])
        self.add("xml-not-utf8", {"res/xml/p.xml": b"<Keyboard>\xff\xfe</Keyboard>"}, ["frames", "--layout", "res/xml/p.xml", "--device", "pixel-8"])
        # Labels with control characters and noncharacters: refused in every format.
        labels = [b"\\u001B[2J", b"&#x85;", b"&#x9B;", b"\xc2\x85", b"\xc2\x9b", b"&#x7F;", b"\\u0000", b"a\\nb", b"&#xFDD0;", b"\\uFFFF", b"\\t"]
        for i, label in enumerate(labels):
            pad = {"res/xml/p.xml": keyboard % (b'<Row><Key android:codes="49" android:keyLabel="' + label + b'"/></Row>')}
            for command in (["frames"], ["-o", "k.png"], ["-o", "k.svg"], ["-o", "k.pdf"], ["validate"]):
                args = command + ["res/xml/p.xml"] if command == ["validate"] else command + ["--layout", "res/xml/p.xml", "--device", "pixel-8"]
                self.add("xml-label-%d-%s" % (i, command[-1]), pad, args, status=1, clean_stdout=True)
        # Long names and values: every message line stays short.
        long = b"w" * 100_000
        for i, row in enumerate([b'<Row><Key android:codes="49" android:keyWidth="' + long + b'"/></Row>', b'<Row><Key android:codes="' + long + b'"/></Row>',
                                 b'<Row android:keyboardMode="' + long + b'"><Key android:codes="49"/></Row>', b"<Row><" + long + b"></Row>",
                                 b'<Row><Key android:codes="49" android:keyWidth="@dimen/' + long + b'"/></Row>', b'<Row><Key android:codes="49" ' + long + b'="1"/></Row>',
                                 b'<Row><Key android:codes="1,' + long + b'"/></Row>']):
            # An unknown attribute (the sixth) is a warning; the rest are errors.
            self.add("xml-long-%d" % i, {"res/xml/p.xml": keyboard % row}, ["validate", "res/xml/p.xml"], status=0 if i == 5 else 1, short_lines=600)
        self.add("font-path-long", {"t.yaml": b"font: {file: " + b"f" * 5000 + b".ttf}\n"}, ["--theme", "t.yaml"], status=1, short_lines=600)
        for n in range(248, 256):
            self.add("output-name-%d" % n, {}, ["-o", "k" * (n - 4) + ".png"], status=0)
        self.add("output-name-256", {}, ["-o", "a/b/" + "k" * 252 + ".png"], status=1)

        self.add("xml-bad-device", {"res/xml/p.xml": keyboard % b'<Row><Key android:codes="49"/></Row>'}, ["frames", "--layout", "res/xml/p.xml", "--device", "0x0@0"])

        # A gallery's list of the files it wrote: it may name only plain .png/.json files in the
        # gallery's folder, whatever a tampered list says.
        gallery = ["preview", "--html", "g", "--themes", "default", "--device", "iphone-se", "--seed", "1"]
        self.add("gallery-list-escapes", {"keep.png": b"mine", "g/keep.json": b"mine", "g/a-b-c.png/keep.png": b"mine", "g/x-y-z.png": ("symlink", "../keep.png"),
                                          "g/.render-keyboard-gallery": b"../keep.png\n/etc/passwd\nkeep.json\n\n.\n..\na-b-c.png\nx-y-z.png\n../../a-b-c.png\n" + b"x" * 300_000 + b".png\n"}, gallery)
        self.add("gallery-list-fifo", {"g/.render-keyboard-gallery": ("fifo",), "g/keep.png": b"mine"}, gallery)
        self.add("gallery-list-folder", {"g/.render-keyboard-gallery/keep.png": b"mine"}, gallery)
        self.add("gallery-list-binary", {"g/.render-keyboard-gallery": bytes(range(256)) * 100, "g/keep.png": b"mine"}, gallery)
        # Password rules from HTML source, and passwords checked against a rule.
        self.add("rules-html-references", {}, ["rules", "parse", "required: [" + "&quot;&#x" + "9" * 40 + ";&#0;&#xD800;&#128;&" * 2000 + "]"])
        self.add("rules-decode-huge", {}, ["rules", "check", "--decode-html", "allowed: [" + "&#" + "9" * 5000 + ";" + "&lsqb;" * 3000 + "]; minlength: 99999999999999999999"])
        self.add("password-rules-unmeetable", {}, ["password", "check", "--rules", "minlength: 20; maxlength: 3"])
        self.add("password-rules-escape", {}, ["password", "check", "--rules", "required: [\x1b[2J]; \x7f", "--decode-html"])
        self.add("output-unknown-extension", {}, ["-o", "k.jpg"])
        # Comparing images: huge declared sizes, truncated and special files are unreadable
        # (exit 2, no report written); references reached through symlinks that leave the
        # reference folder are neither read nor written through.
        self.add("compare-huge-declared", {"a.png": png(16384, 16384, rgba=b""), "b.png": png(2, 2)}, ["compare", "a.png", "b.png", "-o", "r.png"])
        self.add("compare-over-max-side", {"a.png": png(2, 2), "b.png": png(100_000, 100_000, rgba=b"")}, ["compare", "a.png", "b.png", "-o", "r.png"])
        self.add("compare-truncated", {"a.png": png(64, 64)[:60], "b.png": png(64, 64)}, ["compare", "a.png", "b.png", "-o", "r.png"])
        self.add("compare-huge-chunk", {"a.png": png(1, 1)[:33] + struct.pack(">I", 0x7FFFFFFF) + b"zTXt" + b"\0" * 64, "b.png": png(1, 1)}, ["compare", "a.png", "b.png"])
        self.add("compare-fifo", {"a.png": ("fifo",), "b.png": png(1, 1)}, ["compare", "a.png", "b.png"])
        self.add("compare-folder", {"d/x": b""}, ["compare", "d", "d"])
        self.add("compare-tolerance-nan", {"a.png": png(1, 1)}, ["compare", "a.png", "a.png", "--tolerance", "nan"])
        self.add("compare-allow-negative", {"a.png": png(1, 1)}, ["compare", "a.png", "a.png", "--allow", "-1"])
        job = b"jobs: [{output: out/a.png, layout: numbers, width: 100, scale: 1, seed: 1}]\n"
        self.add("batch-compare-reference-symlink-out", {"m.yaml": job, "keep.png": png(2, 2), "golden/out/a.png": ("symlink", "../../keep.png")}, ["batch", "m.yaml", "--compare", "golden"])
        self.add("batch-record-reference-symlink-out", {"m.yaml": job, "keep.png": png(2, 2), "golden/out/a.png": ("symlink", "../../keep.png")}, ["batch", "m.yaml", "--compare", "golden", "--record"])
        self.add("batch-record-folder-symlink-out", {"m.yaml": job, "elsewhere/keep.png": png(2, 2), "golden/out": ("symlink", "../elsewhere")}, ["batch", "m.yaml", "--compare", "golden", "--record"])
        self.add("batch-compare-reference-fifo", {"m.yaml": job, "golden/out/a.png": ("fifo",)}, ["batch", "m.yaml", "--compare", "golden"])
        self.add("batch-compare-reference-huge", {"m.yaml": job, "golden/out/a.png": png(16384, 16384, rgba=b"")}, ["batch", "m.yaml", "--compare", "golden"])
        self.add("batch-compare-report-is-file", {"m.yaml": job, "golden/out/a.png": png(2, 2), "report": b"keep"}, ["batch", "m.yaml", "--compare", "golden", "--report", "report"])
        # The report folder is the tool's own: links planted under the names it writes are
        # refused, never written through; user files under names of its shape are kept.
        differ = {"m.yaml": job, "golden/out/a.png": png(100, 100)}
        for name in ("index.html", "summary.md", "out-a.diff.png", "out-a.reference.png", "out-a.candidate.png", ".render-keyboard-report"):
            self.add("report-symlink-" + name, dict(differ, **{"keep.txt": b"mine", "report/" + name: ("symlink", "../keep.txt")}),
                     ["batch", "m.yaml", "--compare", "golden", "--report", "report"], status=2)
        self.add("report-user-files", dict(differ, **{"report/keep.reference.png": b"mine", "report/keep.candidate.png/keep": b"mine",
                                                      "report/keep.diff.png": b"mine", "report/.render-keyboard-report": b"../keep.txt\n/etc/passwd\nkeep.candidate.png/keep\nkeep.txt\n..\n",
                                                      "keep.txt": b"mine"}), ["batch", "m.yaml", "--compare", "golden", "--report", "report"], status=1)
        self.add("report-user-index", dict(differ, **{"report/keep-index/x": b"", "report/index.html": b"mine"}),
                 ["batch", "m.yaml", "--compare", "golden", "--report", "report"], status=2)
        self.add("report-inside-references", differ, ["batch", "m.yaml", "--compare", "golden", "--report", "golden/r"], status=2)
        self.add("compare-output-is-input", {"keep.png": png(2, 2), "b.png": png(2, 2), "link.png": ("symlink", "keep.png")},
                 ["compare", "keep.png", "b.png", "-o", "link.png"], status=2)
        # Markdown and HTML in names: the summary and page show them as text.
        names = [b"out/a`b|c.png", b"out/[x](https://e.example).png", b"out/<img src=x onerror=alert(1)>.png", b"out/line\\nbreak.png"]
        hostile_jobs = b"jobs: [" + b", ".join(b'{output: "' + n + b'", layout: numbers, width: 100, scale: 1, seed: 1}' for n in names) + b"]\n"
        self.add("summary-markdown-names", {"m.yaml": hostile_jobs}, ["batch", "m.yaml", "--compare", "golden", "--record"], status=0)
        self.add("summary-markdown-names-missing", {"m.yaml": hostile_jobs}, ["batch", "m.yaml", "--compare", "golden"], status=2,
                 absent=("keyboard-compare-report/index.html", b"<img src=x"))
        # Stale references: links and folders outside are never listed or removed.
        self.add("stale-prune-links", {"m.yaml": job, "elsewhere/keep.png": png(2, 2), "golden/linked": ("symlink", "../elsewhere"),
                                       "golden/keep-link.png": ("symlink", "../elsewhere/keep.png"), "golden/old.png": png(2, 2)},
                 ["batch", "m.yaml", "--compare", "golden", "--record", "--prune"], status=0)
        self.add("stack-symlink-out", {"m.yaml": job, "keep.txt": b"mine", "golden/RENDERING-STACK.txt": ("symlink", "../keep.txt")},
                 ["batch", "m.yaml", "--compare", "golden", "--record"], status=2)
        # Names starting with a dash, and the CI step's settings: never options, never a line break.
        self.add("batch-dash-names", {"-m.yaml": job}, ["batch", "--compare=--golden", "--report=-r", "--record", "--", "-m.yaml"], status=0)
        ci = {"m.yaml": job}
        for name, value, status in [("RK_MANIFEST", "--help", 2), ("RK_MANIFEST", "-h", 2), ("RK_REFERENCES", "--version", 2),
                                    ("RK_REPORT", "r\nstatus=0", 2), ("RK_SHARD", "1/1\nx=y", 2), ("RK_TOLERANCE", "--help", 2),
                                    ("RK_RECORD", "yes", 2), ("RK_SHARD", "2/2", 1), ("RK_MANIFEST", "m.yaml\r", 2)]:
            env = {"RK_MANIFEST": "m.yaml", "RK_REFERENCES": "golden", "GITHUB_OUTPUT": "keep-output.txt", "GITHUB_STEP_SUMMARY": "keep-summary.md"}
            env[name] = value
            self.add("ci-%s-%r" % (name, value), dict(ci, **{"keep-output.txt": b"", "keep-summary.md": b""}), [], status=status, ci_script=True, env=env)
        self.gate_cases(job)
        # Comparing keyboards: a layout against a theme, special files, unreadable inputs.
        self.add("diff-layout-theme", {}, ["diff", "letters", "dark"])
        self.add("diff-fifo", {"p.yaml": ("fifo",)}, ["diff", "p.yaml", "letters"])
        self.add("diff-dev-zero", {}, ["diff", "/dev/zero", "letters"])
        self.add("diff-manifest", {"m.yaml": job}, ["diff", "m.yaml", "m.yaml"])
        self.add("diff-output-jpg", {}, ["diff", "letters", "numbers", "-o", "d.jpg"])

        options = [
            ["--scale", "0"], ["--scale", "nan"], ["--scale", "1e300"], ["--width", "-1"], ["--width", "0"], ["--width", "inf"],
            ["--width", "100000", "--height", "100000"], ["--device", "bogus"], ["--device", ""], ["--device", "iphone-15", "--width", "300"],
            ["--seed", "-1"], ["--seed", "99999999999999999999999"], ["--orientation", "sideways"], ["--shift", "maybe"],
            ["--pressed", "\x1b[2J"], ["--pressed", "ZZZ"], ["--format", "gif"], ["--png-compression", "10"], ["--layout", "/"],
            ["--theme", "/dev/null"], ["--layout", "/dev/zero"], ["-o", "/dev"], ["--layout", "nope"], ["--theme", "x" * 5000],
            ["frames", "--layout", "numbers", "--height", "5"], ["preview", "--columns", "0"], ["preview", "--themes", ""],
            ["preview", "--layouts", "letters," * 50], ["batch", "missing.yaml"], ["batch", "m.yaml", "--shard", "0/0"],
            ["batch", "m.yaml", "--shard", "3/2"], ["validate"], ["bogus"], ["--", "-o"],
            ["lint", "--level", "A"], ["lint", "--format", "html"], ["lint", "--devices", "0x0@0"], ["lint", "--themes", ","],
            ["lint", "--layouts", "nope", "--themes", "default"], ["lint", "--orientations", ""], ["lint", "-o", ""],
        ]
        for i, arguments in enumerate(options):
            self.add("options-%d" % i, {"m.yaml": b"jobs: [{output: a.png}]\n"}, arguments)

        manifests = [b"jobs: []\n", b"jobs: {}\n", b"defaults: 3\njobs: [{output: a.png}]\n", b"jobs: [{output: a.png, scale: 0, width: 10}]\n",
                     b"jobs: [{output: /dev/null}]\n", b"jobs: [{output: a.png, layout: ../../../../etc/passwd}]\n",
                     b"jobs: [{output: a.png, pressed: [\"\"]}]\n", b"jobs: [{output: a.png, seed: -5}]\n"]
        for i, text in enumerate(manifests):
            self.add("manifest-%d" % i, {"m.yaml": text}, ["batch", "m.yaml"])
            self.add("manifest-validate-%d" % i, {"m.yaml": text}, ["validate", "m.yaml"])

        image_png = read("themes/image/key@3x.png") if os.path.exists(os.path.join(ROOT, "themes/image/key@3x.png")) else png(8, 8)
        while len(self.cases) < count:
            kind = rng.randrange(9) if self.pads else rng.choice([0, 1, 2, 3, 4, 6, 7, 8])
            if kind == 7 and not self.tables:
                kind = 0
            if kind == 8 and not self.ime_files:
                kind = 6
            n = len(self.cases)
            if kind == 0:
                text = self.mutate(rng.choice(self.layouts))
                for _ in range(rng.randrange(3)):
                    text = self.mutate(text)
                command = rng.choice([["frames"], ["-o", "k.png"], ["-o", "k.svg"], ["validate"]])
                args = command + ["l.yaml"] if command == ["validate"] else command + ["--layout", "l.yaml"]
                self.add("layout-%d" % n, {"l.yaml": text}, args)
            elif kind == 1:
                text = self.mutate(rng.choice(self.themes))
                for _ in range(rng.randrange(3)):
                    text = self.mutate(text)
                roll = rng.random()
                if roll < 0.3:
                    args = ["validate", "t.yaml"]
                elif roll < 0.45:
                    args = ["lint", "--themes", "t.yaml", "--layouts", rng.choice(["letters", "numbers"]), "--devices", rng.choice(["iphone-15", "pixel-8"]),
                            "--format", rng.choice(["text", "json", "sarif"]), "-o", "lint.out"]
                else:
                    args = ["--theme", "t.yaml", "-o", rng.choice(["k.png", "k.pdf", "k.svg"])]
                self.add("theme-%d" % n, {"t.yaml": text}, args)
            elif kind == 2:
                data = bytearray(image_png)
                for _ in range(rng.randrange(1, 12)):
                    data[rng.randrange(8, len(data))] = rng.randrange(256)
                if rng.random() < 0.3:
                    data = data[:rng.randrange(8, len(data))]
                theme = b"keys: {content: {normal: {image: face.png, capInsets: {top: 4, left: 4, bottom: 4, right: 4}}}}\n"
                self.add("image-%d" % n, {"t.yaml": theme, "face.png": bytes(data)}, ["--theme", "t.yaml", "-o", rng.choice(["k.png", "k.svg"])])
            elif kind == 3:
                jobs = []
                for j in range(rng.randrange(1, 6)):
                    fields = ["output: o%d.%s" % (j, rng.choice(["png", "svg", "pdf"]))]
                    for field, values in [("layout", ["letters", "numbers", "bogus", "\"\""]), ("width", ["300", "-4", "1e9", "abc"]),
                                          ("scale", ["2", "0", "nan"]), ("pressed", ["[\"5\"]", "[\"\"]", "7"]), ("shift", ["on", "sideways"]),
                                          ("orientation", ["landscape", "up"]), ("seed", ["1", "-1"]), ("device", ["ipad-10", "pixel"])]:
                        if rng.random() < 0.3:
                            fields.append("%s: %s" % (field, rng.choice(values)))
                    jobs.append("{" + ", ".join(fields) + "}")
                text = ("jobs: [" + ", ".join(jobs) + "]\n").encode()
                if rng.random() < 0.3:
                    text = self.mutate(text)
                self.add("manifest-random-%d" % n, {"m.yaml": text}, [rng.choice(["batch", "validate"]), "m.yaml"])
            elif kind == 5:
                text = self.mutate(rng.choice(self.pads))
                for _ in range(rng.randrange(3)):
                    text = self.mutate(text)
                device = rng.choice(["pixel-8", "iphone-15", "1080x2340@2.625", "100x100@0.5"])
                command = rng.choice([["frames"], ["-o", "k.png"], ["-o", "k.svg"], ["validate"]])
                args = command + ["res/xml/p.xml"] if command == ["validate"] else command + ["--layout", "res/xml/p.xml", "--device", device]
                self.add("xml-%d" % n, {"res/xml/p.xml": text, "res/values/dimens.xml": read("docs/examples/android/res/values/dimens.xml")}, args)
            elif kind == 7:
                text = self.mutate_table(rng.choice(self.tables))
                for _ in range(rng.randrange(3)):
                    text = self.mutate_table(text)
                layout = rng.choice([l for l in self.layouts if l.startswith(b"#") and b"\nmetrics: " in l] or self.layouts)
                layout = re.sub(rb"\nmetrics: [a-z0-9-]+\n", b"\nmetrics: t.csv\n", layout)
                device = rng.choice(["iphone-14", "iphone-se-1", "ipad-6", "iphone-390x844", "pixel-8", "100x100@1"])
                command = rng.choice([["frames"], ["-o", "k.png"], ["validate", "l.yaml"], ["list", "--metrics", "t.csv"], ["lint", "--themes", "ios", "--layouts", "l.yaml"]])
                args = command if command[0] in ("validate", "list", "lint") else command + ["--layout", "l.yaml", "--device", device, "--orientation", rng.choice(["portrait", "landscape"])]
                self.add("metrics-random-%d" % n, {"l.yaml": layout, "t.csv": text}, args)
            elif kind == 6:
                self.add("argv-%d" % n, {"m.yaml": b"jobs: [{output: a.png}]\n", "l.yaml": rng.choice(self.layouts)}, self.argv())
            elif kind == 8:
                # A keyboard app's layout, package file or stylesheet, mutated, among the others.
                files = dict(self.ime_files)
                target = rng.choice(sorted(files))
                text = files[target]
                for _ in range(rng.randrange(1, 4)):
                    text = self.mutate(text)
                files[target] = text
                if target.startswith("snygg/"):
                    args = rng.choice([["validate", target], ["--theme", target, "-o", "k.png"], ["--theme", "snygg:" + target, "--layout", "letters", "-o", "k.svg"]])
                else:
                    layout = target if not target.endswith("extension.json") and not "Mod/" in target and not "numericRow/" in target else "florisboard/characters/qwerty.json"
                    args = rng.choice([["frames", "--layout", layout], ["-o", "k.png", "--layout", layout, "--theme", "snygg/floris_day.json"], ["validate", layout]])
                self.add("ime-%d" % n, files, args)
            else:
                option = rng.choice(options)
                self.add("options-random-%d" % n, {"m.yaml": b"jobs: [{output: a.png}]\n"}, option + rng.choice(options))
        return self.cases


def materialise(folder, files):
    for path, content in files.items():
        full = os.path.join(folder, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        if isinstance(content, tuple) and content[0] == "symlink":
            os.symlink(content[1], full)
        elif isinstance(content, tuple) and content[0] == "fifo":
            os.mkfifo(full)
        elif isinstance(content, tuple) and content[0] == "chardev":
            try:
                os.mknod(full, 0o666 | stat.S_IFCHR, os.makedev(content[1], content[2]))
            except PermissionError:
                os.mkfifo(full)   # not root: a FIFO is refused the same way
        else:
            with open(full, "wb") as f:
                f.write(content)


MESSAGE = re.compile(r"^(Error: |Usage: |  |See |OPTIONS:|ARGUMENTS:|SUBCOMMANDS:|Help:|\S[^\n]*?: ).*")


def run_case(binary, folder, arguments, checks=None):
    checks = checks or {}
    closed = [fd for fd, name in ((1, "stdout"), (2, "stderr")) if checks.get(name) == "closed"]

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
        os.setsid()
        for fd in closed:
            os.close(fd)
    full = open("/dev/full", "wb")
    stdout = full if checks.get("stdout") == "full" else subprocess.PIPE
    stderr = full if checks.get("stderr") == "full" else subprocess.PIPE
    started = time.monotonic()
    command, environment = [binary] + arguments, None
    if "env" in checks and not checks.get("ci_script"):
        environment = dict(os.environ, **checks["env"])
    if checks.get("ci_script"):
        command = ["bash", os.path.join(ROOT, "scripts/golden-ci.sh")] + arguments
        environment = dict(os.environ, RK_BINARY=binary, **checks.get("env", {}))
    process = subprocess.Popen(command, cwd=folder, stdin=subprocess.DEVNULL, stdout=stdout,
                               stderr=stderr, preexec_fn=limit, env=environment)
    flipper = None
    if "flip" in checks:
        link, targets = checks["flip"]
        flipper = threading.Thread(target=flip, args=(os.path.join(folder, link), targets, process), daemon=True)
        flipper.start()
    try:
        out, err = process.communicate(timeout=SECONDS)
        hung = False
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        hung = True
    if flipper:
        flipper.join()
    full.close()
    return process.returncode, out or b"", err or b"", hung, time.monotonic() - started


def flip(link, targets, process):
    """Points `link` at each of `targets` in turn, as fast as it can, until `process` ends."""
    step = 0
    while process.poll() is None:
        step += 1
        temporary = "%s.flip%d" % (link, step % 2)
        try:
            os.symlink(targets[step % len(targets)], temporary)
            os.replace(temporary, link)
        except OSError:
            pass


def http(port, raw, timeout=10):
    """Sends raw bytes to the server and returns (status, body); status 0 when it closed
    without an answer."""
    status, body, _, _ = exchange(port, raw, timeout)
    return status, body


def exchange(port, raw, timeout=10):
    """Sends raw bytes to the server and returns (status, body, headers, closed): headers
    lowercased, closed true when the server closed the connection within `timeout`."""
    import socket
    closed = False
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
        try:
            connection.sendall(raw)
        except OSError:
            pass
        data = b""
        try:
            while True:
                chunk = connection.recv(65536)
                if not chunk:
                    closed = True
                    break
                data += chunk
        except OSError:
            pass
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    parts = lines[0].split(b" ", 2)
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        headers.setdefault(name.strip().lower().decode("latin-1"), []).append(value.strip().decode("latin-1"))
    return (int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0), body, headers, closed


def serve_cases(binary, rng, count):
    """Hostile requests and broken files against one running `render-keyboard serve`.

    Each case must get its status (414, 403, 400, 405, 404, 503, never a file's content) with
    `X-Content-Type-Options: nosniff` on every answer, leave the server answering
    `/cells.json` with valid JSON whose errors read `FILE: reason`, and at the end SIGTERM
    must stop it with status 0. Besides: absolute-form targets and second `Host` headers are
    judged like the `Host` header, HTTP/1.0 without keep-alive is answered and closed, HEAD
    answers GET's length without a body, event streams closed by their clients free their
    places at once, pipelined requests are each answered, and connections that stall halfway
    through a request keep no one else waiting. Returns (case count, failures)."""
    import json
    folder = tempfile.mkdtemp(prefix="hostile-serve-")
    failures = []
    cases = 0
    theme = os.path.join(folder, "t.yaml")
    layout = os.path.join(folder, "l.yaml")
    good_theme = read("themes/dark.yaml")
    good_layout = read("layouts/numbers.yaml")
    materialise(folder, {"t.yaml": good_theme, "l.yaml": good_layout})
    process = subprocess.Popen([binary, "serve", "--themes", "t.yaml", "--layouts", "l.yaml,letters"], cwd=folder,
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        line = process.stdout.readline().decode()
        match = re.match(r"^Serving http://127\.0\.0\.1:(\d+)/$", line)
        if not match:
            return 1, ["serve: first line %r" % line]
        port = int(match.group(1))
        host = b"Host: 127.0.0.1:%d\r\n" % port

        def alive(name):
            status, body = http(port, b"GET /cells.json HTTP/1.1\r\n" + host + b"Connection: close\r\n\r\n")
            try:
                cells = json.loads(body)["cells"]
            except ValueError:
                failures.append("%s: /cells.json answered %d %r" % (name, status, body[:200]))
                return
            for cell in cells:
                error = cell["error"] or ""
                if any(ord(c) < 32 and c != "\n" for c in error) or any(l and not MESSAGE.match(l) for l in error.splitlines()):
                    failures.append("%s: error %r" % (name, error[:200]))

        def expect(name, raw, statuses):
            status, body, headers, _ = exchange(port, raw)
            if status not in statuses or b"root:" in body:
                failures.append("%s: status %d, expected %s" % (name, status, statuses))
            elif status and headers.get("x-content-type-options") != ["nosniff"]:
                failures.append("%s: status %d without nosniff" % (name, status))
            alive(name)

        for n in range(count):
            cases += 1
            kind = rng.randrange(14)
            name = "serve-%d" % n
            if kind == 0:
                length = rng.choice([8193, 9000, 20000, 70000, 200000])
                expect(name + "-long-line", b"GET /" + b"a" * length + b" HTTP/1.1\r\n" + host + b"Connection: close\r\n\r\n", {414, 431, 400, 0})
            elif kind == 1:
                method = rng.choice([b"POST", b"PUT", b"DELETE", b"PATCH", b"OPTIONS", b"TRACE", b"CONNECT", b"PROPFIND", b"BREW", b"get"])
                expect(name + "-method", method + b" / HTTP/1.1\r\n" + host + b"Content-Length: 0\r\nConnection: close\r\n\r\n", {405, 400, 0})
            elif kind == 2:
                bad = rng.choice([b"evil.example", b"evil.example:%d" % port, b"127.0.0.1:%d" % (port + 1), b"localhost",
                                  b"", b"127.0.0.1:%d.evil.example" % port, b"[::1]:%d" % port, b"127.0.0.1:%d\x00" % port])
                expect(name + "-host", b"GET /cells.json HTTP/1.1\r\nHost: " + bad + b"\r\nConnection: close\r\n\r\n", {403, 400, 0})
            elif kind == 3:
                target = rng.choice([b"/cells/../../etc/passwd", b"/../../../../etc/passwd", b"/cells/%2e%2e/%2e%2e/etc/passwd",
                                     b"/cells/..%2f..%2fetc%2fpasswd", b"/cells/k1.png/../../../etc/passwd", b"/cells/t.yaml",
                                     b"/t.yaml", b"/cells/k1.png%00.yaml", b"/cells//etc/passwd", b"/cells/k1.json/../t.yaml",
                                     b"/%2e%2e/t.yaml", b"/cells/K1.PNG", b"/cells/k0.png", b"/cells/k-1.png"])
                expect(name + "-path", b"GET " + target + b" HTTP/1.1\r\n" + host + b"Connection: close\r\n\r\n", {404, 400})
            elif kind == 4:
                import socket
                streams = []
                for _ in range(40):
                    s = socket.create_connection(("127.0.0.1", port), timeout=5)
                    s.sendall(b"GET /events HTTP/1.1\r\n" + host + b"\r\n")
                    streams.append(s)
                statuses = []
                for s in streams:
                    try:
                        statuses.append(s.recv(64).split(b" ")[1])
                    except (OSError, IndexError):
                        statuses.append(b"?")
                if statuses.count(b"200") > 32 or statuses.count(b"503") < 40 - 32 - statuses.count(b"?"):
                    failures.append("%s-streams: %r" % (name, statuses))
                for s in streams:
                    s.close()
                # Closed streams free their places at once: 32 new ones open within a second.
                deadline, opened = time.time() + 1, []
                while len(opened) < 32 and time.time() < deadline:
                    s = socket.create_connection(("127.0.0.1", port), timeout=5)
                    s.sendall(b"GET /events HTTP/1.1\r\n" + host + b"\r\n")
                    try:
                        ok = s.recv(64).split(b" ")[1] == b"200"
                    except (OSError, IndexError):
                        ok = False
                    if ok:
                        opened.append(s)
                    else:
                        s.close()
                if len(opened) < 32:
                    failures.append("%s-streams: only %d of 32 streams reopened within 1 s of closing" % (name, len(opened)))
                for s in opened:
                    s.close()
                alive(name + "-streams")
            elif kind == 5:
                garbage = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 3000)))
                try:
                    http(port, garbage, timeout=3)
                except OSError:
                    pass
                alive(name + "-garbage")
            elif kind == 6:
                text = rng.choice([good_theme, good_layout])
                target = theme if text is good_theme else layout
                mutated = text
                for _ in range(rng.randrange(1, 4)):
                    mutated = Cases(rng).mutate(mutated) if rng.random() < 0.8 else bytes(rng.randrange(256) for _ in range(200))
                with open(target, "wb") as f:
                    f.write(mutated)
                time.sleep(0.15)
                alive(name + "-broken-file")
            elif kind == 8:
                authority = rng.choice([b"evil.example", b"evil.example:%d" % port, b"127.0.0.1:%d" % (port + 1), b"",
                                        b"127.0.0.1:%d@evil.example" % port, b"localhost", b"[::1]:%d" % port,
                                        b"127.0.0.1:%d.evil.example" % port])
                scheme = rng.choice([b"http://", b"https://", b"HTTP://"])
                expect(name + "-absolute-form", b"GET " + scheme + authority + b"/cells.json HTTP/1.1\r\n" + host + b"Connection: close\r\n\r\n", {403, 400})
            elif kind == 9:
                second = rng.choice([host, b"Host: evil.example\r\n", b"Host: localhost:%d\r\n" % port, b"host: \r\n"])
                first = rng.choice([host, second])
                expect(name + "-two-hosts", b"GET /cells.json HTTP/1.1\r\n" + first + second + b"Connection: close\r\n\r\n", {400})
            elif kind == 10:
                target = rng.choice([b"/", b"/cells.json", b"/cells/k1.png", b"/nope", b"/cells/k1.svg"])
                status, _, headers, closed = exchange(port, b"GET " + target + b" HTTP/1.0\r\n" + host + b"\r\n", timeout=5)
                if status not in (200, 404) or not closed or headers.get("x-content-type-options") != ["nosniff"]:
                    failures.append("%s-http10: status %d, closed %s, headers %r" % (name, status, closed, headers))
                alive(name + "-http10")
            elif kind == 11:
                target = rng.choice([b"/", b"/cells.json", b"/cells/k1.png", b"/cells/k2.pdf", b"/nope", b"/cells/k1.json"])
                get_status, get_body, _, _ = exchange(port, b"GET " + target + b" HTTP/1.1\r\n" + host + b"Connection: close\r\n\r\n")
                status, body, headers, _ = exchange(port, b"HEAD " + target + b" HTTP/1.1\r\n" + host + b"Connection: close\r\n\r\n")
                if status != get_status or body or headers.get("content-length") != [str(len(get_body))]:
                    failures.append("%s-head %s: status %d/%d, body %d bytes, length %r for %d" % (name, target, status, get_status, len(body), headers.get("content-length"), len(get_body)))
                alive(name + "-head")
            elif kind == 12:
                count_pipelined = rng.randrange(2, 6)
                raw = b"".join(b"GET /cells.json HTTP/1.1\r\n" + host + b"\r\n" for _ in range(count_pipelined - 1))
                raw += b"GET /cells.json HTTP/1.1\r\n" + host + b"Connection: close\r\n\r\n"
                _, body, _, closed = exchange(port, raw, timeout=5)
                answered = 1 + body.count(b"HTTP/1.1 200 OK\r\n") if body else 0
                if not closed or answered < count_pipelined:
                    failures.append("%s-pipelined: %d of %d answered, closed %s" % (name, answered, count_pipelined, closed))
                alive(name + "-pipelined")
            elif kind == 13:
                import socket
                stalled = []
                for _ in range(rng.choice([10, 50, 100])):
                    s = socket.create_connection(("127.0.0.1", port), timeout=5)
                    s.sendall(rng.choice([b"GET /cells.json HTTP/1.1\r\nHo", b"GET /", b"G", b"GET / HTTP/1.1\r\n" + host + b"X-Pad: " + b"y" * 5000]))
                    stalled.append(s)
                alive(name + "-stalled")
                for s in stalled:
                    s.close()
            else:
                target = rng.choice([theme, layout])
                if os.path.lexists(target):
                    os.remove(target) if not os.path.isdir(target) or os.path.islink(target) else shutil.rmtree(target)
                what = rng.choice(["missing", "dir", "symlink", "fifo", "huge"])
                if what == "dir":
                    os.mkdir(target)
                elif what == "symlink":
                    os.symlink("/etc/passwd", target)
                elif what == "fifo":
                    os.mkfifo(target)
                elif what == "huge":
                    with open(target, "wb") as f:
                        f.write(b"# " + b"x" * (20 << 20))
                time.sleep(0.15)
                alive(name + "-" + what)
                if os.path.isdir(target) and not os.path.islink(target):
                    shutil.rmtree(target)
                elif os.path.lexists(target):
                    os.remove(target)
                materialise(folder, {os.path.basename(target): good_theme if target == theme else good_layout})
        process.send_signal(signal.SIGTERM)
        try:
            if process.wait(timeout=10) != 0:
                failures.append("serve: SIGTERM ended it with status %d" % process.returncode)
        except subprocess.TimeoutExpired:
            failures.append("serve: still running 10 s after SIGTERM")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        shutil.rmtree(folder, ignore_errors=True)
    return cases, failures


def main():
    args = sys.argv[1:]
    binary = os.path.join(ROOT, ".build/debug/render-keyboard")
    seed, count = 1, 600
    while args:
        a = args.pop(0)
        if a == "--seed":
            seed = int(args.pop(0))
        elif a == "--cases":
            count = int(args.pop(0))
        else:
            binary = os.path.abspath(a)
    cases = Cases(random.Random(seed)).build(count)
    crashes, hangs, strays, messages, slowest = [], [], [], [], (0, "")
    statuses, leaks, drawn = [], [], []
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    peak = (0, "")
    for name, files, arguments, checks in cases:
        folder = tempfile.mkdtemp(prefix="hostile-")
        try:
            materialise(folder, files)
            existing = set(os.listdir(folder))
            reference = None
            if "reference" in checks:
                # The same run with the link left on its first target, the font inside the folder.
                run_case(binary, folder, arguments)
                with open(os.path.join(folder, checks["reference"]), "rb") as f:
                    reference = f.read()
                os.remove(os.path.join(folder, checks["reference"]))
            code, out, err, hung, seconds = run_case(binary, folder, arguments, checks)
            if "status" in checks and not hung and code != checks["status"]:
                statuses.append("%s: status %s, expected %d: %s" % (name, code, checks["status"], err.decode("utf-8", "replace")[-200:]))
            if "secret" in checks and (checks["secret"] in out or checks["secret"] in err):
                leaks.append("%s: printed the file's content" % name)
            if "short_lines" in checks:
                longest = max((len(line) for line in err.decode("utf-8", "replace").splitlines()), default=0)
                if longest > checks["short_lines"]:
                    messages.append("%s: a message line of %d characters" % (name, longest))
            if "clean_stdout" in checks:
                if any((ord(c) < 32 and c not in "\n\r\t") or 0x7F <= ord(c) <= 0x9F for c in out.decode("utf-8", "replace")):
                    messages.append("%s: raw control character on standard output" % name)
            if reference is not None and code == 0:
                with open(os.path.join(folder, checks["reference"]), "rb") as f:
                    if f.read() != reference:
                        drawn.append("%s: drawn with a font other than the one checked" % name)
            usage = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
            if usage > peak[0]:
                peak = (usage, name)
            if seconds > slowest[0]:
                slowest = (seconds, name)
            if hung:
                hangs.append(name)
            elif code is None or code < 0 or code not in (0, 1, 2):
                crashes.append("%s (status %s): %s" % (name, code, err.decode("utf-8", "replace")[-300:]))
            text = err.decode("utf-8", "replace")
            if code in (1, 2):
                for line in text.splitlines():
                    if line and not MESSAGE.match(line):
                        messages.append("%s: %r" % (name, line[:200]))
                        break
            if any(ord(c) < 32 and c not in "\n\r\t" for c in text) or "\x1b" in text:
                messages.append("%s: raw control character in the message" % name)
            logged = text + ("\n" + out.decode("utf-8", "replace") if checks.get("log_stdout") else "")
            for line in logged.split("\n"):
                if line.lstrip().startswith("::") or "##[" in line or "##vso[" in line:
                    messages.append("%s: a line a CI runner reads as a command: %r" % (name, line[:200]))
                    break
            if "not_in_stdout" in checks and checks["not_in_stdout"] in out:
                messages.append("%s: standard output holds %r" % (name, checks["not_in_stdout"]))
            for root, _, names in os.walk(folder):
                for n in names:
                    if re.match(r"^\..+\.[A-Za-z0-9]{6}$", n):
                        strays.append("%s: %s" % (name, os.path.join(root, n)))
            for path, spec in files.items():
                if os.path.basename(path).startswith("keep") and not os.path.lexists(os.path.join(folder, path)):
                    strays.append("%s: removed %s, which it did not write" % (name, path))
                elif os.path.basename(path).startswith("keep") and isinstance(spec, bytes) and not checks.get("ci_script"):
                    with open(os.path.join(folder, path), "rb") as f:
                        if f.read() != spec:
                            strays.append("%s: changed %s, which it did not write" % (name, path))
            if "absent" in checks:
                target, forbidden = checks["absent"]
                if os.path.isfile(os.path.join(folder, target)):
                    with open(os.path.join(folder, target), "rb") as f:
                        if forbidden in f.read():
                            messages.append("%s: %s holds %r" % (name, target, forbidden))
                if isinstance(spec, tuple) and spec[0] in ("chardev", "fifo"):
                    if stat.S_ISREG(os.lstat(os.path.join(folder, path)).st_mode):
                        strays.append("%s: replaced the special file %s with a regular file" % (name, path))
            if code not in (0, None) and "-o" in arguments:
                output = arguments[arguments.index("-o") + 1] if arguments.index("-o") + 1 < len(arguments) else ""
                if output and not output.startswith("/") and output not in existing and os.path.isfile(os.path.join(folder, output)):
                    strays.append("%s: failed but wrote %s" % (name, output))
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    serve_count, serve_failures = serve_cases(binary, random.Random(seed), max(20, count // 10))
    print("hostile inputs: %d cases and %d against a running serve (seed %d)" % (len(cases), serve_count, seed))
    for title, found in [("crashes", crashes), ("hangs", hangs), ("stray files", strays), ("bad messages", messages),
                         ("wrong exit statuses", statuses), ("file contents printed", leaks), ("fonts not as checked", drawn),
                         ("serve", serve_failures)]:
        print("  %s: %d" % (title, len(found)))
        for item in found[:10]:
            print("    " + item)
    print("  largest peak memory: %.1f MiB (%s)" % (peak[0] / 1024, peak[1]))
    print("  slowest case: %.2f s (%s)" % slowest)
    failed = len(crashes) + len(hangs) + len(strays) + len(messages) + len(statuses) + len(leaks) + len(drawn) + len(serve_failures)
    print("%d passed, %d failed" % (len(cases) + serve_count - failed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
