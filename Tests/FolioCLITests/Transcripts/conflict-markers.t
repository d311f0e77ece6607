# Issue 37: conflict markers another git client committed (GitJournal and obsidian-git on a phone
# have no merge resolver; a plain `git merge` committed as it stood does the same). A laptop with
# folio and a phone with plain git change the same record's title and the same line of its body;
# the phone merges in diff3 style and commits the markers. check names the file and the line of
# the first hunk (not a YAML problem, though the markers break the front matter), conflicts lists
# it, and conflicts resolve rebuilds both sides and merges them as sync would have, key by key and
# line by line, losing no line, in one commit. A new file with markers is never committed by sync.
$ git init -q --bare -b main remote.git
? 0
$ export FOLIO_NOW=2026-11-22T09:00:00+08:00 FOLIO_DEVICE=laptop
? 0
$ folio init laptop --name 林小雨 --language en --remote ~/remote.git
created a folio vault in ~/laptop
? 0
$ cd laptop && folio idea umbrella --desc 'The old one broke.'
added idea "umbrella": ideas/2026/11/2026-11-22-umbrella.md
? 0
$ printf 'Look at the shop by the station.\nBlue or black.\n' >> ideas/2026/11/2026-11-22-umbrella.md && folio sync
committed 1 file changed by hand.
synced: received 0 commits, sent 3.
? 0
$ cd ~ && git clone -q remote.git phone
? 0

# The laptop changes the title and the last line; so does the phone, which then merges as is.
$ cd ~/laptop && sed -i -e 's/^title: .*/title: a new umbrella/' -e 's/^Blue or black./Blue, never black./' ideas/2026/11/2026-11-22-umbrella.md && folio sync
committed 1 file changed by hand.
synced: received 0 commits, sent 1.
? 0
$ cd ~/phone && sed -i -e 's/^title: .*/title: umbrella and raincoat/' -e 's/^Blue or black./Black, like the old one./' ideas/2026/11/2026-11-22-umbrella.md && git commit -qam 'edit on the phone'
? 0
$ git -c merge.conflictStyle=diff3 pull -q --no-rebase origin main >/dev/null 2>&1; git add -A && git commit -q -m 'merge on the phone' && git push -q origin main
? 0
$ cd ~/laptop && folio sync
synced: received 2 commits, sent 0.
? 0
$ cat -n ideas/2026/11/2026-11-22-umbrella.md
     1	---
     2	id: <id1>
     3	kind: idea
     4	<<<<<<< HEAD
     5	title: umbrella and raincoat
     6	||||||| <commit1:7>
     7	title: umbrella
     8	=======
     9	title: a new umbrella
    10	>>>>>>> <commit2>
    11	created: 2026-11-22T09:00:00+08:00
    12	modified: 2026-11-22T09:00:00+08:00
    13	tags: []
    14	done: false
    15	---
    16	The old one broke.
    17	Look at the shop by the station.
    18	<<<<<<< HEAD
    19	Black, like the old one.
    20	||||||| <commit1:7>
    21	Blue or black.
    22	=======
    23	Blue, never black.
    24	>>>>>>> <commit2>
? 0

# check names the file and the first hunk's line, with the command that merges it.
$ folio check
ideas/2026/11/2026-11-22-umbrella.md:4: error: conflict markers another git client committed (2 hunks, `<<<<<<<` to `>>>>>>>`); both versions are still in the file. `folio conflicts resolve ideas/2026/11/2026-11-22-umbrella.md` merges them key by key, losing no line, in one commit; until then sync does not commit changes to this file.
found 1 problem.
? 1
$ folio check --lang zh-Hant
ideas/2026/11/2026-11-22-umbrella.md:4: 錯誤: 這個檔案有別的 git 程式提交的衝突標記（2 處，`<<<<<<<` 到 `>>>>>>>`），兩邊的版本都還在檔案裡。`folio conflicts resolve ideas/2026/11/2026-11-22-umbrella.md` 會逐欄位合併兩邊，一行也不會少，並提交一次；在那之前同步不會提交這個檔案的修改。
發現 1 個問題。
? 1
$ folio conflicts
1 file with conflict markers another git client committed (`folio conflicts resolve FILE` merges them):
  ideas/2026/11/2026-11-22-umbrella.md:4  (2 hunks)
? 0
$ folio conflicts --json | jq -c '.[]'
{"markers":"ideas/2026/11/2026-11-22-umbrella.md","line":4,"hunks":2}
? 0

