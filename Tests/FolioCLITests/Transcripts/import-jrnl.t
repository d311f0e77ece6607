# jrnl's real export (Fixtures/exchange, see SOURCES.md): dates in the vault's zone, tags without
# @, a star as `starred: true`, one commit; a second import finds nothing new; --dry-run writes nothing.
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ folio import jrnl "$FIXTURES/exchange/basic_onefile.json" --dry-run
would add 3 records and 0 media files; 0 already in the vault, skipped:
  + diary  Entry the first.  (diary/2020/08/2020-08-29-entry-the-first.md)
  + diary  A second entry in what I hope to be a long series.  (diary/2020/08/2020-08-31-a-second-entry-in-what-i-hope-to-be-a-long-series.md)
  + diary  The third entry finally after weeks without writing.  (diary/2020/09/2020-09-24-the-third-entry-finally-after-weeks-without-writing.md)
? 0
$ git status --porcelain --untracked-files=all; git rev-list --count HEAD
1
? 0
$ folio import jrnl "$FIXTURES/exchange/tags.json"
imported 2 records and 0 media files; 0 already in the vault, skipped.
? 0
$ git rev-list --count HEAD; git log -1 --format=%s; git status --porcelain
2
import: 2 records from jrnl
? 0
$ folio list --json | jq -c '.[] | {title, kind, created, tags}'
{"title":"I met with @dan.","kind":"diary","created":"2013-06-10T15:40:00+08:00","tags":["idea","dan"]}
{"title":"I have an @idea:","kind":"diary","created":"2013-04-09T15:39:00+08:00","tags":["journal","idea"]}
? 0
$ folio show "I have an @idea:" --json | jq .body
"(1) write a command line @journal software\n(2) ???\n(3) PROFIT!\n"
? 0
$ folio list --tag idea
2013-06-10  diary  <id1:8>  I met with @dan.  #idea #dan
2013-04-09  diary  <id2:8>  I have an @idea:  #journal #idea
? 0
$ folio import jrnl "$FIXTURES/exchange/tags.json"
nothing new: all 2 records are already in the vault.
? 0
$ git status --porcelain; git rev-list --count HEAD
2
? 0
$ folio import jrnl "$FIXTURES/exchange/basic_onefile.json"
imported 3 records and 0 media files; 0 already in the vault, skipped.
? 0
$ folio list --json | jq -c '.[] | select(.starred == true) | {title, tags, starred}'
{"title":"A second entry in what I hope to be a long series.","tags":["tagtwo"],"starred":true}
? 0
$ folio check
checked 6 records: no problems.
? 0
