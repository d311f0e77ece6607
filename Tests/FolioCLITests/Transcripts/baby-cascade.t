# A baby with sleeps and activities is removed whole by rm --yes; nothing else is touched. A child
# must name a parent of its parent kind.
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ folio kinds add baby-tracker
added the kinds of the 'baby-tracker' example: activity, baby, environment, interruption, sleep.
? 0
$ folio new baby --field name=小寶
added baby "小寶": baby/2026/11/2026-11-22-小寶.md
? 0
$ folio new baby --field name=二寶
added baby "二寶": baby/2026/11/2026-11-22-二寶.md
? 0
$ folio new sleep --parent 小寶 --field start=2026-11-22T20:30
added sleep "sleep 2026-11-22 20:30": baby/sleep/2026/11/2026-11-22-sleep-2026-11-22-20-30.md
? 0
$ folio new interruption --parent sleep-2026-11-22-20-30 --field time=2026-11-22T22:00
added waking "waking 2026-11-22 22:00": baby/interruption/2026/11/2026-11-22-waking-2026-11-22-22-00.md
? 0
$ folio new environment --parent sleep-2026-11-22-20-30 --field factor=noise
added environment "noise": baby/environment/2026/11/2026-11-22-noise.md
? 0
$ folio new activity --parent 小寶 --field activity=bath --field start=2026-11-22T18:00
added activity "bath": baby/activity/2026/11/2026-11-22-bath.md
? 0
$ folio new sleep --parent 林小雨 --field start=2026-11-22T20:30
! error: the parent of a 'sleep' must be a 'baby' record, not a 'profile'.
? 1
$ folio rm 小寶 --dry-run
5 records will be removed:
  activity: 1, baby: 1, environment: 1, sleep: 1, waking: 1
  - baby  <id1:8>  2026-11-22  小寶  (baby/2026/11/2026-11-22-小寶.md)
  - activity  <id2:8>  2026-11-22  bath  (baby/activity/2026/11/2026-11-22-bath.md)
  - sleep  <id3:8>  2026-11-22  sleep 2026-11-22 20:30  (baby/sleep/2026/11/2026-11-22-sleep-2026-11-22-20-30.md)
  - environment  <id4:8>  2026-11-22  noise  (baby/environment/2026/11/2026-11-22-noise.md)
  - waking  <id5:8>  2026-11-22  waking 2026-11-22 22:00  (baby/interruption/2026/11/2026-11-22-waking-2026-11-22-22-00.md)
? 0
$ folio rm 小寶 --yes
5 records will be removed:
  activity: 1, baby: 1, environment: 1, sleep: 1, waking: 1
  - baby  <id1:8>  2026-11-22  小寶  (baby/2026/11/2026-11-22-小寶.md)
  - activity  <id2:8>  2026-11-22  bath  (baby/activity/2026/11/2026-11-22-bath.md)
  - sleep  <id3:8>  2026-11-22  sleep 2026-11-22 20:30  (baby/sleep/2026/11/2026-11-22-sleep-2026-11-22-20-30.md)
  - environment  <id4:8>  2026-11-22  noise  (baby/environment/2026/11/2026-11-22-noise.md)
  - waking  <id5:8>  2026-11-22  waking 2026-11-22 22:00  (baby/interruption/2026/11/2026-11-22-waking-2026-11-22-22-00.md)
removed 5 records.
? 0
$ folio list --json | jq -r '.[].title'
二寶
? 0
$ folio check
checked 2 records: no problems.
? 0