# Resolved in one commit, by sync's rule: the keys merged one by one; the title and the body line,
# each changed on both sides, take the side with the newer `modified` (equal here, so the greater
# bytes: the same on every device), and the other side's version is kept beside it as a conflict
# copy named after its marker label. Every line is in the record or the copy.
$ git rev-list --count HEAD
6
? 0
$ folio conflicts resolve ideas/2026/11/2026-11-22-umbrella.md
merged the 2 conflict hunks of ideas/2026/11/2026-11-22-umbrella.md, every line of both sides kept; what both sides changed (title, the same body lines) takes the newer version, the other is kept as ideas/2026/11/2026-11-22-umbrella.conflict-<commit2:8>-20261122-010000.md.
? 0
$ git rev-list --count HEAD && git status --porcelain
7
? 0
$ cat ideas/2026/11/2026-11-22-umbrella.md
---
id: <id1>
kind: idea
title: umbrella and raincoat
created: 2026-11-22T09:00:00+08:00
modified: 2026-11-22T09:00:00+08:00
tags: []
done: false
---
The old one broke.
Look at the shop by the station.
Black, like the old one.
? 0
$ ls ideas/2026/11
2026-11-22-umbrella.conflict-<commit2:8>-20261122-010000.md
2026-11-22-umbrella.md
? 0
$ grep -h -e '^title:' -e 'black' ideas/2026/11/2026-11-22-umbrella.conflict-*.md
title: a new umbrella
Blue, never black.
? 0
$ folio conflicts resolve ideas/2026/11/2026-11-22-umbrella.md
! error: 'ideas/2026/11/2026-11-22-umbrella.md' holds no conflict markers. To settle a conflict copy, add `--keep mine`, `--keep theirs` or `--keep both` (`folio conflicts` lists them all).
? 1

# A file dropped in with markers (here they break its front matter) is held back by sync, named
# with its line and the command, and never committed.
$ printf -- '---\nid: dropped-1\nkind: idea\n<<<<<<< HEAD\ntitle: one\n=======\ntitle: two\n>>>>>>> other\n---\nbody\n' > ideas/2026/11/dropped.md
? 0
$ folio status | head -2
1 file changed by hand, not committed yet
  ideas/2026/11/dropped.md  (held back: conflict markers from line 4; `folio conflicts resolve ideas/2026/11/dropped.md` merges them)
? 0
$ folio sync
synced: received 0 commits, sent 1.
! ideas/2026/11/dropped.md:4: warning: conflict markers another git client committed (1 hunk, `<<<<<<<` to `>>>>>>>`); both versions are still in the file. `folio conflicts resolve ideas/2026/11/dropped.md` merges them key by key, losing no line, in one commit; until then sync does not commit changes to this file.
! this file was left out of the commit: fix it, then run `folio commit`.
? 0
$ git ls-files ideas
ideas/2026/11/2026-11-22-umbrella.conflict-<commit2:8>-20261122-010000.md
ideas/2026/11/2026-11-22-umbrella.md
? 0

# Markers inside a fenced code block are content: a journal that documents git keeps them.
$ rm ideas/2026/11/dropped.md && printf -- '---\nid: git-notes\nkind: idea\ntitle: git notes\n---\n```\n<<<<<<< HEAD\nmine\n=======\nyours\n>>>>>>> main\n```\n' > ideas/2026/11/git-notes.md
? 0
$ folio sync && git ls-files ideas
committed 1 file changed by hand.
synced: received 0 commits, sent 1.
ideas/2026/11/2026-11-22-umbrella.conflict-<commit2:8>-20261122-010000.md
ideas/2026/11/2026-11-22-umbrella.md
ideas/2026/11/git-notes.md
? 0

# A record whose markers are only in its body still reads: list shows it, and names the markers
# with the words check uses, on every run until they are merged.
$ printf -- '---\nid: body-1\nkind: idea\ntitle: markers in the body\ncreated: 2026-11-22T09:00:00+08:00\n---\nfirst\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> other\n' > ideas/2026/11/body.md
? 0
$ folio list idea
2026-11-22  idea  <id1:8>  umbrella and raincoat
2026-11-22  idea  body-1    markers in the body
            idea  git-note  git notes
! ideas/2026/11/body.md:8: warning: conflict markers another git client committed (1 hunk, `<<<<<<<` to `>>>>>>>`); both versions are still in the file. `folio conflicts resolve ideas/2026/11/body.md` merges them key by key, losing no line, in one commit; until then sync does not commit changes to this file.
? 0
$ folio list idea --lang zh-Hant
2026-11-22  想法  <id1:8>  umbrella and raincoat
2026-11-22  想法  body-1    markers in the body
            想法  git-note  git notes
! ideas/2026/11/body.md:8: 警告: 這個檔案有別的 git 程式提交的衝突標記（1 處，`<<<<<<<` 到 `>>>>>>>`），兩邊的版本都還在檔案裡。`folio conflicts resolve ideas/2026/11/body.md` 會逐欄位合併兩邊，一行也不會少，並提交一次；在那之前同步不會提交這個檔案的修改。
? 0

# The site's export reads the same catalog and names the markers with the same words.
$ folio export html --out ~/site >/dev/null
! ideas/2026/11/body.md:8: warning: conflict markers another git client committed (1 hunk, `<<<<<<<` to `>>>>>>>`); both versions are still in the file. `folio conflicts resolve ideas/2026/11/body.md` merges them key by key, losing no line, in one commit; until then sync does not commit changes to this file.
! exported 3 records: 10 files written, 0 removed, 0 unchanged.
? 0
$ folio conflicts resolve ideas/2026/11/body.md >/dev/null && folio list idea
2026-11-22  idea  <id1:8>  umbrella and raincoat
2026-11-22  idea  body-1    markers in the body
            idea  git-note  git notes
? 0
