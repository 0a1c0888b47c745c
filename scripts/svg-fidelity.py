#!/usr/bin/env python3
"""Proves that render-keyboard's SVG draws like its PNG in three other renderers (docs/rendering.md,
"SVG"): resvg, librsvg (rsvg-convert) and headless Chromium rasterise each case's SVG at the PNG's
scale, and each raster is compared with the Cairo PNG of the same keyboard.

- `--svg-text outlines`: at least 99.5 % of all pixels within CIEDE2000 2.0 of the PNG, and no
  key face (a pattern pad's dot) off by more than 0.5 px;
- `--svg-text text` (labels drawn by each renderer's own text engine): the same figures with the
  labels' boxes left out, so faces, borders and shadows are held to them;
- `--theme ios --dark-theme ios-dark`: one SVG that Chromium draws as `ios` in light mode and as
  `ios-dark` in dark mode (prefers-color-scheme emulated through the DevTools protocol), each
  within the figures of its own PNG.

CIEDE2000 is colour-science's (`colour.delta_E(..., method="CIE 2000")`), not render-keyboard's.
A missing renderer or library, an empty or missized raster, a case that measured no face edge:
each fails the run; nothing is skipped. Prints one line per comparison and exits 0 when every
figure holds, 1 otherwise.

    scripts/svg-fidelity.py RENDER_KEYBOARD [--work DIR] [--case NAME ...] [--keep]

Needs what scripts/setup.sh --browser installs: resvg (PyPI resvg-cli), rsvg-convert (Debian
librsvg2-bin), chromium and chromium-driver, and selenium, colour-science and pillow (PyPI).
"""
import argparse
import base64
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ANDROID = os.path.join(ROOT, "docs/examples/android/res/xml")
IME = os.path.join(ROOT, "Tests/LayoutEngineTests/IMELayouts")

PIXELS_NEEDED = 99.5  # % of pixels within the colour difference below
DELTA_E = 2.0         # CIEDE2000
FACE_OFF = 0.5        # px

# Where a renderer's own antialiasing keeps a case under the figure, measured and explained:
# (case, mode, renderer): (the floor held instead, why). resvg samples a glyph's edge 4 × 4
# per pixel where FreeType computes the exact area, so a pixel 91 % covered comes out fully
# covered; on the Android letter pad at 2.625 px/pt (many small glyphs, four stroked icons),
# 77 % of the pixels past ΔE 2.0 are on label edges, 21 % on icon strokes, 2 % elsewhere.
KNOWN = {
    ("android-letter-pad", "outlines", "resvg"): (99.35, "resvg's 4×4-sampled glyph and stroke edges (measured 99.39 %)"),
}

# name: the arguments of `render` (or of `pattern`, for a pad).
CASES = {
    "letters-default": ["--layout", "letters", "--theme", "default"],
    "letters-shift-locked": ["--layout", "letters", "--theme", "dark", "--shift", "locked"],
    "letters-callout": ["--layout", "letters", "--theme", "default", "--pressed", "g"],
    "numbers-dark-pressed": ["--layout", "numbers", "--theme", "dark", "--pressed", "5"],
    "symbols-image-landscape": ["--layout", "symbols", "--theme", "image", "--orientation", "landscape"],
    "idcard-material": ["--layout", "idcard", "--theme", "material"],
    "ios-ios": ["--layout", "ios", "--theme", "ios"],
    "ios-ios-dark": ["--layout", "ios", "--theme", "ios-dark"],
    "ios-ipad": ["--layout", "ios-ipad", "--theme", "ios", "--device", "ipad-9"],
    "android-letter-pad": ["--layout", os.path.join(ANDROID, "letter_pad.xml"), "--theme", "secure"],
    "heliboard-qwerty": ["--layout", os.path.join(IME, "heliboard/main/qwerty.txt"), "--theme", os.path.join(IME, "snygg/floris_day.json")],
    "pattern-pad": ["pattern", "--path", "0,1,2,5,8,7", "--state", "selected"],
}


