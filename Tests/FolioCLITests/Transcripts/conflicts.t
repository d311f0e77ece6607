# Issue 19: conflict copies handled through folio. Two devices, a and b, share a vault through a
# bare repository; three ideas are retitled on both with no sync between, so b keeps its titles
# and a's versions become conflict copies. check and conflicts list every copy beside its record;
# conflicts resolve settles one in one commit (--keep mine, theirs or both); show and rm take a
# copy's path.
$ git init -q --bare -b main remote.git
? 0
$ export FOLIO_NOW=2026-11-22T09:00:00+08:00 FOLIO_DEVICE=a
? 0
$ folio init a --name 林小雨 --language en --remote ~/remote.git
created a folio vault in ~/a
? 0
$ folio -C a idea 'first idea'
added idea "first idea": ideas/2026/11/2026-11-22-first-idea.md
? 0
$ folio -C a idea 'second idea'
added idea "second idea": ideas/2026/11/2026-11-22-second-idea.md
? 0
$ folio -C a idea 'third idea'
added idea "third idea": ideas/2026/11/2026-11-22-third-idea.md
? 0
$ folio -C a sync
synced: received 0 commits, sent 4.
? 0
$ FOLIO_DEVICE=b folio clone ~/remote.git b
cloned the vault into ~/b.
? 0

$ cd ~/a && export FOLIO_DEVICE=a FOLIO_NOW=2026-11-22T10:00:00+08:00
? 0
$ folio set first-idea "title=A's first"
updated "A's first": ideas/2026/11/2026-11-22-first-idea.md
the file keeps its name ideas/2026/11/2026-11-22-first-idea.md: a new title does not rename the file, so links, history and other devices still find it; to rename it, `git mv` it, then `folio commit`.
? 0
$ folio set second-idea "title=A's second"
updated "A's second": ideas/2026/11/2026-11-22-second-idea.md
the file keeps its name ideas/2026/11/2026-11-22-second-idea.md: a new title does not rename the file, so links, history and other devices still find it; to rename it, `git mv` it, then `folio commit`.
? 0
$ folio set third-idea "title=A's third"
updated "A's third": ideas/2026/11/2026-11-22-third-idea.md
the file keeps its name ideas/2026/11/2026-11-22-third-idea.md: a new title does not rename the file, so links, history and other devices still find it; to rename it, `git mv` it, then `folio commit`.
? 0
$ folio sync
synced: received 0 commits, sent 3.
? 0
$ cd ~/b && export FOLIO_DEVICE=b FOLIO_NOW=2026-11-22T11:00:00+08:00
? 0
$ folio set first-idea "title=B's first"
updated "B's first": ideas/2026/11/2026-11-22-first-idea.md
the file keeps its name ideas/2026/11/2026-11-22-first-idea.md: a new title does not rename the file, so links, history and other devices still find it; to rename it, `git mv` it, then `folio commit`.
? 0
$ folio set second-idea "title=B's second"
updated "B's second": ideas/2026/11/2026-11-22-second-idea.md
the file keeps its name ideas/2026/11/2026-11-22-second-idea.md: a new title does not rename the file, so links, history and other devices still find it; to rename it, `git mv` it, then `folio commit`.
? 0
$ folio set third-idea "title=B's third"
updated "B's third": ideas/2026/11/2026-11-22-third-idea.md
the file keeps its name ideas/2026/11/2026-11-22-third-idea.md: a new title does not rename the file, so links, history and other devices still find it; to rename it, `git mv` it, then `folio commit`.
? 0
$ folio sync
conflict: both devices changed ideas/2026/11/2026-11-22-first-idea.md. The newer version stays; the other is kept as ideas/2026/11/2026-11-22-first-idea.conflict-a-20261122-020000.md.
conflict: both devices changed ideas/2026/11/2026-11-22-second-idea.md. The newer version stays; the other is kept as ideas/2026/11/2026-11-22-second-idea.conflict-a-20261122-020000.md.
conflict: both devices changed ideas/2026/11/2026-11-22-third-idea.md. The newer version stays; the other is kept as ideas/2026/11/2026-11-22-third-idea.conflict-a-20261122-020000.md.
synced: received 3 commits, sent 4.
? 0

