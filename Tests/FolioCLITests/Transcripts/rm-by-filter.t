# rm by tag, by date and by search query; no match is not an error; names and filters do not mix.
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ export FOLIO_NOW=2026-10-01T09:00:00+08:00 FOLIO_ASK_SEED=0
? 0
$ folio idea 'rainy walk' --tag draft
added idea "rainy walk": ideas/2026/10/2026-10-01-rainy-walk.md
? 0
$ folio idea 'sunny walk' --tag draft
added idea "sunny walk": ideas/2026/10/2026-10-01-sunny-walk.md
? 0
$ folio ask 'will it rain'
🎱 Don't count on it. (別指望了)
! added question "will it rain": qa/2026/10/2026-10-01-will-it-rain.md
? 0
$ FOLIO_NOW=2026-11-20T09:00:00+08:00 folio idea 'rain poem' --tag draft
added idea "rain poem": ideas/2026/11/2026-11-20-rain-poem.md
? 0
$ export FOLIO_NOW=2026-11-22T18:04:11+08:00
? 0

$ folio rm --tag draft --dry-run
3 records will be removed:
  idea: 3
  - idea  <id1:8>  2026-10-01  rainy walk  (ideas/2026/10/2026-10-01-rainy-walk.md)
  - idea  <id2:8>  2026-10-01  sunny walk  (ideas/2026/10/2026-10-01-sunny-walk.md)
  - idea  <id3:8>  2026-11-20  rain poem  (ideas/2026/11/2026-11-20-rain-poem.md)
? 0
$ folio rm --tag draft --since 2026-11-01 --dry-run --json | jq -r '.remove[].title'
rain poem
? 0
$ folio rm --since 7d --dry-run --json | jq -r '.remove[].title'
rain poem
? 0
$ folio rm --search rain --dry-run --json | jq -r '.remove[].title'
rainy walk
will it rain
rain poem
? 0
$ folio rm --search rain --kind idea --until 2026-10-31 --dry-run --json | jq -r '.remove[].title'
rainy walk
? 0

$ folio rm --tag nothing-has-this --yes
! no records match; nothing was removed.
? 0
$ folio rm rain --tag draft
! Error: name records or give filters, not both.
! Usage: folio rm [<options>] [<records> ...]
!   See 'folio rm --help' for more information.
? 2
$ folio rm
! Error: name the records to remove, or choose them with --kind, --tag, --since, --until or --search.
! Usage: folio rm [<options>] [<records> ...]
!   See 'folio rm --help' for more information.
? 2
$ folio rm --until '3 months'
! Error: --until takes a date (2026-11-22, yesterday, last friday, 3 days ago) or an age (90d, 6m, 2w, 1y), not '3 months'.
! Usage: folio rm [<options>] [<records> ...]
!   See 'folio rm --help' for more information.
? 2
$ folio rm --search rain --kind idea --yes
2 records will be removed:
  idea: 2
  - idea  <id1:8>  2026-10-01  rainy walk  (ideas/2026/10/2026-10-01-rainy-walk.md)
  - idea  <id3:8>  2026-11-20  rain poem  (ideas/2026/11/2026-11-20-rain-poem.md)
removed 2 records.
? 0
$ folio list
2026-10-01  idea      <id2:8>  sunny walk  #draft
2026-10-01  question  <id4:8>  will it rain
? 0
