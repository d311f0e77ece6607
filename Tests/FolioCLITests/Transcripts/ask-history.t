# The 8 ball's history lists newest first; stats count answers by type, overall and per month.
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ FOLIO_NOW=2026-09-10T09:00:00+08:00 FOLIO_ASK_SEED=0 folio ask 'question 0'
🎱 Don't count on it. (別指望了)
! added question "question 0": qa/2026/09/2026-09-10-question-0.md
? 0
$ FOLIO_NOW=2026-09-11T09:00:00+08:00 FOLIO_ASK_SEED=7 folio ask 'question 1'
🎱 Outlook good. (前景看好)
! added question "question 1": qa/2026/09/2026-09-11-question-1.md
? 0
$ FOLIO_NOW=2026-10-12T09:00:00+08:00 FOLIO_ASK_SEED=14 folio ask 'question 2'
🎱 Outlook not so good. (前景不太好)
! added question "question 2": qa/2026/10/2026-10-12-question-2.md
? 0
$ FOLIO_NOW=2026-11-13T09:00:00+08:00 FOLIO_ASK_SEED=21 folio ask 'question 3'
🎱 Yes, definitely. (絕對是的)
! added question "question 3": qa/2026/11/2026-11-13-question-3.md
? 0
$ FOLIO_NOW=2026-11-14T09:00:00+08:00 FOLIO_ASK_SEED=28 folio ask 'question 4'
🎱 My reply is no. (我的回答是不)
! added question "question 4": qa/2026/11/2026-11-14-question-4.md
? 0
$ FOLIO_NOW=2026-11-15T09:00:00+08:00 FOLIO_ASK_SEED=35 folio ask 'question 5'
🎱 Don't count on it. (別指望了)
! added question "question 5": qa/2026/11/2026-11-15-question-5.md
? 0
$ folio list qa -n 10
2026-11-15  question  <id1:8>  question 5
2026-11-14  question  <id2:8>  question 4
2026-11-13  question  <id3:8>  question 3
2026-10-12  question  <id4:8>  question 2
2026-09-11  question  <id5:8>  question 1
2026-09-10  question  <id6:8>  question 0
? 0
$ folio list qa -n 2 --json | jq -r '.[].question'
question 5
question 4
? 0
$ folio stats qa
records   6
by kind   question 6
by month  2026-09 2  2026-10 1  2026-11 3

answer type
affirmative  2
neutral      0
negative     4

month    affirmative  neutral  negative
2026-09            1        0         1
2026-10            0        0         1
2026-11            1        0         2

source
magic 8 ball  6
AI            0

month    magic 8 ball  AI
2026-09             2   0
2026-10             1   0
2026-11             3   0
? 0
$ folio stats qa --json | jq -c '{total, counts: .counts.answer_type, by_month: (.counts_by_month | map_values(.answer_type))}'
{"total":6,"counts":{"affirmative":2,"neutral":0,"negative":4},"by_month":{"2026-09":{"affirmative":1,"neutral":0,"negative":1},"2026-10":{"affirmative":0,"neutral":0,"negative":1},"2026-11":{"affirmative":1,"neutral":0,"negative":2}}}
? 0