# Listed by check (which fails on them), by conflicts (which does not) and by status.
$ folio check
ideas/2026/11/2026-11-22-first-idea.conflict-a-20261122-020000.md: warning: a conflict copy sync kept beside ideas/2026/11/2026-11-22-first-idea.md: read both versions, merge by hand what you want to keep into ideas/2026/11/2026-11-22-first-idea.md, then delete this copy. `folio conflicts resolve` does it in one step (--keep mine, theirs or both).
ideas/2026/11/2026-11-22-second-idea.conflict-a-20261122-020000.md: warning: a conflict copy sync kept beside ideas/2026/11/2026-11-22-second-idea.md: read both versions, merge by hand what you want to keep into ideas/2026/11/2026-11-22-second-idea.md, then delete this copy. `folio conflicts resolve` does it in one step (--keep mine, theirs or both).
ideas/2026/11/2026-11-22-third-idea.conflict-a-20261122-020000.md: warning: a conflict copy sync kept beside ideas/2026/11/2026-11-22-third-idea.md: read both versions, merge by hand what you want to keep into ideas/2026/11/2026-11-22-third-idea.md, then delete this copy. `folio conflicts resolve` does it in one step (--keep mine, theirs or both).
found 3 problems.
? 1
$ folio conflicts
3 conflict copies (copy → the record it was kept beside):
  ideas/2026/11/2026-11-22-first-idea.conflict-a-20261122-020000.md → ideas/2026/11/2026-11-22-first-idea.md  (a, 2026-11-22 10:00)
  ideas/2026/11/2026-11-22-second-idea.conflict-a-20261122-020000.md → ideas/2026/11/2026-11-22-second-idea.md  (a, 2026-11-22 10:00)
  ideas/2026/11/2026-11-22-third-idea.conflict-a-20261122-020000.md → ideas/2026/11/2026-11-22-third-idea.md  (a, 2026-11-22 10:00)
? 0
$ folio conflicts --json | jq -c '.[] | {copy, record, device, record_exists}'
{"copy":"ideas/2026/11/2026-11-22-first-idea.conflict-a-20261122-020000.md","record":"ideas/2026/11/2026-11-22-first-idea.md","device":"a","record_exists":true}
{"copy":"ideas/2026/11/2026-11-22-second-idea.conflict-a-20261122-020000.md","record":"ideas/2026/11/2026-11-22-second-idea.md","device":"a","record_exists":true}
{"copy":"ideas/2026/11/2026-11-22-third-idea.conflict-a-20261122-020000.md","record":"ideas/2026/11/2026-11-22-third-idea.md","device":"a","record_exists":true}
? 0
$ folio status --json | jq -c .conflicts
["ideas/2026/11/2026-11-22-first-idea.conflict-a-20261122-020000.md","ideas/2026/11/2026-11-22-second-idea.conflict-a-20261122-020000.md","ideas/2026/11/2026-11-22-third-idea.conflict-a-20261122-020000.md"]
? 0

# --keep mine: the record stays as it is, the copy goes in one commit; one undo brings it back.
$ cp ideas/2026/11/2026-11-22-first-idea.conflict-a-20261122-020000.md ../first-copy && cp ideas/2026/11/2026-11-22-first-idea.md ../first-record
? 0
$ git rev-list --count HEAD
11
? 0
$ folio conflicts resolve ideas/2026/11/2026-11-22-first-idea.conflict-a-20261122-020000.md --keep mine
kept ideas/2026/11/2026-11-22-first-idea.md as it is; removed the conflict copy ideas/2026/11/2026-11-22-first-idea.conflict-a-20261122-020000.md.
? 0
$ git rev-list --count HEAD
12
? 0
$ cmp ../first-record ideas/2026/11/2026-11-22-first-idea.md && ls ideas/2026/11/2026-11-22-first-idea.conflict-a-20261122-020000.md
! ls: cannot access 'ideas/2026/11/2026-11-22-first-idea.conflict-a-20261122-020000.md': No such file or directory
? 2
$ folio undo
undone: conflict: keep mine of ideas/2026/11/2026-11-22-first-idea.md
? 0
$ cmp ../first-copy ideas/2026/11/2026-11-22-first-idea.conflict-a-20261122-020000.md
? 0

