# Issue 19: empty, blank, multi-line and control-character titles are refused; titles are capped
# by record.max_title_length (200 unless set).
$ folio init journal --name 林小雨 --language zh-Hant
已建立 folio 資料庫：~/journal
? 0
$ cd journal
? 0

$ folio idea ''
! 錯誤: 標題是空的，請寫幾個字；folio 沒有寫入任何東西。
? 1
$ folio idea '   '
! 錯誤: 標題是空的，請寫幾個字；folio 沒有寫入任何東西。
? 1
$ folio idea $'兩行\n標題'
! 錯誤: 標題只能是一行文字，裡面有 U+000A (␊)（換行、定位字元或控制字元）；folio 沒有寫入任何東西。
? 1
$ folio idea $'有\t定位'
! 錯誤: 標題只能是一行文字，裡面有 U+0009 (␉)（換行、定位字元或控制字元）；folio 沒有寫入任何東西。
? 1
$ folio idea $'空\x01字元'
! 錯誤: 標題裡有控制字元 U+0001 (␁)，它會弄亂終端機和提交訊息；folio 沒有寫入任何東西。請刪除它再試一次。
? 1
$ folio idea "$(printf '長%.0s' $(seq 201))"
! 錯誤: 文字太長，請簡短一點：標題有 201 字，上限 200 字（上限可用 `folio config set record.max_title_length N` 調整）。
? 1
$ folio idea "$(printf '長%.0s' $(seq 200))" --json | jq -r '.title | length'
200
? 0

$ folio config set record.max_title_length 10
record.max_title_length = 10
? 0
$ folio idea 十一個字的標題有點長了
! 錯誤: 文字太長，請簡短一點：標題有 11 字，上限 10 字（上限可用 `folio config set record.max_title_length N` 調整）。
? 1
$ folio idea 十個字的標題剛剛好了
已新增 想法「十個字的標題剛剛好了」：ideas/2026/11/2026-11-22-十個字的標題剛剛好了.md
? 0
$ folio set 十個字的標題剛剛好了 title=
! 錯誤: 標題是空的，請寫幾個字；folio 沒有寫入任何東西。
? 1
$ folio list idea
2026-11-22  想法  <id1:8>  十個字的標題剛剛好了
2026-11-22  想法  <id2:8>  長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長長
? 0
