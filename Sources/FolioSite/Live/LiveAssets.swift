import FolioCore
import Foundation

/// What the served app adds to the site's stylesheet and script: the forms' look, and a script
/// that only enhances (every form works without it): drafts kept on the phone until the server
/// says they are saved, the companion's reply shown as it streams in, a preview of the chosen
/// photo, a retry for an upload a dropped connection cut off. Served by the app at
/// `/assets/app.css` and `/assets/app.js`, with the manifest and icons that put it on a home screen.
public enum LiveAssets {
    public static let css = #"""
        .edit, .companion { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 12px; margin: 12px 0; }
        .edit form, .companion form, .section-form { margin: 8px 0; }
        .compose label, .edit label, .companion label, .section-form label { display: block; margin: 6px 0; color: var(--muted); font-size: 0.9rem; }
        /* The home screen's "＋": a round button over the timeline's corner; open, its form is a sheet
           from the bottom of the screen (no script needed) and the button closes it. */
        .compose > summary {
          list-style: none; position: fixed; right: 16px; bottom: calc(16px + env(safe-area-inset-bottom, 0px)); z-index: 6;
          width: 56px; height: 56px; padding: 0; border-radius: 50%; display: flex; align-items: center; justify-content: center;
          background: var(--accent); color: var(--on-accent); font-size: 1.8rem; box-shadow: 0 2px 8px rgba(0, 0, 0, 0.3);
        }
        .compose > summary::-webkit-details-marker { display: none; }
        .compose[open] > summary span { display: inline-block; transform: rotate(45deg); }
        .compose > form {
          position: fixed; left: 0; right: 0; bottom: 0; z-index: 5; max-height: 85vh; overflow-y: auto; margin: 0;
          background: var(--card); border-top: 1px solid var(--line); border-radius: 16px 16px 0 0;
          padding: 16px 16px calc(88px + env(safe-area-inset-bottom, 0px)); box-shadow: 0 -4px 16px rgba(0, 0, 0, 0.2);
        }
        .compose > form h2 { margin: 0 0 4px; }
        .settings-link { font-size: 1.4rem; text-decoration: none; color: var(--fg); }
        .settings label.switch { display: flex; align-items: center; gap: 10px; min-height: 44px; color: var(--fg); font-size: 1rem; }
        .settings label.switch input { width: 22px; height: 22px; }
        .settings select { display: block; width: 100%; min-height: 44px; margin-top: 4px; color: var(--fg); background: var(--bg);
          border: 1px solid var(--line); border-radius: 8px; padding: 8px; }
        .note { color: var(--muted); font-size: 0.9rem; }
        @media (min-width: 720px) { .compose > form { left: 50%; right: auto; width: 560px; transform: translateX(-50%); } }
        textarea, input[type=text] { width: 100%; box-sizing: border-box; font: inherit; color: var(--fg); background: var(--bg);
          border: 1px solid var(--line); border-radius: 8px; padding: 8px; }
        /* 16 px at least: iOS zooms the page into a field whose text is smaller, on every focus. */
        textarea, input[type=text], input[type=search], input[type=file], select { font-size: max(16px, 1rem); }
        input[type=text], input[type=file] { min-height: 44px; }        form.inline { display: flex; gap: 8px; align-items: flex-end; }
        form.inline label { flex: 1; margin: 0; }
        button { font: inherit; border: 0; border-radius: 8px; padding: 8px 14px; background: var(--accent); color: var(--on-accent); cursor: pointer; min-height: 44px; min-width: 44px; }
        button.quiet { background: var(--tile); color: var(--fg); }
        .preview { max-width: 100%; max-height: 240px; border-radius: 8px; display: block; margin: 6px 0; }
        .msg.streaming p:last-child::after { content: "▍"; opacity: 0.6; }
        .notice .warning { color: var(--accent); }
        pre.now { white-space: pre-wrap; background: var(--tile); padding: 8px; border-radius: 8px; }
        .unsent { color: var(--accent); font-weight: 600; }
        .step-failed { border-left: 4px solid var(--accent); padding: 4px 0 4px 12px; margin: 8px 0; }
        .step-failed p { margin: 4px 0; }
        .step-failed .reason, .listens { color: var(--muted); font-size: 0.9rem; }
        li.more { list-style: none; text-align: center; margin: 8px 0; }
        li.more a { display: inline-block; min-height: 44px; line-height: 44px; padding: 0 24px; border-radius: 22px;
          background: var(--tile); color: var(--fg); text-decoration: none; }
        li.more[data-loading] a { opacity: 0.5; }
        .all-tiles { flex-wrap: wrap; position: static; }
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
            if (sessionStorage.getItem("sent:files")) {
              sessionStorage.removeItem("sent:files");
              window.folioClearFileDrafts = true;
            }
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
          var preview = function (input) {
            var old = input.parentNode.querySelector(".preview");
            if (old) { old.remove(); }
            var file = input.files && input.files[0];
            if (!file || !/^(image|video)\//.test(file.type)) { return; }
            var view = document.createElement(file.type.indexOf("video") === 0 ? "video" : "img");
            view.className = "preview";
            view.src = URL.createObjectURL(file);
            input.parentNode.appendChild(view);
          };

          // The files chosen in the new-page sheet (a photo, a voice note) are kept on the phone
          // too (IndexedDB), so a reload or a closed tab does not drop them silently; they go
          // when the server says the page is saved, as the words' drafts do.
          // One store of the phone's IndexedDB: run(mode, work) runs work on it in a transaction
          // and gives what its last request found.
          var phoneStore = function (database, store, options) {
            var open = function () {
              return new Promise(function (resolve, reject) {
                if (!window.indexedDB) { reject(new Error("no IndexedDB")); return; }
                var request = indexedDB.open(database, 1);
                request.onupgradeneeded = function () { request.result.createObjectStore(store, options); };
                request.onsuccess = function () { resolve(request.result); };
                request.onerror = function () { reject(request.error); };
              });
            };
            return function (mode, work) {
              return open().then(function (db) {
                return new Promise(function (resolve, reject) {
                  var done = db.transaction(store, mode);
                  var result = work(done.objectStore(store));
                  done.oncomplete = function () { resolve(result && result.result); };
                  done.onerror = function () { reject(done.error); };
                });
              });
            };
          };
          var fileDrafts = (function () {
            var run = phoneStore("folio-drafts", "files");
            return {
              put: function (key, file) {
                return run("readwrite", function (store) {
                  return file ? store.put({ blob: file, name: file.name, type: file.type }, key) : store.delete(key);
                });
              },
              get: function (key) { return run("readonly", function (store) { return store.get(key); }); },
              clear: function () { return run("readwrite", function (store) { return store.clear(); }); }
            };
          })();
          // The outbox: new pages written while the computer could not be reached, each kept
          // whole (its words, photo and voice note) until the server has made its page. One page
          // per draft: a page is taken out only once the server answered for it, and a page sent
          // twice (an answer lost on the way) is found by the server, never made again.
          var outbox = (function () {
            var run = phoneStore("folio-outbox", "pages", { autoIncrement: true });
            var all = function () {
              return run("readonly", function (store) { return store.getAllKeys(); }).then(function (keys) {
                return Promise.all((keys || []).map(function (id) {
                  return run("readonly", function (store) { return store.get(id); }).then(function (fields) { return { id: id, fields: fields }; });
                }));
              });
            };
            var sending = false;
            var returned = false;
            var returnToSheet = function (fields) {
              returned = true;
              var kept = [];
              fields.forEach(function (pair) {
                if (pair[0] === "text" && pair[1]) {
                  try { localStorage.setItem("folio-draft:new-page", JSON.stringify({ text: pair[1], version: null })); } catch (e) {}
                }
                if ((pair[0] === "media" || pair[0] === "voice") && pair[1] && pair[1].size) {
                  kept.push(fileDrafts.put("new-page:" + pair[0], pair[1]));
                }
              });
              return Promise.all(kept).catch(function () {});
            };
            return {
              available: !!window.indexedDB,
              returnedAny: function () { return returned; },
              keep: function (data) {
                var fields = [];
                data.forEach(function (value, name) { if (name !== "stream") { fields.push([name, value]); } });
                return run("readwrite", function (store) { return store.add(fields); });
              },
              count: function () { return run("readonly", function (store) { return store.count(); }); },
              // Sends each kept page in turn, with this page's token (the one it was written with
              // may be older than a restart of the server); true when any was made.
              flush: function () {
                if (sending) { return Promise.resolve(false); }
                sending = true;
                var token = document.querySelector("input[name=token]");
                var made = false;
                return all().then(function (kept) {
                  return kept.reduce(function (previous, entry) {
                    return previous.then(function () {
                      var body = new FormData();
                      (entry.fields || []).forEach(function (pair) {
                        body.append(pair[0], pair[0] === "token" && token ? token.value : pair[1]);
                      });
                      return fetch("/pages", { method: "POST", body: body, credentials: "same-origin" }).then(function (response) {
                        // An unpaired browser or the server's own failure: kept, sent again later.
                        if (response.status === 401 || response.status === 403 || response.status >= 500) { return; }
                        made = made || response.ok;
                        // A refusal that sending again cannot change (a key in the words, too large)
                        // puts the page back in the sheet as its draft, where saving it says why:
                        // nothing written offline is dropped.
                        var back = response.ok ? Promise.resolve() : returnToSheet(entry.fields || []);
                        return back.then(function () { return run("readwrite", function (store) { return store.delete(entry.id); }); });
                      });
                    });
                  }, Promise.resolve());
                }).then(function () { sending = false; return made; }, function () { sending = false; return made; });
              }
            };
          })();
          var sendKept = function () {
            if (!outbox.available) { return; }
            outbox.count().then(function (count) {
              if (!count) { return; }
              return outbox.flush().then(function (made) {
                // The home page shows what was just made, and a page given back in its sheet.
                if ((made || outbox.returnedAny()) && document.getElementById("compose")) { location.reload(); }
              });
            }).catch(function () {});
          };
          sendKept();
          window.addEventListener("online", sendKept);

          // The app's shell and the pages read lately stay on the phone (a service worker, which
          // a browser runs only over HTTPS or on this computer itself); elsewhere the page says
          // what works without the server.
          if ("serviceWorker" in navigator && window.isSecureContext) {
            navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
          } else {
            document.querySelectorAll(".offline-note").forEach(function (note) { note.hidden = false; });
          }

          var newPage = document.querySelector("form.new-page");
          if (window.folioClearFileDrafts) { fileDrafts.clear().catch(function () {}); }
          if (newPage) {
            newPage.addEventListener("submit", function () {
              try { sessionStorage.setItem("sent:files", "1"); } catch (e) {}
            });
          }
          document.querySelectorAll("input[type=file]").forEach(function (input) {
            var key = input.form === newPage ? "new-page:" + input.name : null;
            input.addEventListener("change", function () {
              preview(input);
              if (key) { fileDrafts.put(key, input.files && input.files[0]).catch(function () {}); }
            });
            if (!key || !window.DataTransfer) { return; }
            fileDrafts.get(key).then(function (kept) {
              if (!kept || (input.files && input.files.length)) { return; }
              var chosen = new DataTransfer();
              chosen.items.add(new File([kept.blob], kept.name, { type: kept.type }));
              input.files = chosen.files;
              preview(input);
              var sheet = document.getElementById("compose");
              if (sheet) { sheet.open = true; }
            }).catch(function () {});
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
                if (form === newPage) { try { sessionStorage.removeItem("sent:files"); } catch (e) {} }
                if (button) { button.disabled = false; }
                if (bubble) { bubble.remove(); }
                var warn = document.createElement("p");
                warn.className = "unsent";
                warn.textContent = unsentText;
                // A new page written with the computer out of reach goes to the outbox: it is
                // sent by itself when the server answers again, and the sheet is empty for the next.
                if (form === newPage && outbox.available) {
                  outbox.keep(data).then(function () {
                    warn.className = "unsent kept";
                    warn.textContent = page.getAttribute("data-kept") || unsentText;
                    form.querySelectorAll("[data-draft]").forEach(function (field) {
                      try { localStorage.removeItem(key(field)); } catch (e) {}
                      field.value = "";
                    });
                    form.querySelectorAll("input[type=file]").forEach(function (input) { input.value = ""; });
                    form.querySelectorAll(".preview").forEach(function (view) { view.remove(); });
                    fileDrafts.clear().catch(function () {});
                  }).catch(function () {});
                }
                form.appendChild(warn);
              });
            });
          });

          // The new-page sheet: opened again when a draft is kept in it (the words are not hidden
          // behind the "＋"), and by a swipe from right to left on the home screen, as the app does.
          var compose = document.getElementById("compose");
          if (compose) {
            var kept = compose.querySelector("textarea");
            if (kept && kept.value) { compose.open = true; }
            var start = null;
            document.addEventListener("touchstart", function (event) {
              var touch = event.touches[0];
              start = event.touches.length === 1 && !event.target.closest(".tiles, .kind-tabs, form") ? { x: touch.clientX, y: touch.clientY } : null;
            }, { passive: true });
            document.addEventListener("touchend", function (event) {
              if (!start) { return; }
              var touch = event.changedTouches[0], dx = touch.clientX - start.x, dy = touch.clientY - start.y;
              start = null;
              if (dx < -80 && Math.abs(dy) < Math.abs(dx) / 2) { compose.open = true; }
            }, { passive: true });
          }

          // A conversation with a chat form under it is open, not folded.
          if (document.querySelector(".companion form")) {
            document.querySelectorAll("details.conversation").forEach(function (d) { d.open = true; });
          }

          // Lists a page at a time: a list's "more" is a link to its next page (which works
          // without this script); here the next page's lines take its place as it comes into view
          // or is tapped, and a line already shown (a page written meanwhile moved the list on)
          // is not shown twice.
          function loadMore(item) {
            var link = item.querySelector("a");
            if (!link || item.getAttribute("data-loading")) { return; }
            item.setAttribute("data-loading", "1");
            var list = item.parentNode;
            fetch(link.href + (link.href.indexOf("?") < 0 ? "?" : "&") + "part=1", { credentials: "same-origin" }).then(function (response) {
              if (!response.ok) { throw new Error(String(response.status)); }
              return response.text();
            }).then(function (html) {
              var holder = document.createElement("template");
              holder.innerHTML = html;
              var shown = {};
              list.querySelectorAll("li.rec[data-page]").forEach(function (li) { shown[li.getAttribute("data-page")] = true; });
              Array.prototype.slice.call(holder.content.children).forEach(function (li) {
                if (li.matches("li.rec") && shown[li.getAttribute("data-page")]) { return; }
                list.insertBefore(li, item);
                if (li.matches("li.more")) { watchMore(li); }
              });
              list.removeChild(item);
            }).catch(function () {
              item.removeAttribute("data-loading");
            });
          }
          var moreObserver = "IntersectionObserver" in window ? new IntersectionObserver(function (entries) {
            entries.forEach(function (entry) { if (entry.isIntersecting) { moreObserver.unobserve(entry.target); loadMore(entry.target); } });
          }, { rootMargin: "400px" }) : null;
          function watchMore(item) {
            item.addEventListener("click", function (event) { event.preventDefault(); loadMore(item); });
            if (moreObserver) { moreObserver.observe(item); }
          }
          document.querySelectorAll("li.more").forEach(watchMore);

          // On this day: the server's list of today's month and day in earlier years (the home
          // page holds only the newest pages), by this device's clock.
          var onThisDay = document.getElementById("otd");
          if (onThisDay) {
            var now = new Date();
            var two = function (n) { return (n < 10 ? "0" : "") + n; };
            var address = "/list?otd=" + two(now.getMonth() + 1) + "-" + two(now.getDate()) + "&year=" + now.getFullYear() + "&part=1";
            fetch(address, { credentials: "same-origin" }).then(function (response) {
              return response.ok ? response.text() : "";
            }).then(function (html) {
              var list = onThisDay.querySelector("ul");
              var holder = document.createElement("template");
              holder.innerHTML = html;
              // Three memories at most above the timeline; the others are a tap away.
              var found = holder.content.querySelectorAll("li.rec");
              Array.prototype.slice.call(found, 0, 3).forEach(function (li) { list.appendChild(li); });
              if (found.length > 3) {
                var more = document.createElement("li");
                more.className = "more";
                var link = document.createElement("a");
                link.href = address.replace("&part=1", "");
                link.textContent = onThisDay.getAttribute("data-more") || "…";
                more.appendChild(link);
                list.appendChild(more);
              }
              if (list.querySelector("li.rec")) { onThisDay.hidden = false; }
              onThisDay.setAttribute("data-ready", "1");
            }).catch(function () {});
          }
        })();
        """#

    /// The service worker: the app's shell (its stylesheets, scripts, icons and an offline page)
    /// kept at install, and each page read (the home page, a record's page, a list) kept as it
    /// comes, the newest 60, with their thumbnails. A page is asked of the server first; without
    /// it, the kept copy, else the offline page. Nothing sent (a POST) is ever answered from here.
    public static let serviceWorker = #"""
        "use strict";
        var SHELL = "folio-shell-" + VERSION;
        var PAGES = "folio-pages";
        var KEEP = 60;
        var shell = ["/assets/site.css", "/assets/site.js", "/assets/app.css", "/assets/app.js", "/manifest.webmanifest",
          "/assets/icon-192.png", "/offline.html"];
        self.addEventListener("install", function (event) {
          event.waitUntil(caches.open(SHELL).then(function (cache) { return cache.addAll(shell); }).then(function () { return self.skipWaiting(); }));
        });
        self.addEventListener("activate", function (event) {
          event.waitUntil(caches.keys().then(function (names) {
            return Promise.all(names.filter(function (name) { return name.indexOf("folio-shell-") === 0 && name !== SHELL; })
              .map(function (name) { return caches.delete(name); }));
          }).then(function () { return self.clients.claim(); }));
        });
        function keep(request, response) {
          if (!response || !response.ok || response.type !== "basic") { return; }
          var copy = response.clone();
          caches.open(PAGES).then(function (cache) {
            return cache.put(request, copy).then(function () { return cache.keys(); }).then(function (keys) {
              // The oldest go first: a cache's keys are in the order they were put.
              return Promise.all(keys.slice(0, Math.max(0, keys.length - KEEP)).map(function (old) { return cache.delete(old); }));
            });
          });
        }
        self.addEventListener("fetch", function (event) {
          var request = event.request;
          var url = new URL(request.url);
          if (request.method !== "GET" || url.origin !== self.location.origin) { return; }
          if (request.mode === "navigate" || url.pathname === "/list") {
            event.respondWith(fetch(request).then(function (response) {
              keep(request, response);
              return response;
            }).catch(function () {
              return caches.match(request, { ignoreSearch: false }).then(function (kept) {
                return kept || (request.mode === "navigate" ? caches.match("/offline.html") : Response.error());
              });
            }));
            return;
          }
          if (shell.indexOf(url.pathname) >= 0 || url.pathname.indexOf("/thumbs/") === 0) {
            // Kept copy at once, brought up to date behind it.
            event.respondWith(caches.match(request).then(function (kept) {
              var fresh = fetch(request).then(function (response) {
                if (url.pathname.indexOf("/thumbs/") === 0) { keep(request, response); }
                else if (response.ok) { var copy = response.clone(); caches.open(SHELL).then(function (cache) { cache.put(request, copy); }); }
                return response;
              }).catch(function () { return kept || Response.error(); });
              return kept || fresh;
            }));
          }
        });

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
}
