# Issue 39, ideas in zh-Hant: jotted down, ticked off, listed open and done; a new title keeps the
# file's name, and set says so.
$ folio init journal --name 林小雨 --language zh-Hant
已建立 folio 資料庫：~/journal
? 0
$ cd journal
? 0
$ folio idea 測試想法
已新增 想法「測試想法」：ideas/2026/11/2026-11-22-測試想法.md
? 0
$ folio idea 買一把新雨傘
已新增 想法「買一把新雨傘」：ideas/2026/11/2026-11-22-買一把新雨傘.md
? 0
$ folio idea 週末整理書櫃
已新增 想法「週末整理書櫃」：ideas/2026/11/2026-11-22-週末整理書櫃.md
? 0
$ folio done 買一把新雨傘
已完成「買一把新雨傘」
? 0
$ folio list --open
2026-11-22  想法  <id1:8>  測試想法
2026-11-22  想法  <id2:8>  週末整理書櫃
? 0
$ folio list --done
2026-11-22  想法  <id3:8>  ✓ 買一把新雨傘
? 0
$ folio set 測試想法 title=筆電標題
已更新「筆電標題」：ideas/2026/11/2026-11-22-測試想法.md
檔名不變，仍是 ideas/2026/11/2026-11-22-測試想法.md：改標題不會改檔名，連結、歷史和其他裝置都還找得到它；要改檔名請用 `git mv` 再 `folio commit`。
? 0
$ ls ideas/2026/11
2026-11-22-測試想法.md
2026-11-22-買一把新雨傘.md
2026-11-22-週末整理書櫃.md
? 0
$ folio show 筆電標題 --json | jq -c '{title, path, done}'
{"title":"筆電標題","path":"ideas/2026/11/2026-11-22-測試想法.md","done":false}
? 0
$ folio set 筆電標題 done=true
已更新「筆電標題」：ideas/2026/11/2026-11-22-測試想法.md
? 0
$ folio list idea
2026-11-22  想法  <id1:8>  ✓ 筆電標題
2026-11-22  想法  <id3:8>  ✓ 買一把新雨傘
2026-11-22  想法  <id2:8>  週末整理書櫃
? 0
$ git rev-list --count HEAD
7
? 0
