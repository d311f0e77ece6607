# Issue 19: an empty search says 找不到符合的紀錄 on stderr and exits 0, or 日記 when only diary
# pages were searched.
$ folio init journal --name 林小雨 --language zh-Hant
已建立 folio 資料庫：~/journal
? 0
$ cd journal
? 0
$ folio idea 買菜
已新增 想法「買菜」：ideas/2026/11/2026-11-22-買菜.md
? 0
$ folio search 不存在的字
! 找不到符合的紀錄。
? 0
$ folio search 不存在的字 --kind diary
! 找不到符合的日記。
? 0
$ folio search kind:diary 不存在的字
! 找不到符合的日記。
? 0
