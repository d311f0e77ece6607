# Issue 72: a diary page's words live once, in its body. `text` is not written beside them; it
# stays only on a page an AI wrote, as the words the page was written from. Pages made before
# keep a copy that `check` names and `check --fix` removes in one commit.
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ folio new diary --text 'walked home in the rain'
added diary "walked home in the rain": diary/2026/11/2026-11-22-walked-home-in-the-rain.md
? 0
$ cat diary/2026/11/2026-11-22-walked-home-in-the-rain.md
---
id: <id1>
kind: diary
title: walked home in the rain
created: 2026-11-22T18:04:11+08:00
modified: 2026-11-22T18:04:11+08:00
tags: []
---
walked home in the rain
? 0
# The words and a body both: they would live twice, so folio asks for one.
$ folio new diary --text 'walked home' --body 'A long evening walk home in the rain.'
! error: a diary's 'text' is its body's first words: given both, the words would live twice. Give one of them (the whole page as the body).
? 1
# Two pages as folio wrote them before: one whose copy repeats its body, one whose body an
# editor changed afterwards (the copy still holds the old words, and search found them).
$ mkdir -p diary/2026/10
? 0
$ printf -- '---\nid: 11111111-1111-4111-8111-111111111111\nkind: diary\ntitle: lanterns\ncreated: 2026-10-01T20:00:00+08:00\nmodified: 2026-10-01T20:00:00+08:00\ntags: []\ntext: lanterns by the river\n---\nlanterns by the river\n' > diary/2026/10/2026-10-01-lanterns.md
? 0
$ printf -- '---\nid: 22222222-2222-4222-8222-222222222222\nkind: diary\ntitle: market\ncreated: 2026-10-02T09:00:00+08:00\nmodified: 2026-10-02T09:00:00+08:00\ntags: []\ntext: bought pears at the market\n---\nbought persimmons at the market\n' > diary/2026/10/2026-10-02-market.md
? 0
$ printf -- '---\nid: 33333333-3333-4333-8333-333333333333\nkind: diary\ntitle: tea\ncreated: 2026-10-03T16:00:00+08:00\nmodified: 2026-10-03T16:00:00+08:00\ntags: []\ntext: tea with mum\nsummarized_by: builtin\n---\nAn afternoon of tea with my mother, slow and warm.\n' > diary/2026/10/2026-10-03-tea.md
? 0
$ folio commit -m 'pages from an older folio'
committed 3 files changed by hand.
? 0
$ folio search pears
2026-10-02  diary  <id2:8>  market
    bought «pears» at the market
? 0
$ folio check
diary/2026/10/2026-10-02-market.md: warning: 'text' is an older copy of the page's words: the body was edited since, but search still finds the old words. folio check --fix removes it and keeps the body (the old words stay in the history; folio undo brings them back).
diary/2026/10/2026-10-01-lanterns.md: warning: 'text' repeats the words of the page's body, where the words now live alone: folio check --fix removes the copy (folio undo brings it back).
found 2 problems.
? 1
$ folio check --fix --yes
diary/2026/10/2026-10-02-market.md: warning: 'text' is an older copy of the page's words: the body was edited since, but search still finds the old words. folio check --fix removes it and keeps the body (the old words stay in the history; folio undo brings them back).
diary/2026/10/2026-10-01-lanterns.md: warning: 'text' repeats the words of the page's body, where the words now live alone: folio check --fix removes the copy (folio undo brings it back).
found 2 problems.
diary/2026/10/2026-10-02-market.md: removed the copy in 'text'; the words stay in the body.
diary/2026/10/2026-10-01-lanterns.md: removed the copy in 'text'; the words stay in the body.
? 0
$ git log -1 --format=%s
check: fix 2 problems
? 0
$ cat diary/2026/10/2026-10-02-market.md diary/2026/10/2026-10-03-tea.md
---
id: <id2>
kind: diary
title: market
created: 2026-10-02T09:00:00+08:00
modified: 2026-11-22T18:04:11+08:00
tags: []
---
bought persimmons at the market
---
id: <id3>
kind: diary
title: tea
created: 2026-10-03T16:00:00+08:00
modified: 2026-10-03T16:00:00+08:00
tags: []
text: tea with mum
summarized_by: builtin
---
An afternoon of tea with my mother, slow and warm.
? 0
$ folio search pears
! no matching records.
? 0
$ folio check
checked 5 records: no problems.
? 0
$ folio undo
undone: check: fix 2 problems
? 0
$ folio search pears
2026-10-02  diary  <id2:8>  market
    bought «pears» at the market
? 0
# set cannot make the copy again: the words are changed in the body. A page an AI wrote keeps
# what it was written from, which set may change; unset removes a copy by hand.
$ folio set market text='bought apples'
! error: a diary's 'text' is its body's words, kept in the body alone: change the body instead, so the words never live twice.
? 1
$ folio set tea text='tea with mum and dad'
updated "tea": diary/2026/10/2026-10-03-tea.md
? 0
$ folio set market --unset text
updated "market": diary/2026/10/2026-10-02-market.md
? 0
$ folio check
diary/2026/10/2026-10-01-lanterns.md: warning: 'text' repeats the words of the page's body, where the words now live alone: folio check --fix removes the copy (folio undo brings it back).
found 1 problem.
? 1
