"""The app away from its computer: a phone that read the home page and a record's page opens them
again while the server is down (the service worker's copies), gets the offline page for one it
never read, writes a new page that waits in the outbox, and sees it made once the server is back.
A browser on a plain-HTTP name that is not this computer (no service worker there) is told what
works offline. One browser profile across the phases, as a phone keeps its storage; run by
WebBrowserTests one phase at a time (the test stops and starts the server between them).

Arguments: PHASE BASE PROFILE DEVICE [PAIRING_URL] (DEVICE: phone, 390x844 with touch, or desktop, 1280x900)
  online   pair, read the home page and a record's page while the service worker takes over
  offline  (server down) the kept pages, the offline page, a new page kept in the outbox
  back     (server up again) the outbox sent: the page is on the home page
  plain    (PAIRING_URL on a name that is not this computer) the note on what works offline
"""
import os
import sys
import time

from checks import check, finish, step_failed
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

phase, base, profile, device = sys.argv[1:5]
pair = sys.argv[5] if len(sys.argv) > 5 else None

options = webdriver.ChromeOptions()
options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--lang=zh-TW",
                 "--window-size=390,844" if device == "phone" else "--window-size=1280,900", "--no-first-run", "--disable-extensions", "--user-data-dir=" + profile,
                 # folio.test is this computer too, but a browser does not know it: plain HTTP there is not secure.
                 "--host-resolver-rules=MAP folio.test 127.0.0.1"]:
    options.add_argument(argument)
options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
if device == "phone":
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 3.0, "touch": True}})
driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)
driver.set_script_timeout(20)
wait = WebDriverWait(driver, 20)

# Words the server refuses to save without --allow-secret: they look like an API key.
REFUSED = "我的金鑰 sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcd"

KEPT = """
var done = arguments[arguments.length - 1];
caches.open("folio-pages").then(function (cache) { return cache.keys(); })
  .then(function (keys) { done(keys.map(function (k) { return new URL(k.url).pathname; })); }, function () { done([]); });
"""
OUTBOX = """
var done = arguments[arguments.length - 1];
var request = indexedDB.open("folio-outbox", 1);
request.onupgradeneeded = function () { request.result.createObjectStore("pages", { autoIncrement: true }); };
request.onsuccess = function () {
  var count = request.result.transaction("pages").objectStore("pages").count();
  count.onsuccess = function () { done(count.result); };
  count.onerror = function () { done(-1); };
};
request.onerror = function () { done(-1); };
"""

try:
    if phase == "online":
        driver.get(pair)
        wait.until(lambda d: d.find_elements(By.ID, "compose"))
        ready = driver.execute_async_script(
            "var done = arguments[arguments.length - 1];"
            "navigator.serviceWorker.ready.then(function () { done(true); }, function () { done(false); });")
        # Pages read once the worker is in charge are kept: the home page again, and a record's page.
        driver.get(base + "/")
        wait.until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller;"))
        driver.get(base + "/")
        record = driver.execute_script("return document.querySelector('#kind-diary li.rec a').getAttribute('href');")
        driver.get(base + "/" + record)
        wait.until(lambda d: d.find_elements(By.TAG_NAME, "h1"))
        time.sleep(0.5)  # the worker writes its copy as the page arrives
        kept = driver.execute_async_script(KEPT)
        check("online: the worker keeps the pages read", ready and "/" in kept and "/" + record in kept, repr(kept))
        with open(os.path.join(profile, "record.txt"), "w") as out:
            out.write(record)
    elif phase == "offline":
        record = open(os.path.join(profile, "record.txt")).read()
        driver.get(base + "/")
        wait.until(lambda d: d.find_elements(By.ID, "compose"))
        check("offline: the home page opens", "散步" in driver.find_element(By.ID, "kind-diary").text,
              driver.find_element(By.TAG_NAME, "body").text[:200])
        driver.get(base + "/" + record)
        check("offline: a page read before opens", "河邊散步" in driver.find_element(By.TAG_NAME, "h1").text,
              driver.find_element(By.TAG_NAME, "body").text[:200])
        driver.get(base + "/list?tag=never-read")
        check("offline: a page never read says it is offline", "離線" in driver.find_element(By.TAG_NAME, "h1").text,
              driver.find_element(By.TAG_NAME, "body").text[:200])
        driver.get(base + "/")
        wait.until(lambda d: d.find_elements(By.ID, "compose"))
        driver.find_element(By.CSS_SELECTOR, "details.compose > summary").click()
        driver.find_element(By.CSS_SELECTOR, "form.new-page textarea[name=text]").send_keys("離線時寫的一頁")
        driver.find_element(By.CSS_SELECTOR, "form.new-page button[type=submit]").click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "form.new-page .kept"))
        said = driver.find_element(By.CSS_SELECTOR, "form.new-page .kept").text
        left = driver.find_element(By.CSS_SELECTOR, "form.new-page textarea[name=text]").get_attribute("value")
        waiting = driver.execute_async_script(OUTBOX)
        check("offline: a new page waits in the outbox", "存在手機上" in said and left == "" and waiting == 1,
              repr((said, left, waiting)))
        # A second page the server will refuse (a key in its words): it too waits, and is not lost.
        driver.get(base + "/")
        wait.until(lambda d: d.find_elements(By.ID, "compose"))
        driver.find_element(By.CSS_SELECTOR, "details.compose > summary").click()
        driver.find_element(By.CSS_SELECTOR, "form.new-page textarea[name=text]").send_keys(REFUSED)
        driver.find_element(By.CSS_SELECTOR, "form.new-page button[type=submit]").click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "form.new-page .kept"))
        check("offline: two pages wait", driver.execute_async_script(OUTBOX) == 2, "")
    elif phase == "back":
        driver.get(base + "/")
        wait.until(lambda d: "離線時寫的一頁" in d.find_element(By.ID, "kind-diary").text)
        waiting = driver.execute_async_script(OUTBOX)
        check("back: the outbox sent the page", waiting == 0, repr(waiting))
        driver.get(base + "/")
        time.sleep(1)
        titles = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#kind-diary .title")]
        check("back: one page, not two", titles.count("離線時寫的一頁") == 1, repr(titles))
        # The page the server refused is back in the sheet, open, with its words.
        given = driver.execute_script(
            "return [document.getElementById('compose').open, document.querySelector('form.new-page textarea[name=text]').value];")
        check("back: a refused page returns to the sheet", given == [True, REFUSED], repr(given))
    elif phase == "plain":
        driver.get(pair)
        wait.until(lambda d: d.find_elements(By.ID, "compose"))
        driver.find_element(By.CSS_SELECTOR, "details.compose > summary").click()
        note = driver.execute_script(
            "var n = document.querySelector('form.new-page .offline-note'); return [n.hidden, n.textContent, window.isSecureContext];")
        check("plain HTTP elsewhere: the page says what works offline", note[0] is False and "HTTPS" in note[1] and note[2] is False,
              repr(note))
except Exception as error:  # noqa: BLE001 - any step that cannot run is a failure with its reason
    step_failed(error)
finally:
    driver.quit()
finish()
