import FolioSearch

/// The stylesheet and the script every page loads, written as files (the policy allows no inline
/// script or style).
enum SiteAssets {
    static let css = #"""
        :root {
          color-scheme: light dark;
          --bg: #faf8f5; --fg: #1f1d1a; --muted: #6b655d; --card: #ffffff; --line: #e6e1d9;
          --accent: #b4541e; --on-accent: #ffffff; --tile: #f0ebe3; --tile-on: #1f1d1a; --tile-on-fg: #faf8f5; --has: #fbe9dc;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --bg: #161514; --fg: #ece8e2; --muted: #a39c92; --card: #211f1d; --line: #34312d;
            --accent: #f0955a; --on-accent: #1f1208; --tile: #2b2926; --tile-on: #ece8e2; --tile-on-fg: #161514; --has: #3a2a1f;
          }
        }
        * { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; }
        body {
          margin: 0; background: var(--bg); color: var(--fg); line-height: 1.6;
          font-family: system-ui, -apple-system, "Segoe UI", "PingFang TC", "Noto Sans CJK TC", "Noto Sans TC",
            "Microsoft JhengHei", "Hiragino Sans", sans-serif;
        }
        main { max-width: 820px; margin: 0 auto; padding: 12px 16px 48px; }
        a { color: var(--accent); }
        h1 { font-size: 1.5rem; margin: 0.4em 0; }
        h2 { font-size: 1.1rem; margin: 1.2em 0 0.4em; }
        .top { display: flex; align-items: center; justify-content: space-between; gap: 12px; padding: 4px 0; }
        /* Whatever a finger taps is at least 44 px each way (Apple's guideline; WCAG asks 24). */
        .back, .cal-link, .charts-link, .settings-link, .tile, .kind-tab, .prevnext a, .calnav a, .years a, .months a, .tags a, .daylist a {
          display: inline-flex; align-items: center; justify-content: center; gap: 0.3em; min-height: 44px; min-width: 44px;
        }
        summary { padding: 10px 0; min-height: 44px; cursor: pointer; }
        .daylist li { display: flex; align-items: center; gap: 8px; min-height: 44px; }
        .top h1 { margin: 0; }
        /* One row that scrolls sideways and stays at the top while the list scrolls: the chosen tile stays in sight. */
        .tiles {
          display: flex; flex-wrap: nowrap; gap: 8px; margin: 12px -16px; padding: 8px 16px; overflow-x: auto;
          position: sticky; top: 0; z-index: 2; background: var(--bg); border-bottom: 1px solid var(--line);
          scrollbar-width: thin; -webkit-overflow-scrolling: touch;
        }
        .tiles .tile { flex: none; white-space: nowrap; }
        .tile {
          font: inherit; font-size: 0.9rem; border: 0; border-radius: 999px; padding: 4px 12px; cursor: pointer;
          background: var(--tile); color: var(--fg); text-decoration: none;
          /* The cover, the name and the count on one line, centred in the tile's height. */
          display: inline-flex; align-items: center; gap: 4px;
        }
        .tile[aria-current="true"] { background: var(--tile-on); color: var(--tile-on-fg); }
        .tile .count { opacity: 0.7; font-size: 0.8em; }
        .tile .cover { width: 32px; height: 32px; border-radius: 50%; object-fit: cover; margin-left: -6px; flex: none; }
        .chosen-day { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; margin: 4px 0 8px; font-weight: 600; }
        .chosen-day[hidden] { display: none; }
        .search {
          width: 100%; font: inherit; padding: 8px 12px; border-radius: 10px; border: 1px solid var(--line);
          background: var(--card); color: var(--fg); margin-bottom: 8px; min-height: 44px;
        }
        .empty { color: var(--muted); text-align: center; padding: 24px 0; }
        .list { list-style: none; padding: 0; margin: 0; }
        .rec a, .otd li a {
          display: flex; gap: 12px; padding: 10px 0; border-bottom: 1px solid var(--line); color: inherit; text-decoration: none;
        }
        .thumb { width: 64px; height: 64px; flex: none; object-fit: cover; border-radius: 8px; background: var(--tile); }
        .kind-tabs { display: flex; gap: 4px; overflow-x: auto; margin: 8px 0 0; border-bottom: 1px solid var(--line); }
        .kind-tab {
          flex: none; padding: 6px 12px; color: var(--muted); text-decoration: none; border-bottom: 2px solid transparent;
        }
        .kind-tab[aria-current="true"], .kind-tab:hover { color: var(--fg); border-bottom-color: var(--accent); }
        .kind-tab .count { font-size: 0.8em; }
        .kind-section { scroll-margin-top: 64px; }
        .kind-section > h2 { margin: 20px 0 4px; }
        /* English labels are written in lower case (diary, idea): a heading or a tab starts with a capital. */
        .kind-section > h2::first-letter, .kind-tab::first-letter { text-transform: uppercase; }
        .text { display: flex; flex-direction: column; min-width: 0; }
        .meta { color: var(--muted); font-size: 0.85rem; }
        .kind { color: var(--muted); font-size: 0.85rem; }
        .title { font-weight: 600; }
        .line { color: var(--muted); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        .otd { background: var(--card); border-radius: 12px; padding: 4px 12px; margin: 8px 0; }
        .record h1 { font-size: 1.6rem; }
        .moment { display: flex; flex-wrap: wrap; gap: 4px 20px; margin: 8px 0; color: var(--muted); }
        .moment div { display: flex; gap: 6px; }
        .moment dt { font-weight: 600; }
        .moment dd { margin: 0; color: var(--fg); }
        .qa { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 12px 16px; margin: 12px 0; }
        .qa p { margin: 4px 0; }
        .qa .label { color: var(--muted); font-size: 0.85rem; margin-right: 4px; }
        .qa .answer { font-size: 1.3rem; }
        .qa .answer-en, .qa .answer-type { color: var(--muted); }
        .provenance { margin: 16px 0; color: var(--muted); font-size: 0.9rem; }
        .provenance summary { cursor: pointer; }
        .provenance table { border-collapse: collapse; width: 100%; margin-top: 4px; }
        .provenance th, .provenance td { text-align: left; vertical-align: top; padding: 2px 8px; border-bottom: 1px solid var(--line); }
        .provenance th { font-weight: normal; width: 30%; }
        .provenance td { color: var(--fg); overflow-wrap: anywhere; }
        .media-block.gallery { display: grid; grid-template-columns: repeat(auto-fill, minmax(140px, 1fr)); }
        .media-block.gallery video.media, .media-block.gallery audio.media, .media-block.gallery .unplayable { grid-column: 1 / -1; }
        .media-block.gallery img.media { width: 100%; aspect-ratio: 1; object-fit: cover; }
        .lightbox {
          display: none; position: fixed; inset: 0; z-index: 10; background: rgba(0, 0, 0, 0.92); color: #f5f2ee;
          align-items: center; justify-content: center;
        }
        .lightbox:target { display: flex; }
        .lightbox img.full { max-width: 100vw; max-height: 100vh; object-fit: contain; }
        .lightbox a { color: #f5f2ee; text-decoration: none; position: absolute; font-size: 2.2rem; line-height: 1; padding: 12px 16px; }
        .lb-close { top: 0; right: 0; }
        .lb-prev { left: 0; top: 50%; transform: translateY(-50%); }
        .lb-next { right: 0; top: 50%; transform: translateY(-50%); }
        .lb-count { position: absolute; bottom: 12px; left: 0; right: 0; text-align: center; font-size: 0.9rem; }
        .media-block { display: flex; flex-direction: column; gap: 8px; margin: 12px 0; }
        .media-block img.media, .media-block video.media { max-width: 100%; max-height: 80vh; border-radius: 10px; display: block; }
        .media-block audio.media { width: 100%; }
        .unplayable {
          background: var(--tile); color: var(--muted); border-radius: 10px; padding: 24px; text-align: center; margin: 0;
        }
        .tags { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 8px; }
        .chart-box { margin: 12px 0 24px; background: var(--card); border-radius: 12px; padding: 8px 12px; }
        .chart-box figcaption { font-weight: 600; margin-bottom: 4px; }
        svg.chart { width: 100%; height: auto; display: block; }
        svg.chart .bar { fill: var(--accent); }
        svg.chart .axis, svg.chart .grid { stroke: var(--line); stroke-width: 1; }
        svg.chart .label { fill: var(--muted); font-size: 12px; }
        svg.chart .value { fill: var(--fg); font-size: 12px; }
        svg.chart .line { fill: none; stroke-width: 2; }
        svg.chart .s0 { stroke: var(--accent); fill: var(--accent); }
        svg.chart .s1 { stroke: #2f7fb8; fill: #2f7fb8; }
        svg.chart .s2 { stroke: #4a9a5b; fill: #4a9a5b; }
        svg.chart .s3 { stroke: #8a5cb8; fill: #8a5cb8; }
        svg.chart .s4 { stroke: #c0a030; fill: #c0a030; }
        svg.chart .s5 { stroke: #c04a6a; fill: #c04a6a; }
        svg.chart polyline.line { fill: none; }
        .body { overflow-wrap: anywhere; }
        .body img { max-width: 100%; }
        .body pre { overflow-x: auto; background: var(--card); padding: 8px; border-radius: 8px; }
        .body .unresolved { color: var(--muted); border-bottom: 1px dashed currentColor; }
        .fields table { border-collapse: collapse; font-size: 0.9rem; width: 100%; }
        .fields th, .fields td { text-align: left; vertical-align: top; padding: 4px 8px; border-bottom: 1px solid var(--line); }
        .fields th { color: var(--muted); font-weight: normal; width: 30%; }
        .conversation { margin: 16px 0; background: var(--card); border-radius: 12px; padding: 8px 12px; }
        .conversation summary { cursor: pointer; font-weight: 600; }
        .msg { margin: 8px 0; padding: 8px 12px; border-radius: 12px; background: var(--tile); max-width: 90%; }
        .msg.me { margin-left: auto; background: var(--has); }
        .msg p { margin: 0; }
        .msg .who { color: var(--muted); font-size: 0.8rem; }
        .prevnext, .calnav { display: flex; justify-content: space-between; gap: 12px; margin: 24px 0 8px; }
        .years { display: flex; flex-wrap: wrap; gap: 8px; margin: 8px 0; }
        .years a[aria-current] { font-weight: 700; }
        table.month { width: 100%; table-layout: fixed; border-collapse: collapse; }
        table.month th { color: var(--muted); font-weight: normal; font-size: 0.85rem; }
        table.month td { height: 4.2em; vertical-align: top; border: 1px solid var(--line); padding: 2px; position: relative; }
        table.month td.has { background: var(--has); }
        table.month td a { display: block; height: 100%; color: inherit; text-decoration: none; }
        table.month .n { font-size: 0.8rem; }
        table.month .thumb { width: 100%; height: 2.6em; display: block; }
        table.month .count { z-index: 1; position: absolute; right: 4px; bottom: 2px; font-size: 0.75rem; color: var(--accent); font-weight: 700; }
        .months { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(3, 1fr); gap: 8px; }
        .months li { background: var(--card); border-radius: 10px; padding: 12px; color: var(--muted); }
        .months li.has a { color: var(--fg); font-weight: 600; text-decoration: none; }
        @media (min-width: 720px) {
          main { padding: 24px 32px 64px; }
          .tiles { margin: 12px -32px; padding: 8px 32px; }
          .thumb { width: 88px; height: 88px; }
          table.month td { height: 6em; }
          table.month .thumb { height: 4em; }
          .months { grid-template-columns: repeat(4, 1fr); }
        }
        """#

    static let js = #"""
        "use strict";
        (function () {
          var body = document.body;
          var unplayableText = body.getAttribute("data-unplayable") || "";

          // A photo, video or sound the browser cannot load shows "媒體無法播放"; the page's text stays.
          function unplayable(element) {
            if (element.classList.contains("thumb")) { if (element.parentNode) element.parentNode.removeChild(element); return; }
            if (!element.classList.contains("media") || !element.parentNode) return;
            var note = document.createElement("p");
            note.className = "unplayable";
            note.textContent = unplayableText;
            var holder = element.parentNode.tagName === "A" ? element.parentNode : element;
            holder.parentNode.replaceChild(note, holder);
          }
          document.addEventListener("error", function (event) {
            var target = event.target;
            if (target && (target.tagName === "IMG" || target.tagName === "VIDEO" || target.tagName === "AUDIO")) unplayable(target);
          }, true);
          function checkLoaded() {
            document.querySelectorAll("img.media, img.thumb").forEach(function (img) {
              if (img.complete && img.naturalWidth === 0 && img.getAttribute("loading") !== "lazy") unplayable(img);
            });
            // media.error alone: a networkState of NO_SOURCE is also the state of a playable video
            // for a moment before it starts loading, and a check that fell in it hid the video.
            document.querySelectorAll("video.media, audio.media").forEach(function (media) {
              if (media.error) unplayable(media);
            });
          }
          checkLoaded();

          // The photos' lightbox is CSS alone (:target); keys only make it quicker: Escape closes,
          // the arrows turn to the previous or next photo.
          document.addEventListener("keydown", function (event) {
            var open = location.hash.indexOf("#photo-") === 0 ? document.getElementById(location.hash.slice(1)) : null;
            if (!open) return;
            var link = null;
            if (event.key === "Escape") link = open.querySelector(".lb-close");
            if (event.key === "ArrowLeft") link = open.querySelector(".lb-prev");
            if (event.key === "ArrowRight") link = open.querySelector(".lb-next");
            if (link) { event.preventDefault(); location.hash = link.getAttribute("href"); }
          });

          if (!body.classList.contains("index")) return;

          // The query is cut as folio's tokenizer cuts text: NFKC, lower case, Latin diacritics folded,
          // Han characters folded to one form (FOLIO_HAN_FOLD: Traditional and Simplified are one),
          // CJK runs into character pairs (a lone character stays single), other letters and digits
          // into words. A word of three or more Han or kana characters, typed without spaces, is cut
          // into the words a reader sees (the browser's ICU word break, as `folio search` does) and
          // each word must occur, not the pair that straddles two words (淡水夕陽: 淡水, 夕陽; never 水夕).
          var CJK = /[\u3005-\u3007\u3041-\u3096\u309D-\u309F\u30A1-\u30FA\u30FC-\u30FF\u3105-\u312F\u31A0-\u31BF\u31F0-\u31FF\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7A3\u{20000}-\u{2A6DF}\u{2A700}-\u{2EBEF}\u{30000}-\u{323AF}]/u;
          var HAN_OR_KANA = /^[\u3040-\u30FF\u31F0-\u31FF\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\u{20000}-\u{3134F}]+$/u;
          var WORD = /[\p{L}\p{N}\p{M}]/u;
          var LATIN = /^[\u0000-\u024F\u0300-\u036F\u1AB0-\u1AFF\u1DC0-\u1EFF\u2C60-\u2C7F\uA720-\uA7FF\uAB30-\uAB6F]*$/;
          var EXTRAS = { "ł": "l", "ø": "o", "đ": "d", "ħ": "h", "ı": "i", "ŧ": "t", "æ": "ae", "œ": "oe" };
          var FOLD = {};
          (function () {
            var pairs = Array.from(window.FOLIO_HAN_FOLD || "");
            for (var i = 0; i + 1 < pairs.length; i += 2) FOLD[pairs[i]] = pairs[i + 1];
          })();
          // Grammar characters (TypedWords.grammar): no word of their own, and they end a run of unknown ones.
          var GRAMMAR = "\#(String(TypedWords.grammar.sorted()))";
          var segmenter = typeof Intl !== "undefined" && Intl.Segmenter ? new Intl.Segmenter("zh", { granularity: "word" }) : null;
          function foldWord(word) {
            if (!LATIN.test(word)) return word;
            word = word.normalize("NFD").replace(/[\u0300-\u036F\u1AB0-\u1AFF\u1DC0-\u1DFF]/g, "").normalize("NFC");
            return word.replace(/[łøđħıŧæœ]/g, function (c) { return EXTRAS[c]; });
          }
          // The words of a run typed without spaces, each an array of characters; null when the run
          // is one word or ICU knows none of it (then it matches as typed). Characters ICU does not
          // know come out one by one: two or more in a row are kept as their pairs.
          function typedWords(text) {
            var characters = Array.from(text);
            if (!segmenter || characters.length < 3 || characters.length > 64 || !HAN_OR_KANA.test(text)) return null;
            var words = [], unknown = [], known = false;
            function flush() {
              if (unknown.length === 1) words.push(unknown);
              for (var i = 0; i + 1 < unknown.length; i++) words.push([unknown[i], unknown[i + 1]]);
              unknown = [];
            }
            for (var segment of segmenter.segment(text)) {
              if (!segment.isWordLike) continue;
              var letters = Array.from(segment.segment);
              if (letters.length === 1 && GRAMMAR.indexOf(letters[0]) >= 0) flush();
              else if (letters.length === 1) unknown.push(letters[0]);
              else { flush(); words.push(letters); known = true; }
            }
            flush();
            return known && words.length > 1 ? words : null;
          }
          function pieces(query) {
            var out = [];
            query.normalize("NFKC").toLowerCase().split(/\s+/).forEach(function (typed) {
              var words = typedWords(typed);
              (words ? words.map(function (w) { return w.join(""); }) : [typed]).forEach(function (text) { cut(text, out); });
            });
            return out;
          }
          function cut(text, out) {
            var word = "", run = [];
            function endWord() { if (word) { out.push({ kind: "word", text: foldWord(word) }); word = ""; } }
            function endRun() {
              if (run.length === 1) out.push({ kind: "cjk", text: run[0] });
              for (var i = 0; i + 1 < run.length; i++) out.push({ kind: "cjk", text: run[i] + run[i + 1] });
              run = [];
            }
            for (var ch of text) {
              if (CJK.test(ch)) { endWord(); run.push(FOLD[ch] || ch); }
              else if (WORD.test(ch)) { endRun(); word += ch; }
              else { endWord(); endRun(); }
            }
            endWord(); endRun();
          }
          var terms = window.FOLIO_SEARCH || {};
          function matches(page, wanted) {
            var hay = " " + (terms[page] || "") + " ";
            for (var i = 0; i < wanted.length; i++) {
              var piece = wanted[i];
              if (piece.kind === "cjk") { if (hay.indexOf(piece.text) < 0) return false; continue; }
              var last = i === wanted.length - 1;
              if (hay.indexOf(" " + piece.text + (last ? "" : " ")) < 0) return false;
            }
            return true;
          }

          var items = Array.prototype.slice.call(document.querySelectorAll("#list li.rec"));
          var sections = Array.prototype.slice.call(document.querySelectorAll("#list .kind-section"));
          var kindTabs = Array.prototype.slice.call(document.querySelectorAll("#list .kind-tab"));
          var tiles = Array.prototype.slice.call(document.querySelectorAll("#tiles .tile[data-tag]"));
          var input = document.getElementById("q");
          var empty = document.getElementById("empty");
          // The server's search results are a list without the page's own filter: nothing to run.
          if (!input || !empty) return;
          // In the app the list is a page of it (the rest comes from the server): a tile, the
          // search box and the calendar's days are the server's, and only the kind's tab is marked here.
          if (body.hasAttribute("data-live")) {
            window.addEventListener("hashchange", function () {
              var hash = location.hash.replace(/^#kind-/, "");
              try { hash = decodeURIComponent(hash); } catch (e) { hash = ""; }
              markKind(hash);
            });
            body.setAttribute("data-ready", "1");
            return;
          }
          var state = { tag: "", day: "" };

          function readHash() {
            var hash = location.hash.replace(/^#/, "");
            // A kind's tab is a link to its section: the tile and the query stay as they were.
            if (hash.indexOf("kind-") === 0) {
              var kind = hash.slice(5);
              try { kind = decodeURIComponent(kind); } catch (e) { kind = ""; }
              markKind(kind);
              return;
            }
            state.tag = ""; state.day = "";
            hash.split("&").forEach(function (part) {
              var eq = part.indexOf("=");
              if (eq < 0) return;
              var key = part.slice(0, eq), value = "";
              try { value = decodeURIComponent(part.slice(eq + 1)); } catch (e) { value = ""; }
              if (key === "tag") state.tag = value.toLowerCase();
              if (key === "day") state.day = value;
            });
          }
          // A tile takes its tag and the tags nested in it (mood takes mood/good), as --tag does.
          function hasTag(tags, wanted) {
            for (var i = 0; i < tags.length; i++) {
              if (tags[i] === wanted || tags[i].indexOf(wanted + "/") === 0) return true;
            }
            return false;
          }
          function apply() {
            var wanted = pieces(input.value);
            var inTile = 0, shown = 0;
            items.forEach(function (item) {
              var tags = (item.getAttribute("data-tags") || "").split("\n");
              var ok = (state.tag === "" || hasTag(tags, state.tag)) && (state.day === "" || item.getAttribute("data-date") === state.day);
              if (ok) inTile++;
              if (ok && wanted.length) ok = matches(item.getAttribute("data-page"), wanted);
              item.hidden = !ok;
              if (ok) shown++;
            });
            sections.forEach(function (section) {
              // A section the app writes into (ideas, the 8 ball) stays, empty or not: its form is there.
              section.hidden = !section.querySelector("li.rec:not([hidden])") && !section.querySelector("form");
            });
            kindTabs.forEach(function (tab) {
              var section = document.getElementById("kind-" + tab.getAttribute("data-kind"));
              tab.hidden = !!(section && section.hidden);
            });
            tiles.forEach(function (tile) {
              var pressed = tile.getAttribute("data-tag") === state.tag && state.day === "";
              if (pressed) tile.setAttribute("aria-current", "true");
              else tile.removeAttribute("aria-current");
              // On a phone the row of tiles scrolls sideways: the chosen one stays in sight.
              if (pressed && tile.scrollIntoView) tile.scrollIntoView({ block: "nearest", inline: "center" });
            });
            // A day chosen in the calendar is said above the list, which is scrolled into view.
            var chosen = document.getElementById("chosen-day");
            if (chosen) {
              chosen.hidden = state.day === "";
              chosen.querySelector(".day").textContent = chosen.querySelector(".day").textContent.replace(/[0-9-]*$/, "") + state.day;
            }
            if (inTile === 0) { empty.textContent = empty.getAttribute("data-empty-tile"); empty.hidden = false; }
            else if (shown === 0) { empty.textContent = empty.getAttribute("data-no-match"); empty.hidden = false; }
            else empty.hidden = true;
            body.setAttribute("data-shown", String(shown));
          }
          function markKind(kind) {
            kindTabs.forEach(function (tab) {
              if (tab.getAttribute("data-kind") === kind) tab.setAttribute("aria-current", "true");
              else tab.removeAttribute("aria-current");
            });
          }
          tiles.forEach(function (tile) {
            // A tile is a link (to the server's search in the app, so it works without this
            // script); here it filters the list in place.
            tile.addEventListener("click", function (event) {
              event.preventDefault();
              var tag = tile.getAttribute("data-tag");
              var hash = tag ? "#tag=" + encodeURIComponent(tag) : "#";
              if (location.hash === hash || (hash === "#" && location.hash === "")) { readHash(); apply(); }
              else location.hash = hash;
            });
          });
          input.addEventListener("input", apply);
          window.addEventListener("hashchange", function () {
            readHash(); apply();
            var chosenDay = document.getElementById("chosen-day");
            if (state.day && chosenDay && chosenDay.scrollIntoView) chosenDay.scrollIntoView({ block: "start" });
          });

          // On this day: today's month and day in earlier years, by the reader's clock.
          (function () {
            var now = new Date();
            var pad = function (n) { return (n < 10 ? "0" : "") + n; };
            var monthDay = "-" + pad(now.getMonth() + 1) + "-" + pad(now.getDate());
            var year = now.getFullYear();
            var section = document.getElementById("otd");
            var list = section.querySelector("ul");
            items.forEach(function (item) {
              var date = item.getAttribute("data-date") || "";
              if (date.length === 10 && date.slice(4) === monthDay && Number(date.slice(0, 4)) < year) {
                var copy = item.cloneNode(true);
                copy.removeAttribute("hidden");
                copy.className = "otd-item";
                list.appendChild(copy);
              }
            });
            if (list.children.length) section.hidden = false;
          })();

          readHash();
          apply();
          // Come from the calendar: the chosen day's pages are what the reader came for.
          if (state.day) { var chosenDay = document.getElementById("chosen-day"); if (chosenDay && chosenDay.scrollIntoView) chosenDay.scrollIntoView({ block: "start" }); }
          body.setAttribute("data-ready", "1");
        })();
        """#
}
