# Files other apps drop into inbox/ become records on `folio inbox` (and after every sync's
# merge): one commit adopts them and removes the inbox files; front matter keeps every key; a
# file that cannot be read stays where it is, named; `folio undo` brings the inbox back.
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ mkdir -p inbox/shortcuts && printf 'Walked to the river before work.\nThe water was high.\n' > 'inbox/shortcuts/2026-11-22 07.41.txt'
? 0
$ printf -- '---\ntitle: Morning pages\nmood: calm   # set by Drafts\n---\nThree pages before coffee.\n' > inbox/pages.md
? 0
$ printf -- '---\ntitle: "unclosed\n---\n' > inbox/broken.md; touch inbox/.DS_Store
? 0
$ find inbox -type f -exec touch -d 2026-11-22T07:41:00+08:00 {} +
? 0
$ folio inbox --dry-run
would adopt 2 files as records (0 media files):
  + inbox/pages.md → diary/2026/11/2026-11-22-morning-pages.md  Morning pages
  + inbox/shortcuts/2026-11-22 07.41.txt → diary/2026/11/2026-11-22-walked-to-the-river-before-work.md  Walked to the river before work.
! inbox/.DS_Store: warning: a hidden file (its name starts with .) is never adopted; the file is left where it is.
! inbox/broken.md:2:8: warning: the front matter is not valid YAML: while scanning a quoted scalar, found unexpected end of stream; the file is left where it is. Fix it, and the next sync or `folio inbox` adopts it.
!     title: "unclosed
!            ^
? 0
$ folio inbox
adopted 2 files from inbox/ as records (0 media files), one commit; `folio undo` takes it back.
  + inbox/pages.md → diary/2026/11/2026-11-22-morning-pages.md
  + inbox/shortcuts/2026-11-22 07.41.txt → diary/2026/11/2026-11-22-walked-to-the-river-before-work.md
! inbox/.DS_Store: warning: a hidden file (its name starts with .) is never adopted; the file is left where it is.
! inbox/broken.md:2:8: warning: the front matter is not valid YAML: while scanning a quoted scalar, found unexpected end of stream; the file is left where it is. Fix it, and the next sync or `folio inbox` adopts it.
!     title: "unclosed
!            ^
? 0
$ ls -A inbox; git log -3 --format=%s
.DS_Store
broken.md
shortcuts
inbox: adopt 2 files
inbox: receive 2 files
init: new vault
? 0
$ cat diary/2026/11/2026-11-22-morning-pages.md
---
id: <id1>
kind: diary
created: 2026-11-22T07:41:00+08:00
modified: 2026-11-22T07:41:00+08:00
title: Morning pages
mood: calm   # set by Drafts
---
Three pages before coffee.
? 0
$ folio list
2026-11-22  diary  <id1:8>  Morning pages
2026-11-22  diary  <id2:8>  Walked to the river before work.
? 0
$ folio undo
undone: inbox: adopt 2 files
? 0
$ ls -A inbox inbox/shortcuts
inbox:
.DS_Store
broken.md
pages.md
shortcuts

inbox/shortcuts:
2026-11-22 07.41.txt
? 0
$ folio inbox --lang zh-Hant
已把 inbox/ 的 2 個檔案收成紀錄（0 個媒體檔），一個提交；`folio undo` 可以整個收回。
  + inbox/pages.md → diary/2026/11/2026-11-22-morning-pages.md
  + inbox/shortcuts/2026-11-22 07.41.txt → diary/2026/11/2026-11-22-walked-to-the-river-before-work.md
! inbox/.DS_Store: 警告: 隱藏檔（名稱以 . 開頭）不會收成紀錄；檔案留在原處。
! inbox/broken.md:2:8: 警告: front matter 不是有效的 YAML：讀引號裡的文字時，內容在中途結束（可能少了結尾的引號或括號）；檔案留在原處，修好之後下次同步或 `folio inbox` 就會收進來。
!     title: "unclosed
!            ^
? 0
$ folio config set inbox.kind baby
! error: the setting 'inbox.kind' must be one of diary, idea, note, qa, not 'baby'.
? 1
$ folio inbox
nothing in inbox/ to adopt.
! inbox/.DS_Store: warning: a hidden file (its name starts with .) is never adopted; the file is left where it is.
! inbox/broken.md:2:8: warning: the front matter is not valid YAML: while scanning a quoted scalar, found unexpected end of stream; the file is left where it is. Fix it, and the next sync or `folio inbox` adopts it.
!     title: "unclosed
!            ^
? 0
