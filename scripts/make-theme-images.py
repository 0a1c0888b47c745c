#!/usr/bin/env python3
"""Draws the key faces of the built-in `image` theme (themes/image/*.png).

Each face is a rounded rectangle with a vertical gradient, a light top edge and a darker
bottom edge, at 3x (hence the @3x names); the theme stretches them with 9-slice cap insets.
Run it again after changing a colour here; the PNGs it writes are committed.
Pure standard library, so the output is the same on every machine.
"""
import os
import struct
import zlib

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "themes", "image")
SCALE = 3
SIZE_PT = 24          # the face is 24 x 24 pt ...
RADIUS_PT = 7         # ... with 7 pt corners; the theme's capInsets are 8 pt
SAMPLES = 4           # supersampling per axis for smooth edges


def png(path, width, height, pixels):
    """Writes RGBA rows (a list of bytearrays) as a PNG."""
    raw = b"".join(b"\x00" + bytes(row) for row in pixels)
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    data = (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))
    with open(path, "wb") as f:
        f.write(data)


def hex_rgb(text):
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


def mix(a, b, t):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def inside(x, y, w, h, r):
    """Whether point (x, y) is inside the rounded rectangle [0, w] x [0, h] with radius r."""
    cx = min(max(x, r), w - r)
    cy = min(max(y, r), h - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def face(name, top, bottom, edge):
    n = SIZE_PT * SCALE
    r = RADIUS_PT * SCALE
    top, bottom, edge = hex_rgb(top), hex_rgb(bottom), hex_rgb(edge)
    highlight = mix(top, (255, 255, 255), 0.6)
    rows = []
    for py in range(n):
        row = bytearray()
        for px in range(n):
            covered = 0
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    if inside(px + (sx + 0.5) / SAMPLES, py + (sy + 0.5) / SAMPLES, n, n, r):
                        covered += 1
            alpha = round(255 * covered / SAMPLES ** 2)
            t = py / (n - 1)
            colour = mix(top, bottom, t)
            if py >= n - SCALE:                 # 1 pt darker bottom edge
                colour = edge
            elif py < SCALE // 2 + 1:           # thin light top edge
                colour = highlight
            row += bytes(colour) + bytes([alpha])
        rows.append(row)
    png(os.path.join(OUT, name + "@3x.png"), n, n, rows)


def background(name, top, bottom):
    w, h = 4 * SCALE, 96 * SCALE
    top, bottom = hex_rgb(top), hex_rgb(bottom)
    rows = [bytearray(bytes(mix(top, bottom, y / (h - 1))) + b"\xff") * w for y in range(h)]
    png(os.path.join(OUT, name + "@3x.png"), w, h, rows)


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    face("content", "#FFFFFF", "#ECEDF1", "#9DA1A9")
    face("content-pressed", "#C9CCD3", "#B4B8C0", "#8D9199")
    face("function", "#B9BEC8", "#A4AAB5", "#80858F")
    face("function-pressed", "#FFFFFF", "#ECEDF1", "#9DA1A9")
    face("enter", "#3D9BFF", "#0A6FE0", "#0550A8")
    face("enter-pressed", "#0A6FE0", "#0558B8", "#04438C")
    background("background", "#DADCE2", "#C4C7CF")
