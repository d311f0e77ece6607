# Issue 19: `show` lists a baby's children (kind, date, title, short id) and `list --parent` lists
# them, of any kind or of one; both with --json. A kind without child kinds has no children list.
$ folio init journal --name 林小雨 --language zh-Hant
已建立 folio 資料庫：~/journal
? 0
$ cd journal
? 0
$ folio kinds add baby-tracker
已加入範例「baby-tracker」的類型：activity, baby, environment, interruption, sleep。
? 0
$ folio new baby --field name=小寶
已新增 寶寶「小寶」：baby/2026/11/2026-11-22-小寶.md
? 0
$ folio new baby --field name=小貝
已新增 寶寶「小貝」：baby/2026/11/2026-11-22-小貝.md
? 0
$ folio new sleep --parent 小寶 --field start=2026-11-21T20:30
已新增 睡眠「睡眠 2026-11-21 20:30」：baby/sleep/2026/11/2026-11-21-睡眠-2026-11-21-20-30.md
? 0
$ folio new activity --parent 小寶 --field activity=bath --field start=2026-11-22T09:00
已新增 活動「洗澡」：baby/activity/2026/11/2026-11-22-洗澡.md
? 0
$ folio new sleep --parent 小貝 --field start=2026-11-21T21:00
已新增 睡眠「睡眠 2026-11-21 21:00」：baby/sleep/2026/11/2026-11-21-睡眠-2026-11-21-21-00.md
? 0

$ folio show 小寶
---
id: <id1>
kind: baby
title: 小寶
created: 2026-11-22T18:04:11+08:00
modified: 2026-11-22T18:04:11+08:00
tags: []
name: 小寶
---

── 子紀錄（2 筆） ──
  活動  2026-11-22 09:00  洗澡  <id2:8>
  睡眠  2026-11-21 20:30  睡眠 2026-11-21 20:30  <id3:8>
? 0
$ folio show 小寶 --json | jq -c .children
[{"id":"<id2>","kind":"activity","title":"洗澡","created":"2026-11-22T09:00:00+08:00","path":"baby/activity/2026/11/2026-11-22-洗澡.md"},{"id":"<id3>","kind":"sleep","title":"睡眠 2026-11-21 20:30","created":"2026-11-21T20:30:00+08:00","path":"baby/sleep/2026/11/2026-11-21-睡眠-2026-11-21-20-30.md"}]
? 0
$ folio show 小貝 --json | jq -c .children
[{"id":"<id4>","kind":"sleep","title":"睡眠 2026-11-21 21:00","created":"2026-11-21T21:00:00+08:00","path":"baby/sleep/2026/11/2026-11-21-睡眠-2026-11-21-21-00.md"}]
? 0
$ folio list --parent 小寶
2026-11-22  活動  <id2:8>  洗澡
2026-11-21  睡眠  <id3:8>  睡眠 2026-11-21 20:30
? 0
$ folio list --parent 小寶 --json | jq -c 'map({kind, title})'
[{"kind":"activity","title":"洗澡"},{"kind":"sleep","title":"睡眠 2026-11-21 20:30"}]
? 0
$ folio list --parent 小寶 --kind sleep --json | jq -c 'map(.kind)'
["sleep"]
? 0

$ folio idea 'no children'
已新增 想法「no children」：ideas/2026/11/2026-11-22-no-children.md
? 0
$ folio show no-children --json | jq -c 'has("children")'
false
? 0