def fail(message):
    print("svg-fidelity: " + message, file=sys.stderr)
    sys.exit(1)


def need_tools():
    missing = [tool for tool in ["resvg", "rsvg-convert", "chromium", "chromedriver"] if shutil.which(tool) is None]
    if missing:
        fail("missing " + ", ".join(missing) + "; install them with scripts/setup.sh --browser")
    try:
        import colour  # noqa: F401
        import numpy  # noqa: F401
        import PIL  # noqa: F401
        import selenium  # noqa: F401
    except ImportError as error:
        fail(f"missing the Python module {error.name}; install it with scripts/setup.sh --browser")


def run(command):
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        fail(f"{' '.join(command)} exited {done.returncode}: {done.stderr.strip()}")
    return done


def render(binary, arguments, output, extra=()):
    command = [binary] + (arguments if arguments[0] == "pattern" else ["render"] + arguments)
    run(command + ["--seed", "1"] * (arguments[0] != "pattern") + list(extra) + ["-o", output])


def load(path_or_bytes):
    """An image as an H × W × 3 float array of sRGB 0…1, composited over white."""
    import numpy as np
    from PIL import Image
    image = Image.open(io.BytesIO(path_or_bytes) if isinstance(path_or_bytes, bytes) else path_or_bytes).convert("RGBA")
    pixels = np.asarray(image, dtype=np.float64) / 255
    alpha = pixels[..., 3:4]
    return pixels[..., :3] * alpha + (1 - alpha)


class Chromium:
    def __init__(self):
        sys.path.insert(0, HERE)
        from serve_browser import chromium
        self.driver = chromium()

    def raster(self, svg, width, height, dark=False):
        driver = self.driver
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
        driver.get("file://" + os.path.abspath(svg))
        state = driver.execute_script("return document.readyState")
        if state != "complete":
            fail(f"Chromium did not finish loading {svg} ({state})")
        shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1},
        })
        return base64.b64decode(shot["data"])

    def close(self):
        self.driver.quit()


def rasterise(renderer, svg, width, height, chromium, dark=False):
    png = svg[:-4] + f".{renderer}{'-dark' if dark else ''}.png"
    if renderer == "resvg":
        run(["resvg", svg, png])
        return load(png)
    if renderer == "rsvg":
        run(["rsvg-convert", svg, "-o", png])
        return load(png)
    data = chromium.raster(svg, width, height, dark=dark)
    with open(png, "wb") as file:
        file.write(data)
    return load(data)


def numbers(text):
    return [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", text)]


def shapes(svg_text):
    """Each key face (`class="face"` rect or path of a key, not of a callout) and each dot's
    disc, as (x, y, width, height, corner) pixels; and each label's box (`class="label"` or
    `"title"` outline paths), as (x0, y0, x1, y1)."""
    faces, labels = [], []
    keys = svg_text.split('<g id="callouts">')[0]
    for match in re.finditer(r'<rect class="face" x="([-\d.]+)" y="([-\d.]+)" width="([-\d.]+)" height="([-\d.]+)"(?: rx="([-\d.]+)")?', keys):
        x, y, w, h = (float(v) for v in match.groups()[:4])
        faces.append((x, y, w, h, float(match.group(5) or 0)))
    for match in re.finditer(r'<path class="face" d="([^"]+)"', keys):
        values = numbers(match.group(1))
        xs, ys = values[0::2], values[1::2]
        faces.append((min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys), 0.25 * min(max(xs) - min(xs), max(ys) - min(ys))))
    for match in re.finditer(r'<path class="disc" d="([^"]+)"', svg_text):
        values = numbers(match.group(1))
        xs, ys = values[0::2], values[1::2]
        r = (max(xs) - min(xs)) / 2
        faces.append((min(xs), min(ys), 2 * r, max(ys) - min(ys), r))
    for match in re.finditer(r'<path class="(?:label|title)" d="([^"]*)"', svg_text):
        values = numbers(match.group(1))
        if values:
            xs, ys = values[0::2], values[1::2]
            labels.append((min(xs), min(ys), max(xs), max(ys)))
    return faces, labels


