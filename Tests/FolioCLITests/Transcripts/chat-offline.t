# Issue 19: with only the builtin provider, chat keeps the message, says a provider is needed, and
# suggests no --retry that could not work.
$ folio init journal --name 林小雨 --language zh-Hant
已建立 folio 資料庫：~/journal
? 0
$ cd journal
? 0
$ folio new diary --text 今天
已新增 日記「今天」：diary/2026/11/2026-11-22-今天.md
? 0
$ folio chat 今天 -m 哈囉
! builtin：內建（builtin）只在本機運作，這一步需要 AI 供應商：`folio config set ai.provider openai`，再設定 ai.base_url 與 ai.model
? 0
$ cat diary/2026/11/2026-11-22-今天.md
---
id: <id1>
kind: diary
title: 今天
created: 2026-11-22T18:04:11+08:00
modified: 2026-11-22T18:04:11+08:00
tags: []
---
今天

## 對話

**我** · 2026-11-22 18:04
哈囉
? 0

# --json: the turn as JSON; builtin never replies, so `reply` is null and the message is kept.
$ folio chat 今天 -m 還在嗎 --json | jq -c '{reply, conversation: [.conversation[].text]}'
{"reply":null,"conversation":["哈囉","還在嗎"]}
! builtin：內建（builtin）只在本機運作，這一步需要 AI 供應商：`folio config set ai.provider openai`，再設定 ai.base_url 與 ai.model
? 0
