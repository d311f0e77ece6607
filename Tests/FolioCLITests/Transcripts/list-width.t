# requires: script
# Issue 19: on a terminal, list cuts long titles by display width (CJK counts double) with …;
# COLUMNS sets the width. Through a pipe the title is whole. (script gives list a terminal; tr
# takes away the carriage returns a terminal adds.)
$ folio init journal --name 林小雨 --language zh-Hant
已建立 folio 資料庫：~/journal
? 0
$ cd journal
? 0
$ folio idea 很長的標題很長的標題很長的標題很長的標題很長的標題很長的標題很長的標題很長的標題很長的標題很長的標題 --tag 第一個標籤 --tag second
已新增 想法「很長的標題很長的標題很長的標題很長的標題很長的標題很長的標題很長的標題很長的標題很長的標題很長的標題」：ideas/2026/11/2026-11-22-很長的標題很長的標題很長的標題很長的標題很長的標題很.md
? 0
$ folio list
2026-11-22  想法  <id1:8>  很長的標題很長的標題很長的標題很長的標題很長的標題很長的標題很長的標題很長的標題很長的標題很長的標題  #第一個標籤 #second
? 0
$ COLUMNS=60 script -qec 'folio list' /dev/null | tr -d '\r'
2026-11-22  想法  <id1:8>  很長的標題很長的標題很長的標題…
? 0
$ COLUMNS=60 script -qec 'folio list' /dev/null | tr -d '\r' | while IFS= read -r line; do printf '%s' "$line" | wc -L; done
59
? 0
$ COLUMNS=40 script -qec 'folio list' /dev/null | tr -d '\r'
2026-11-22  想法  <id1:8>  很長的標題…
? 0
