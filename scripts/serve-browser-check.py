#!/usr/bin/env python3
"""Drives headless Chromium through the live preview page of a running `render-keyboard serve`.

Usage: serve-browser-check.py URL THEME_FILE EXPECTED_ERROR_FILE [--screenshot PNG]

Loads the page, then edits THEME_FILE (the theme of the first cell) three times and checks,
without any reload of the page, that the first cell's image is swapped for a new one, that a
broken save shows the error text given in EXPECTED_ERROR_FILE over the last good image, and
that a fix clears it. Prints "ok" and exits 0, or prints what went wrong and exits 1.
With --screenshot, leaves one cell broken, points at a key and saves a screenshot.
"""
import functools
import sys
import time

import serve_browser
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from serve_browser import chromium

# The page must follow a save within 15 s.
wait = functools.partial(serve_browser.wait, timeout=15)

GOOD = 'extends: default\nkeys:\n  content:\n    normal: {fill: "%s"}\n'
BROKEN = 'extends: default\nkeys:\n  content:\n    normal: {fill: "#GGG"}\n'


def save(path, text):
    with open(path, "w") as f:
        f.write(text)


def main():
    url, theme, expected_file = sys.argv[1:4]
    screenshot = sys.argv[sys.argv.index("--screenshot") + 1] if "--screenshot" in sys.argv else None
    expected = open(expected_file).read()
    driver = chromium("--window-size=1440,900", "--hide-scrollbars")
    try:
        driver.get(url)
        first = "document.querySelector('article[data-id=k1]')"
        version = wait(driver, f"const c = {first}; return c && c.querySelector('img').dataset.version", "the first image")
        wait(driver, "return document.getElementById('status').className === 'live'", "the event stream")
        # A marker that a reload would wipe out.
        driver.execute_script("window.stillTheSamePage = true; window.scrollTo(0, 0)")

        save(theme, GOOD % "#FFB000")
        changed = wait(driver, f"const v = {first}.querySelector('img').dataset.version; return v !== '{version}' && v",
                       "the image to change after a save")

        save(theme, BROKEN)
        wait(driver, f"return {first}.dataset.error === 'yes'", "the error to appear")
        shown = driver.execute_script(f"return {first}.querySelector('pre.error').textContent")
        if shown != expected.rstrip("\n"):
            raise SystemExit(f"the error shown is {shown!r}, not {expected!r}")
        if driver.execute_script(f"return {first}.querySelector('img').dataset.version") != changed:
            raise SystemExit("the last good image was not kept under the error")

        save(theme, GOOD % "#30C060")
        wait(driver, f"return {first}.dataset.error === 'no' && {first}.querySelector('pre.error').hidden", "the error to clear")
        wait(driver, f"const v = {first}.querySelector('img').dataset.version; return v !== '{changed}' && v",
             "the fixed image")
        if not driver.execute_script("return window.stillTheSamePage === true"):
            raise SystemExit("the page was reloaded")

        # Pointing at a key shows its frames entry.
        image = driver.find_element(By.CSS_SELECTOR, "article[data-id=k1] img")
        ActionChains(driver).move_to_element_with_offset(image, -image.size["width"] // 2 + 25, -image.size["height"] // 2 + 40).perform()
        tip = wait(driver, "const t = document.getElementById('tip'); return t.style.display === 'block' && t.textContent", "the key's frames entry")
        if "label" not in tip or "frame x" not in tip or " pt" not in tip:
            raise SystemExit("the frames entry reads " + repr(tip))

        if screenshot:
            save(theme, BROKEN)
            wait(driver, f"return {first}.dataset.error === 'yes'", "the error to appear")
            wait(driver, "return [...document.querySelectorAll('article img')].every(i => i.naturalWidth > 0)", "every image")
            second = driver.find_element(By.CSS_SELECTOR, "article[data-id=k2] img")
            ActionChains(driver).move_to_element_with_offset(second, -second.size["width"] // 2 + 120, -second.size["height"] // 2 + 70).perform()
            time.sleep(0.3)
            driver.save_screenshot(screenshot)
        print("ok")
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
