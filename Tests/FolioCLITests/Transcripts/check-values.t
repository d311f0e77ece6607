# Issue 19: check reports created/modified that are not dates and tags that is not a list, with
# file:line:column, the value and a caret, and says nothing about writing (it writes nothing).
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ folio idea 'hand edited'
added idea "hand edited": ideas/2026/11/2026-11-22-hand-edited.md
? 0
$ sed -i -e 's/^created:.*/created: yesterday/' -e 's/^modified:.*/modified: 2026-13-45/' -e 's/^tags:.*/tags: rain/' -e 's/^done:.*/done: maybe/' ideas/2026/11/2026-11-22-hand-edited.md
? 0
$ cat -n ideas/2026/11/2026-11-22-hand-edited.md
     1	---
     2	id: <id1>
     3	kind: idea
     4	title: hand edited
     5	created: yesterday
     6	modified: 2026-13-45
     7	tags: rain
     8	done: maybe
     9	---
? 0
$ folio check
ideas/2026/11/2026-11-22-hand-edited.md:8:7: error: 'done' must be true or false, not 'maybe'.
    done: maybe
          ^
ideas/2026/11/2026-11-22-hand-edited.md:5:10: error: 'created' must be a date (such as 2026-11-22 or 2026-11-22T18:04:11+08:00), not 'yesterday'.
    created: yesterday
             ^
ideas/2026/11/2026-11-22-hand-edited.md:6:11: error: 'modified' must be a date (such as 2026-11-22 or 2026-11-22T18:04:11+08:00), not '2026-13-45'.
    modified: 2026-13-45
              ^
ideas/2026/11/2026-11-22-hand-edited.md:7:7: error: 'tags' must be a list (such as tags: [rain, walk]), not 'rain'.
    tags: rain
          ^
found 4 problems.
? 1
$ folio check --json | jq -c '.[] | {file, line, column, severity, message}'
{"file":"ideas/2026/11/2026-11-22-hand-edited.md","line":8,"column":7,"severity":"error","message":"'done' must be true or false, not 'maybe'."}
{"file":"ideas/2026/11/2026-11-22-hand-edited.md","line":5,"column":10,"severity":"error","message":"'created' must be a date (such as 2026-11-22 or 2026-11-22T18:04:11+08:00), not 'yesterday'."}
{"file":"ideas/2026/11/2026-11-22-hand-edited.md","line":6,"column":11,"severity":"error","message":"'modified' must be a date (such as 2026-11-22 or 2026-11-22T18:04:11+08:00), not '2026-13-45'."}
{"file":"ideas/2026/11/2026-11-22-hand-edited.md","line":7,"column":7,"severity":"error","message":"'tags' must be a list (such as tags: [rain, walk]), not 'rain'."}
? 1

# In zh-Hant too, with no word about writing.
$ folio config set language zh-Hant
language = zh-Hant
? 0
$ folio idea 手改過
已新增 想法「手改過」：ideas/2026/11/2026-11-22-手改過.md
? 0
$ sed -i 's/^created:.*/created: 昨天/' ideas/2026/11/2026-11-22-手改過.md
? 0
$ folio check
ideas/2026/11/2026-11-22-hand-edited.md:8:7: 錯誤: 「done」必須是「true」或「false」，這裡是「maybe」。
    done: maybe
          ^
ideas/2026/11/2026-11-22-hand-edited.md:5:10: 錯誤: 「created」必須是日期（例如 2026-11-22 或 2026-11-22T18:04:11+08:00），這裡是「yesterday」。
    created: yesterday
             ^
ideas/2026/11/2026-11-22-hand-edited.md:6:11: 錯誤: 「modified」必須是日期（例如 2026-11-22 或 2026-11-22T18:04:11+08:00），這裡是「2026-13-45」。
    modified: 2026-13-45
              ^
ideas/2026/11/2026-11-22-hand-edited.md:7:7: 錯誤: 「tags」應該是清單（例如 tags: [rain, walk]），這裡是「rain」。
    tags: rain
          ^
ideas/2026/11/2026-11-22-手改過.md:5:10: 錯誤: 「created」必須是日期（例如 2026-11-22 或 2026-11-22T18:04:11+08:00），這裡是「昨天」。
    created: 昨天
             ^
發現 5 個問題。
? 1
