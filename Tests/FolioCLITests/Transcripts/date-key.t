# Issue 19: a sleep typed the next morning is dated, filed, listed and calendared by when it
# began: the kind names the key that dates it (date_key: start).
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
$ grep date_key .folio/templates/*.md
.folio/templates/activity.md:date_key: start
.folio/templates/interruption.md:date_key: time
.folio/templates/sleep.md:date_key: start
? 0

# 07:10 the next morning, a sleep that began at 20:30 the evening before.
$ export FOLIO_NOW=2026-11-22T07:10:00+08:00
? 0
$ folio new sleep --parent 小寶 --field start=2026-11-21T20:30 --json | jq .
{
  "id": "<id1>",
  "kind": "sleep",
  "title": "睡眠 2026-11-21 20:30",
  "created": "2026-11-21T20:30:00+08:00",
  "modified": "2026-11-22T07:10:00+08:00",
  "tags": [],
  "parent": "<id2>",
  "start": "2026-11-21T20:30:00+08:00",
  "path": "baby/sleep/2026/11/2026-11-21-睡眠-2026-11-21-20-30.md",
  "body": "",
  "computed": {}
}
? 0
$ folio list sleep
2026-11-21  睡眠  <id1:8>  睡眠 2026-11-21 20:30
? 0
$ folio cal 2026-11 --week-start monday
            2026年11月
 一   二   三   四   五   六   日
                                1
  2    3    4    5    6    7    8
  9   10   11   12   13   14   15
 16   17   18   19   20   21* [22]*
 23   24   25   26   27   28   29
 30

2 天有紀錄，共 2 筆：
21日 1 筆  22日 1 筆
? 0
