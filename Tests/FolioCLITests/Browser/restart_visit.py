"""A phone paired once stays paired when the home computer restarts folio serve: the same browser
profile (its cookie kept as a phone keeps it) visits before and after a restart, on the same
address. Run twice by WebBrowserTests: `first` pairs through the link and adds an idea; `again`
(a new server, no link) opens the home page and adds another idea. One line per check.

Arguments: PHASE BASE_OR_PAIRING_URL PROFILE_FOLDER DEVICE (phone, 390x844 with touch, or desktop, 1280x900)
"""
import os
import sys

from checks import check, finish, step_failed
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

phase, address, profile, device = sys.argv[1:5]

options = webdriver.ChromeOptions()
options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--lang=zh-TW",
                 "--window-size=390,844" if device == "phone" else "--window-size=1280,900", "--no-first-run", "--disable-extensions", "--user-data-dir=" + profile]:
    options.add_argument(argument)
if device == "phone":
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 3.0, "touch": True}})
driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)
wait = WebDriverWait(driver, 20)
try:
    driver.get(address)
    wait.until(lambda d: d.find_elements(By.ID, "compose") or d.find_elements(By.CSS_SELECTOR, "article.notice"))
    check(phase + ": the journal, not a request to pair", bool(driver.find_elements(By.ID, "compose")),
          driver.find_element(By.TAG_NAME, "body").text[:200])
    title = "重開之前" if phase == "first" else "重開之後"
    driver.find_element(By.CSS_SELECTOR, "form[action='/ideas'] input[name=title]").send_keys(title)
    driver.find_element(By.CSS_SELECTOR, "form[action='/ideas'] button").click()
    wait.until(lambda d: "/records/" in d.current_url)
    heading = driver.find_element(By.TAG_NAME, "h1").text
    check(phase + ": a page written", title in heading, heading)
except Exception as error:  # noqa: BLE001 - any step that cannot run is a failure with its reason
    step_failed(error)
finally:
    driver.quit()
finish()
