# Issue 39, the baby tracker as a Taiwanese parent uses it: values typed by their zh-Hant labels
# (the file keeps the value), default titles in the kind's zh-Hant name, sleep durations computed
# (never written), feeding totals per day with stats --by day.
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
$ folio new sleep --parent 小寶 --field start=2026-11-21T20:30 --field end=2026-11-22T02:10 --field location=嬰兒床
已新增 睡眠「睡眠 2026-11-21 20:30」：baby/sleep/2026/11/2026-11-21-睡眠-2026-11-21-20-30.md
? 0
$ folio new interruption --parent "睡眠 2026-11-21 20:30" --field time=2026-11-21T23:40 --field reason=餵奶 --field duration_minutes=20
已新增 夜醒「夜醒 2026-11-21 23:40」：baby/interruption/2026/11/2026-11-21-夜醒-2026-11-21-23-40.md
? 0
$ folio new sleep --parent 小寶 --field start=2026-11-22T02:40 --field end=2026-11-22T06:30 --field location=沙發
已新增 睡眠「睡眠 2026-11-22 02:40」：baby/sleep/2026/11/2026-11-22-睡眠-2026-11-22-02-40.md
? 0
$ folio new sleep --parent 小寶 --field start=2026-11-22T13:00 --field end=2026-11-22T14:30 --field location=推車
已新增 睡眠「睡眠 2026-11-22 13:00」：baby/sleep/2026/11/2026-11-22-睡眠-2026-11-22-13-00.md
? 0
# A value that is neither a value nor a label is refused, listing both.
$ folio new sleep --parent 小寶 --field start=2026-11-22T15:00 --field location=浴缸
! 錯誤: 「location」不能是「浴缸」，可用的值：crib（嬰兒床）、bed（大床）、sofa（沙發）、stroller（推車）、car（車上）、arms（抱著）、other（其他）。
? 1
$ folio new activity --parent 小寶 --field activity=餵奶 --field start=2026-11-21T23:40 --field amount_ml=90
已新增 活動「餵奶」：baby/activity/2026/11/2026-11-21-餵奶.md
? 0
$ folio new activity --parent 小寶 --field activity=餵奶 --field start=2026-11-22T06:30 --field amount_ml=120
已新增 活動「餵奶」：baby/activity/2026/11/2026-11-22-餵奶.md
? 0
$ folio new activity --parent 小寶 --field activity=餵奶 --field start=2026-11-22T10:00 --field amount_ml=110
已新增 活動「餵奶」：baby/activity/2026/11/2026-11-22-餵奶-2.md
? 0
$ cat baby/interruption/2026/11/*.md
---
id: <id1>
kind: interruption
title: 夜醒 2026-11-21 23:40
created: 2026-11-21T23:40:00+08:00
modified: 2026-11-22T18:04:11+08:00
tags: []
parent: <id2>
time: 2026-11-21T23:40:00+08:00
duration_minutes: 20
reason: hunger
---
? 0
$ folio list sleep
2026-11-22  睡眠  <id3:8>  睡眠 2026-11-22 13:00  睡了多久 1 小時 30 分
2026-11-22  睡眠  <id4:8>  睡眠 2026-11-22 02:40  睡了多久 3 小時 50 分
2026-11-21  睡眠  <id2:8>  睡眠 2026-11-21 20:30  睡了多久 5 小時 40 分
? 0
$ folio show "睡眠 2026-11-21 20:30"
---
id: <id2>
kind: sleep
title: 睡眠 2026-11-21 20:30
created: 2026-11-21T20:30:00+08:00
modified: 2026-11-22T18:04:11+08:00
tags: []
parent: <id5>
start: 2026-11-21T20:30:00+08:00
end: 2026-11-22T02:10:00+08:00
location: crib
---

── 子紀錄（1 筆） ──
  夜醒  2026-11-21 23:40  夜醒 2026-11-21 23:40  <id1:8>

── 計算出來的值（不寫入檔案） ──
  睡了多久  5 小時 40 分
? 0
$ folio list sleep --json | jq -c '.[] | {title, location, computed}'
{"title":"睡眠 2026-11-22 13:00","location":"stroller","computed":{"duration_minutes":90}}
{"title":"睡眠 2026-11-22 02:40","location":"sofa","computed":{"duration_minutes":230}}
{"title":"睡眠 2026-11-21 20:30","location":"crib","computed":{"duration_minutes":340}}
? 0
$ grep -r duration_minutes baby/sleep || echo "not written"
not written
? 0
$ folio stats sleep --by day
紀錄      3
類型      睡眠 3
月份      2026-11 3

欄位      筆數  總和  平均  最小  最大
睡了多久     3   660   220    90   340

地點
嬰兒床  1
大床    0
沙發    1
推車    1
車上    0
抱著    0
其他    0

月份     嬰兒床  大床  沙發  推車  車上  抱著  其他
2026-11       1     0     1     1     0     0     0

日期        紀錄  睡了多久 總和  睡了多久 平均
2026-11-21     1            340            340
2026-11-22     2            320            160
? 0
$ folio stats activity --by day --sum amount_ml
紀錄      3
類型      活動 3
月份      2026-11 3

欄位          筆數  總和    平均  最小  最大
奶量（毫升）     3   320  106.67    90   120

活動
餵奶    3
換尿布  0
洗澡    0
玩耍    0
散步    0
吃藥    0
其他    0

月份     餵奶  換尿布  洗澡  玩耍  散步  吃藥  其他
2026-11     3       0     0     0     0     0     0

日期        紀錄  奶量（毫升） 總和
2026-11-21     1                 90
2026-11-22     2                230
? 0
$ folio stats interruption
紀錄      1
類型      夜醒 1
月份      2026-11 1

欄位        筆數  總和  平均  最小  最大
醒了幾分鐘     1    20    20    20    20

原因
餵奶    1
換尿布  0
吵醒    0
不舒服  0
不知道  0
其他    0

月份     餵奶  換尿布  吵醒  不舒服  不知道  其他
2026-11     1       0     0       0       0     0
? 0
