"""What a phone asks of every page `folio serve` sends, checked in headless Chromium at 390x844
with touch, in the light and the dark scheme: no error on the browser's console, fields in 16 px
type (iOS zooms into smaller ones on every focus), targets a finger can tap (44 px each way),
readable buttons and tiles (WCAG AA, 4.5:1), photos described by what the companion saw, a
favicon, and tag tiles that work with JavaScript off. Run by WebBrowserTests; prints one line per
check (`ok NAME` or `FAIL NAME: why`).

Arguments: PAIRING_URL SERVER_ERRORS_FILE DESCRIPTION SCREENSHOTS (the file where the server prints
the next pairing link once the first is used; the folder the home screen's picture is kept in, which
docs/images/phone-home.png is a copy of)
"""
import json
import re
import sys
import time
import urllib.request

from checks import check, finish
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
import os

pair, server_errors, description, screenshots, device = sys.argv[1:6]
base = pair.split("/pair")[0]
phone = device == "phone"


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    size = "--window-size=390,844" if phone else "--window-size=1280,900"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--lang=zh-TW",
                     size, "--no-first-run", "--disable-extensions"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if phone:
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 3.0, "touch": True},
            "userAgent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
        })
    return webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)


# What is measured on a page: each finding names the element, so a failure says where to look.
AUDIT = r"""
function rgb(c) { var m = c.match(/[\d.]+/g).map(Number); return m; }
function lum(c) {
  var m = rgb(c);
  var f = function (v) { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  return 0.2126 * f(m[0]) + 0.7152 * f(m[1]) + 0.0722 * f(m[2]);
}
function background(e) {
  while (e) {
    var c = getComputedStyle(e).backgroundColor, parts = rgb(c);
    if (parts.length < 4 || parts[3] > 0) return c;
    e = e.parentElement;
  }
  return "rgb(255, 255, 255)";
}
function name(e) { return e.tagName.toLowerCase() + (e.className ? "." + e.className : "") + " '" + (e.textContent || e.name || "").trim().slice(0, 16) + "'"; }
var out = { small: [], fields: [], contrast: [], alt: [] };
document.querySelectorAll("a, button, input, textarea, select, summary").forEach(function (e) {
  // A checkbox is tapped through the label around it, which is the target.
  if ((e.type === "checkbox" || e.type === "radio") && e.closest("label")) e = e.closest("label");
  var r = e.getBoundingClientRect();
  if (!r.width || !r.height || e.type === "hidden") return;
  // A link inside running text is as tall as its line, as on every site a phone reads.
  if (e.tagName === "A" && getComputedStyle(e).display === "inline" && e.closest("p, .body, .line, td")) return;
  if (r.height < 43.5 || r.width < 43.5) out.small.push(name(e) + " " + Math.round(r.width) + "x" + Math.round(r.height));
});
document.querySelectorAll("input, textarea, select").forEach(function (e) {
  // iOS zooms into a field of text; a checkbox has none.
  if (e.type === "hidden" || e.type === "checkbox" || e.type === "radio") return;
  var size = parseFloat(getComputedStyle(e).fontSize);
  if (size < 16) out.fields.push(name(e) + " " + size + "px");
});
document.querySelectorAll("button, .tile").forEach(function (e) {
  if (!e.getBoundingClientRect().width) return;
  var a = lum(getComputedStyle(e).color), b = lum(background(e));
  var ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  if (ratio < 4.5) out.contrast.push(name(e) + " " + ratio.toFixed(2) + ":1");
});
// A photo of the page itself: described. A thumbnail inside a link that names its record is
// decorative (alt=""), as it should be: the title beside it says it.
document.querySelectorAll("img.media").forEach(function (e) { out.alt.push(e.alt); });
return out;
"""

