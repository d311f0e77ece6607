# Issue 36: `folio serve --lan` for a phone on the same Wi-Fi: it listens on the computer's
# networks, prints the pairing link with the computer's address and a QR code of it (qrencode),
# and still answers only to its own names: the address it printed, and this computer's.
$ folio init journal --name 林小雨 --language zh-Hant
已建立 folio 資料庫：~/journal
? 0
$ cd journal
? 0
$ timeout 600 folio serve --lan --port 0 2> ../serve.log & echo $! > ../serve.pid
> until grep -q -e 'Pages ready' -e '頁面準備好了' ../serve.log 2>/dev/null; do sleep 0.05; done
> grep -c '█' ../serve.log | sed 's/^[1-9][0-9]*$/a QR code/'
> grep -v '█' ../serve.log | sed -E -e 's#http://[0-9.]+:[0-9]+/pair\?secret=[A-Za-z0-9_-]+#http://ADDRESS:PORT/pair?secret=SECRET#'
a QR code
folio 已啟動。在瀏覽器開啟這個連結配對（只給你自己的裝置）：
  http://ADDRESS:PORT/pair?secret=SECRET
同一個無線網路上的手機可以掃描上面的 QR 碼。不要把這個連接埠開放到網際網路。
按 Ctrl-C 停止。
頁面準備好了：0 篇。
? 0
$ export PAIR=$(grep -o 'http://[^ ]*/pair?secret=[A-Za-z0-9_-]*' ../serve.log | head -1)
> export HOSTPORT=$(echo $PAIR | sed -E 's#http://([^/]+)/.*#\1#')
> export PORT=${HOSTPORT##*:}
> curl -s -o /dev/null -w '%{http_code} printed address\n' -c ../cookies "$PAIR"
> curl -s -o /dev/null -w '%{http_code} home at the printed address\n' -b ../cookies "http://$HOSTPORT/"
> curl -s -o /dev/null -w '%{http_code} another name for it\n' -b ../cookies -H "Host: journal.example:$PORT" "http://$HOSTPORT/"
> curl -s -o /dev/null -w '%{http_code} loopback, not paired there\n' "http://127.0.0.1:$PORT/"
303 printed address
200 home at the printed address
421 another name for it
401 loopback, not paired there
? 0

# Anyone else on the network: the link already used pairs nobody (the terminal printed the next
# one, with its QR code), and without a session nothing of the journal answers.
$ curl -s -o /dev/null -w '%{http_code} the same link from another device\n' "$PAIR"
> grep -o 'http://[^ ]*/pair?secret=[A-Za-z0-9_-]*' ../serve.log | sort -u | wc -l | sed 's/$/ links printed/'
> grep -q '已配對' ../serve.log && echo the next link said
> for page in /index.html /search.js /vault/media/00/none.jpg /search?q=x; do curl -s -o /dev/null -w "%{http_code} $page\n" "http://$HOSTPORT$page"; done
403 the same link from another device
2 links printed
the next link said
401 /index.html
401 /search.js
401 /vault/media/00/none.jpg
401 /search?q=x
? 0
$ kill $(cat ../serve.pid)
? 0