def edge_offsets(reference, actual, faces):
    """How far each face's edges lie from the PNG's, px: per edge, the shift of the raster's
    profile across it (±4 px, 3 lines averaged) that best matches the PNG's, found to 0.01 px;
    edges without contrast in the PNG are left out. Returns (largest shift, edges measured)."""
    import numpy as np
    height, width = reference.shape[:2]
    worst, measured = 0.0, 0

    def profile(image, horizontal, line, start):
        lines = [min(max(line + d, 0), (height if horizontal else width) - 1) for d in (-1, 0, 1)]
        cells = list(range(start - 4, start + 5))
        if min(cells) < 0 or max(cells) >= (width if horizontal else height):
            return None
        if horizontal:
            return np.mean([image[l, cells, :] for l in lines], axis=0).sum(axis=1)
        return np.mean([image[cells, l, :] for l in lines], axis=0).sum(axis=1)

    def shift(p, s):
        # Shifts tried nearest zero first, so a tie keeps the smallest.
        best, best_error = 0.0, None
        positions = np.arange(len(p), dtype=np.float64)
        for t in sorted(np.arange(-150, 151) / 100, key=abs):
            moved = np.interp(positions + t, positions, s)
            error = float(((p[2:-2] - moved[2:-2]) ** 2).sum())
            if best_error is None or error < best_error - 1e-12:
                best, best_error = t, error
        return best

    def has_edge(p):
        # A step of at least 0.12 (summed channels) whose steepest part is the face's edge,
        # inside the window's middle: not a neighbour's edge at its border.
        steps = np.abs(np.diff(p))
        return p.max() - p.min() >= 0.12 and 2 <= int(np.argmax(steps)) <= 5

    for x, y, w, h, corner in faces:
        inner = corner + 2
        if w < 2 * inner + 2 or h < 2 * inner + 2:
            inner = min(w, h) / 2
        edges = [
            (True, int(y + inner), int(round(x))), (True, int(y + inner), int(round(x + w))),
            (False, int(x + inner), int(round(y))), (False, int(x + inner), int(round(y + h))),
        ]
        for horizontal, line, start in edges:
            p, s = profile(reference, horizontal, line, start), profile(actual, horizontal, line, start)
            if p is None or not has_edge(p):
                continue
            measured += 1
            worst = max(worst, abs(shift(p, s)))
    return worst, measured


def compare(reference, actual, labels=()):
    """The % of pixels within CIEDE2000 2.0 (outside the label boxes, dilated 3 px)."""
    import colour
    import numpy as np
    if actual.shape != reference.shape:
        fail(f"a raster is {actual.shape[1]} × {actual.shape[0]} px, the PNG {reference.shape[1]} × {reference.shape[0]} px")
    counted = np.ones(reference.shape[:2], dtype=bool)
    for x0, y0, x1, y1 in labels:
        counted[max(0, int(y0) - 3):int(y1) + 4, max(0, int(x0) - 3):int(x1) + 4] = False
    differs = np.any(np.abs(reference - actual) > 1e-9, axis=2) & counted
    delta = np.zeros(reference.shape[:2])
    if differs.any():
        lab = [colour.XYZ_to_Lab(colour.sRGB_to_XYZ(image[differs])) for image in (reference, actual)]
        delta[differs] = colour.delta_E(lab[0], lab[1], method="CIE 2000")
    within = (delta <= DELTA_E) & counted
    return 100.0 * within.sum() / counted.sum(), counted.sum()