driver = browser()
try:
    driver.get(pair)
    time.sleep(0.3)
    record = driver.execute_script("var a = document.querySelector('#kind-diary li.rec a[href*=records]'); return a ? a.href : '';")
    calendar = driver.execute_script("var a = document.querySelector('a.cal-link'); return a ? a.href : '';")
    pages = [("home", base + "/"), ("record", record), ("search", base + "/search?q=%E7%99%BD%E9%B7%BA%E9%B7%A5"),
             ("charts", base + "/stats.html"), ("calendar", calendar), ("settings", base + "/settings"), ("list", base + "/list?tag=%E8%88%8A%E9%A0%81")]
    for scheme in ["light", "dark"]:
        for label, url in pages:
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            driver.get(url)
            time.sleep(0.3)
            found = driver.execute_script(AUDIT)
            where = "%s (%s)" % (label, scheme)
            errors = [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
            check("no console error: " + where, not errors, json.dumps(errors, ensure_ascii=False))
            check("44 px targets: " + where, not found["small"], json.dumps(found["small"], ensure_ascii=False))
            check("16 px fields: " + where, not found["fields"], json.dumps(found["fields"], ensure_ascii=False))
            check("readable buttons and tiles: " + where, not found["contrast"], json.dumps(found["contrast"], ensure_ascii=False))
            if label == "record":
                check("photo described: " + where, found["alt"] == [description], json.dumps(found["alt"], ensure_ascii=False))
    # The home screen is the journal: its first page in the first screen, one "＋" to write, ideas
    # and the 8 ball asked in their own tabs, and a swipe from right to left opens the sheet.
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})
    driver.get(base + "/")
    time.sleep(0.3)
    # "On this day" (at most three pages, asked for by the page) may stand above the timeline:
    # the timeline's first page is still in the first screen, with room for its line.
    driver.save_screenshot(os.path.join(screenshots, device + "-home.png"))
    top = driver.execute_script("return document.querySelector('#kind-diary li.rec').getBoundingClientRect().top;")
    check("home opens on the journal", top < 600, "the first page starts %d px down" % top)
    placed = driver.execute_script(
        "return [!!document.querySelector('#kind-idea form[action=\"/ideas\"]'), !!document.querySelector('#kind-qa form[action=\"/ask\"]'),"
        " document.querySelectorAll('form[action=\"/pages\"]').length, document.getElementById('compose').open];")
    check("ideas and the 8 ball in their tabs, one closed sheet to write", placed == [True, True, 1, False], repr(placed))
    if phone:  # a computer has no swipe
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": 340, "y": 600}]})
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": 200, "y": 605}]})
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        time.sleep(0.2)
        check("a swipe from right to left opens the sheet", driver.execute_script("return document.getElementById('compose').open;") is True)
    # A tag's tile shows its newest photo; a day chosen in the calendar is said above the list,
    # in view, with the way back to every page.
    driver.get(base + "/")
    time.sleep(0.3)
    cover = driver.execute_script("var i = document.querySelector('a.tile[data-tag=\"河邊\"] img.cover'); return i ? i.naturalWidth : -1;")
    check("tile cover photo", cover > 0, "cover width %s" % cover)
    day = driver.execute_script("return document.querySelector('#kind-diary li.rec').getAttribute('data-date');")
    # The calendar's day is the server's list of that day, which says so at its top.
    driver.get(base + "/calendar/" + day[:7] + ".html")
    driver.get(driver.find_element(By.ID, "d-" + day).find_element(By.TAG_NAME, "a").get_attribute("href"))
    time.sleep(0.3)
    shown = driver.execute_script(
        "var c = document.getElementById('chosen'); var r = c.getBoundingClientRect();"
        " return [c.hidden, c.textContent, r.top >= 0 && r.bottom <= innerHeight, document.querySelectorAll('li.rec').length];")
    check("chosen day shown and in view", shown[0] is False and day in shown[1] and shown[2] is True and shown[3] >= 1, repr(shown))
    # Sixty-one pages of the journal: the home page holds fifty; the rest come as the list scrolls.
    driver.get(base + "/")
    time.sleep(0.3)
    first = driver.execute_script("return document.querySelectorAll('#kind-diary li.rec').length;")
    for _ in range(3):
        driver.execute_script("var m = document.querySelector('#kind-diary li.more'); if (m) m.scrollIntoView();")
        time.sleep(0.5)
    after = driver.execute_script(
        "var pages = Array.prototype.map.call(document.querySelectorAll('#kind-diary li.rec'), function (li) { return li.getAttribute('data-page'); });"
        " return [pages.length, new Set(pages).size, document.querySelectorAll('#kind-diary li.more').length];")
    check("the next pages come as the list scrolls", first == 50 and after == [61, 61, 0], "%s then %s" % (first, after))
    otd = driver.execute_script(
        "var s = document.getElementById('otd'); return [s.hidden, Array.prototype.map.call(s.querySelectorAll('.title'), function (t) { return t.textContent; })];")
    check("on this day from the server", otd == [False, ["去年今天"]], repr(otd))
    icon = urllib.request.urlopen(base + "/favicon.ico")
    check("favicon", icon.status == 200 and icon.headers["Content-Type"] == "image/png", str(icon.status))
finally:
    driver.quit()

# A browser not paired yet: the page saying so loads its stylesheet and script without an error.
driver = browser()
try:
    driver.get(base + "/")
    time.sleep(0.3)
    errors = [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE" and "401" not in entry["message"]]
    check("not paired: no other console error", not errors, json.dumps(errors, ensure_ascii=False))
finally:
    driver.quit()

# JavaScript off: a tag's tile is a link to the server's list of the tag's pages.
def next_pairing_link():
    """The link the server printed for the next browser after the first paired."""
    for _ in range(100):
        links = re.findall(r"http://127\.0\.0\.1:[0-9]+/pair\?secret=[A-Za-z0-9_-]+", open(server_errors).read())
        fresh = [link for link in links if link != pair]
        if fresh:
            return fresh[-1]
        time.sleep(0.05)
    return pair


driver = browser()
try:
    driver.get(next_pairing_link())
    time.sleep(0.3)
    # The page's own scripts stop running; the browser still follows links (DevTools' switch).
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    driver.get(base + "/")
    # Followed as the browser follows it (chromedriver's click waits on a script that no longer runs).
    driver.get(driver.find_element(By.CSS_SELECTOR, "a.tile[data-tag='河邊']").get_attribute("href"))
    titles = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#results .title")]
    check("tile without JavaScript", "/list?tag=" in driver.current_url and titles == ["河邊散步，看到白鷺鷥"],
          driver.current_url + " " + repr(titles))
finally:
    driver.quit()

finish()
