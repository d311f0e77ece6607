# A broken record is named with file:line:column while the others still list and show; a vault
# whose git data is missing still lists, with one warning that says how to repair it.
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ folio idea 'still fine'
added idea "still fine": ideas/2026/11/2026-11-22-still-fine.md
? 0
$ folio list
2026-11-22  idea  <id1:8>  still fine
? 0
$ printf -- '---\nid: 1\ntitle: "unclosed\nkind: idea\n---\n' > ideas/2026/11/broken.md
? 0
$ folio list
2026-11-22  idea  <id1:8>  still fine
! ideas/2026/11/broken.md:3:8: warning: the front matter is not valid YAML: while scanning a quoted scalar, found unexpected end of stream
!     title: "unclosed
!            ^
? 0
$ folio show still-fine
---
id: <id1>
kind: idea
title: still fine
created: 2026-11-22T18:04:11+08:00
modified: 2026-11-22T18:04:11+08:00
tags: []
done: false
---
? 0
$ folio show ideas/2026/11/broken.md
! ideas/2026/11/broken.md:3:8: error: the front matter is not valid YAML: while scanning a quoted scalar, found unexpected end of stream
!     title: "unclosed
!            ^
? 1
$ folio check
ideas/2026/11/broken.md:3:8: error: the front matter is not valid YAML: while scanning a quoted scalar, found unexpected end of stream
    title: "unclosed
           ^
found 1 problem.
? 1
$ rm ideas/2026/11/broken.md
? 0
$ rm -rf .git
? 0
$ folio list
2026-11-22  idea  <id1:8>  still fine
! warning: this vault has no git data (.git is missing): records still work, but there is no history and no sync. Run `git init` in the vault, or clone it again from its remote.
? 0
