# rm --until 90d removes old records, and their children by the cascade rule, in one commit; one
# undo brings every file back byte for byte. The profile never goes by filter.
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ folio kinds add baby-tracker
added the kinds of the 'baby-tracker' example: activity, baby, environment, interruption, sleep.
? 0
# Made 120 days ago: a question, a baby (whose sleep is logged only last week) and an idea.
$ export FOLIO_NOW=2026-07-25T10:00:00+08:00 FOLIO_ASK_SEED=0
? 0
$ folio ask 'old question'
🎱 Don't count on it. (別指望了)
! added question "old question": qa/2026/07/2026-07-25-old-question.md
? 0
$ folio new baby --field name=Bao
added baby "Bao": baby/2026/07/2026-07-25-bao.md
? 0
$ folio idea 'old idea' --tag keep
added idea "old idea": ideas/2026/07/2026-07-25-old-idea.md
? 0
$ FOLIO_NOW=2026-08-24T18:04:12+08:00 folio ask 'one second too young'
🎱 Don't count on it. (別指望了)
! added question "one second too young": qa/2026/08/2026-08-24-one-second-too-young.md
? 0
$ export FOLIO_NOW=2026-11-15T21:00:00+08:00
? 0
$ folio new sleep --parent Bao --field start=2026-11-15T20:30
added sleep "sleep 2026-11-15 20:30": baby/sleep/2026/11/2026-11-15-sleep-2026-11-15-20-30.md
? 0
$ folio ask 'new question'
🎱 Don't count on it. (別指望了)
! added question "new question": qa/2026/11/2026-11-15-new-question.md
? 0
$ export FOLIO_NOW=2026-11-22T18:04:11+08:00
? 0
$ git rev-list --count HEAD
8
? 0

$ folio rm --until 90d --kind baby --dry-run
2 records will be removed:
  baby: 1, sleep: 1
  - baby  <id1:8>  2026-07-25  Bao  (baby/2026/07/2026-07-25-bao.md)
  - sleep  <id2:8>  2026-11-15  sleep 2026-11-15 20:30  (baby/sleep/2026/11/2026-11-15-sleep-2026-11-15-20-30.md)
? 0
$ folio rm --until 90d --dry-run --json | jq -r '.remove[].title'
Bao
old idea
old question
sleep 2026-11-15 20:30
? 0
$ git status --porcelain; git rev-list --count HEAD
8
? 0
$ folio rm --until 90d
4 records will be removed:
  baby: 1, idea: 1, question: 1, sleep: 1
  - baby  <id1:8>  2026-07-25  Bao  (baby/2026/07/2026-07-25-bao.md)
  - idea  <id3:8>  2026-07-25  old idea  (ideas/2026/07/2026-07-25-old-idea.md)
  - question  <id4:8>  2026-07-25  old question  (qa/2026/07/2026-07-25-old-question.md)
  - sleep  <id2:8>  2026-11-15  sleep 2026-11-15 20:30  (baby/sleep/2026/11/2026-11-15-sleep-2026-11-15-20-30.md)
! error: not on a terminal: removing needs --yes (or look first with --dry-run).
? 1
$ folio rm --until 90d --yes
4 records will be removed:
  baby: 1, idea: 1, question: 1, sleep: 1
  - baby  <id1:8>  2026-07-25  Bao  (baby/2026/07/2026-07-25-bao.md)
  - idea  <id3:8>  2026-07-25  old idea  (ideas/2026/07/2026-07-25-old-idea.md)
  - question  <id4:8>  2026-07-25  old question  (qa/2026/07/2026-07-25-old-question.md)
  - sleep  <id2:8>  2026-11-15  sleep 2026-11-15 20:30  (baby/sleep/2026/11/2026-11-15-sleep-2026-11-15-20-30.md)
removed 4 records.
? 0
$ git rev-list --count HEAD
9
? 0
$ folio list
2026-11-15  question  <id5:8>  new question
2026-08-24  question  <id6:8>  one second too young
? 0
$ ls profile.md
profile.md
? 0

$ folio undo
undone: baby: remove "Bao" and 3 more
? 0
$ git diff --stat HEAD~2
? 0
$ folio check
checked 7 records: no problems.
? 0
