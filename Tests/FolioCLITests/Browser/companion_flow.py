"""The companion diary in a real browser: headless Chromium through chromedriver (Selenium), at
phone width, against a running `folio serve`. Run by WebBrowserTests, which starts the server and
the loopback AI server; it prints one line per check (`ok NAME` or `FAIL NAME: why`) and saves
screenshots for a person to look at.

Arguments: PAIRING_URL PHOTO VOICE_NOTE SCREENSHOT_FOLDER phone|desktop
"""
import os
import re
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

from checks import check, finish, step_failed
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ready
from selenium.webdriver.support.ui import WebDriverWait

pair, photo, voice, shots, device = sys.argv[1:6]
width, height = (390, 844) if device == "phone" else (1280, 900)
base = pair.split("/pair")[0]


class PatientWait(WebDriverWait):
    """A wait that looks again while the page is still being replaced under it: chromedriver then
    calls an element stale, finds none yet, or, mid-navigation, says it "does not belong to the
    document" (steps failed on that in CI, a click and a read right after a wait that saw the
    new page)."""

    def until(self, method, message=""):
        def patient(d):
            try:
                return method(d)
            except (StaleElementReferenceException, NoSuchElementException):
                return False
            except WebDriverException as error:
                if "does not belong to the document" in str(error):
                    return False
                raise

        return super().until(patient, message)


def read(look):
    """What look(driver) returns (a text, a value, or a click or keys done), once the page holds
    still enough for it (PatientWait)."""
    return wait.until(lambda d: [look(d)])[0]


def fill(box, text):
    """A text box emptied, then typed into."""
    box.clear()
    box.send_keys(text)


def shot(name):
    driver.save_screenshot(os.path.join(shots, name + ".png"))


options = webdriver.ChromeOptions()
options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--lang=zh-TW",
                 "--window-size=%d,%d" % (width, height), "--no-first-run", "--disable-extensions"]:
    options.add_argument(argument)
if device == "phone":
    # A phone: its width, its touch screen, its user agent.
    options.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": width, "height": height, "pixelRatio": 3.0, "touch": True},
        "userAgent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
    })
driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)
# A page the app's script reloads may replace an element while a wait looks at it: look again.
wait = PatientWait(driver, 30)
try:
    # Pairing: the link from the terminal, then the home page.
    driver.get(pair)
    wait.until(lambda d: d.current_url.rstrip("/") == base)
    check("paired and home", read(lambda d: d.find_elements(By.CSS_SELECTOR, "form.new-page")) != [])
    check("page width", driver.execute_script("return window.innerWidth") == width,
          repr(driver.execute_script("return window.innerWidth")))
    shot("1-home")

    # A new page from the photo and a few words: the "＋" opens its sheet.
    read(lambda d: d.find_element(By.CSS_SELECTOR, "details.compose > summary").click())
    read(lambda d: d.find_element(By.CSS_SELECTOR, "form.new-page input[type=file]").send_keys(photo))
    check("photo preview", len(read(lambda d: d.find_elements(By.CSS_SELECTOR, "form.new-page .preview"))) == 1)
    read(lambda d: d.find_element(By.CSS_SELECTOR, "form.new-page textarea[name=text]").send_keys("河邊散步，看到白鷺鷥"))
    read(lambda d: d.find_element(By.CSS_SELECTOR, "form.new-page input[name=voice]").send_keys(voice))
    read(lambda d: d.find_element(By.CSS_SELECTOR, "form.new-page button[type=submit]").click())
    wait.until(lambda d: "/records/" in d.current_url)
    page = driver.current_url.split("#")[0]
    check("page made", "/records/" in page)
    shot("2-new-page")

    # The greeting, after the companion looked at the photo.
    read(lambda d: d.find_element(By.CSS_SELECTOR, "form[action='/greet'] button").click())
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "form[action='/chat'] textarea"))
    conversation, body = read(lambda d: (d.find_element(By.CSS_SELECTOR, "details.conversation").text,
                                         d.find_element(By.TAG_NAME, "body").text))
    check("greeting shown", "這張照片" in conversation, body[:400])

    # Two chat turns; each reply streams in, then the page shows it saved.
    for turn, (message, reply) in enumerate([("白鷺鷥站在水裡", "好美的畫面"), ("風有點大", "記得多穿一點")], start=1):
        read(lambda d: d.find_element(By.CSS_SELECTOR, "form[action='/chat'] textarea[name=message]").send_keys(message))
        read(lambda d: d.find_element(By.CSS_SELECTOR, "form[action='/chat'] button[type=submit]").click())
        wait.until(lambda d: reply in d.find_element(By.CSS_SELECTOR, "details.conversation").text)
        wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "form[action='/chat'] textarea").get_attribute("value") == "")
        check("chat turn %d" % turn, message in read(lambda d: d.find_element(By.CSS_SELECTOR, "details.conversation").text))
    shot("3-chat")

    # Done: the talk becomes the page, with its tags.
    # The first summary fails: the page (not a "not saved" page) says why, with a retry button.
    read(lambda d: d.find_element(By.CSS_SELECTOR, "form[action='/finish'] button").click())
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".step-failed form[action='/retry'] button"))
    failed = read(lambda d: d.find_element(By.CSS_SELECTOR, ".step-failed").text)
    check("summary failure shown with a retry", "沒能整理成日記" in failed and "folio summarize" not in failed
          and "/records/" in driver.current_url, failed)
    read(lambda d: d.find_element(By.CSS_SELECTOR, ".step-failed form[action='/retry'] button").click())
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "ul.tags a"))
    check("failure gone after the retry", read(lambda d: d.find_elements(By.CSS_SELECTOR, ".step-failed")) == [])
    tags = read(lambda d: [a.text for a in d.find_elements(By.CSS_SELECTOR, "ul.tags a")])
    check("tags after done", "白鷺鷥" in tags, repr(tags))
    check("page in the writer's voice", "今天在河邊散步" in read(lambda d: d.find_element(By.CSS_SELECTOR, "article").text))
    shot("4-done")

    # Home: the page is in its tag's tile (the server's list of the tag, which says which tag is
    # chosen, in view), and the tile's search box finds it within the tag.
    driver.get(base + "/")
    read(lambda d: d.find_element(By.CSS_SELECTOR, "a.tile[data-tag='白鷺鷥']").click())
    wait.until(lambda d: "/list?tag=" in d.current_url)
    visible = read(lambda d: [li.text for li in d.find_elements(By.CSS_SELECTOR, "li.rec") if li.is_displayed()])
    check("tile shows the page", len(visible) >= 1 and all("河邊散步" in text or "白鷺鷥" in text for text in visible), repr(visible))
    in_view = read(lambda d: d.execute_script(
        "var r = arguments[0].getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth"
        " && arguments[0].textContent.indexOf('白鷺鷥') >= 0;",
        d.find_element(By.ID, "chosen")))
    check("chosen tile in view", in_view)
    search = read(lambda d: d.find_element(By.CSS_SELECTOR, "form.search-form input[name=q]"))
    search.send_keys("河邊")
    search.submit()
    wait.until(lambda d: "/search?" in d.current_url)
    visible = read(lambda d: [li.text for li in d.find_elements(By.CSS_SELECTOR, "li.rec") if li.is_displayed()])
    check("search in the tile finds it", len(visible) == 1 and "tag=" in driver.current_url, repr(visible) + " " + driver.current_url)
    shot("5-tile-and-search")

    # Ideas: add, tick off. The 8 ball: ask, the answer shown.
    driver.get(base + "/")
    read(lambda d: d.find_element(By.CSS_SELECTOR, "form[action='/ideas'] input[name=title]").send_keys("買新雨傘"))
    read(lambda d: d.find_element(By.CSS_SELECTOR, "form[action='/ideas'] button").click())
    wait.until(lambda d: "買新雨傘" in d.find_element(By.TAG_NAME, "h1").text)
    read(lambda d: d.find_element(By.CSS_SELECTOR, "form[action='/done'] button").click())
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "form[action='/done'] input[name=done][value=false]"))
    check("idea ticked off", True)
    driver.get(base + "/")
    read(lambda d: d.find_element(By.CSS_SELECTOR, "form[action='/ask'] input[name=question]").send_keys("明天會下雨嗎？"))
    read(lambda d: d.find_element(By.CSS_SELECTOR, "form[action='/ask'] button").click())
    wait.until(lambda d: "/records/" in d.current_url)
    article = read(lambda d: d.find_element(By.CSS_SELECTOR, "article").text)
    check("8 ball answer shown", "明天會下雨嗎？" in article and "答案" in article, article[:300])
    shot("6-eight-ball")

    # A dropped connection while sending a new page: the page (its words and photo) waits in the
    # phone's outbox and the sheet is empty; when the network is back the outbox sends it, and
    # exactly one page is made.
    driver.get(base + "/")
    read(lambda d: d.find_element(By.CSS_SELECTOR, "details.compose > summary").click())
    read(lambda d: d.find_element(By.CSS_SELECTOR, "form.new-page input[type=file]").send_keys(photo))
    read(lambda d: d.find_element(By.CSS_SELECTOR, "form.new-page textarea[name=text]").send_keys("斷線時寫的"))
    driver.set_network_conditions(offline=True, latency=0, download_throughput=0, upload_throughput=0)
    read(lambda d: d.find_element(By.CSS_SELECTOR, "form.new-page button[type=submit]").click())
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "form.new-page .kept"))
    kept = read(lambda d: d.find_element(By.CSS_SELECTOR, "form.new-page textarea[name=text]").get_attribute("value"))
    said = read(lambda d: d.find_element(By.CSS_SELECTOR, "form.new-page .kept").text)
    check("offline: page kept on the phone", kept == "" and "存在手機上" in said, repr((kept, said)))
    shot("7-offline")
    driver.set_network_conditions(offline=False, latency=0, download_throughput=-1, upload_throughput=-1)
    driver.get(base + "/")
    wait.until(lambda d: "斷線時寫的" in d.find_element(By.ID, "kind-diary").text)
    check("sent again", True)

    # A draft typed and not sent survives the tab going away.
    driver.get(base + "/")
    time.sleep(0.5)  # the page's script looks for a kept photo when it loads
    leftover = driver.execute_script("return document.querySelector('form.new-page input[name=media]').files.length;")
    check("a saved page's photo is not kept as a draft", leftover == 0, repr(leftover))
    read(lambda d: d.find_element(By.CSS_SELECTOR, "details.compose > summary").click())
    read(lambda d: d.find_element(By.CSS_SELECTOR, "form.new-page input[type=file]").send_keys(photo))
    read(lambda d: d.find_element(By.CSS_SELECTOR, "form.new-page textarea[name=text]").send_keys("還沒寫完的草稿"))
    time.sleep(0.3)  # the photo is written to the phone's storage as it is chosen
    driver.get(base + "/")
    restored = read(lambda d: d.find_element(By.CSS_SELECTOR, "form.new-page textarea[name=text]").get_attribute("value"))
    opened = read(lambda d: d.find_element(By.CSS_SELECTOR, "details.compose").get_attribute("open"))
    check("draft kept on the phone", restored == "還沒寫完的草稿" and opened is not None, repr((restored, opened)))
    wait.until(lambda d: d.execute_script("return document.querySelector('form.new-page input[name=media]').files.length;") == 1)
    kept = driver.execute_script(
        "var f = document.querySelector('form.new-page input[name=media]').files[0];"
        " return [f.name, f.size, document.querySelectorAll('form.new-page .preview').length];")
    check("chosen photo kept across a reload", kept[0] == os.path.basename(photo) and kept[1] == os.path.getsize(photo) and kept[2] == 1,
          repr(kept))

    # Two tabs on the same page: the second one's save does not overwrite the first's.
    driver.get(page)
    first = driver.current_window_handle
    driver.switch_to.new_window("tab")
    driver.get(page)
    second = driver.current_window_handle
    driver.switch_to.window(first)
    read(lambda d: d.find_element(By.CSS_SELECTOR, "details.edit-page summary").click())
    read(lambda d: fill(d.find_element(By.CSS_SELECTOR, "form[action='/edit'] textarea[name=text]"), "第一個分頁改的"))
    read(lambda d: d.find_element(By.CSS_SELECTOR, "form[action='/edit'] button").click())
    wait.until(lambda d: "第一個分頁改的" in d.find_element(By.CSS_SELECTOR, "article").text)
    driver.switch_to.window(second)
    read(lambda d: d.find_element(By.CSS_SELECTOR, "details.edit-page summary").click())
    read(lambda d: fill(d.find_element(By.CSS_SELECTOR, "form[action='/edit'] textarea[name=text]"), "第二個分頁改的"))
    read(lambda d: d.find_element(By.CSS_SELECTOR, "form[action='/edit'] button").click())
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "p.warning"))
    body, kept = read(lambda d: (d.find_element(By.TAG_NAME, "body").text,
                                 d.find_element(By.CSS_SELECTOR, "textarea[name=text]").get_attribute("value")))
    check("second tab refused, its text kept", "第一個分頁改的" in body and kept == "第二個分頁改的", body[:300])
    shot("8-second-tab")

    # An edit typed and not sent, the page changed on another device, the page loaded again: the
    # draft comes back with the version it was typed on, so saving it shows both, never overwrites.
    driver.get(page)
    read(lambda d: d.find_element(By.CSS_SELECTOR, "details.edit-page summary").click())
    read(lambda d: fill(d.find_element(By.CSS_SELECTOR, "form[action='/edit'] textarea[name=text]"), "沒送出的草稿"))
    # The other device has the page as the server sends it now (a hidden field's value in this
    # browser is the draft's version).
    cookie = "; ".join("%s=%s" % (c["name"], c["value"]) for c in driver.get_cookies())
    served = urllib.request.urlopen(urllib.request.Request(page, headers={"Cookie": cookie})).read().decode()
    form = {name: re.search(r'name="%s" value="([^"]*)"' % name, served.split('action="/edit"')[1]).group(1)
            for name in ["token", "record", "version"]}
    form.update({"text": "另一台裝置改的", "tags": ""})
    other = urllib.request.Request(base + "/edit", data=urllib.parse.urlencode(form).encode(), headers={"Cookie": cookie})
    try:
        urllib.request.urlopen(other)
    except urllib.error.HTTPError as refused:
        check("the other device's save", False, str(refused))
    driver.get(page)
    read(lambda d: d.find_element(By.CSS_SELECTOR, "details.edit-page summary").click())
    restored = read(lambda d: d.find_element(By.CSS_SELECTOR, "form[action='/edit'] textarea[name=text]").get_attribute("value"))
    read(lambda d: d.find_element(By.CSS_SELECTOR, "form[action='/edit'] button").click())
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "p.warning"))
    body = read(lambda d: d.find_element(By.TAG_NAME, "body").text)
    check("an old draft is not saved over a newer page", restored == "沒送出的草稿" and "另一台裝置改的" in body, repr(restored) + body[:200])
except Exception as error:
    step_failed(error)
    print("at " + driver.current_url, flush=True)
    shot("failure")
finally:
    driver.quit()
finish()
