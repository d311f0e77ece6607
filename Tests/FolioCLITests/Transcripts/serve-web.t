# Issue 36: `folio serve` driven with curl, as a browser drives it. The terminal shows a pairing
# link; nothing but the pairing page answers without the cookie it sets. Every GET leaves the
# vault as it was (its tree and its working files); every POST is one change and one commit; a
# write without the cookie, from another site, without the page's token or to another host name
# is refused and changes nothing.
$ folio init journal --name 林小雨 --language zh-Hant
已建立 folio 資料庫：~/journal
? 0
$ cd journal
? 0
$ folio idea 測試想法
已新增 想法「測試想法」：ideas/2026/11/2026-11-22-測試想法.md
? 0
$ timeout 600 folio serve --port 0 2> ../serve.log & echo $! > ../serve.pid
> until grep -q -e 'Pages ready' -e '頁面準備好了' ../serve.log 2>/dev/null; do sleep 0.05; done
> sed -e 's/127.0.0.1:[0-9]*/127.0.0.1:PORT/' -e 's/secret=[A-Za-z0-9_-]*/secret=SECRET/' ../serve.log
folio 已啟動。在瀏覽器開啟這個連結配對（只給你自己的裝置）：
  http://127.0.0.1:PORT/pair?secret=SECRET
