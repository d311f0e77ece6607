import FolioCore
import Foundation

/// What the served app adds to the site's stylesheet and script: the forms' look, and a script
/// that only enhances (every form works without it): drafts kept on the phone until the server
/// says they are saved, the companion's reply shown as it streams in, a preview of the chosen
/// photo, a retry for an upload a dropped connection cut off. Served by the app at
/// `/assets/app.css` and `/assets/app.js`, with the manifest and icons that put it on a home screen.
public enum LiveAssets {
    public static let css = #"""
        .write, .edit, .companion { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 12px; margin: 12px 0; }
        .write form, .edit form, .companion form { margin: 8px 0; }
        .write label, .edit label, .companion label { display: block; margin: 6px 0; color: var(--muted); font-size: 0.9rem; }
        textarea, input[type=text] { width: 100%; box-sizing: border-box; font: inherit; color: var(--fg); background: var(--bg);
          border: 1px solid var(--line); border-radius: 8px; padding: 8px; }
        form.inline { display: flex; gap: 8px; align-items: flex-end; }
        form.inline label { flex: 1; margin: 0; }
        button { font: inherit; border: 0; border-radius: 8px; padding: 8px 14px; background: var(--accent); color: #fff; cursor: pointer; min-height: 44px; }
        button.quiet { background: var(--tile); color: var(--fg); }
        .preview { max-width: 100%; max-height: 240px; border-radius: 8px; display: block; margin: 6px 0; }
        .msg.streaming p:last-child::after { content: "▍"; opacity: 0.6; }
        .notice .warning { color: var(--accent); }
        pre.now { white-space: pre-wrap; background: var(--tile); padding: 8px; border-radius: 8px; }
        .unsent { color: var(--accent); font-weight: 600; }
        """#

    public static let js = #"""
        "use strict";
        (function () {
          var page = document.body;
          var unsentText = page.getAttribute("data-unsent") || "Not sent. Try again.";

          // Drafts: what is typed in a field marked data-draft is kept on this device until a page
          // the server sends after saving it (its address ends in #saved) says it arrived. Only the
          // drafts of the form that was sent go then; another field's draft stays and comes back in
          // its field. An edit's draft keeps the version of the page it was typed on, and comes back
          // with it: if the page changed meanwhile, saving it shows both instead of overwriting.
          var key = function (field) { return "folio-draft:" + field.getAttribute("data-draft"); };
          if (location.hash === "#saved") {
            try {
              for (var i = localStorage.length - 1; i >= 0; i--) {
                var name = localStorage.key(i);
                if (name && name.indexOf("folio-draft:") === 0 && sessionStorage.getItem("sent:" + name)) {
                  localStorage.removeItem(name);
                  sessionStorage.removeItem("sent:" + name);
                }
              }
            } catch (e) {}
            history.replaceState(null, "", location.pathname + location.search);
          }
          document.querySelectorAll("[data-draft]").forEach(function (field) {
            var version = field.form && field.form.querySelector("input[name=version]");
            var kept = null;
            try { kept = JSON.parse(localStorage.getItem(key(field)) || "null"); } catch (e) {}
            if (kept && typeof kept.text === "string" && kept.text !== field.value) {
              field.value = kept.text;
              if (version && kept.version) { version.value = kept.version; }
            }
            field.addEventListener("input", function () {
              var draft = { text: field.value, version: version ? version.value : null };
              try { localStorage.setItem(key(field), JSON.stringify(draft)); } catch (e) {}
            });
          });
          document.querySelectorAll("form").forEach(function (form) {
            form.addEventListener("submit", function () {
              form.querySelectorAll("[data-draft]").forEach(function (field) {
                try { sessionStorage.setItem("sent:" + key(field), "1"); } catch (e) {}
              });
            });
          });

          // The chosen photo, shown before it is sent.
          document.querySelectorAll("input[type=file]").forEach(function (input) {
            input.addEventListener("change", function () {
              var old = input.parentNode.querySelector(".preview");
              if (old) { old.remove(); }
              var file = input.files && input.files[0];
              if (!file || !/^(image|video)\//.test(file.type)) { return; }
              var view = document.createElement(file.type.indexOf("video") === 0 ? "video" : "img");
              view.className = "preview";
              view.src = URL.createObjectURL(file);
              input.parentNode.appendChild(view);
            });
          });

          // Forms sent by script: the companion's reply streams onto the page; an upload cut off by
          // the network says so and keeps the form as it was (sending again makes no second page).
          document.querySelectorAll("form[data-stream], form[data-retry]").forEach(function (form) {
            form.addEventListener("submit", function (event) {
              if (!window.fetch || !window.FormData) { return; }
              event.preventDefault();
              var data = new FormData(form);
              var button = form.querySelector("button[type=submit]");
              if (button) { button.disabled = true; }
              var note = form.querySelector(".unsent");
              if (note) { note.remove(); }
              var streaming = form.hasAttribute("data-stream");
              if (streaming) { data.append("stream", "1"); }
              var bubble = null;
              if (streaming) {
                var list = document.querySelector(".companion .talk") || form.parentNode;
                var typed = form.querySelector("textarea[name=message]");
                if (typed && typed.value) {
                  var mine = document.createElement("div");
                  mine.className = "msg me";
                  var p1 = document.createElement("p");
                  p1.textContent = typed.value;
                  mine.appendChild(p1);
                  list.appendChild(mine);
                }
                bubble = document.createElement("div");
                bubble.className = "msg other streaming";
                var p2 = document.createElement("p");
                bubble.appendChild(p2);
                list.appendChild(bubble);
              }
              // A form without a file goes as the browser would send it (URL-encoded).
              var body = form.enctype === "multipart/form-data" ? data : new URLSearchParams(data);
              fetch(form.action, { method: "POST", body: body, credentials: "same-origin" }).then(function (response) {
                if (!response.ok) {
                  // The server's page saying why (its own HTML, as it would have been shown).
                  return response.text().then(function (html) {
                    document.open();
                    document.write(html);
                    document.close();
                  });
                }
                if (!streaming || !response.body) {
                  // fetch drops the fragment of the address it was sent on to; every write's
                  // address ends in #saved, which tells the next page its drafts arrived.
                  location.href = (response.redirected ? response.url + "#saved" : location.href);
                  return;
                }
                var reader = response.body.getReader();
                var decoder = new TextDecoder();
                var read = function () {
                  return reader.read().then(function (chunk) {
                    if (chunk.done) {
                      location.replace(location.pathname + "#saved");
                      location.reload();
                      return;
                    }
                    bubble.firstChild.textContent += decoder.decode(chunk.value, { stream: true });
                    return read();
                  });
                };
                return read();
              }).catch(function () {
                // Not sent: its drafts are not to go with the next saved page.
                form.querySelectorAll("[data-draft]").forEach(function (field) {
                  try { sessionStorage.removeItem("sent:" + key(field)); } catch (e) {}
                });
                if (button) { button.disabled = false; }
                if (bubble) { bubble.remove(); }
                var warn = document.createElement("p");
                warn.className = "unsent";
                warn.textContent = unsentText;
                form.appendChild(warn);
              });
            });
          });

          // A conversation with a chat form under it is open, not folded.
          if (document.querySelector(".companion form")) {
            document.querySelectorAll("details.conversation").forEach(function (d) { d.open = true; });
          }
        })();
        """#

    /// The web app manifest: the journal on a phone's home screen, standing alone like an app.
    public static func manifest(language: Language) -> String {
        let name = language == .zhHant ? "日記" : "Journal"
        return """
            {"name": "folio \(name)", "short_name": "\(name)", "start_url": "/", "scope": "/", "display": "standalone", \
            "background_color": "#faf8f5", "theme_color": "#b4541e", "lang": "\(language.rawValue)", \
            "icons": [{"src": "/assets/icon-192.png", "sizes": "192x192", "type": "image/png"}, \
            {"src": "/assets/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any maskable"}]}

            """
    }

    /// The app's icon, `size` pixels square: a page on the site's accent colour, drawn here and
    /// written as a PNG (uncompressed deflate blocks: no image library for a picture this plain).
    public static func iconPNG(size: Int) -> [UInt8] {
        let size = max(16, min(size, 1024))
        var raw: [UInt8] = []
        raw.reserveCapacity((size * 3 + 1) * size)
        let margin = size / 4
        for y in 0..<size {
            raw.append(0)  // no filter
            for x in 0..<size {
                let inPage = x >= margin && x < size - margin && y >= margin * 3 / 4 && y < size - margin * 3 / 4
                let line = inPage && (y - margin) % max(4, size / 10) == 0 && x >= margin + size / 16 && x < size - margin - size / 16
                let (r, g, b): (UInt8, UInt8, UInt8) = line ? (0xB4, 0x54, 0x1E) : inPage ? (0xFA, 0xF8, 0xF5) : (0xB4, 0x54, 0x1E)
                raw += [r, g, b]
            }
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header += bigEndian(UInt32(size)) + bigEndian(UInt32(size))
        header += [8, 2, 0, 0, 0]  // 8 bits, RGB, deflate, no filter, no interlace
        png += chunk("IHDR", header)
        png += chunk("IDAT", storedZlib(raw))
        png += chunk("IEND", [])
        return png
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    /// A zlib stream of stored (uncompressed) deflate blocks.
    private static func storedZlib(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let count = min(65_535, data.count - start)
            let last: UInt8 = start + count >= data.count ? 1 : 0
            out.append(last)
            out += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[start..<(start + count)]
            start += count
        } while start < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private static func crc32(_ data: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in data { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
