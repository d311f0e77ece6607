# folio stats: counts by kind, month and tag; the profile only when asked for.
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ folio idea 一 --desc '#work 事情' --tag home
added idea "一": ideas/2026/11/2026-11-22-一.md
? 0
$ folio new idea --title 二 --tag Work --date 2026-10-02
added idea "二": ideas/2026/10/2026-10-02-二.md
? 0
$ folio new diary --title 三 --body '下雨 #rain #work' --date 2026-10-12
added diary "三": diary/2026/10/2026-10-12-三.md
? 0
$ folio stats --json
{"total":3,"by_kind":{"idea":2,"diary":1},"by_month":{"2026-10":2,"2026-11":1},"by_tag":{"Work":3,"home":1,"rain":1},"fields":{},"rates":{}}
? 0
$ folio stats
records   3
by kind   idea 2  diary 1
by month  2026-10 2  2026-11 1
top tags  #Work 3  #home 1  #rain 1
? 0
$ folio stats profile --json
{"total":1,"by_kind":{"profile":1},"by_month":{"2026-11":1},"by_tag":{},"fields":{},"rates":{},"counts":{"gender":{"female":0,"male":0,"other":0}},"counts_by_month":{"2026-11":{"gender":{"female":0,"male":0,"other":0}}}}
? 0
$ folio stats recipe
! error: unknown kind 'recipe'. Known kinds: diary, idea, note, profile, qa. Define a kind in .folio/templates/recipe.md.
? 1
