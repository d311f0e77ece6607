# The walk-through: init, idea, diary, list, show, done, set, rm --dry-run, rm.
$ folio init journal --name 林小雨 --birthday 1995-04-02 --gender female --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ folio idea 測試想法 --desc 測試描述 --tag work
added idea "測試想法": ideas/2026/11/2026-11-22-測試想法.md
? 0
$ FOLIO_NOW=2026-11-22T18:05:00+08:00 folio new diary --title 下雨的傍晚 --text 今天下班走回家 --tag rain --tag walk
added diary "下雨的傍晚": diary/2026/11/2026-11-22-下雨的傍晚.md
? 0
$ folio list
2026-11-22  diary  <id1:8>  下雨的傍晚  #rain #walk
2026-11-22  idea   <id2:8>  測試想法  #work
? 0
$ folio list -n 1
2026-11-22  diary  <id1:8>  下雨的傍晚  #rain #walk
? 0
$ folio list idea --open --json
[{"id":"<id2>","kind":"idea","title":"測試想法","created":"2026-11-22T18:04:11+08:00","modified":"2026-11-22T18:04:11+08:00","tags":["work"],"done":false,"path":"ideas/2026/11/2026-11-22-測試想法.md"}]
? 0
$ folio show 測試想法 --json | jq -c '{body, path, done}'
{"body":"測試描述\n","path":"ideas/2026/11/2026-11-22-測試想法.md","done":false}
? 0
$ folio done <id2:4>
done: "測試想法"
? 0
$ folio set <id2:4> title=新標題 --unset done_at
updated "新標題": ideas/2026/11/2026-11-22-測試想法.md
the file keeps its name ideas/2026/11/2026-11-22-測試想法.md: a new title does not rename the file, so links, history and other devices still find it; to rename it, `git mv` it, then `folio commit`.
? 0
$ cat ideas/2026/11/2026-11-22-測試想法.md
---
id: <id2>
kind: idea
title: 新標題
created: 2026-11-22T18:04:11+08:00
modified: 2026-11-22T18:04:11+08:00
tags:
  - work
done: true
---
測試描述
? 0
$ folio list idea --open --json
[]
? 0
$ folio rm <id2:4> --dry-run
1 record will be removed:
  idea: 1
  - idea  <id2:8>  2026-11-22  新標題  (ideas/2026/11/2026-11-22-測試想法.md)
? 0
$ ls ideas/2026/11
2026-11-22-測試想法.md
? 0
$ folio rm <id2:4>
1 record will be removed:
  idea: 1
  - idea  <id2:8>  2026-11-22  新標題  (ideas/2026/11/2026-11-22-測試想法.md)
! error: not on a terminal: removing needs --yes (or look first with --dry-run).
? 1
$ folio rm <id2:4> --yes
1 record will be removed:
  idea: 1
  - idea  <id2:8>  2026-11-22  新標題  (ideas/2026/11/2026-11-22-測試想法.md)
removed 1 record.
? 0
$ ls ideas/2026/11
? 0
$ folio log
<commit1:8>  2026-11-22 18:04  林小雨 @laptop  idea: remove "新標題"
<commit2:8>  2026-11-22 18:04  林小雨 @laptop  idea: set title, done_at "新標題"
<commit3:8>  2026-11-22 18:04  林小雨 @laptop  idea: done "測試想法"
<commit4:8>  2026-11-22 18:05  林小雨 @laptop  diary: add "下雨的傍晚"
<commit5:8>  2026-11-22 18:04  林小雨 @laptop  idea: add "測試想法"
<commit6:8>  2026-11-22 18:04  林小雨 @laptop  init: new vault
? 0
