#!/usr/bin/env python3
"""Checks that the live preview page reconnects by itself to a restarted server.

Usage: serve-reconnect-check.py RENDER_KEYBOARD THEME_FILE

Starts `RENDER_KEYBOARD serve --themes THEME_FILE` on a free port, loads the page in headless
Chromium, stops the server with SIGTERM (it must exit 0), starts it again on the same port,
saves a change to THEME_FILE and waits for the page to show the new image, without a reload.
Prints "ok" and exits 0, or prints what went wrong and exits 1.
"""
import os
import signal
import socket
import subprocess
import sys
import time

from serve_browser import chromium, wait


def start(binary, theme, port):
    process = subprocess.Popen([binary, "serve", "--themes", theme, "--port", str(port)], cwd=os.path.dirname(theme),
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    line = process.stdout.readline().decode()
    if line != "Serving http://127.0.0.1:%d/\n" % port:
        process.kill()
        raise SystemExit("the server printed %r" % line)
    return process


def main():
    binary, theme = sys.argv[1:3]
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = start(binary, theme, port)
    driver = chromium()
    try:
        driver.get("http://127.0.0.1:%d/" % port)
        first = "(document.querySelector('article[data-id=k1] img') || {dataset: {}}).dataset.version"
        version = wait(driver, "return " + first, "the first image")
        wait(driver, "return document.getElementById('status').className === 'live'", "the event stream")
        driver.execute_script("window.stillTheSamePage = true")
        server.send_signal(signal.SIGTERM)
        if server.wait(timeout=10) != 0:
            raise SystemExit("SIGTERM ended the server with status %d" % server.returncode)
        wait(driver, "return document.getElementById('status').className === 'away'", "the page to see the server go")
        server = start(binary, theme, port)
        wait(driver, "return document.getElementById('status').className === 'live'", "the page to reconnect")
        with open(theme, "w") as f:
            f.write('extends: default\nkeys:\n  content:\n    normal: {fill: "#FF8800"}\n')
        wait(driver, "const v = %s; return v !== '%s' && v" % (first, version), "the image saved after the restart")
        if not driver.execute_script("return window.stillTheSamePage === true"):
            raise SystemExit("the page was reloaded")
        print("ok")
    finally:
        driver.quit()
        if server.poll() is None:
            server.send_signal(signal.SIGTERM)
            server.wait()


if __name__ == "__main__":
    main()
