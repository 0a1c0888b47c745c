#!/usr/bin/env python3
"""Draws the comparison images of docs/ios-keyboard.md: an iOS 14 screenshot (docs/images/ios, MIT, see the
LICENSE.md there) on the left, and render-keyboard's built-in iOS keyboard on the same device
on the right, cropped to the screenshot's height with the first rows' tops aligned.

    scripts/ios-comparison-images.py [BINARY]
"""

import os
import struct
import subprocess
import sys
import tempfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDER = os.path.join(ROOT, "docs/images/ios")
# (screenshot, output, render arguments)
IMAGES = [
    ("iPhone12_en_alphabetic_portrait.png", "compare-iphone-14.png", ["--layout", "ios", "--theme", "ios", "--device", "iphone-14", "--shift", "on"]),
    ("iPad_en_alphabetic_portrait.png", "compare-ipad-6.png", ["--layout", "ios-ipad", "--theme", "ios", "--device", "ipad-6"]),
]
GAP = 24


def read_png(path):
    """Width, height and rows of RGB bytes of an 8-bit, non-interlaced RGB, RGBA or palette PNG."""
    data = open(path, "rb").read()
    pos, idat, header, palette = 8, b"", None, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"PLTE":
            palette = body
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 3, 6) and interlace == 0, path
    channels = {2: 3, 3: 1, 6: 4}[colour]
    raw, stride, rows, previous, at = zlib.decompress(idat), width * channels, [], bytearray(width * channels), 0
    for _ in range(height):
        kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1: line[i] = (line[i] + a) & 255
            elif kind == 2: line[i] = (line[i] + b) & 255
            elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        previous = line
        if colour == 3:
            rows.append(b"".join(palette[3 * v:3 * v + 3] for v in line))
        else:
            rows.append(bytes(line) if channels == 3 else bytes(v for i, v in enumerate(line) if i % 4 != 3))
    return width, height, rows


def write_png(path, width, rows):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    raw = b"".join(b"\0" + row for row in rows)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, len(rows), 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    open(path, "wb").write(png)


def first_row_top(width, rows):
    """The first pixel row where key faces (white, or the system grey) cover 40 % of the width."""
    for y, row in enumerate(rows):
        faces = sum(1 for x in range(width) if (lambda g: g >= 238 or 165 <= g <= 198)(sum(row[3 * x:3 * x + 3]) // 3))
        if faces * 10 > width * 4:
            return y
    return 0


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug/render-keyboard")
    for screenshot, output, arguments in IMAGES:
        width, height, shot = read_png(os.path.join(FOLDER, screenshot))
        with tempfile.TemporaryDirectory() as folder:
            rendered = os.path.join(folder, "render.png")
            subprocess.run([binary, "render"] + arguments + ["-o", rendered], check=True)
            render_width, _, render = read_png(rendered)
        assert render_width == width, (render_width, width)
        top = first_row_top(width, render) - first_row_top(width, shot)
        crop = render[top:top + height]
        white = b"\xff" * (3 * GAP)
        write_png(os.path.join(FOLDER, output), 2 * width + GAP, [a + white + b for a, b in zip(shot, crop)])
        print("wrote", os.path.relpath(os.path.join(FOLDER, output), ROOT))


if __name__ == "__main__":
    main()
