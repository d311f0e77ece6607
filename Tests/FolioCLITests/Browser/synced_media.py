"""Files that arrived in media/ by sync, in a real browser: headless Chromium through chromedriver
(Selenium), against a running `folio serve`. A record shows a synced SVG as its photo and lists a
synced script; each would set the title and post an idea with the page's form token. Run by
WebBrowserTests, which then checks the vault has no new commit; it prints one line per check
(`ok NAME` or `FAIL NAME: why`).

Arguments: PAIRING_URL SVG_PATH SCRIPT_PATH PHOTO_PATH DOWNLOAD_FOLDER (vault paths under media/)
"""
import os
import sys
import time

from checks import check, finish
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

pair, svg, script, photo, downloads = sys.argv[1:6]
base = pair.split("/pair")[0]


def untouched(d):
    """Nothing a synced script does has happened in the page now shown."""
    return d.title != "pwned" and d.execute_script("return window.folioPwned === undefined")


def open_quietly(url):
    """Opens `url`; a file the server sends as a download ends the navigation without a page."""
    try:
        driver.get(url)
    except WebDriverException:
        pass


options = webdriver.ChromeOptions()
options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900",
                 "--no-first-run", "--disable-extensions"]:
    options.add_argument(argument)
options.add_experimental_option("prefs", {"download.default_directory": downloads, "download.prompt_for_download": False})
driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)
wait = WebDriverWait(driver, 30)
try:
    driver.get(pair)
    wait.until(lambda d: d.current_url.rstrip("/") == base)

    # The record whose photo is the synced SVG: its page, then the photo tapped.
    driver.get(base + "/")
    wait.until(lambda d: d.find_elements(By.PARTIAL_LINK_TEXT, "Synced drawing"))[0].click()
    wait.until(lambda d: "/records/" in d.current_url)
    # The page shows no SVG as an image (it is not a photo type); a link to it, when there is one, is tapped.
    check("the record shows its synced SVG as no image", not driver.find_elements(By.CSS_SELECTOR, "img[src*='%s']" % svg),
          driver.page_source[:800])
    links = [each for each in driver.find_elements(By.CSS_SELECTOR, "a[href*='/vault/media/']")
             if svg in (each.get_attribute("href") or "")]
    if links:
        links[0].click()
        time.sleep(1.5)  # long enough for a script to have run and posted
    check("tapping the SVG photo runs nothing", untouched(driver), driver.title)

    # Each synced file opened straight.
    for name, path in [("SVG", svg), ("script", script)]:
        driver.get(base + "/")
        open_quietly(base + "/vault/" + path)
        time.sleep(1.5)
        check("the synced %s opened straight runs nothing" % name, untouched(driver), driver.title)

    # A page that asks for the synced script (as injected markup would): the policy and its type refuse it.
    driver.get(base + "/")
    driver.execute_script(
        "var s = document.createElement('script'); s.src = '/vault/' + arguments[0]; document.head.appendChild(s);", script)
    time.sleep(1.5)
    check("the synced script never loads into a page", untouched(driver), driver.title)

    # A record's real photo still shows, inline and on its own.
    open_quietly(base + "/vault/" + photo)
    shown = driver.execute_script("return document.images.length == 1 && document.images[0].naturalWidth > 0")
    check("a record's photo opened straight shows", shown, driver.page_source[:300])
except Exception as error:  # a step that could not run fails the run, with what it was
    check("browser run", False, repr(error))
finally:
    driver.quit()
finish()
