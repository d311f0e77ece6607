# Issue 19: a key the kind does not declare is refused, with the kind's keys and the closest one;
# --extra, and a kind's `extra_keys: allow`, take it on purpose. Nothing is written when refused.
$ folio init journal --name 林小雨 --birthday 1995-04-02 --gender female --language zh-Hant
已建立 folio 資料庫：~/journal
? 0
$ cd journal
? 0

$ folio idea typo --field doen=true
! 錯誤: idea 沒有「doen」這個欄位，你是指「done」嗎？它的欄位有：title、tags、done、done_at。確定要加上自己的欄位，請加上 --extra；folio 沒有寫入任何東西。
? 1
$ folio list idea --json
[]
? 0

$ folio idea mine --field mood=calm --extra
已新增 想法「mine」：ideas/2026/11/2026-11-22-mine.md
? 0
$ folio show mine --json
{"id":"<id1>","kind":"idea","title":"mine","created":"2026-11-22T18:04:11+08:00","modified":"2026-11-22T18:04:11+08:00","tags":[],"done":false,"mood":"calm","path":"ideas/2026/11/2026-11-22-mine.md","body":""}
? 0
$ folio set mine bogus=1
! 錯誤: idea 沒有「bogus」這個欄位。它的欄位有：title、tags、done、done_at。確定要加上自己的欄位，請加上 --extra；folio 沒有寫入任何東西。
? 1
# A key the record already has is its own.
$ folio set mine mood=happy
已更新「mine」：ideas/2026/11/2026-11-22-mine.md
? 0
$ cat ideas/2026/11/2026-11-22-mine.md
---
id: <id1>
kind: idea
title: mine
created: 2026-11-22T18:04:11+08:00
modified: 2026-11-22T18:04:11+08:00
tags: []
done: false
mood: happy
---
? 0

$ folio kinds add baby-tracker
已加入範例「baby-tracker」的類型：activity, baby, environment, interruption, sleep。
? 0
$ folio new baby --field name=小寶
已新增 寶寶「小寶」：baby/2026/11/2026-11-22-小寶.md
? 0
$ folio new sleep --parent 小寶 --field start=2026-11-21T20:30 --field bogus=1
! 錯誤: sleep 沒有「bogus」這個欄位。它的欄位有：title、tags、parent、start、end、quality、location。確定要加上自己的欄位，請加上 --extra；folio 沒有寫入任何東西。
? 1

$ cat > .folio/templates/note.md <<'EOF'
> ---
> kind: note
> extra_keys: allow
> fields:
>   mood: {type: string}
> ---
> {{{body}}}
> EOF
? 0
$ folio new note --title 自由 --field weather=rain
已新增 note「自由」：note/2026/11/2026-11-22-自由.md
? 0
$ folio show 自由
---
id: <id2>
kind: note
title: 自由
created: 2026-11-22T18:04:11+08:00
modified: 2026-11-22T18:04:11+08:00
tags: []
weather: rain
---
? 0
# Setting the value a key already has, however it is written by hand, changes nothing: no write, no commit.
$ sed -i 's/^weather: rain$/weather: "rain"   # quoted by hand/' note/2026/11/2026-11-22-自由.md
? 0
$ folio set 自由 weather=rain
沒有任何變更。
? 0
$ grep weather note/2026/11/2026-11-22-自由.md
weather: "rain"   # quoted by hand
? 0