# --keep theirs, by the record's name: the copy's version takes its place.
$ folio conflicts resolve first-idea --keep theirs --json | jq -c '{copy, record, keep}'
{"copy":"ideas/2026/11/2026-11-22-first-idea.conflict-a-20261122-020000.md","record":"ideas/2026/11/2026-11-22-first-idea.md","keep":"theirs"}
? 0
$ cmp ../first-copy ideas/2026/11/2026-11-22-first-idea.md
? 0
$ folio show ideas/2026/11/2026-11-22-first-idea.md | grep title:
title: A's first
? 0

# --keep both: the other side's body appended under a heading, with the keys that differ.
$ echo 'Written on A.' >> ideas/2026/11/2026-11-22-second-idea.conflict-a-20261122-020000.md
? 0
$ git commit -qam 'hand edit of the copy'
? 0
$ FOLIO_NOW=2026-11-22T12:00:00+08:00 folio conflicts resolve ideas/2026/11/2026-11-22-second-idea.conflict-a-20261122-020000.md --keep both
appended the conflict copy's body to ideas/2026/11/2026-11-22-second-idea.md (keys that differ: title); removed ideas/2026/11/2026-11-22-second-idea.conflict-a-20261122-020000.md.
? 0
$ cat ideas/2026/11/2026-11-22-second-idea.md
---
id: <id1>
kind: idea
title: B's second
created: 2026-11-22T09:00:00+08:00
modified: 2026-11-22T12:00:00+08:00
tags: []
done: false
---
## The other version (a, 2026-11-22 10:00)

Keys that differed in that version:

- title: A's second

Written on A.
? 0

# A record with no copy, and a value --keep does not know.
$ folio idea 'calm idea'
added idea "calm idea": ideas/2026/11/2026-11-22-calm-idea.md
? 0
$ folio conflicts resolve calm-idea --keep mine
! error: 'calm-idea' is neither a conflict copy nor a record that has one (`folio conflicts` lists them).
? 1
$ folio conflicts resolve calm-idea --keep everything
! Error: The value 'everything' is invalid for '--keep <keep>'. Please provide one of 'mine', 'theirs' or 'both'.
! Help:  --keep <keep>  mine (the record as it is), theirs (the copy's version) or both (the copy's body appended). For a file with conflict markers: mine or theirs keeps that side whole; without it (or both), the markers are merged.
! Usage: folio conflicts resolve <reference> [--keep <keep>] [--json]
!   See 'folio conflicts resolve --help' for more information.
? 2

# show and rm take a copy's path; rm removes it in one commit (and needs --yes off a terminal).
$ folio show ideas/2026/11/2026-11-22-third-idea.conflict-a-20261122-020000.md
---
id: <id2>
kind: idea
title: A's third
created: 2026-11-22T09:00:00+08:00
modified: 2026-11-22T10:00:00+08:00
tags: []
done: false
---
? 0
$ diff <(folio show ideas/2026/11/2026-11-22-third-idea.conflict-a-20261122-020000.md) ideas/2026/11/2026-11-22-third-idea.conflict-a-20261122-020000.md
? 0
$ folio show ideas/2026/11/2026-11-22-third-idea.conflict-a-20261122-020000.md --json | jq -c '{title, conflict_copy_of}'
{"title":"A's third","conflict_copy_of":"ideas/2026/11/2026-11-22-third-idea.md"}
? 0
$ folio rm ideas/2026/11/2026-11-22-third-idea.conflict-a-20261122-020000.md
1 conflict copy will be removed:
  - ideas/2026/11/2026-11-22-third-idea.conflict-a-20261122-020000.md
! error: not on a terminal: removing needs --yes (or look first with --dry-run).
? 1
$ git rev-list --count HEAD; ls ideas/2026/11
17
2026-11-22-calm-idea.md
2026-11-22-first-idea.md
2026-11-22-second-idea.md
2026-11-22-third-idea.conflict-a-20261122-020000.md
2026-11-22-third-idea.md
? 0
$ folio rm ideas/2026/11/2026-11-22-third-idea.conflict-a-20261122-020000.md --yes
1 conflict copy will be removed:
  - ideas/2026/11/2026-11-22-third-idea.conflict-a-20261122-020000.md
removed 1 conflict copy.
? 0
$ git rev-list --count HEAD; ls ideas/2026/11
18
2026-11-22-calm-idea.md
2026-11-22-first-idea.md
2026-11-22-second-idea.md
2026-11-22-third-idea.md
? 0
$ folio check
checked 5 records: no problems.
? 0
