# Issue 39, the companion diary in zh-Hant with the builtin provider (no network): a page with its
# greeting and summary is one commit, each chat turn one more; the conversation is written in
# zh-Hant (## 對話, **我**) at local times; a page written in English keeps its form.
$ folio init journal --name 林小雨 --language zh-Hant
已建立 folio 資料庫：~/journal
? 0
$ cd journal
? 0
$ folio diary --text "下班路上下著小雨，買了一杯熱拿鐵。" --no-chat
嗨，今天過得怎麼樣？說說這張照片或影片，或今天發生的事。
已新增 日記「下班路上下著小雨，買了一杯熱拿鐵。」：diary/2026/11/2026-11-22-下班路上下著小雨-買了一杯熱拿鐵.md
folio  晚上好，現在是 18:04。今天發生了什麼事？
下班路上下著小雨，買了一杯熱拿鐵。
! 已總結「下班路上下著小雨，買了一杯熱拿鐵」，標籤：下班、路上、小雨、拿鐵（builtin）
? 0
$ git log --format=%s | head -3
diary: add "下班路上下著小雨，買了一杯熱拿鐵。"
init: new vault
? 0
$ folio chat diary/2026/11/2026-11-22-下班路上下著小雨-買了一杯熱拿鐵.md -m 雨很小，我走得很慢。
! builtin：內建（builtin）只在本機運作，這一步需要 AI 供應商：`folio config set ai.provider openai`，再設定 ai.base_url 與 ai.model
? 0
$ folio summarize diary/2026/11/2026-11-22-下班路上下著小雨-買了一杯熱拿鐵.md
下班路上下著小雨，買了一杯熱拿鐵。雨很小，我走得很慢。
! 已總結「下班路上下著小雨，買了一杯熱拿鐵」，標籤：下班、路上、小雨、拿鐵（builtin）
? 0
$ git log --format=%s | head -4
diary: summarize "下班路上下著小雨，買了一杯熱拿鐵"
diary: chat "下班路上下著小雨，買了一杯熱拿鐵"
diary: add "下班路上下著小雨，買了一杯熱拿鐵。"
init: new vault
? 0
$ cat diary/2026/11/*.md
---
id: <id1>
kind: diary
title: 下班路上下著小雨，買了一杯熱拿鐵
created: 2026-11-22T18:04:11+08:00
modified: 2026-11-22T18:04:11+08:00
tags:
  - 下班
  - 路上
  - 小雨
  - 拿鐵
text: 下班路上下著小雨，買了一杯熱拿鐵。
summarized_by: builtin
summarized_at: 2026-11-22T18:04:11+08:00
---
下班路上下著小雨，買了一杯熱拿鐵。雨很小，我走得很慢。

## 對話

**我** · 2026-11-22 18:04
雨很小，我走得很慢。
? 0
$ folio status
所有修改都已提交。
還沒有設定同步的遠端。用 `folio config set sync.remote 網址` 設定。
? 0
# A page written with the English form is read and appended to in that form.
$ mkdir -p diary/2026/10 && printf -- '---\nid: 00000000-0000-4000-8000-0000000000aa\nkind: diary\ntitle: 舊的一頁\ncreated: 2026-10-01T20:00:00+08:00\nmodified: 2026-10-01T20:00:00+08:00\ntags: []\n---\n舊的一頁\n\n## Conversation\n\n**me** · 2026-10-01 20:00\n哈囉\n' > diary/2026/10/2026-10-01-old.md && folio commit -m "an old page" >/dev/null
? 0
$ folio chat 舊的一頁 -m 還記得嗎
! builtin：內建（builtin）只在本機運作，這一步需要 AI 供應商：`folio config set ai.provider openai`，再設定 ai.base_url 與 ai.model
? 0
$ sed -n '10,$p' diary/2026/10/2026-10-01-old.md

## Conversation

**me** · 2026-10-01 20:00
哈囉

**me** · 2026-11-22 18:04
還記得嗎
? 0
