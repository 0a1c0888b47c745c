"""What the live preview's browser checks share: headless Chromium from Debian's packages,
and waiting for a condition in the page."""
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service


def chromium(*arguments):
    """Headless Debian Chromium driven by Debian's chromedriver; `arguments` are added to
    the usual headless ones (e.g. a window size)."""
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", *arguments]:
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait(driver, condition, what, timeout=20):
    """The first true value of the JavaScript `condition` (a function body that returns),
    polled every 50 ms; ends the check with "timed out waiting for WHAT" after `timeout` s."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = driver.execute_script(condition)
        if value:
            return value
        time.sleep(0.05)
    raise SystemExit("timed out waiting for " + what)
