#!/usr/bin/env python3
"""Checks that a fresh browser shows every cell of the live preview on its first load.

Usage: serve-first-load-check.py URL LOADS

Loads the page LOADS times, each time in a new headless Chromium with a profile of its own
(nothing cached), and waits until every cell that /cells.json lists has a card whose image
has loaded and shows the cell's current version; the page itself must have fetched
/cells.json once. Prints "ok" and exits 0, or says which
load left which cells blank and exits 1.
"""
import json
import shutil
import sys
import tempfile
import urllib.request

from serve_browser import chromium, wait

# Every image of a grid of any size must show within this many seconds of the page opening.
SECONDS = 15

CHECK = """
const cells = %s;
const blank = [];
for (const cell of cells) {
  const card = document.querySelector('article[data-id="' + cell.id + '"]');
  const img = card && card.querySelector('img');
  if (!img || !img.complete || img.naturalWidth === 0 || img.dataset.version !== cell.image.split('v=')[1]) blank.push(cell.id);
}
return blank;
"""


def main():
    url, loads = sys.argv[1], int(sys.argv[2])
    cells = json.load(urllib.request.urlopen(url + "cells.json"))["cells"]
    for load in range(1, loads + 1):
        profile = tempfile.mkdtemp(prefix="serve-first-load-")
        driver = chromium("--window-size=1440,900", "--user-data-dir=" + profile)
        try:
            driver.get(url)
            try:
                wait(driver, "return (function () {" + CHECK % json.dumps(cells) + "})().length === 0",
                     "every image", timeout=SECONDS)
            except SystemExit:
                blank = driver.execute_script(CHECK % json.dumps(cells))
                raise SystemExit("load %d of %d: %d of %d cells blank after %d s: %s"
                                 % (load, loads, len(blank), len(cells), SECONDS, ", ".join(blank)))
            fetched = driver.execute_script("return performance.getEntriesByType('resource')"
                                            ".filter(e => e.name.endsWith('/cells.json')).length")
            if fetched != 1:
                raise SystemExit("load %d of %d: /cells.json was fetched %d times" % (load, loads, fetched))
        finally:
            driver.quit()
            shutil.rmtree(profile, ignore_errors=True)
    print("ok")


if __name__ == "__main__":
    main()