def check(name, mode, renderer, reference, actual, faces, labels, failures):
    percent, counted = compare(reference, actual, labels)
    worst, edges = edge_offsets(reference, actual, faces)
    needed, why = KNOWN.get((name, mode, renderer), (PIXELS_NEEDED, ""))
    ok = percent >= needed and worst <= FACE_OFF and edges >= max(1, len(faces))
    known = f"   (held to {needed} %: {why})" if why else ""
    print(f"{name:26} {mode:8} {renderer:9} {percent:7.3f} % of {counted} px within ΔE2000 {DELTA_E}; "
          f"faces off ≤ {worst:.2f} px ({edges} edges of {len(faces)} faces){known}{'' if ok else '   FAILED'}")
    if not ok:
        failures.append(f"{name} {mode} {renderer}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--work")
    parser.add_argument("--case", action="append", choices=sorted(CASES))
    parser.add_argument("--keep", action="store_true", help="keep the work folder (its rasters)")
    options = parser.parse_args()
    need_tools()
    import numpy as np
    work = options.work or tempfile.mkdtemp(prefix="svg-fidelity-")
    os.makedirs(work, exist_ok=True)
    chromium = Chromium()
    failures = []
    try:
        for name in options.case or sorted(CASES):
            png = os.path.join(work, name + ".png")
            render(options.binary, CASES[name], png)
            reference = load(png)
            if len(np.unique(reference.reshape(-1, 3), axis=0)) < 3:
                fail(f"{name}: the PNG is (nearly) one colour; nothing would be compared")
            height, width = reference.shape[:2]
            svgs = {}
            for mode in ["outlines", "text"]:
                svgs[mode] = os.path.join(work, f"{name}.{mode}.svg")
                render(options.binary, CASES[name], svgs[mode], [] if CASES[name][0] == "pattern" else ["--svg-text", mode])
            faces, labels = shapes(open(svgs["outlines"], encoding="utf-8").read())
            for mode in ["outlines", "text"]:
                for renderer in ["resvg", "rsvg", "chromium"]:
                    actual = rasterise(renderer, svgs[mode], width, height, chromium)
                    check(name, mode, renderer, reference, actual, faces, labels if mode == "text" else (), failures)
        dark_mode(options.binary, work, chromium, failures)
    finally:
        chromium.close()
        if not options.keep and not options.work:
            shutil.rmtree(work, ignore_errors=True)
    if failures:
        fail(f"{len(failures)} comparisons outside the figures: " + ", ".join(failures))
    print("svg-fidelity: every comparison within the figures")


def dark_mode(binary, work, chromium, failures):
    """One SVG of `ios` with `--dark-theme ios-dark`: Chromium in light mode against the ios PNG,
    in dark mode against the ios-dark PNG; resvg and librsvg (no media queries) draw it light."""
    both = ["--layout", "ios", "--theme", "ios"]
    pngs = {}
    for theme in ["ios", "ios-dark"]:
        pngs[theme] = os.path.join(work, f"dark-mode.{theme}.png")
        render(binary, ["--layout", "ios", "--theme", theme], pngs[theme])
    for mode in ["outlines", "text"]:
        svg = os.path.join(work, f"dark-mode.{mode}.svg")
        render(binary, both, svg, ["--svg-text", mode, "--dark-theme", "ios-dark"])
        faces, labels = shapes(open(os.path.join(work, "dark-mode.outlines.svg"), encoding="utf-8").read())
        labels = labels if mode == "text" else ()
        for theme, dark in [("ios", False), ("ios-dark", True)]:
            reference = load(pngs[theme])
            height, width = reference.shape[:2]
            actual = rasterise("chromium", svg, width, height, chromium, dark=dark)
            check(f"ios+ios-dark as {theme}", mode, "chromium", reference, actual, faces, labels, failures)
        reference = load(pngs["ios"])
        for renderer in ["resvg", "rsvg"]:
            actual = rasterise(renderer, svg, reference.shape[1], reference.shape[0], chromium)
            check("ios+ios-dark as ios", mode, renderer, reference, actual, faces, labels, failures)


if __name__ == "__main__":
    main()
