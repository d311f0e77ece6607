# Issue 19: --vault, -C and --lang work before the command as after it; -C (as git -C) makes a
# relative --vault relative to it. An option that is not global still belongs after its command.
$ folio init v --name 林小雨 --language en
created a folio vault in ~/v
? 0
$ folio -C v idea 'first idea'
added idea "first idea": ideas/2026/11/2026-11-22-first-idea.md
? 0
$ cd v && folio list && cd ..
2026-11-22  idea  <id1:8>  first idea
? 0
$ folio --vault v list
2026-11-22  idea  <id1:8>  first idea
? 0
$ folio --vault=v list
2026-11-22  idea  <id1:8>  first idea
? 0
$ folio -C v list
2026-11-22  idea  <id1:8>  first idea
? 0
$ folio list --vault v
2026-11-22  idea  <id1:8>  first idea
? 0
$ folio list -C v
2026-11-22  idea  <id1:8>  first idea
? 0
$ folio -C v --no-color list
2026-11-22  idea  <id1:8>  first idea
? 0
$ folio --lang zh-Hant -C v status
所有修改都已提交。
還沒有設定同步的遠端。用 `folio config set sync.remote 網址` 設定。
? 0
$ folio --lang en --vault v status
everything is committed.
no remote to sync with. Set one with `folio config set sync.remote URL`.
? 0
$ cd v && folio status --lang en && cd ..
everything is committed.
no remote to sync with. Set one with `folio config set sync.remote URL`.
? 0
$ folio -C v --vault . conflicts list --json
[]
? 0
$ folio -C nowhere list
! error: cannot enter the folder nowhere: No such file or directory
? 1
$ folio --json -C v list
! Error: Unknown option '--json'
! Usage: folio [-C <folder>] [--vault <vault>] [--lang <lang>] [--no-color] [--allow-secret] <subcommand>
!   See 'folio --help' for more information.
? 2
# A short option takes its value joined to it, as git and head do (-n1, -tTitle, -Cv).
$ folio -C v new idea -t聯合 --tag x
added idea "聯合": ideas/2026/11/2026-11-22-聯合.md
? 0
$ folio -Cv list -n1
2026-11-22  idea  <id1:8>  first idea
? 0
$ folio -C v log -n1 --json | grep -o '"commit"' | wc -l
1
? 0
