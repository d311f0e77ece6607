# Issue 39, the billiard trainer in zh-Hant: a session dated by its own date, the player's level
# computed from experience (never stored) rising as sessions add experience, success rates per course.
$ folio init journal --name 林小雨 --language zh-Hant
已建立 folio 資料庫：~/journal
? 0
$ cd journal
? 0
$ folio kinds add billiard-trainer
已加入範例「billiard-trainer」的類型：course-progress, player, training。
? 0
$ folio new player --field name=阿明 --field experience=1400
已新增 球員「阿明」：billiard/player.md
? 0
$ folio show billiard/player.md
---
id: <id1>
kind: player
title: 阿明
created: 2026-11-22T18:04:11+08:00
modified: 2026-11-22T18:04:11+08:00
tags: []
name: 阿明
experience: 1400
---

── 計算出來的值（不寫入檔案） ──
  等級  Lv.2
? 0
$ folio new training --field date=2026-11-20T19:00 --field course=基本擊球 --field duration_minutes=60 --field power=0.6 --field 'shots=[{result: made}, {result: missed}, {result: made}, {result: missed}]'
已新增 練球「基本擊球」：billiard/training/2026/11/2026-11-20-基本擊球.md
? 0
$ folio new training --field date=2026-11-21T19:30 --field course=基本擊球 --field duration_minutes=45 --field 'shots=[{result: made}, {result: made}, {result: made}, {result: missed}]'
已新增 練球「基本擊球」：billiard/training/2026/11/2026-11-21-基本擊球.md
? 0
$ folio new training --field date=2026-11-22T20:00 --field course=高桿 --field duration_minutes=30 --field 'shots=[{result: missed}, {result: made}, {result: missed}]'
已新增 練球「高桿」：billiard/training/2026/11/2026-11-22-高桿.md
? 0
$ folio list training
2026-11-22  練球  <id2:8>  高桿  進球率 33.3%
2026-11-21  練球  <id3:8>  基本擊球  進球率 75%
2026-11-20  練球  <id4:8>  基本擊球  進球率 50%
? 0
# The session adds experience: at 1,500 the player reaches Lv.3.
$ folio set billiard/player.md experience=1550
已更新「阿明」：billiard/player.md
? 0
$ folio show billiard/player.md --json | jq -c '{experience, computed}'
{"experience":1550,"computed":{"level":3}}
? 0
$ folio set billiard/player.md level=4
! 錯誤: 「level」是「player」從「experience」算出來的，不寫進檔案；要改它，請改「experience」。沒有寫入任何東西。
? 1
$ grep -c level billiard/player.md || true
0
? 0
$ folio stats training --by course --sum duration_minutes --avg success_rate
紀錄      3
類型      練球 3
月份      2026-11 3

欄位        筆數  總和  平均  最小  最大
練了幾分鐘     3   135    45    30    60
進球率         3  1.58  0.53  0.33  0.75

課程      紀錄  練了幾分鐘 總和  進球率 平均
基本擊球     2              105         0.62
高桿         1               30         0.33
? 0
