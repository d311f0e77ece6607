# The README's five-minute tour, played as written there (DocumentationTests checks the README shows
# exactly this session, without the `? 0` lines).
$ git init -q --bare remote.git
? 0
$ folio init journal --name 林小雨 --remote ~/remote.git
已建立 folio 資料庫：~/journal
? 0
$ cd journal
? 0
$ folio idea 買一把新雨傘 --desc 舊的那把骨架斷了 --tag home
已新增 想法「買一把新雨傘」：ideas/2026/11/2026-11-22-買一把新雨傘.md
? 0
$ folio new diary --title 下雨的傍晚 --text 今天下班走回家，雨很小 --tag rain
已新增 日記「下雨的傍晚」：diary/2026/11/2026-11-22-下雨的傍晚.md
? 0
$ folio list
2026-11-22  日記  <id1:8>  下雨的傍晚  #rain
2026-11-22  想法  <id2:8>  買一把新雨傘  #home
? 0
$ folio search 下雨
2026-11-22  日記  <id1:8>  «下雨»的傍晚  #rain
    今天下班走回家，雨很小
? 0
$ folio done 買一把新雨傘
已完成「買一把新雨傘」
? 0
$ cat ideas/2026/11/2026-11-22-買一把新雨傘.md
---
id: <id2>
kind: idea
title: 買一把新雨傘
created: 2026-11-22T18:04:11+08:00
modified: 2026-11-22T18:04:11+08:00
tags:
  - home
done: true
done_at: 2026-11-22T18:04:11+08:00
---
舊的那把骨架斷了
? 0
$ folio sync
已同步：收到 0 個提交，送出 4 個提交。
? 0
$ folio log -n 3
<commit1:8>  2026-11-22 18:04  林小雨 @laptop  idea: done "買一把新雨傘"
<commit2:8>  2026-11-22 18:04  林小雨 @laptop  diary: add "下雨的傍晚"
<commit3:8>  2026-11-22 18:04  林小雨 @laptop  idea: add "買一把新雨傘"
? 0
$ cd ..
? 0
$ FOLIO_DEVICE=phone folio clone ~/remote.git phone
已把資料庫複製到 ~/phone。
? 0
$ cd phone
? 0
$ FOLIO_DEVICE=phone folio undone 買一把新雨傘 --lang en
open again: "買一把新雨傘"
? 0
$ FOLIO_DEVICE=phone folio sync --lang en
synced: received 0 commits, sent 1.
? 0
