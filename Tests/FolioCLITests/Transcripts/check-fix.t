# Issue 19: check --fix off a terminal without --yes says --yes is needed and changes nothing;
# with --yes it applies each orphan's delete rule in one commit, and one undo restores it all.
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ folio kinds add baby-tracker
added the kinds of the 'baby-tracker' example: activity, baby, environment, interruption, sleep.
? 0
$ folio new baby --title 小寶 --field name=小寶
added baby "小寶": baby/2026/11/2026-11-22-小寶.md
? 0
$ folio new sleep --parent 小寶 --field start=2026-11-21T20:30
added sleep "sleep 2026-11-21 20:30": baby/sleep/2026/11/2026-11-21-sleep-2026-11-21-20-30.md
? 0
$ folio new sleep --parent 小寶 --field start=2026-11-22T13:00
added sleep "sleep 2026-11-22 13:00": baby/sleep/2026/11/2026-11-22-sleep-2026-11-22-13-00.md
? 0
# The baby removed by hand and committed: two orphans whose kind's rule is cascade.
$ rm baby/2026/11/2026-11-22-小寶.md
? 0
$ folio commit -m 'remove the baby by hand'
committed 1 file changed by hand.
? 0
$ folio check
error: baby/sleep/2026/11/2026-11-22-sleep-2026-11-22-13-00.md: its parent <id1> does not exist (orphan)
error: baby/sleep/2026/11/2026-11-21-sleep-2026-11-21-20-30.md: its parent <id1> does not exist (orphan)
found 2 problems.
? 1
$ git rev-list --count HEAD
6
? 0

$ folio check --fix
error: baby/sleep/2026/11/2026-11-22-sleep-2026-11-22-13-00.md: its parent <id1> does not exist (orphan)
error: baby/sleep/2026/11/2026-11-21-sleep-2026-11-21-20-30.md: its parent <id1> does not exist (orphan)
found 2 problems.
! error: not on a terminal: check --fix needs --yes to change anything (run it without --fix to see what it would fix).
? 1
$ git status --porcelain; git rev-list --count HEAD
6
? 0

$ folio check --fix --yes
error: baby/sleep/2026/11/2026-11-22-sleep-2026-11-22-13-00.md: its parent <id1> does not exist (orphan)
error: baby/sleep/2026/11/2026-11-21-sleep-2026-11-21-20-30.md: its parent <id1> does not exist (orphan)
found 2 problems.
1 record will be removed:
  sleep: 1
  - sleep  <id2:8>  2026-11-22  sleep 2026-11-22 13:00  (baby/sleep/2026/11/2026-11-22-sleep-2026-11-22-13-00.md)
removed 1 record.
1 record will be removed:
  sleep: 1
  - sleep  <id3:8>  2026-11-21  sleep 2026-11-21 20:30  (baby/sleep/2026/11/2026-11-21-sleep-2026-11-21-20-30.md)
removed 1 record.
? 0
$ git rev-list --count HEAD
7
? 0
$ folio list sleep --json
[]
? 0
$ folio check
checked 1 record: no problems.
? 0
$ folio undo
undone: check: fix 2 problems
? 0
$ git diff --stat HEAD~2
? 0
$ folio list sleep
2026-11-22  sleep  <id2:8>  sleep 2026-11-22 13:00
2026-11-21  sleep  <id3:8>  sleep 2026-11-21 20:30
? 0