按 Ctrl-C 停止。
頁面準備好了：1 篇。
? 0
$ export PAIR=$(grep -o 'http://[^ ]*/pair?secret=[A-Za-z0-9_-]*' ../serve.log)
> export BASE=${PAIR%/pair*}
> export HOSTPORT=${BASE#http://}
? 0

# Not paired yet: every page is refused, and a wrong secret pairs nothing.
$ curl -s -o /dev/null -w '%{http_code}\n' $BASE/
401
? 0
$ curl -s -o /dev/null -w '%{http_code}\n' -c ../cookies "$BASE/pair?secret=guess"
403
? 0
$ curl -s -o /dev/null -w '%{http_code} %header{location}\n' -c ../cookies "$PAIR"
303 /
? 0
$ grep -c 'folio_session' ../cookies
1
? 0
$ export TOKEN=$(curl -s -b ../cookies $BASE/ | grep -o 'name="token" value="[0-9a-f]*"' | head -1 | cut -d'"' -f4)
> echo ${#TOKEN}
64
? 0

# Reading changes nothing: the home page, a record, the calendar, the search terms, a missing page.
$ git rev-parse HEAD > ../head-before
> for page in / /index.html /calendar/2026-11.html /search.js /records/none.html /.git/config /..%2f..%2fetc/passwd /vault/.git/config; do
>   curl -s -o /dev/null -b ../cookies -w "%{http_code} $page\n" "$BASE$page"
> done
> git rev-parse HEAD | diff - ../head-before && git status --porcelain
200 /
200 /index.html
200 /calendar/2026-11.html
200 /search.js
404 /records/none.html
404 /.git/config
404 /..%2f..%2fetc/passwd
404 /vault/.git/config
? 0
$ curl -s -D - -o /dev/null -b ../cookies $BASE/ | grep -i -e '^content-security-policy' -e '^x-frame' | tr -d '\r' | sed 's/127.0.0.1:[0-9]*/127.0.0.1:PORT/g'
Content-Security-Policy: default-src 'none'; script-src http://127.0.0.1:PORT/assets/app.js http://127.0.0.1:PORT/assets/site.js http://127.0.0.1:PORT/search.js http://127.0.0.1:PORT/sw.js; style-src 'self'; img-src 'self' blob:; media-src 'self' blob:; connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'
X-Frame-Options: DENY
? 0

# A browser that takes gzip gets the page gzipped: the same page, a fifth of the bytes or less.
$ curl -s -b ../cookies -H 'Accept-Encoding: gzip, deflate, br' -D ../headers -o ../home.gz $BASE/
> grep -i -e '^content-encoding' -e '^vary' ../headers | tr -d '\r'
> curl -s -b ../cookies $BASE/ > ../home.html && gunzip -c ../home.gz | cmp - ../home.html && echo same page
Vary: Accept-Encoding
Content-Encoding: gzip
same page
? 0

# Writing: an idea whose title is HTML, then the 8 ball; each one commit, shown as text on its page.
$ curl -s -o /dev/null -w '%{http_code}\n' -b ../cookies --data-urlencode "token=$TOKEN" --data-urlencode 'title=<script>alert(1)</script> 帶傘' --data-urlencode 'tags=工作' $BASE/ideas
303
? 0
$ git log -1 --format=%s
idea: add "<script>alert(1)</script> 帶傘"
? 0
$ curl -s -b ../cookies $BASE/ > ../home.html && grep -c '&lt;script&gt;alert(1)&lt;/script&gt; 帶傘' ../home.html && grep -c '<script>alert' ../home.html
1
0
? 1
$ curl -s -o /dev/null -w '%{http_code}\n' -b ../cookies --data-urlencode "token=$TOKEN" --data-urlencode 'question=明天會下雨嗎？' $BASE/ask
303
? 0
$ git log -1 --format=%s && folio list qa --json | jq -r '.[0].title'
qa: add "明天會下雨嗎？"
明天會下雨嗎？
? 0

# The server's search, as `folio search` ranks it: Chinese typed without spaces, a title that is
# HTML shown as text, and what it says when nothing matches.
$ curl -s -G -b ../cookies --data-urlencode 'q=帶傘' $BASE/search | grep -o '<span class="title">[^<]*'
<span class="title">&lt;script&gt;alert(1)&lt;/script&gt; 帶傘
? 0
$ curl -s -G -b ../cookies --data-urlencode 'q=下雪' $BASE/search | grep -o '<p class="empty">[^<]*'
<p class="empty">找不到符合的紀錄。
? 0

# Ticking the idea off from its page, then editing its text and tags.
$ export PAGE=$(curl -s -o /dev/null -w '%header{location}' -b ../cookies --data-urlencode "token=$TOKEN" --data-urlencode 'record=測試想法' --data-urlencode 'done=true' $BASE/done)
> echo $PAGE | grep -c '^/records/.*\.html#saved$'
1
? 0
$ folio list --done
2026-11-22  想法  <id1:8>  ✓ 測試想法
? 0
$ curl -s -b ../cookies $BASE${PAGE%#saved} > ../page.html
> # Every form of the page carries this browser's token, none the marker it stands for on disk.
> grep -o 'name="token" value="[^"]*"' ../page.html | cut -d'"' -f4 | sort -u | sed "s/^$TOKEN\$/the token/"
> grep -c 'folio-token' ../page.html || true
> export VERSION=$(grep -o 'name="version" value="[0-9a-f]*"' ../page.html | cut -d'"' -f4)
> export RECORD=$(grep -o 'name="record" value="[^"]*"' ../page.html | head -1 | cut -d'"' -f4)
> curl -s -o /dev/null -w '%{http_code}\n' -b ../cookies --data-urlencode "token=$TOKEN" --data-urlencode "record=$RECORD" --data-urlencode "version=$VERSION" --data-urlencode $'text=先查天氣，\n再決定。' --data-urlencode 'tags=生活，天氣' $BASE/edit
the token
0
303
? 0
$ folio show 測試想法 --json | jq -c '{tags, done, body}'
{"tags":["生活","天氣"],"done":true,"body":"先查天氣，\n再決定。\n"}
? 0

# A second tab still holding the old page: its edit is refused, nothing written, and what it
# typed comes back in a form made from the page as it is now.
$ curl -s -o ../late.html -w '%{http_code}\n' -b ../cookies --data-urlencode "token=$TOKEN" --data-urlencode "record=$RECORD" --data-urlencode "version=$VERSION" --data-urlencode 'text=舊分頁的內容' --data-urlencode 'tags=' $BASE/edit
409
? 0
$ grep -c -e '舊分頁的內容' -e '先查天氣' ../late.html && folio show 測試想法 --json | jq -r .body
2
先查天氣，
再決定。

? 0

# Refused writes, none of which changes the vault: no cookie, a foreign Origin, another site's
# fetch, no token, a wrong token, another host name (a DNS rebinding page).
$ git rev-parse HEAD > ../head-before
> post() { curl -s -o /dev/null -w "%{http_code} $1\n" "${@:2}" --data-urlencode 'title=不該存在' $BASE/ideas; }
> post no-cookie --data-urlencode "token=$TOKEN"
> post foreign-origin -b ../cookies -H 'Origin: http://evil.example' --data-urlencode "token=$TOKEN"
> post null-origin -b ../cookies -H 'Origin: null' --data-urlencode "token=$TOKEN"
> post cross-site -b ../cookies -H 'Sec-Fetch-Site: cross-site' --data-urlencode "token=$TOKEN"
> post no-token -b ../cookies
> post wrong-token -b ../cookies --data-urlencode "token=$(echo $TOKEN | tr 0-9a-f a-f0-9)"
> post other-host -b ../cookies -H 'Host: evil.example' --data-urlencode "token=$TOKEN"
> git rev-parse HEAD | diff - ../head-before && git status --porcelain && folio list idea --json | jq length
401 no-cookie
403 foreign-origin
403 null-origin
403 cross-site
403 no-token
403 wrong-token
421 other-host
2
? 0

# A pairing link pairs one browser: used again (by anyone), it is refused, and the terminal
# shows the link for the next device. Each browser has a session and a form token of its own.
$ curl -s -o /dev/null -w '%{http_code} used again\n' -c ../other "$PAIR"
> grep -c 'folio_session' ../other; grep -A1 '已配對' ../serve.log | sed -e 's/127.0.0.1:[0-9]*/127.0.0.1:PORT/' -e 's/secret=[A-Za-z0-9_-]*/secret=SECRET/'
403 used again
0
已配對：curl。剛才的連結已經用掉了；下一個裝置請開啟：
  http://127.0.0.1:PORT/pair?secret=SECRET
? 0
$ export NEXT=$(grep -o 'http://[^ ]*/pair?secret=[A-Za-z0-9_-]*' ../serve.log | tail -1)
> curl -s -o /dev/null -w '%{http_code} next link\n' -A 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1' -c ../phone "$NEXT"
> export PHONE_TOKEN=$(curl -s -b ../phone $BASE/ | grep -o 'name="token" value="[0-9a-f]*"' | head -1 | cut -d'"' -f4)
> [ "$PHONE_TOKEN" != "$TOKEN" ] && echo tokens differ
> post() { curl -s -o /dev/null -w "%{http_code} $1\n" "${@:2}" --data-urlencode 'title=換手機的想法' $BASE/ideas; }
> post "the laptop's token from the phone" -b ../phone --data-urlencode "token=$TOKEN"
303 next link
tokens differ
403 the laptop's token from the phone
? 0
$ folio serve devices | sed -E 's/^[0-9a-f]{8}/ID/'
ID  2026-11-22 18:04  curl
ID  2026-11-22 18:04  iPhone · Safari
? 0
$ cat .folio/local/serve-devices | grep -c -e "$(grep folio_session ../phone | cut -f7)" -e "$(grep folio_session ../cookies | cut -f7)"
0
? 1

# The server restarts (the home computer rebooted): both browsers are still paired. The phone is
# revoked from the terminal: it is cut off at once, the laptop is not.
$ kill $(cat ../serve.pid); while kill -0 $(cat ../serve.pid) 2>/dev/null; do sleep 0.05; done
> timeout 600 folio serve --port ${HOSTPORT#*:} 2> ../serve2.log & echo $! > ../serve.pid
> until grep -q '/pair?secret=' ../serve2.log 2>/dev/null; do sleep 0.05; done
> curl -s -o /dev/null -w '%{http_code} laptop after restart\n' -b ../cookies $BASE/
> curl -s -o /dev/null -w '%{http_code} phone after restart\n' -b ../phone $BASE/
200 laptop after restart
200 phone after restart
? 0
$ folio serve devices --revoke $(folio serve devices --json | jq -r '.[] | select(.name | test("iPhone")) | .id')
> curl -s -o /dev/null -w '%{http_code} phone revoked\n' -b ../phone $BASE/
> curl -s -o /dev/null -w '%{http_code} laptop still paired\n' -b ../cookies $BASE/
> folio serve devices | wc -l
已取消 1 個裝置的配對；它們要再用 `folio serve` 顯示的新連結配對。
401 phone revoked
200 laptop still paired
1
? 0
$ folio serve devices --revoke zz
! 錯誤: 沒有配對過 id 是「zz」的裝置。`folio serve devices` 會列出它們。
? 1

$ kill $(cat ../serve.pid)
? 0
