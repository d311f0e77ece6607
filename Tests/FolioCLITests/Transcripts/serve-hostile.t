# Issue 36: `folio serve` against hostile and unlucky clients. A photo from a phone becomes a
# diary page in one commit, and the same upload sent again (a retry after a dropped answer) finds
# that page instead of making a second; a name with folders in it is reduced to its last part. A
# body over the limit is refused while it streams, a connection cut mid-upload keeps nothing, and
# a client that sends its request a byte at a time (slow-loris) holds up nobody else.
$ folio init journal --name 林小雨 --language zh-Hant
已建立 folio 資料庫：~/journal
? 0
$ cd journal && folio config set media.max_bytes 1000000
media.max_bytes = 1000000
? 0
$ timeout 600 folio serve --port 0 2> ../serve.log & echo $! > ../serve.pid
> until grep -q -e 'Pages ready' -e '頁面準備好了' ../serve.log 2>/dev/null; do sleep 0.05; done
> export PAIR=$(grep -o 'http://[^ ]*/pair?secret=[A-Za-z0-9_-]*' ../serve.log)
> export BASE=${PAIR%/pair*}
> export HOSTPORT=${BASE#http://}
> curl -s -o /dev/null -c ../cookies "$PAIR"
> export COOKIE=$(grep folio_session ../cookies | cut -f7)
> export TOKEN=$(curl -s -b ../cookies $BASE/ | grep -o 'name="token" value="[0-9a-f]*"' | head -1 | cut -d'"' -f4)
> echo ${#TOKEN}
64
? 0

# A photo and a few words, as the phone's form sends them; then the same again.
$ ffmpeg -loglevel error -f lavfi -i color=c=orange:s=64x48 -frames:v 1 ../IMG_0001.JPG
? 0
$ for attempt in first retry; do
>   curl -s -o /dev/null -w "%{http_code} $attempt\n" -b ../cookies -F "token=$TOKEN" -F 'text=河邊散步，看到白鷺鷥' -F 'media=@../IMG_0001.JPG;filename=../../etc/IMG_0001.JPG' $BASE/pages
> done
303 first
303 retry
? 0
$ git log --format=%s -1 && git rev-list --count HEAD && folio list diary
diary: add "河邊散步，看到白鷺鷥"
3
2026-11-22  日記  <id1:8>  河邊散步，看到白鷺鷥
? 0
$ folio show 河邊散步，看到白鷺鷥 --json | jq -c '[.media[] | {name, type}]' && find .folio/local/uploads -name 'upload-*' | wc -l
[{"name":"IMG_0001.JPG","type":"photo"}]
0
? 0

# The companion's greeting asked for twice (a double tap): the talk opens once. With no AI server
# set up, the built-in companion greets.
$ export RECORD=$(folio list diary --json | jq -r '.[0].id')
> for attempt in first second; do
>   curl -s -o /dev/null -w "%{http_code} $attempt\n" -b ../cookies --data-urlencode "token=$TOKEN" --data-urlencode "record=$RECORD" $BASE/greet
> done
> git log --format=%s -2
303 first
303 second
diary: chat "河邊散步，看到白鷺鷥"
diary: add "河邊散步，看到白鷺鷥"
? 0

# Two gigabytes against a limit of one megabyte: refused as soon as the limit passes, long
# before the rest is sent; nothing is kept, and the server goes on answering.
$ python3 - <<'PY'
> import os, socket
> host, port = os.environ["HOSTPORT"].split(":")
> s = socket.create_connection((host, int(port)))
> boundary = "b0undary"
> head = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"token\"\r\n\r\n{os.environ['TOKEN']}\r\n"
>         f"--{boundary}\r\nContent-Disposition: form-data; name=\"media\"; filename=\"big.mp4\"\r\n"
>         "Content-Type: video/mp4\r\n\r\n").encode()
> s.sendall((f"POST /pages HTTP/1.1\r\nHost: {os.environ['HOSTPORT']}\r\nCookie: folio_session={os.environ['COOKIE']}\r\n"
>            f"Content-Type: multipart/form-data; boundary={boundary}\r\nTransfer-Encoding: chunked\r\n\r\n").encode())
> def chunk(data): s.sendall(b"%x\r\n" % len(data) + data + b"\r\n")
> chunk(head)
> sent, block = 0, b"\0" * (1 << 20)
> try:
>     while sent < 2 << 30:
>         chunk(block)
>         sent += len(block)
> except OSError:
>     pass
> s.settimeout(10)
> answer = b""
> try:
>     while b"\r\n" not in answer:
>         more = s.recv(4096)
>         if not more: break
>         answer += more
> except OSError:
>     pass
> # The refusal itself may be lost to the reset of a socket closed with the rest unread.
> print("stopped before 64 MB:", sent < 64 << 20, "· refused:", answer.split(b"\r\n")[0] in (b"", b"HTTP/1.1 413 Payload Too Large"))
> PY
stopped before 64 MB: True · refused: True
? 0
$ curl -s -o /dev/null -w '%{http_code}\n' -b ../cookies $BASE/ && find .folio/local/uploads -name 'upload-*' | wc -l ; git status --porcelain
200
0
? 0

# A connection cut halfway through a photo: nothing is kept, no page is made.
$ python3 - <<'PY'
> import os, socket, time
> host, port = os.environ["HOSTPORT"].split(":")
> s = socket.create_connection((host, int(port)))
> boundary = "b0undary"
> body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"token\"\r\n\r\n{os.environ['TOKEN']}\r\n"
>         f"--{boundary}\r\nContent-Disposition: form-data; name=\"media\"; filename=\"cut.jpg\"\r\n\r\n").encode() + b"\xff\xd8" + b"x" * 50000
> s.sendall((f"POST /pages HTTP/1.1\r\nHost: {os.environ['HOSTPORT']}\r\nCookie: folio_session={os.environ['COOKIE']}\r\n"
>            f"Content-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {len(body) + 100000}\r\n\r\n").encode() + body)
> # Cut once the server is writing the photo down (on a busy machine it may not have begun yet,
> # and the wait below would find no upload before there is one).
> uploads = ".folio/local/uploads"
> for _ in range(200):
>     if os.path.isdir(uploads) and any(name.startswith("upload-") for name in os.listdir(uploads)):
>         break
>     time.sleep(0.05)
> s.close()
> PY
> # The server notices the cut when the kernel tells it; until then the upload is still arriving.
> for i in $(seq 200); do [ $(find .folio/local/uploads -name 'upload-*' | wc -l) = 0 ] && break; sleep 0.05; done
> curl -s -o /dev/null -w '%{http_code}\n' -b ../cookies $BASE/ && find .folio/local/uploads -name 'upload-*' | wc -l ; git rev-list --count HEAD && git status --porcelain
200
0
4
? 0

# A slow-loris client holds a connection open, sending a byte at a time; others are answered.
$ python3 - <<'PY'
> import os, socket, subprocess, time
> host, port = os.environ["HOSTPORT"].split(":")
> slow = [socket.create_connection((host, int(port))) for _ in range(20)]
> for s in slow: s.sendall(b"GET / HTTP/1.1\r\nHost: ")
> answered = subprocess.run(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "5", "-b", "../cookies",
>                            os.environ["BASE"] + "/"], capture_output=True, text=True).stdout
> for s in slow: s.sendall(b"1")
> print("while 20 clients trickle:", answered)
> PY
while 20 clients trickle: 200
? 0

$ kill $(cat ../serve.pid)
? 0
