# Issue 19: records made within one second list newest first: created carries milliseconds.
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ FOLIO_NOW=2026-11-22T18:04:11.100+08:00 folio idea first
added idea "first": ideas/2026/11/2026-11-22-first.md
? 0
$ FOLIO_NOW=2026-11-22T18:04:11.200+08:00 folio idea second
added idea "second": ideas/2026/11/2026-11-22-second.md
? 0
$ FOLIO_NOW=2026-11-22T18:04:11.300+08:00 folio idea third
added idea "third": ideas/2026/11/2026-11-22-third.md
? 0
$ folio list idea
2026-11-22  idea  <id1:8>  third
2026-11-22  idea  <id2:8>  second
2026-11-22  idea  <id3:8>  first
? 0
$ folio list idea --json | jq -r '.[] | .created + "  " + .title'
2026-11-22T18:04:11.300+08:00  third
2026-11-22T18:04:11.200+08:00  second
2026-11-22T18:04:11.100+08:00  first
? 0
# The catalog's first page agrees.
$ folio list -n 1
2026-11-22  idea  <id1:8>  third
? 0
