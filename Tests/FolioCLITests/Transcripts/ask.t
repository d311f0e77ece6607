# The magic 8 ball: a seeded ask records the question and the known answer in both languages, as
# one commit. (FOLIO_ASK_SEED=0 draws 0xE220A8397B1DCDAF from SplitMix64: 15 mod 20.)
$ folio init journal --name 林小雨 --birthday 1995-04-02 --gender female --language zh-Hant
已建立 folio 資料庫：~/journal
? 0
$ cd journal
? 0
$ export FOLIO_ASK_SEED=0
? 0
$ folio ask 明天會下雨嗎？
🎱 別指望了（Don't count on it.）
! 已新增 問答「明天會下雨嗎？」：qa/2026/11/2026-11-22-明天會下雨嗎.md
? 0
$ git rev-list --count HEAD
2
? 0
$ cat qa/2026/11/2026-11-22-明天會下雨嗎.md
---
id: <id1>
kind: qa
title: 明天會下雨嗎？
created: 2026-11-22T18:04:11+08:00
modified: 2026-11-22T18:04:11+08:00
tags: []
question: 明天會下雨嗎？
answer: 別指望了
answer_en: Don't count on it.
answer_type: negative
source: magic8
---
? 0
# The same seed gives the same answer.
$ folio ask 明天會下雨嗎？ --json | jq -c '{answer, path}'
{"answer":"別指望了","path":"qa/2026/11/2026-11-22-明天會下雨嗎-2.md"}
? 0

# In an English vault the answer is English with the Chinese beside it.
$ folio init ~/english --name Rain --language en
created a folio vault in ~/english
? 0
$ cd ~/english
? 0
$ FOLIO_ASK_SEED=42 folio ask Should I take the job? --tag work
🎱 Cannot predict now. (現在無法預測)
! added question "Should I take the job?": qa/2026/11/2026-11-22-should-i-take-the-job.md
? 0
$ folio list qa --json | jq -c '.[0] | {question, answer, answer_en, answer_type, tags, path}'
{"question":"Should I take the job?","answer":"Cannot predict now.","answer_en":"Cannot predict now.","answer_type":"neutral","tags":["work"],"path":"qa/2026/11/2026-11-22-should-i-take-the-job.md"}
? 0

# --ai with the builtin provider says AI is not configured and records nothing.
$ folio ask 'Should I take the job?' --ai
! error: AI is not configured (ai.provider is builtin, which works offline), so nothing was recorded. Without --ai the magic 8 ball answers; for an AI answer run `folio config set ai.provider openai` and set ai.base_url, ai.model and a key (see docs/ai.md).
? 1
$ git rev-list --count HEAD
2
? 0
